"""A dead phone's sealed bid typed on the laptop (issue 30, item 5; 002 §3.1 Mutazione): while
the bids are on the phones, the console offers each seat still to bid a private field (shown
as dots), recorded exactly as that seat's phone records it, and points to "Revoke and issue a
new code"; the console never shows the number, and a bid the seat could not make is refused.
"""

from __future__ import annotations

from conftest import alert_of, text_of
from urland_web import import_prefix

from companion.tracker.urland.actions import Bid
from companion.tracker.urland.state import Step


def test_a_seats_bid_typed_on_the_laptop_is_recorded_as_the_phone_would(referee):
    state = import_prefix(referee, Step.BID)
    assert state.setup.options.bids_on_phones
    page = text_of(referee.client.get(f"/games/{referee.game_id}"))
    seats = [c.value for c in state.colors]
    for color in seats:
        assert f'name="private_for" value="{color}"' in page
    assert 'type="password" name="bid"' in page and "/seats" in page
    first = state.colors[0]
    n = min(2, state.player(first).reserve)
    response = referee.act("action", private_for=first.value, bid=str(n))
    assert response.status_code == 200, alert_of(response)
    after = referee.game().state
    assert dict(after.auction.bids)[first] == n
    assert referee.game().entries[-1] == Bid(first, n)  # as the phone records it
    console = text_of(referee.client.get(f"/games/{referee.game_id}"))
    assert f'name="private_for" value="{first.value}"' not in console  # its bid is in
    assert f'name="private_for" value="{state.colors[1].value}"' in console


def test_a_private_bid_the_seat_cannot_make_is_refused_and_changes_nothing(referee):
    state = import_prefix(referee, Step.BID)
    seat = state.colors[1]
    before = referee.revision
    too_much = str(state.player(seat).reserve + 1)
    response = referee.act("action", private_for=seat.value, bid=too_much)
    assert response.status_code == 422
    assert "reserve" in alert_of(response)
    response = referee.act("action", private_for="white", bid="0")
    assert response.status_code == 422
    assert referee.revision == before
