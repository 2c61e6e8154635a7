"""A choice that can only be one thing is taken by itself in every Urland game the app creates
(issue 30, item 6; 002 §3.1 Mutazione: 1. Offerte, a bid comes from the reserve): the console's
log says why in the reader's language, naming the rule, and the bidder's phone is not asked."""

from __future__ import annotations

import html
from dataclasses import replace

import pytest
from conftest import text_of
from urland_web import create_urland, prefix_to, seat_post

from companion.tracker.game import URLAND
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.state import Step

SAID = {
    "en": "has no Ichto in the reserve, so the only bid is 0: made by itself.",
    "es": "no tiene Ichto en la reserva, así que la única puja es 0: hecha automáticamente.",
    "it": "non ha Ichto nella riserva, quindi l'unica offerta è 0: registrata in automatico.",
}


def test_every_game_the_app_creates_takes_its_forced_choices(referee):
    create_urland(referee)
    assert referee.game().setup.take_forced


@pytest.fixture
def broke_bidder(referee):
    """A game set up so, at its first auction, one bidder's reserve emptied by a correction."""
    setup, done, state = prefix_to(Step.BID)
    broke = state.colors[1]
    fix = Correct(field="reserve", color=broke, value=0, reason="spent")
    entries = [*done[:-1], fix, done[-1]]
    game = referee.store.create_game(
        replace(setup, take_forced=True), "Forced", False, True, entries, core=URLAND
    )
    referee.game_id = game.id
    return broke


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_log_says_why_the_bid_was_taken_naming_the_rule(referee, broke_bidder, lang):
    page = html.unescape(
        text_of(referee.client.get(referee.url, headers={"Accept-Language": lang}))
    )
    line = next(li for li in page.split("<li") if SAID[lang] in li)
    assert "3.1" in line and "<cite" in line  # the rule, linked


def test_the_broke_bidders_phone_is_not_asked_for_a_bid(referee, broke_bidder):
    state = referee.game().state
    assert dict(state.auction.bids) == {broke_bidder: 0}
    token = referee.store.seat_tokens(referee.game_id)[broke_bidder.value]
    phone = text_of(referee.client.get(f"/s/{token}"))
    assert 'name="bid"' not in phone
    refused = seat_post(referee, token, {"bid": "0"})
    assert refused.status_code == 422 and referee.game().state == state
    referee.client.get(f"/referee/{referee.token}")
    console = text_of(referee.client.get(referee.url))
    assert f'name="private_for" value="{broke_bidder.value}"' not in console
