"""Population Explosion (003 §The Amoeba Advanced Genome Project): "The player with this gene
places new amoebae on the board, until they have as many in total as the player who is
leading on the score track. They do not draw any new BPs during this round, and must give up
any that they have in stock."

The companion's reading (shared EXTRA-GENES.md): in phase 4, at their turn and before any
division, the holder may explode instead of dividing: the income just received and every BP
go, then free amoebas are placed by the division placement rules (Spores applies; with no
amoeba on the board anywhere) until the count equals the leader's, or the color runs out.
Optional each round; nothing is offered to a leader or to one who already has as many.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import Action, Divide, EndDivision
from companion.tracker.ursuppe.genes.actions import Explode
from companion.tracker.ursuppe.genes.extra import POPULATION_EXPLOSION
from companion.tracker.ursuppe.phases.base import Events, place_new_amoeba, say, who
from companion.tracker.ursuppe.rules import division
from companion.tracker.ursuppe.state import AmoebaId, GameState, Step, player_ref


def target(state: GameState) -> int:
    """The amoebas on the board of the player whose marker leads the ladder."""
    leader = max(state.players, key=lambda p: p.marker)
    return len(state.amoebas_of(leader.color))


def may_explode(state: GameState, color: Color) -> bool:
    """Whether this player may explode now: holder, at their phase 4 turn, not yet divided,
    fewer amoebas than the leader, and an amoeba left to place."""
    cursor = state.cursor
    return (
        state.player(color).holds(POPULATION_EXPLOSION)
        and not cursor.exploding
        and not any(aid.color == color for aid in cursor.acted)
        and len(state.amoebas_of(color)) < target(state)
        and bool(division.free_numbers(state, color))
    )


def offers(state: GameState, color: Color) -> list[Action]:
    """The explosion, when it may be chosen."""
    return [Explode(color)] if may_explode(state, color) else []


def _spaces(state: GameState, color: Color) -> tuple[int, ...]:
    if not state.amoebas_of(color):
        return tuple(state.setup.board.spaces())
    return division.legal_spaces(state, color)


def placements(state: GameState, color: Color) -> list[Action]:
    """While exploding: a free amoeba on every legal space, until the leader's count."""
    found: list[Action] = []
    if len(state.amoebas_of(color)) < target(state):
        numbers = division.free_numbers(state, color)
        found = [Divide(AmoebaId(color, n), s) for n in numbers for s in _spaces(state, color)]
    return found + [EndDivision(color)]


def explode(state: GameState, action: Explode, events: Events) -> GameState:
    """Give up every BP (the income included) and start placing free amoebas."""
    player = state.player(action.color)
    state = state.with_player(replace(player, bp=0)).with_cursor(exploding=True)
    text = nmsg(
        "{who} explodes (Population Explosion): gives up {n} BP, this round's income "
        "included, and places free amoebas up to the leader's {leader}.",
        "{who} explodes (Population Explosion): gives up {n} BP, this round's income "
        "included, and places free amoebas up to the leader's {leader}.",
        player.bp,
        who=player_ref(state, action.color),
        leader=target(state),
    )
    say(events, "divide", text, sources.EXPLOSION_READING)
    return state


def place(state: GameState, action: Divide, events: Events) -> GameState:
    """Place one free amoeba of the explosion (the division placement rules, no BP)."""
    rule = division.division_rule(state, action.amoeba.color)
    state = place_new_amoeba(state, action.amoeba, action.space)
    state = state.with_cursor(acted=state.cursor.acted + (action.amoeba,))
    text = msg(
        "{gene}: {who} is placed on space {space} (free; {rule}).",
        gene=state.gene(POPULATION_EXPLOSION).term,
        who=who(state, action.amoeba),
        space=action.space,
        rule=rule,
    )
    say(events, "divide", text, sources.EXPLOSION_READING)
    return state


def refusal(state: GameState, action: object) -> IllegalAction | None:
    """Why an explosion is not possible now (the gene, a division made, the leader's count)."""
    if not isinstance(action, Explode) or state.cursor.step is not Step.DIVIDE:
        return None
    color = action.color
    who = player_ref(state, color)
    if not state.player(color).holds(POPULATION_EXPLOSION):
        text = msg(
            "only a holder of {gene} may explode", gene=state.gene(POPULATION_EXPLOSION).term
        )
        return IllegalAction(text, sources.EXTRA_DIVISION)
    if any(aid.color == color for aid in state.cursor.acted) or state.cursor.exploding:
        text = msg(
            "{who} has already placed amoebas this turn: the explosion replaces division", who=who
        )
        return IllegalAction(text, sources.EXPLOSION_READING)
    if len(state.amoebas_of(color)) >= target(state):
        text = nmsg(
            "{who} already has as many amoebas as the leader ({n})",
            "{who} already has as many amoebas as the leader ({n})",
            target(state),
            who=who,
        )
        return IllegalAction(text, sources.EXTRA_DIVISION)
    return None
