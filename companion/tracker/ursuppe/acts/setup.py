"""Handlers of setup actions: the first card, the start order, the placements."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.msg import Seq, msg, nmsg
from companion.tracker.ursuppe import flow, sources
from companion.tracker.ursuppe.actions import (
    ChooseStartSpace,
    PlaceAmoeba,
    RollForStartOrder,
    SetStartSpaces,
    ShuffleEnvironmentDeck,
    TurnEnvironmentCard,
)
from companion.tracker.ursuppe.phases.base import Events, say, who
from companion.tracker.ursuppe.rules import people
from companion.tracker.ursuppe.state import GameState, Step, marker_ref
from companion.tracker.ursuppe.views.phrases import and_list, comma_list


def _turn_card(state: GameState, action: TurnEnvironmentCard, events: Events) -> GameState:
    return flow.turn_card(state, action.card, events)


def _shuffle(state: GameState, action: ShuffleEnvironmentDeck, events: Events) -> GameState:
    text = nmsg(
        "The app shuffled the {n} remaining environment card; it is turned in the recorded order.",
        "The app shuffled the {n} remaining environment cards; "
        "they are turned in the recorded order.",
        len(action.order),
    )
    say(events, "card", text, sources.SETUP)
    state = replace(state, shuffled_order=tuple(action.order))
    return flow.maybe_auto_card(state, events)


def _start_roll(state: GameState, action: RollForStartOrder, events: Events) -> GameState:
    cursor = state.cursor
    rolls = cursor.start_rolls + ((action.color, action.total),)
    text = msg(
        "{who} rolls {total} for the start order.",
        who=marker_ref(state, action.color),
        total=action.total,
    )
    say(events, "setup", text, sources.START_ORDER)
    group = next(g for g in cursor.start_groups if len(g) > 1)
    if len(rolls) < len(group):
        return state.with_cursor(start_rolls=rolls)
    totals = dict(rolls)
    split = tuple(
        tuple(c for c in group if totals[c] == value)
        for value in sorted(set(totals.values()), reverse=True)
    )
    i = cursor.start_groups.index(group)
    groups = cursor.start_groups[:i] + split + cursor.start_groups[i + 1 :]
    for tied in split:
        if len(tied) > 1:
            names = and_list([marker_ref(state, c) for c in tied])
            say(
                events,
                "setup",
                msg("{players} tie and roll again.", players=names),
                sources.START_ORDER,
            )
    state = state.with_cursor(start_groups=groups, start_rolls=())
    if all(len(g) == 1 for g in groups):
        order = tuple(g[0] for g in groups)
        text = msg(
            "Start order: {players}. In this order each picks a ladder start space 1-{last}.",
            players=comma_list([marker_ref(state, c) for c in order]),
            last=len(people.marker_colors(state.setup)),
        )
        say(events, "setup", text, sources.START_ORDER)
        return state.with_cursor(step=Step.START_SPACE, start_order=order, index=0)
    return state


def _set_markers(state: GameState, spaces: dict[Color, int], events: Events) -> GameState:
    for color, space in spaces.items():
        state = state.with_player(replace(state.player(color), marker=space))
    return flow.begin_placement(state, events)


def _choose_start(state: GameState, action: ChooseStartSpace, events: Events) -> GameState:
    state = state.with_player(replace(state.player(action.color), marker=action.space))
    text = msg(
        "{who} starts on ladder space {space}.",
        who=marker_ref(state, action.color),
        space=action.space,
    )
    say(events, "setup", text, sources.START_ORDER)
    order = state.cursor.start_order
    if state.cursor.index + 1 < len(order):
        return state.with_cursor(index=state.cursor.index + 1)
    return flow.begin_placement(state, events)


def _set_start(state: GameState, action: SetStartSpaces, events: Events) -> GameState:
    spaces = comma_list([Seq((marker_ref(state, c), s)) for c, s in action.spaces])
    text = msg("Start spaces as placed at the table: {spaces}.", spaces=spaces)
    say(events, "setup", text, sources.START_ORDER)
    return _set_markers(state, dict(action.spaces), events)


def _place(state: GameState, action: PlaceAmoeba, events: Events) -> GameState:
    dp = 1 if state.cursor.placement_round == 1 and people.start_dp(state.setup) else 0
    state = flow.place_new_amoeba(state, action.amoeba, action.space, dp)
    name = who(state, action.amoeba)
    if dp:
        text = msg("{who} is placed on space {space} with 1 DP.", who=name, space=action.space)
    else:
        text = msg("{who} is placed on space {space}.", who=name, space=action.space)
    say(events, "place", text, sources.PLACEMENT)
    return flow.after_placement(state, events)


HANDLERS = {
    TurnEnvironmentCard: _turn_card,
    ShuffleEnvironmentDeck: _shuffle,
    RollForStartOrder: _start_roll,
    ChooseStartSpace: _choose_start,
    SetStartSpaces: _set_start,
    PlaceAmoeba: _place,
}
