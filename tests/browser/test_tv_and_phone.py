"""The TV and the phones in a real browser: sizes read from three metres and in the hand, the
final ranking, and the keep-screen-on switch (Wake Lock API, or NoSleep.js on plain HTTP).

Games are imported from examples/ straight into the live server's store: the finished record
for the end, its first half for a game in progress. Rendered sizes of SVG text are its
computed font size times the SVG's scale on screen (getScreenCTM), so they are CSS pixels.
Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.state import player_label

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
TV_MIN_PX = 24  # the smallest numbers on the TV, read from three metres
PHONE_MIN_PX = 12  # cube counts and ladder numbers in the hand
RENDERED_PX = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const size = parseFloat(getComputedStyle(el).fontSize);
  if (!(el instanceof SVGElement)) return size;
  const m = el.getScreenCTM();
  return size * Math.hypot(m.a, m.b);
})"""


def import_example(live_server, name: str, half: bool = False):
    """Import an example record (or its first half) into the live server; return the game."""
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    if half:
        data = {**data, "actions": data["actions"][: len(data["actions"]) // 2]}
    store = live_server.app.extensions["companion.store"]
    return store.import_record(record_from_dict(data), f"{name} {'half' if half else 'end'}")


def seat_tokens(live_server, game) -> dict[str, str]:
    return live_server.app.extensions["companion.store"].seat_tokens(game.id)


def smallest(page, selector: str) -> float:
    sizes = page.evaluate(RENDERED_PX, selector)
    assert sizes, f"nothing matches {selector}"
    return min(sizes)


@pytest.fixture
def tv(browser, console_watch):
    context = browser.new_context(viewport=TV)
    context.set_default_timeout(10_000)
    yield console_watch.watch(context.new_page())
    context.close()


@pytest.mark.parametrize("name", ["four-players", "six-players"])
def test_the_tv_fills_the_screen_and_reads_from_three_metres(
    tv, live_server, console_watch, shot, name
):
    game = import_example(live_server, name, half=True)
    tv.goto(f"{live_server.url}/b/{game.board_token}")
    tv.wait_for_selector("[data-sync=ok]")

    page_size = tv.evaluate(
        "[document.documentElement.scrollWidth, innerWidth,"
        " document.documentElement.scrollHeight, innerHeight]"
    )
    assert page_size[0] <= page_size[1] and page_size[2] <= page_size[3], "the TV page scrolls"
    soup = tv.locator(".soup").bounding_box()
    assert soup["height"] >= 0.8 * TV["height"], soup
    ladder = tv.locator(".ladder").bounding_box()
    assert ladder["width"] >= 0.4 * TV["width"], ladder
    for selector in (".soup .cube-n", ".soup .space-no", ".ladder .rung-no", ".ranking .name"):
        assert smallest(tv, selector) >= TV_MIN_PX, selector
    assert smallest(tv, ".tv-turn .what") >= 36
    assert smallest(tv, ".env-card .drift") >= 32
    assert smallest(tv, ".env-card .ozone-big strong") >= 40
    actor = tv.evaluate("document.querySelector('.tv-turn .who')?.textContent.trim()")
    if actor:  # a player is awaited: their name, with their shape, in the largest type
        assert tv.locator(".tv-turn .who svg.icon").count() == 1
        assert smallest(tv, ".tv-turn .who") >= 48
    shot(tv, f"tv-1920-{name}-in-play")
    console_watch.assert_clean()


def test_the_tv_shows_the_final_ranking_and_the_winner(tv, live_server, console_watch, shot):
    game = import_example(live_server, "four-players")
    winner = max(game.state.players, key=lambda p: p.marker)
    tv.goto(f"{live_server.url}/b/{game.board_token}")

    assert (
        tv.text_content(".tv-turn.final .who").strip()
        == f"{player_label(game.state, winner.color)} wins"
    )
    rows = tv.locator(".tv-standings .ranking li")
    assert rows.count() == 4
    assert rows.first.get_attribute("data-color") == winner.color.value
    assert "winner" in rows.first.text_content()
    assert [rows.nth(i).get_attribute("data-place") for i in range(4)] == ["1", "2", "3", "4"]
    assert smallest(tv, ".tv-turn.final .who") >= 48
    shot(tv, "tv-1920-four-players-final")
    console_watch.assert_clean()


def test_phone_numbers_are_readable_in_the_hand(phone_context, live_server, console_watch, shot):
    game = import_example(live_server, "six-players", half=True)
    phone = console_watch.watch(phone_context.new_page())
    phone.goto(f"{live_server.url}/s/{seat_tokens(live_server, game)['red']}")
    phone.wait_for_selector("[data-sync=ok]")

    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for selector in (".soup .cube-n", ".ladder .rung-no", ".soup .space-no"):
        assert smallest(phone, selector) >= PHONE_MIN_PX, selector
    phone.locator(".mini-board").scroll_into_view_if_needed()
    phone.locator(".mini-board").screenshot(path=str(ARTIFACTS / "phone-390-board-close.png"))
    shot(phone, "phone-390-six-players-in-play")
    console_watch.assert_clean()


def test_every_phone_shows_the_final_ranking(phone_context, live_server, console_watch, shot):
    game = import_example(live_server, "four-players")
    players = game.state.players
    winner = max(players, key=lambda p: p.marker)
    for player in players:
        phone = console_watch.watch(phone_context.new_page())
        phone.goto(f"{live_server.url}/s/{seat_tokens(live_server, game)[player.color.value]}")

        final = phone.locator(".final-ranking")
        assert final.is_visible() and final.bounding_box()["y"] < PHONE["height"] / 2
        verdict = final.locator(".verdict").text_content().strip()
        assert verdict == (
            "You win!" if player is winner else f"{player_label(game.state, winner.color)} wins"
        )
        place = 1 + sum(1 for p in players if p.marker > player.marker)
        assert f"{place}/4" in final.text_content()
        mine = final.locator("li.mine")
        assert mine.get_attribute("data-color") == player.color.value
        assert mine.get_attribute("data-place") == str(place)
        shot(phone, f"phone-390-final-{player.name}")
        phone.close()
    console_watch.assert_clean()


# --- keep the screen on ---------------------------------------------------------------------

RECORD_LOCKS = """
window.__locks = [];
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = (type) => request(type).then((s) => { __locks.push(s); return s; });
}
window.__videos = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () { __videos.push(this); return play.call(this); };
"""


def wake_state(page) -> str:
    return page.get_attribute("[data-wake]", "data-wake")


def wait_wake(page, state: str) -> None:
    """Wait until the switch reports `state` (on, off, tap, paused, refused, unsupported)."""
    page.wait_for_function(
        "(state) => document.querySelector('[data-wake]').dataset.wake === state", arg=state
    )


def test_keep_screen_on_uses_the_wake_lock_and_takes_it_again_when_visible(
    phone_context, live_server, console_watch, shot
):
    game = import_example(live_server, "four-players", half=True)
    phone = console_watch.watch(phone_context.new_page())
    phone.add_init_script(RECORD_LOCKS)
    phone.goto(f"{live_server.url}/s/{seat_tokens(live_server, game)['blue']}")
    assert wake_state(phone) == "off" and not phone.is_checked("[data-wake] input")

    phone.check("[data-wake] input")
    wait_wake(phone, "on")
    assert phone.evaluate("() => __locks.length === 1 && !__locks[0].released")
    assert "the screen stays on" in phone.text_content("[data-wake-status]")

    # The browser lets the lock go when the page is hidden; visible again, it is taken again.
    phone.evaluate("() => __locks[0].release()")
    wait_wake(phone, "paused")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    wait_wake(phone, "on")
    assert phone.evaluate("() => __locks.length === 2 && !__locks[1].released")

    phone.reload()  # remembered on the device: on again without a tap
    wait_wake(phone, "on")
    assert phone.is_checked("[data-wake] input")
    shot(phone, "phone-390-keep-screen-on")

    phone.uncheck("[data-wake] input")
    assert wake_state(phone) == "off"
    assert phone.evaluate("() => __locks[__locks.length - 1].released")
    phone.reload()
    assert not phone.is_checked("[data-wake] input")
    console_watch.assert_clean()


def test_on_a_plain_http_lan_address_keep_screen_on_falls_back_to_nosleep(
    browser, live_server, console_watch, shot
):
    """A host name that is not loopback is not a secure context: no navigator.wakeLock."""
    port = live_server.url.rsplit(":", 1)[1]
    lan = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        headless=True,
        args=[
            *CHROMIUM_ARGS,
            "--host-resolver-rules=MAP ursuppe.lan 127.0.0.1",
            "--autoplay-policy=user-gesture-required",  # as on phones
        ],
    )
    try:
        context = lan.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        context.set_default_timeout(10_000)
        phone = console_watch.watch(context.new_page())
        phone.add_init_script(RECORD_LOCKS)
        game = import_example(live_server, "four-players", half=True)
        phone.goto(f"http://ursuppe.lan:{port}/s/{seat_tokens(live_server, game)['green']}")
        assert phone.evaluate("!window.isSecureContext && !('wakeLock' in navigator)")
        assert phone.evaluate("typeof window.NoSleep === 'undefined'")  # fetched only when asked

        phone.tap("[data-wake] input")  # a tap: the video may start
        wait_wake(phone, "on")
        assert phone.evaluate("() => __videos.length >= 1 && !__videos[0].paused")

        phone.reload()  # remembered, but without a tap the video may not start: it says so
        wait_wake(phone, "tap")
        assert phone.is_checked("[data-wake] input")
        assert "tap anywhere" in phone.text_content("[data-wake-status]")
        shot(phone, "phone-390-keep-screen-on-tap-to-arm")

        phone.tap("h1")  # any tap arms it
        wait_wake(phone, "on")
        assert phone.evaluate("() => __videos.some((v) => !v.paused)")
        console_watch.assert_clean()  # the data: video is allowed by the CSP (media-src data:)
    finally:
        lan.close()
