"""An Urland record bidding for a seat that is not in the game is refused naming that seat
(issue 30, item 18), not as "each player bids once"; nothing changes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from urland_helpers import started

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.urland import engine
from companion.tracker.urland.actions import Bid
from companion.tracker.urland.state import Step


def test_a_bid_for_a_seat_not_in_the_game_names_the_seat():
    state = replace(started(4), step=Step.BID, face_up=("legs", "egg"))
    missing = Color.WHITE
    assert missing not in state.colors
    with pytest.raises(InvalidAction) as refused:
        engine.apply(state, Bid(missing, 0))
    text = t(refused.value.msg, "en")
    assert text.startswith("⬢ white has no seat in this game (its seats: Ana ● red")
    assert "bids once" not in text
    assert t(refused.value.msg, "it").startswith("⬢ bianco non ha un posto in questa partita")
