"""The sync badge while the laptop does not answer (issue 30, item 7): a tap the server takes
but does not answer (a frozen server) turns the badge to "Waiting for the laptop…" after
1.5 s, long before the console's 6 s timeout, and it says "In sync" again only once an
answer arrives. Laptop size (1366x800), in Spanish too."""

from __future__ import annotations

import re
import time

from conftest import ARTIFACTS
from test_live_sync import SYNC, laptop_referee, tap, tap_and_wait, wait_revision, wait_sync


def test_an_unanswered_tap_turns_the_badge_to_waiting_then_in_sync_with_the_answer(
    browser, live_server, console_watch
):
    context, page, _ = laptop_referee(browser, console_watch, live_server)
    page.set_viewport_size({"width": 1366, "height": 800})
    tap_and_wait(page, "Draw a card for me")
    wait_sync(page, "ok")
    held: list = []
    page.route(re.compile(r"/games/\w+/act$"), lambda route: held.append(route))
    tap(page, "7")
    sent = time.monotonic()
    wait_sync(page, "waiting", timeout=5_000)
    waited = time.monotonic() - sent
    assert 1.2 <= waited < 4.0, waited  # after 1.5 s, well before the 6 s timeout
    assert page.inner_text("[data-sync]") == "Waiting for the laptop…"
    page.screenshot(path=str(ARTIFACTS / "sync-waiting-laptop.png"))
    page.wait_for_timeout(500)
    assert page.evaluate(SYNC) == "waiting"  # no live ping turns it back by itself
    held[0].continue_()  # the laptop answers at last
    wait_revision(page, 2, timeout=8_000)
    wait_sync(page, "ok")
    context.close()
    console_watch.assert_clean(allow=(r"console: htmx:timeout", r"htmx:sendError"))


def test_the_waiting_badge_speaks_the_readers_language(browser, live_server, console_watch):
    """Unanswered live polls alone (no tap) also turn the badge, in Spanish."""
    context, page, _ = laptop_referee(browser, console_watch, live_server)
    context.set_extra_http_headers({"Accept-Language": "es"})
    page.reload()
    wait_sync(page, "ok")
    page.route(re.compile(r"/view\?since=-?\d+$"), lambda route: None)  # never answered
    page.evaluate("document.body.dispatchEvent(new CustomEvent('resync'))")
    wait_sync(page, "waiting", timeout=5_000)
    assert page.inner_text("[data-sync]") == "Esperando al portátil…"
    page.screenshot(path=str(ARTIFACTS / "sync-waiting-laptop-es.png"))
    context.close()
