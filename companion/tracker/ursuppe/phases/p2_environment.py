"""Phase 2: the environment card and the gene defects, descending order."""

from __future__ import annotations

from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.phases.base import Events, begin_phase, continued, hand_on, say
from companion.tracker.ursuppe.rules import defects
from companion.tracker.ursuppe.state import Cursor, GameState, Phase, Step, player_ref


@continued
def begin_environment(state: GameState, events: Events) -> GameState:
    """Phase 2: turn the next environment card."""
    text = msg("Round {round}, phase 2: environment and gene defects.", round=state.round)
    cursor = Cursor(step=Step.TURN_CARD)
    state = begin_phase(state, events, Phase.ENVIRONMENT, cursor, text, sources.PHASE_2)
    return hand_on("maybe_auto_card", state, events)


@continued
def next_debtor(state: GameState, events: Events) -> GameState:
    """The next player, in descending order, who owes MP to the ozone layer."""
    cursor = state.cursor
    card = state.current_card()
    index = cursor.index
    while index < len(cursor.order):
        color = cursor.order[index]
        mp, owed = defects.mp_sum(state, color), defects.debt(state, color)
        name = player_ref(state, color)
        if owed > 0:
            text = nmsg(
                "{who} has {n} MP against ozone {ozone}: owes {owed}.",
                "{who} has {n} MP against ozone {ozone}: owes {owed}.",
                mp,
                who=name,
                ozone=card.ozone,
                owed=owed,
            )
            say(events, "defects", text, sources.PHASE_2)
            return state.with_cursor(index=index, step=Step.PAY_DEBT)
        if state.player(color).genes:
            text = nmsg(
                "{who} has {n} MP against ozone {ozone}: nothing owed.",
                "{who} has {n} MP against ozone {ozone}: nothing owed.",
                mp,
                who=name,
                ozone=card.ozone,
            )
            say(events, "defects", text, sources.PHASE_2)
        index += 1
    return hand_on("begin_genes", state, events)
