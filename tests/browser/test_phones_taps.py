"""One tap is one action on the phones too (issue 31): a finger landing twice on a phone's
choice, 150 or 700 ms apart, records one entry, even when the next choice awaited is the same
person's (double play: Ana's phone rolls for red, then for yellow); and a tap sent while the
laptop's server is stopped says "NOT recorded", then, once the server is back, that it was
not recorded. Real touch taps at 390x844, with the app's real tap timings.
"""

from __future__ import annotations

import re
import time

import pytest
from webforms import setup_form

pytestmark = pytest.mark.timing  # real tap gaps: run alone, after the parallel run

DOUBLE = (("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue"))
PHONE = {"width": 390, "height": 844}
GAPS_MS = (150, 700)


@pytest.fixture
def live_server(real_taps_server):
    """These tests measure the phones' real tap timings."""
    return real_taps_server


def new_game(live, players, **overrides: str) -> tuple[str, object]:
    """A game made through the setup form, its first environment card turned by the console."""
    client = live.app.test_client()
    client.get(f"/referee/{live.app.config['REFEREE_TOKEN']}")
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/").get_data(as_text=True))
    form = {**setup_form("Phone taps", players, **overrides), "csrf": csrf.group(1)}
    response = client.post("/games", data=form)
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    card = {"csrf": csrf.group(1), "revision": "0", "kind": "action"}
    card["action"] = '{"type": "turn_card", "card": "P1"}'
    client.post(f"/games/{game_id}/act", data=card)
    return game_id, client


def phone_page(browser, console_watch, url: str):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    page = console_watch.watch(context.new_page())
    page.goto(url)
    return context, page


def double_tap(page, selector: str, gap_ms: int) -> float:
    page.wait_for_selector("#seat[data-armed=yes]:not([data-busy]) [data-phone-choices]")
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    page.wait_for_timeout(100)
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    start = time.monotonic()
    page.touchscreen.tap(x, y)
    rest = gap_ms / 1000 - (time.monotonic() - start)
    if rest > 0:
        time.sleep(rest)
    gap = (time.monotonic() - start) * 1000
    page.touchscreen.tap(x, y)
    page.wait_for_timeout(1500)  # anything sent has landed
    return gap


def test_a_double_tap_on_a_phone_records_one_roll_even_for_the_same_persons_next_color(
    browser, live_server, console_watch, shot
):
    store = live_server.app.extensions["companion.store"]
    game_id, client = new_game(live_server, DOUBLE, two_players="double1")
    token = store.seat_tokens(game_id)["red"]  # Ana's one QR code
    context, page = phone_page(browser, console_watch, f"{live_server.url}/s/{token}")
    try:
        for gap in GAPS_MS:
            game = store.get(game_id)
            actor = game.core.prompt(game.state).actor
            assert actor.value == "red", actor  # then yellow: Ana's phone again
            before = game.revision
            real = double_tap(page, "[data-phone-choices] .dice-row button:text-is('7')", gap)
            after = store.get(game_id)
            assert after.revision == before + 1, f"{real:.0f} ms: {after.revision - before}"
            assert after.entries[-1].color == actor
            page.wait_for_selector(f'#seat[data-revision="{after.revision}"]')
            assert store.get(game_id).core.prompt(after.state).actor.value == "yellow"
            shot(page, f"phones-double-tap-{gap}ms")
            csrf = re.search(r'"X-CSRF-Token": "([^"]+)"', client.get("/").get_data(as_text=True))
            undo = {"csrf": csrf.group(1), "revision": str(after.revision)}
            assert client.post(f"/games/{game_id}/undo", data=undo).status_code == 303
            # The next double tap is on the choices after the undo, not on those before it
            # (still armed until the undo's revision reaches the phone, then replaced).
            page.wait_for_selector(f'#seat[data-revision="{after.revision + 1}"]')
    finally:
        context.close()
    console_watch.assert_clean()


def test_a_phone_tap_while_the_laptop_is_away_says_not_recorded(
    browser, own_server, console_watch, shot
):
    live = own_server.live
    store = live.app.extensions["companion.store"]
    game_id, _client = new_game(live, (("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green")))
    actor = store.get(game_id).core.prompt(store.get(game_id).state).actor
    token = store.seat_tokens(game_id)[actor.value]
    context, page = phone_page(browser, console_watch, f"{live.url}/lang/es?next=/s/{token}")
    try:
        page.wait_for_selector("#seat[data-armed=yes] [data-phone-choices]")
        before = store.get(game_id).revision
        own_server.kill()
        page.locator("[data-phone-choices] .dice-row button:text-is('8')").first.tap()
        note = page.locator("#seat .tap-note")
        note.wait_for(timeout=15_000)
        assert note.inner_text().startswith("NO anotado: no se pudo contactar con el portátil")
        shot(page, "phones-server-away-not-recorded")
        own_server.restart()
        page.wait_for_function(
            "() => /^Tu elección NO quedó anotada/.test("
            "(document.querySelector('#seat .tap-note') || {}).textContent || '')",
            timeout=20_000,
        )
        assert store.get(game_id).revision == before
        shot(page, "phones-server-back")
    finally:
        context.close()
