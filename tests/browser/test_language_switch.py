"""The language switch in a real browser: on a phone's seat page, on the TV board and on the
console, each device switches by itself, comes back to the same page and stays live.
"""

from __future__ import annotations

from test_tv_and_phone import PHONE, TV, import_example, seat_tokens


def switch_to(page, name: str, lang: str) -> None:
    """Tap a language in the topbar and wait for the same page in that language."""
    before = page.url
    page.locator(f"nav.langs a[lang={lang}]").click()
    page.wait_for_selector(f"html[lang={lang}]")
    assert page.url == before
    assert page.locator("nav.langs a[aria-current=true]").inner_text() == name


def test_a_phone_switches_its_seat_page_to_spanish_and_stays_in_sync(
    phone_context, live_server, console_watch, shot
):
    game = import_example(live_server, "six-players", half=True)
    phone = console_watch.watch(phone_context.new_page())
    phone.goto(f"{live_server.url}/s/{seat_tokens(live_server, game)['red']}")
    phone.wait_for_selector("[data-sync=ok]")
    assert phone.locator("nav.langs a").all_inner_texts() == ["Español", "Italiano", "English"]

    switch_to(phone, "Español", "es")

    phone.wait_for_selector("[data-sync=ok]")  # the live stream follows again
    assert "Tus genes" in phone.locator("#seat").inner_text()
    assert phone.locator("[data-sync]").inner_text() == "Sincronizado"
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(phone, "phone-390-seat-in-spanish")
    console_watch.assert_clean()


def test_the_tv_board_switches_to_italian_and_keeps_filling_the_screen(
    browser, live_server, console_watch, shot
):
    game = import_example(live_server, "four-players", half=True)
    context = browser.new_context(viewport=TV)
    context.set_default_timeout(10_000)
    tv = console_watch.watch(context.new_page())
    tv.goto(f"{live_server.url}/b/{game.board_token}")
    tv.wait_for_selector("[data-sync=ok]")

    switch_to(tv, "Italiano", "it")

    tv.wait_for_selector("[data-sync=ok]")
    assert "Ozono" in tv.locator(".env-card").inner_text()
    assert tv.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    shot(tv, "tv-1920-board-in-italian")
    console_watch.assert_clean()
    context.close()


def test_the_console_switches_to_italian_and_its_taps_answer_in_italian(
    referee, live_server, console_watch
):
    game = import_example(live_server, "three-players", half=True)
    referee.goto(f"{live_server.url}/games/{game.id}")
    referee.wait_for_selector("[data-sync=ok]")

    switch_to(referee, "Italiano", "it")

    referee.wait_for_selector("[data-sync=ok]")
    assert "Riserva" in referee.locator("#console .supply").inner_text()
    undo = referee.locator("#console .log-box button", has_text="Annulla ultima azione")
    referee.once("dialog", lambda dialog: dialog.accept())
    undo.click()  # an htmx swap of the whole console, answered in the device's language
    referee.wait_for_selector("#console .log li.undo")
    assert "Riserva" in referee.locator("#console .supply").inner_text()
    console_watch.assert_clean()
