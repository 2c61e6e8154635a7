"""Urland's "done when" in one go (issue 10): a 4-player game set up on the setup page with
the group's confirmed board (one shore edited, checked on the drawing, put back as printed)
and played in Chromium from its first draw to its end, every chance drawn with "Draw at
random", every choice clicked where the app offers it (console, or the phone whose choice it
is), sealed bids typed on the phones; the game has a mutation auction, a panic and an
eruption; the environment player's tokens are only on their phone."""

from __future__ import annotations

import pytest
from test_urland import _open_phones, _store, play_to_the_end_and_see_it_over, set_up_on_the_page

pytestmark = pytest.mark.slow


def test_a_whole_game_set_up_on_the_page_and_played_to_its_end(
    referee, live_server, phone_context, console_watch, shot
):
    game = set_up_on_the_page(referee, live_server)
    store = _store(live_server)
    phones = _open_phones(phone_context, console_watch, live_server, game)
    play_to_the_end_and_see_it_over(
        store, game.id, referee, phones, shot, "urland-whole-game", 4, keeps=2, limit=900
    )
    console_watch.assert_clean()
