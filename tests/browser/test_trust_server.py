"""Trust in real browsers: a phone whose code was revoked says so and stops polling; the
console says "NOT recorded" in place when the database cannot save, and plays on after.

Screenshots land in test-artifacts/ (trust-*.png).
"""

from __future__ import annotations

import sqlite3
import time

from test_table import new_game, revision

REVOKED = "This code was revoked: ask the referee for your new one"


def test_a_revoked_phone_says_so_and_stops_asking(
    referee, phone_context, live_server, console_watch, shot
):
    console_url = new_game(referee, live_server.url)
    game_id = console_url.rsplit("/", 1)[-1]
    store = live_server.app.extensions["companion.store"]
    token = store.seat_tokens(game_id)["green"]
    phone = console_watch.watch(phone_context.new_page())
    asked: list[str] = []
    phone.on("request", lambda r: asked.append(r.url) if f"/s/{token}" in r.url else None)
    phone.goto(f"{live_server.url}/s/{token}")
    phone.wait_for_selector("[data-sync='ok']")

    referee.goto(f"{console_url}/seats")
    referee.once("dialog", lambda d: d.accept())
    referee.locator("form[action$='/seats/green/reissue'] button").click()
    referee.wait_for_url(f"{console_url}/seats")

    phone.wait_for_selector("#seat[data-revoked]", timeout=10_000)
    assert REVOKED in phone.inner_text("#seat")
    shot(phone, "trust-revoked-phone")
    settled = len(asked)
    time.sleep(6)  # longer than the 4 s polling: the revoked seat asks nothing more
    polls = [u for u in asked[settled:] if "/view" in u]
    assert polls == [], f"the revoked seat still polls: {polls}"
    console_watch.assert_clean(allow=(r"410", r"htmx:(afterRequest|sseError)", r"\[object"))


def test_a_locked_database_is_said_in_place_and_play_goes_on(
    referee, live_server, console_watch, shot
):
    console_url = new_game(referee, live_server.url)
    before = revision(referee)
    db = live_server.app.config["DATABASE"]
    other = sqlite3.connect(db, isolation_level=None, timeout=1)
    other.execute("BEGIN IMMEDIATE")  # another program holds the write lock
    try:
        referee.locator("#console .choices button").first.click()
        referee.wait_for_selector("#console .refusal", timeout=10_000)
    finally:
        other.close()
    message = referee.inner_text("#console .refusal")
    assert "NOT recorded" in message and "tap again" in message
    assert revision(referee) == before
    assert referee.url == console_url
    shot(referee, "trust-not-saved-console")

    referee.locator("#console .choices button").first.click()
    referee.wait_for_function(
        f"() => Number(document.querySelector('#console').dataset.revision) > {before}"
    )
    assert referee.locator("#console .refusal").count() == 0
    console_watch.assert_clean(allow=(r"503", r"htmx:afterRequest", r"\[object"))
