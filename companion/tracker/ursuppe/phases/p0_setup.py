"""Setup: the first environment card, the start order and the two placements."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import FOOD_CUBES_PER_COLOR, START_BP, START_CUBES_PER_SPACE
from companion.tracker.ursuppe.phases.base import Events, continued, hand_on, purse_order, say
from companion.tracker.ursuppe.rules import decoy, people
from companion.tracker.ursuppe.rules.movement import direction_text
from companion.tracker.ursuppe.state import Cursor, GameSetup, GameState, Phase, Step, new_players


def start(setup: GameSetup) -> GameState:
    """The state before the first action: 4 BP each, 2 cubes of each color on every space."""
    n = setup.players
    cubes = tuple((START_CUBES_PER_SPACE,) * n for _ in setup.board.spaces())
    assert START_CUBES_PER_SPACE * setup.board.size <= FOOD_CUBES_PER_COLOR
    return GameState(
        setup=setup,
        round=0,
        phase=Phase.SETUP,
        players=decoy.equip(setup, new_players(setup, START_BP)),
        amoebas=(),
        cubes=cubes,
        cursor=Cursor(step=Step.TURN_CARD),
        extra_available=setup.extra_start,
    )


def after_card(state: GameState, events: Events) -> GameState:
    """Continue after an environment card was turned."""
    if state.phase is Phase.SETUP:
        groups = (people.marker_colors(state.setup),)
        return state.with_cursor(step=Step.START_ROLLS, start_groups=groups)
    if state.round >= 2:
        order = purse_order(state)
        return hand_on("next_debtor", state.with_cursor(order=order, index=0), events)
    say(events, "defects", msg("No gene defects in the first round."), sources.PHASE_2)
    return hand_on("begin_genes", state, events)


def turn_card(state: GameState, card_id: str, events: Events) -> GameState:
    """Turn an environment card face up."""
    card = state.setup.cards[card_id]
    state = replace(state, card=card_id, turned=state.turned + (card_id,))
    left = len(state.remaining_cards())
    if card.drift:
        text = nmsg(
            "Environment card {card} is turned: drift {direction}, ozone {ozone}. {n} card left.",
            "Environment card {card} is turned: drift {direction}, ozone {ozone}. {n} cards left.",
            left,
            card=card_id,
            direction=direction_text(card.drift.value),
            ozone=card.ozone,
        )
    else:
        text = nmsg(
            "Environment card {card} is turned: no drift, ozone {ozone}. {n} card left.",
            "Environment card {card} is turned: no drift, ozone {ozone}. {n} cards left.",
            left,
            card=card_id,
            ozone=card.ozone,
        )
    say(events, "card", text, sources.PHASE_2 if state.round else sources.SETUP)
    return after_card(state, events)


@continued
def maybe_auto_card(state: GameState, events: Events) -> GameState:
    """Turn the next card of a recorded shuffle, if there is one."""
    if state.cursor.step is Step.TURN_CARD and state.shuffled_order:
        card_id, rest = state.shuffled_order[0], state.shuffled_order[1:]
        return turn_card(replace(state, shuffled_order=rest), card_id, events)
    return state


def begin_placement(state: GameState, events: Events) -> GameState:
    """Start the two setup placements, ascending first (000 §Colocar Amebas)."""
    order = state.ladder_order(descending=False)
    if people.start_dp(state.setup):
        text = msg(
            "Placement: in ascending order each places an amoeba on an empty space with 1 DP."
        )
    elif state.n_players >= 4:
        text = msg(
            "Placement: in ascending order each color places an amoeba on an empty space "
            "(no DP in double play II)."
        )
    else:
        text = msg(
            "Placement: in ascending order each places an amoeba on an empty space "
            "(no DP with 3 players)."
        )
    say(events, "setup", text, sources.PLACEMENT)
    return state.with_cursor(step=Step.PLACE, order=order, index=0, placement_round=1)


def after_placement(state: GameState, events: Events) -> GameState:
    """Next placement, the second (descending) pass, or round 1."""
    cursor = state.cursor
    if cursor.index + 1 < len(cursor.order):
        return state.with_cursor(index=cursor.index + 1)
    if cursor.placement_round == 1:
        text = msg("Second placement: in descending order, no DP.")
        say(events, "setup", text, sources.PLACEMENT)
        order = state.ladder_order(descending=True)
        return state.with_cursor(order=order, index=0, placement_round=2)
    return hand_on("begin_round", state, events)
