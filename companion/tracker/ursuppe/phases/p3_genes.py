"""Phase 3: new genes, descending order."""

from __future__ import annotations

from companion.tracker.msg import msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.phases import p3_extra
from companion.tracker.ursuppe.phases.base import (
    Events,
    begin_phase,
    continued,
    hand_on,
    purse_order,
)
from companion.tracker.ursuppe.state import Cursor, GameState, Phase, Step


@continued
def begin_genes(state: GameState, events: Events) -> GameState:
    """Phase 3: in descending order each player buys genes once."""
    cursor = Cursor(step=Step.BUY, order=purse_order(state))
    text = msg("Round {round}, phase 3: new genes, descending order.", round=state.round)
    return begin_phase(state, events, Phase.GENES, cursor, text, sources.PHASE_3)


def next_buyer(state: GameState, events: Events) -> GameState:
    """After a player's purchases: the extra genes turned over after the leader (003 §Play),
    the next player, or phase 4."""
    if state.cursor.index == 0:
        turned = p3_extra.after_leader(state, events)
        if turned is not None:
            return turned
    if state.cursor.index + 1 < len(state.cursor.order):
        return state.with_cursor(index=state.cursor.index + 1)
    return hand_on("begin_division", state, events)
