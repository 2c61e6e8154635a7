"""Urland's corrections of whose turn it is (002 §2): the environment player (before their
draw; the dead and the Ichto players follow from it), the Ichto player acting and the
actions left to them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import cite, roles
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.correction_inputs import color_of, set_text, value_in
from companion.tracker.urland.state import Step, UrlandState, player_ref


def _acting(state: UrlandState) -> None:
    if state.step is not Step.ACTIONS:
        raise IllegalAction(msg("no Ichto player is taking actions now"), cite.ACTIONS)


def actions_left(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """The actions left to the Ichto player acting."""
    _acting(state)
    value = value_in(action, 0, 9)
    before = state.actions_left
    return replace(state, actions_left=value), set_text(msg("actions left"), before, value)


def actor(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """The Ichto player acting now (the ones after them in order follow), with a fresh
    allowance of actions."""
    color = color_of(state, action)
    order = roles.ichto_players(state)
    _acting(state)
    if color not in order:
        raise IllegalAction(
            msg("{who} is not an Ichto player this turn", who=player_ref(state, color)),
            cite.ROLES,
        )
    before = state.actors[0]
    actors = order[order.index(color) :]
    state = replace(
        state, actors=actors, actions_left=roles.allowance(state, color), double_used=False
    )
    text = msg(
        "the Ichto player acting now set from {before} to {after} ({n} actions)",
        before=player_ref(state, before),
        after=player_ref(state, color),
        n=state.actions_left,
    )
    return state, text


def environment(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """The environment player, while they draw: each hand stays with its holder, and the new
    environment player draws up to three (the dead is their left neighbour)."""
    color = color_of(state, action)
    if state.step is not Step.DRAW:
        raise IllegalAction(
            msg("the environment player is corrected before they keep a token"),
            cite.CHOOSE_REGION,
        )
    before = state.env_color
    state = replace(state, env=state.seat(color))
    text = msg(
        "the environment player set from {before} to {after} ({dead} the dead)",
        before=player_ref(state, before),
        after=player_ref(state, color),
        dead=player_ref(state, state.dead_color),
    )
    return state, text


FIXES: dict[str, Callable[[UrlandState, Correct], tuple[UrlandState, Msg]]] = {
    "actions_left": actions_left,
    "actor": actor,
    "env": environment,
}
