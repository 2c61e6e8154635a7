"""Extra genes on the move: Fast Food, Rebound, and entering a space with toxic DP tokens
(003 §The Amoeba Advanced Genome Project; 001 §LE CARTE GENE "NORMALE").

Fast Food: at its turn in phase 1 an amoeba may feed first and then drift or move; it still
feeds once. Rebound: an amoeba whose drift, move or escape is stopped by an obstacle may
bounce: past the compass island to the space beyond it, while at the board edge there is
nothing beyond and it stays (003, default); or, by option, back one space the other way
from the island or the edge (001, "nell'area opposta"). Toxic Excretions: the next amoeba to
enter a space with DP tokens (drift, move, escape, ride-along or bounce; never a newborn)
takes them all.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import DIRECTION_STEPS, Direction
from companion.tracker.ursuppe.genes.extra import FAST_FOOD, REBOUND
from companion.tracker.ursuppe.genes.feeding import set_toxic
from companion.tracker.ursuppe.options import ReboundReading
from companion.tracker.ursuppe.phases.base import Events, say, set_amoeba
from companion.tracker.ursuppe.state import AmoebaId, GameState, amoeba_ref

OPPOSITE = {
    Direction.NORTH: Direction.SOUTH,
    Direction.SOUTH: Direction.NORTH,
    Direction.EAST: Direction.WEST,
    Direction.WEST: Direction.EAST,
}


def may_feed_first(state: GameState, aid: AmoebaId) -> bool:
    """Whether this amoeba may feed before moving now (Fast Food, not yet fed this turn)."""
    return state.player(aid.color).holds(FAST_FOOD) and not state.cursor.fast_food


def rebound_space(state: GameState, aid: AmoebaId, origin: int, option: str) -> int | None:
    """Where a Rebound amoeba stopped by an obstacle moving `option` may bounce, if anywhere."""
    if not state.player(aid.color).holds(REBOUND):
        return None
    board = state.setup.board
    direction = Direction(option)
    if state.setup.options.rebound is ReboundReading.ITALIAN:
        return board.step(origin, OPPOSITE[direction])
    row, col = board.cell(origin)
    dr, dc = DIRECTION_STEPS[direction]
    if (row + dr, col + dc) != board.island():
        return None  # the board edge: nothing lies beyond it (003 "assuming there is one")
    return board.space_at(row + 2 * dr, col + 2 * dc)


def enter(state: GameState, aid: AmoebaId, space: int, events: Events) -> GameState:
    """An amoeba arrives on a space: it takes every toxic DP token lying there."""
    tokens = state.toxic_on(space)
    amoeba = state.amoeba(aid)
    if not tokens or amoeba is None:
        return state
    state = set_amoeba(state, replace(amoeba, dp=amoeba.dp + tokens))
    state = set_toxic(state, space, 0)
    text = nmsg(
        "{who} enters space {space} and takes the {n} toxic DP token lying there (now {dp} DP).",
        "{who} enters space {space} and takes the {n} toxic DP tokens lying there (now {dp} DP).",
        tokens,
        who=amoeba_ref(state, aid),
        space=space,
        dp=amoeba.dp + tokens,
    )
    say(events, "toxic", text, sources.TOXIC_READING)
    return state
