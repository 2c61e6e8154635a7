"""A seat's secret choice typed on the laptop (issue 30, item 5): a phone that died in the
middle of a mutation's sealed bids (002 §3.1 Mutazione) is not waited for; the referee hands
the laptop to its player, who types the bid in a private field (shown as dots), sent at once
and recorded exactly as the phone would record it: the same `Bid` for that seat, checked
against the same choices the seat's phone gets (`projection.choices(state, seat)`)."""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.urland import auction, codec, projection
from companion.tracker.urland.actions import Action
from companion.tracker.urland.state import Step

FIELD = "private_for"  # the seat a private entry is for


def private_bidders(state: Any) -> list[str]:
    """The seats whose sealed bid the laptop may take privately: bids on the phones, and the
    seat's bid not in yet."""
    if state.step is not Step.BID or not state.setup.options.bids_on_phones:
        return []
    return [c.value for c in auction.bidders_left(state)]


def private_action(state: Any, form: Any) -> Action | None:
    """The bid a private entry posts, as the seat's phone would post it (None: no private
    entry); raises InvalidAction when it is not that seat's to make now."""
    seat = form.get(FIELD)
    if not seat:
        return None
    if seat not in private_bidders(state):
        raise InvalidAction(msg("that choice is not yours to make now"))
    try:
        data = {"type": "bid", "color": Color(seat).value, "n": int(form.get("bid") or "")}
    except ValueError:
        raise InvalidAction(msg("a bid is a whole number of Ichto")) from None
    action = codec.action_from_dict(data)
    if codec.action_to_dict(action) not in projection.choices(state, Color(seat)):
        raise InvalidAction(msg("a bid is made from the reserve"))
    return action
