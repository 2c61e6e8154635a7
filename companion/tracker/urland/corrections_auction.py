"""Urland's corrections of a mutation's auction (002 §3.1): who chooses now, a bid once the
fists are open, the genes taken so far, the Ichto still owed. A bid still sealed is never
corrected from the console (it would show it): the table corrects it once all are revealed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import auction, cite
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.correction_inputs import color_of, set_text, value_in
from companion.tracker.urland.state import ICHTO_PER_PLAYER, Step, UrlandState, player_ref

OPEN = (Step.BUY, Step.PAY)  # the fists are open: the bids and the order are public


def _open(state: UrlandState) -> None:
    if state.step not in OPEN:
        raise IllegalAction(
            msg("the auction's bids are corrected once the fists are open"), cite.BIDS
        )


def paying(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """The Ichto the buyer still owes."""
    if state.step is not Step.PAY:
        raise IllegalAction(msg("nobody is paying for a gene now"), cite.PRICE)
    value = value_in(action, 0, ICHTO_PER_PLAYER)
    before = state.auction.paying
    state = replace(state, auction=replace(state.auction, paying=value))
    return state, set_text(msg("Ichto still to pay for the gene"), before, value)


def bid(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """A revealed bid (it sets that bidder's price)."""
    _open(state)
    color = color_of(state, action)
    value = value_in(action, 0, ICHTO_PER_PLAYER)
    bids = dict(state.auction.bids)
    before = bids.get(color, 0)
    bids[color] = value
    order = tuple((c, bids[c]) for c in state.colors if c in bids)
    state = replace(state, auction=replace(state.auction, bids=order))
    return state, set_text(msg("{who}'s bid", who=player_ref(state, color)), before, value)


def bidder(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """Who chooses a gene now: that bidder first, the others after in their order."""
    _open(state)
    color = color_of(state, action)
    ranking = state.auction.ranking
    if color not in ranking:
        raise IllegalAction(
            msg("{who} has no choice left in this auction", who=player_ref(state, color)),
            cite.CHOICE,
        )
    before = ranking[0]
    rest = tuple(c for c in ranking if c != color)
    ranked = replace(state.auction, ranking=(color, *rest), paying=0)
    state = replace(state, auction=ranked, step=Step.BUY)
    text = msg(
        "the bidder choosing now set from {before} to {after}",
        before=player_ref(state, before),
        after=player_ref(state, color),
    )
    return state, text


def bought(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """The genes taken in this mutation so far (at most 3, 2 with 3 players)."""
    _open(state)
    value = value_in(action, 0, auction.genes_per_mutation(state.n))
    before = state.auction.bought
    state = replace(state, auction=replace(state.auction, bought=value))
    return state, set_text(msg("genes taken in this mutation"), before, value)


FIXES: dict[str, Callable[[UrlandState, Correct], tuple[UrlandState, Msg]]] = {
    "paying": paying,
    "bid": bid,
    "bidder": bidder,
    "bought": bought,
}
