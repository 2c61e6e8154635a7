"""Urland's "done when" in one go (issue 10): a 4-player game set up on the setup page with
the group's confirmed board (one shore edited, checked on the drawing, put back as printed)
and played in Chromium from its first draw to its end, every chance drawn with "Draw at
random", every choice clicked where the app offers it (console, or the phone whose choice it
is), sealed bids typed on the phones; the game has a mutation auction, a panic and an
eruption; the environment player's tokens are only on their phone."""

from __future__ import annotations

import random

import pytest
from console_armed import wait_armed
from test_urland import (
    _bid_on_a_phone,
    _click,
    _hidden_tokens_only_on_their_phones,
    _open_phones,
    _pick,
    _store,
    _synced,
    _wait_for_revision,
)

from companion.tracker.game import URLAND
from companion.tracker.urland import projection
from companion.tracker.urland.state import Step

pytestmark = pytest.mark.slow


def test_a_whole_game_set_up_on_the_page_and_played_to_its_end(
    referee, live_server, phone_context, console_watch, shot
):
    referee.goto(f"{live_server.url}/games/new")
    referee.click("nav.game-picker >> text=Urland")
    referee.wait_for_selector(".urland-map.setup-map")
    referee.fill("input[name=shore2]", "A B")  # the group checks a shore on the drawing
    referee.click("button[name=check]")
    referee.wait_for_selector("input[name=shore2][value='A B']")
    for i, name in enumerate(["Ana", "Ben", "Cleo", "Dev"]):
        referee.fill(f"input[name=name{i}]", name)
    referee.fill("input[name=shore2]", "A")  # and confirms the board as printed
    referee.click("text=Start the game")
    referee.wait_for_selector("#console.urland")
    store = _store(live_server)
    game = store.get(referee.url.rstrip("/").rsplit("/", 1)[-1])
    assert game.core is URLAND and dict(game.setup.board.shores)["2"] == ("A",)
    phones = _open_phones(phone_context, console_watch, live_server, game)
    rng = random.Random(4)
    seen: set[Step] = set()
    panics = eruptions = keeps = 0
    for _ in range(900):
        game = store.get(game.id)
        state, revision = game.state, game.revision
        if game.over:
            break
        seen.add(state.step)
        wait_armed(referee, revision)
        if state.step is Step.KEEP and keeps < 2:
            keeps += 1
            _hidden_tokens_only_on_their_phones(state, phones, referee, revision)
        if game.core.chance(state) is not None:
            eruptions += state.step is Step.VOLCANO_SCORED
            referee.click("#console button:text-is('Draw at random')")
        elif projection.choices(state, None):
            panics += state.step is Step.PANIC_REGION or state.step is Step.PANIC_OCEAN
            _click(referee, _pick(state, projection.choices(state, None), rng))
        elif state.step is Step.BID:
            _bid_on_a_phone(state, phones, revision, rng)
        else:
            color, offered = next(
                (c, projection.choices(state, c))
                for c in state.colors
                if projection.choices(state, c)
            )
            _synced(phones[color.value], "#seat", revision)
            _click(phones[color.value], _pick(state, offered, rng))
        _wait_for_revision(store, game.id, revision, state, [referee, *phones.values()])
    game = store.get(game.id)
    assert game.over, f"the game did not end: {game.state.step}"
    assert Step.BID in seen, "no mutation auction was bid on the phones"
    assert panics and eruptions, (panics, eruptions)
    referee.wait_for_selector("text=Final standings")
    shot(referee, "urland-whole-game-over")
    for page in phones.values():
        page.wait_for_selector("[data-final]")
    shot(next(iter(phones.values())), "urland-whole-game-phone-over")
    console_watch.assert_clean()
