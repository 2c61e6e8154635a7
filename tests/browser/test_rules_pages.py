"""Citations a group can follow, in a real browser: the rulebook chosen at setup is cited by
its own sections, a tap on a citation opens the rules page, and phones and the TV name every
player with the shape of their color. Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import re

from console_armed import wait_armed
from test_table import COLORS, NAMES, drive_one_step, new_game

SEED_FILE = re.compile(r"\b00[0-4] |§|shared/")


def test_an_italian_group_follows_a_citation_to_the_rules_page(
    referee, live_server, phone_context, console_watch, shot
):
    page = referee
    page.goto(f"{live_server.url}/games/new")
    for i, (name, color) in enumerate(zip(NAMES, COLORS, strict=True)):
        page.fill(f"input[name=name{i}]", name)
        page.select_option(f"select[name=color{i}]", color)
    for i in range(len(NAMES), 6):
        page.fill(f"input[name=name{i}]", "")
    page.check("input[name=rulebook][value=it]")
    shot(page, "h3-01-setup-rulebook")
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    for _ in range(12):
        drive_one_step(page)
    shot(page, "h3-02-console-italian-citations")

    prompt_cite = page.locator("#console .source a.cite")
    assert prompt_cite.inner_text().startswith("Italian rules, ")
    log_text = page.inner_text("#console .log")
    assert "Italian rules, " in log_text and not SEED_FILE.search(log_text)
    assert re.search(r"(Ana|Ben|Cleo|Dev) [●▲■◆] (red|yellow|green|blue)", log_text)

    # New choices (and their links) arm after a moment, so that a double tap cannot follow one.
    wait_armed(page)
    page.locator("#console .log a.cite").first.click()
    page.wait_for_selector("article.rules h1")
    assert "/rules/" in page.url
    assert page.locator("#readings").count() == 1 and page.locator("#books").count() == 1
    shot(page, "h3-03-rules-page-laptop")

    phone = console_watch.watch(phone_context.new_page())
    phone.goto(f"{live_server.url}/rules/scoring")
    assert "Fase 6: Punteggio" in phone.inner_text("#books")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the rules page is {width}px wide on a 390px phone"
    shot(phone, "h3-04-rules-page-phone")
    phone.goto(f"{live_server.url}/rules")
    shot(phone, "h3-05-rules-index-phone")
    console_watch.assert_clean()


def test_phones_and_the_tv_name_players_with_their_shapes(
    referee, live_server, phone_context, console_watch, shot
):
    page = referee
    console_url = new_game(page, live_server.url)
    for _ in range(14):
        drive_one_step(page)
    page.goto(f"{console_url}/seats")
    for name, color in zip(NAMES, COLORS, strict=True):
        assert f"{name} " in page.inner_text(f"figure.qr-card:has-text('{name}') figcaption")
        assert color in page.inner_text(f"figure.qr-card:has-text('{name}') figcaption")
    seat_link = page.locator("figure.qr-card:has-text('Ben') a").first.get_attribute("href")
    board_link = page.locator("figure.qr-card:has-text('Public board') a").get_attribute("href")

    phone = console_watch.watch(phone_context.new_page())
    phone.goto(seat_link)
    phone.wait_for_selector("#seat h1")
    assert phone.inner_text("#seat h1").strip() == "Ben ▲ yellow"
    shot(phone, "h3-06-seat-phone")

    tv = console_watch.watch(page.context.new_page())
    tv.goto(board_link)
    tv.wait_for_selector("#board-view")
    standings = tv.inner_text("#board-view .tv-standings")
    assert "Ben ▲ yellow" in standings and "Ana ● red" in standings
    assert tv.locator("#board-view .events a.cite").count() > 0
    shot(tv, "h3-07-board-tv")
    console_watch.assert_clean()
