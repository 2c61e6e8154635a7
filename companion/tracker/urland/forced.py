"""A choice that can only be one thing is taken by itself (issue 30, item 6), as Ursuppe's
engine takes its forced steps: a bidder with no Ichto in the reserve can only bid 0 (002 §3.1
Mutazione: 1. Offerte, the bid comes from the reserve), and any other choice whose legal set
has one member (the best bidder's only face-up gene, the one way left to pay, an Ichto player
with nothing to do but end) is taken with a line in the log naming its rule.

Never the draws, the deal, the genes turned, the revealed token or the erupting region (chance
and what the table saw are inputs), nor the kept token (a secret choice among three). Only in a
game set up so (`UrlandSetup.take_forced`, every game the app creates): a record written before
holds those choices as entries of its own and replays as it was written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from companion.tracker.citations import Rule
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import auction, cite, turn
from companion.tracker.urland.actions import Action, Bid
from companion.tracker.urland.codec import action_to_dict
from companion.tracker.urland.labels import label
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Step, UrlandState, player_ref

# The steps where a player chooses in the open (the bids are taken one bidder at a time).
CHOICE_STEPS = frozenset(
    {
        Step.ACTIONS,
        Step.BUY,
        Step.PAY,
        Step.PANIC_REGION,
        Step.PANIC_OCEAN,
        Step.EARS,
        Step.DIVE_OCEAN,
    }
)


MAX_SETTLE = 1000


def settle(state: UrlandState, events: Events, rules: Mapping[Step, Any]) -> UrlandState:
    """Go on past the internal steps, and take the choices that can only be one thing, each
    explained, until a real choice or chance is awaited (`rules`: `engine.RULES`)."""
    for _ in range(MAX_SETTLE):
        if state.step is Step.RESUME:
            state = turn.resume(state, events)
            continue
        if state.step is Step.OVER or not state.setup.take_forced:
            return state
        step = rules[state.step]
        taken = forced(state, step.candidates(state), step.check)
        if taken is None:
            return state
        say(events, "forced", taken.why, taken.source)
        state = step.perform(state, taken.action, events)
    raise RuntimeError("the game did not settle")  # pragma: no cover


class Forced(NamedTuple):
    """A choice taken by itself: the action, why it is the only one, the rule."""

    action: Action
    why: Msg
    source: Rule | None


def forced(
    state: UrlandState,
    candidates: Iterable[Action],
    check: Callable[[UrlandState, Action], None],
) -> Forced | None:
    """The choice awaited now if it can only be one thing (None: a real choice, chance, a
    secret, or a game whose forced choices are entered by hand). `candidates` and `check` are
    the step's own (`engine.RULES`): one source of legality."""
    if not state.setup.take_forced:
        return None
    if state.step is Step.BID:
        return _empty_reserve_bid(state)
    if state.step not in CHOICE_STEPS:
        return None
    only = _only(state, candidates, check)
    if only is None:
        return None
    now = prompt(state)
    # TRANSLATORS: {prompt} is what the table awaits ("Ana ● red pays the price."), {choice}
    # the one legal action, taken by the app.
    text = msg(
        "{prompt} Only one choice is possible: {choice}.",
        prompt=now.msg,
        choice=label(state, action_to_dict(only)),
    )
    return Forced(only, text, now.source)


def _empty_reserve_bid(state: UrlandState) -> Forced | None:
    for color in auction.bidders_left(state):
        if state.player(color).reserve == 0:
            text = msg(
                "{who} has no Ichto in the reserve, so the only bid is 0: made by itself.",
                who=player_ref(state, color),
            )
            return Forced(Bid(color, 0), text, cite.BIDS)
    return None


def _only(
    state: UrlandState,
    candidates: Iterable[Action],
    check: Callable[[UrlandState, Action], None],
) -> Action | None:
    """The one legal candidate, or None; stops at the second (a turn lists many)."""
    found: list[Action] = []
    for action in candidates:
        if action in found:
            continue
        try:
            check(state, action)
        except IllegalAction:
            continue
        found.append(action)
        if len(found) > 1:
            return None
    return found[0] if found else None
