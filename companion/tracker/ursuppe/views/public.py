"""What everyone may see of a state: the public board, its ranking and standings (one
seat's own view is `seat_projection.py`).

Ursuppe has almost no hidden information on the table (BP, genes, amoebas and cubes lie
open), so the public projection is the whole table but for the next environment card, which
only a holder of Migration or Environmental Sensing may see, on their own projection.

Words in a view are messages, game words and references (`msg.py`), never English
sentences: the shell renders them in each reader's language (`str()` is English).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.tracker.citations import cite
from companion.tracker.colors import Color
from companion.tracker.ursuppe.data import GENES_BY_KEY, division_income
from companion.tracker.ursuppe.genes import sensing as genes_sensing
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.rules import people
from companion.tracker.ursuppe.rules.people import TwoPlayers
from companion.tracker.ursuppe.state import (
    PHASE_TITLES,
    GameState,
    Phase,
    Step,
    person_ref,
    player_ref,
    remember,
)
from companion.tracker.ursuppe.views import extra_notes
from companion.tracker.ursuppe.views.prompts import prompt


def public_view(state: GameState) -> dict[str, Any]:
    """The table as everyone sees it, with the standings."""
    return {
        **table_view(state),
        "score_history": [list(r) for r in state.score_history],
        "start_markers": list(state.start_markers),
        "marker_colors": [c.value for c in people.marker_colors(state.setup)],
        "ranking": ranking(state),
        "two_players": state.setup.two_players.value,
        "persons": person_ranking(state),
        "winners": _winners(state) if state.phase is Phase.OVER else [],
    }


def table_view(state: GameState) -> dict[str, Any]:
    """The table as everyone sees it now (the console's view: a tap asks it every time),
    without the standings `public_view` adds."""
    card = state.current_card()
    now = prompt(state)
    colors = [c.value for c in state.colors]
    # One pass over the cube rows instead of one per player: the same counts as supply.
    on_board = [sum(column) for column in zip(*state.cubes)]
    return {
        "round": state.round,
        "phase": state.phase.value,
        "phase_number": state.phase.number,
        "phase_title": PHASE_TITLES[state.phase],
        "over": state.phase is Phase.OVER,
        "card": None
        if card is None
        else {
            "id": card.id,
            "drift": card.drift.value if card.drift else None,
            "ozone": card.ozone,
        },
        "cards_left": len(state.remaining_cards()),
        "placeholder_deck": state.setup.deck_is_placeholder,
        "awaiting": {
            "text": now.msg,
            "source": cite(now.source, state.setup.rulebook) if now.source else None,
            "actor": now.actor.value if now.actor else None,
            "amoeba": str(now.amoeba) if now.amoeba else None,
        },
        "ladder": {"length": state.setup.ladder_length, "end_zone": state.setup.end_zone_start},
        "players": _player_rows(state),
        "standings": [p.color.value for p in sorted(state.players, key=lambda p: -p.marker)],
        "amoebas": _amoeba_rows(state, colors),
        "cubes": _cube_rows(state, colors),
        "supply": {
            value: state.box_of(c) - on_board[i]
            for i, (c, value) in enumerate(zip(state.colors, colors))
        },
        "sensing": genes_sensing.public_notes(state),  # who may look; never the card
        "extra_genes": [GENES_BY_KEY[k].term for k in state.extra_available],
        "extra_face_up": extra_notes.face_up(state),
        "gene_notes": _gene_notes(state, now.actor),
        "toxic": dict(state.toxic),  # Toxic Excretions: DP tokens lying on spaces
    }


def _gene_notes(state: GameState, actor: Any) -> list[Any]:
    """Why a held extra gene does nothing now, every holder's; and in phase 3 why a face-up
    extra gene the acting player could pay for is not offered to them."""
    if state.setup.extra_genes is ExtraGenesMode.NONE:
        return []
    notes = [n for p in state.players for n in extra_notes.idle(state, p.color)]
    if actor is not None:
        notes = extra_notes.unoffered(state, actor) + notes
    return notes


def _player_rows(state: GameState) -> list[dict[str, Any]]:
    return remember(state, _player_rows, lambda: _players_now(state))


def _players_now(state: GameState) -> list[dict[str, Any]]:
    ranked = {p.color for p in ranked_players(state)}
    alive = Counter(a.color for a in state.amoebas)  # one pass, not one per player
    waiting = income_waiting(state)
    rows = [
        {
            "name": p.name,
            "label": player_ref(state, p.color),
            "color": p.color.value,
            "marker": p.marker,
            "bp": p.bp,
            "genes": [GENES_BY_KEY[k].term for k in p.gene_keys],
            "amoebas": alive[p.color],
            "ranked": p.color in ranked,
            "income_due": waiting.get(p.color, 0),
        }
        for p in state.players
    ]
    return rows


def income_waiting(state: GameState) -> dict[Color, int]:
    """In phase 4, the BP each player still to take their turn will receive then (000 §Fase 4:
    10 BP, 11 with 5-6 players, at the player's own turn, descending order; one per purse,
    none for the decoy), so a BP column read before it does not look wrong."""
    if state.phase is not Phase.DIVISION or state.cursor.step is not Step.DIVIDE:
        return {}
    purses = people.purse_colors(state.setup)
    later = state.cursor.order[state.cursor.index + 1 :]
    gain = division_income(state.n_players)
    return {c: gain for c in later if c in purses}


def _amoeba_rows(state: GameState, colors: list[str]) -> list[dict[str, Any]]:
    return remember(state, _amoeba_rows, lambda: _amoebas_now(state, colors))


def _amoebas_now(state: GameState, colors: list[str]) -> list[dict[str, Any]]:
    value = dict(zip(state.colors, colors))  # a dict lookup, not the enum's property each time
    rows = [
        {"color": value[a.color], "number": a.number, "space": a.space, "dp": a.dp}
        for a in state.amoebas
    ]
    return rows


def _cube_rows(state: GameState, colors: list[str]) -> dict[int, dict[str, int]]:
    spaces = state.setup.board.spaces()
    return remember(
        state,
        _cube_rows,
        lambda: {space: dict(zip(colors, state.cubes_on(space))) for space in spaces},
    )


def _winners(state: GameState) -> list:
    if state.setup.two_players is not TwoPlayers.NONE:
        return [person_ref(state, people.ranking(state)[0].person)]
    return [player_ref(state, p.color) for p in state.players if place_of(state, p.marker) == 1]


def person_ranking(state: GameState) -> list[dict[str, Any]]:
    """Two players (000 §Ursuppe para 2 jugadores): the persons ranked, each with their
    colors and the result that ranks them (double play I: the worse marker); else empty."""
    if state.setup.two_players is TwoPlayers.NONE:
        return []
    return [
        {
            "place": i,
            "name": p.person.name,
            "label": person_ref(state, p.person),
            "colors": [c.value for c in p.person.colors],
            "result": p.result,
            "markers": list(p.markers),
            "decoy": p.person.decoy,
        }
        for i, p in enumerate(people.ranking(state), 1)
    ]


def ranked_players(state: GameState) -> list:
    """The players whose markers rank: all but a decoy that does not score (000 §Ursuppe
    para 2 jugadores: whether it scores is agreed at setup)."""
    unranked = None if state.setup.decoy_scores else people.decoy(state.setup)
    return [p for p in state.players if p.color != unranked]


def place_of(state: GameState, marker: int) -> int:
    """The place a marker holds among the ranked players (ties share a place)."""
    return 1 + sum(1 for p in ranked_players(state) if p.marker > marker)


def ranking(state: GameState) -> list[dict[str, Any]]:
    """Players by ladder position, furthest first; the furthest marker wins (000 §FINAL).

    Markers never share a space (occupied spaces are skipped, corrections refuse it), so
    places are distinct in play; equal markers would share a place rather than be split here.
    """
    ranked = sorted(ranked_players(state), key=lambda p: -p.marker)
    markers = [p.marker for p in ranked]
    return [
        {
            "place": 1 + sum(1 for m in markers if m > p.marker),
            "name": p.name,
            "label": player_ref(state, p.color),
            "color": p.color.value,
            "marker": p.marker,
            "bp": p.bp,
        }
        for p in ranked
    ]
