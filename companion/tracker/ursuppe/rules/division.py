"""Phase 4 cell division: income, price, legal spaces (000 §Fase 4; 001 §Fase 4; 003).

A new amoeba costs 6 BP (4 with Division Rate) and goes on a space with no amoeba of its
color, orthogonally adjacent to a space holding one (one just placed counts). With exactly
one amoeba on the board the second may go anywhere; with none, one free amoeba is placed
anywhere (rule option). Spores: any space without an amoeba of that color.
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe.data import DIVISION_RATE, SPORES, amoebas_per_color
from companion.tracker.ursuppe.genes.extra import SHORT_LIFE_SPAN
from companion.tracker.ursuppe.options import ZeroAmoebas
from companion.tracker.ursuppe.rules.people import decoy, shares_records
from companion.tracker.ursuppe.state import GameState


def division_cost(state: GameState, color: Color) -> int:
    """BP per new amoeba: 6, or 4 with Division Rate or Short Life Span (003: "The cost of
    an amoeba in Phase 4 is only 4 BPs"; 4 with both, EXTRA-GENES.md); 4 or 3 in double play
    II; the decoy's are free (000 §Ursuppe para 2 jugadores), and so are a Population
    Explosion's."""
    if color == decoy(state.setup):
        return 0
    if state.cursor.exploding and state.cursor.actor == color:
        return 0
    player = state.player(color)
    cheap = player.has(DIVISION_RATE) or player.has(SHORT_LIFE_SPAN)
    if shares_records(state.setup):
        return 3 if cheap else 4
    return 4 if cheap else 6


def free_numbers(state: GameState, color: Color) -> tuple[int, ...]:
    """Amoeba numbers of this color not on the board (any may be used when placing)."""
    on_board = {a.number for a in state.amoebas_of(color)}
    return tuple(n for n in range(1, amoebas_per_color(state.n_players) + 1) if n not in on_board)


def free_amoeba_due(state: GameState, color: Color) -> bool:
    """Whether the color gets one free amoeba anywhere: none on the board (001, 004)."""
    return (
        state.setup.options.zero_amoebas is ZeroAmoebas.FREE_AMOEBA
        and not state.amoebas_of(color)
        and bool(free_numbers(state, color))
    )


def legal_spaces(state: GameState, color: Color) -> tuple[int, ...]:
    """Spaces where a new amoeba of this color may be placed now."""
    own = {a.space for a in state.amoebas_of(color)}
    board = state.setup.board
    open_spaces = [s for s in board.spaces() if s not in own]
    if state.player(color).has(SPORES) or len(state.amoebas_of(color)) == 1:
        return tuple(open_spaces)
    return tuple(s for s in open_spaces if any(n in own for n in board.neighbours(s)))


def division_rule(state: GameState, color: Color) -> Msg:
    """Which placement rule applies now, in words."""
    count = len(state.amoebas_of(color))
    if state.player(color).has(SPORES):
        return msg("Spores: any space without an amoeba of this color")
    if count == 0:
        return msg("no amoeba on the board")
    if count == 1:
        return msg("only one amoeba on the board: the second may go anywhere")
    return msg("a space without an amoeba of this color, next to one that has one")
