"""Issue 32: the story of a game in a real browser. The TV switches to the story when the
game ends (the ranking, then the charts, large enough for 3 m), a phone opens it in Italian,
the exported file opens with the network off, and every story page passes axe.

Games are imported from examples/ into the live server's store (a finished record, and a
record one entry short of its end for the TV to watch the last entry land).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_accessibility import assert_accessible, with_axe
from test_table import drive_one_step
from test_tv_and_phone import EXAMPLES, PHONE, TV, seat_tokens, smallest

from companion.tracker.game import URLAND
from companion.tracker.record_core import Undo
from companion.tracker.urland import record as urland_record
from companion.tracker.ursuppe.record.document import record_from_dict

LAPTOP = {"width": 1366, "height": 800}
MAX_STEPS = 60


def store_of(live_server):
    return live_server.app.extensions["companion.store"]


def ursuppe_game(live_server, name: str, cut: int = 0):
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    record = record_from_dict(data)
    entries = list(record.entries)[: len(record.entries) - cut]
    return store_of(live_server).create_game(record.setup, f"{name} story", False, False, entries)


def urland_game(live_server):
    data = json.loads((EXAMPLES / "urland" / "four-players.json").read_text())
    setup, entries = urland_record.record_from_dict(data)
    return store_of(live_server).create_game(
        setup, "Urland story", False, True, list(entries), core=URLAND
    )


@pytest.fixture
def context_of(browser):
    made = []

    def make(size, **options):
        context = with_axe(browser.new_context(viewport=size, **options))
        context.set_default_timeout(15_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def test_the_tv_switches_to_the_story_when_the_referee_plays_the_game_to_its_end(
    context_of, referee, live_server, console_watch, shot
):
    game = ursuppe_game(live_server, "four-players", cut=3)  # the last divisions to play
    assert not game.over
    tv = console_watch.watch(context_of(TV).new_page())
    tv.goto(f"{live_server.url}/b/{game.board_token}")
    tv.wait_for_selector("[data-sync=ok]")
    assert tv.locator(".story").count() == 0

    referee.goto(f"{live_server.url}/games/{game.id}")
    for _ in range(MAX_STEPS):  # the referee plays on, as at the table, to the game's end
        if store_of(live_server).get(game.id).over:
            break
        drive_one_step(referee)
    final = store_of(live_server).get(game.id)
    assert final.over
    tv.wait_for_selector(".story-board-view .story-chart img", timeout=20_000)
    banner = tv.text_content(".tv-turn.final .who").strip()
    assert banner.endswith("wins")
    ranking = tv.locator(".tv-standings .ranking li")
    assert ranking.count() == 4
    assert ranking.first.get_attribute("data-place") == "1"
    assert {c.get_attribute("data-chart") for c in tv.locator(".story-chart").all()} >= {
        "ladder",
        "bp",
        "alive",
        "deaths",
    }
    assert tv.locator(".story-moments li").count() >= 3
    # large enough for 3 m: the ranking's names, and each chart drawn at its full size
    assert smallest(tv, ".tv-standings .name") >= 24
    width = tv.evaluate("document.querySelector('.story-chart img').getBoundingClientRect().width")
    assert width >= 880
    shot(tv, "tv-1920-story-final")
    assert_accessible(tv, "story-tv", shot)
    console_watch.assert_clean()

    # an undo brings the board back
    store_of(live_server).append(game.id, Undo(final.revision - 1), final.revision)
    tv.wait_for_selector(".soup", timeout=20_000)
    assert tv.locator(".story").count() == 0


def test_a_phone_offers_the_story_and_opens_it_in_italian(
    context_of, live_server, console_watch, shot
):
    game = ursuppe_game(live_server, "four-players")
    phone = console_watch.watch(context_of(PHONE, locale="it-IT").new_page())
    phone.goto(f"{live_server.url}/s/{seat_tokens(live_server, game)['red']}")
    phone.click(".story-link a")
    phone.wait_for_selector(".story-chart img")
    assert phone.text_content("h1.story-title").strip() == "La storia della partita"
    assert "Classifica finale" in phone.text_content(".story-ranking h2")
    shot(phone, "phone-390-story-it")
    wide = phone.evaluate(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right"
        " > innerWidth + 1 && !e.closest('.table-scroll')).map(e => e.tagName + '.' +"
        " e.className).slice(0, 5)"
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], wide
    # no link to a moment page (the referee's alone) on a phone
    assert phone.locator(".story-moments a").count() == 0
    shot(phone, "phone-390-story-it")
    phone.locator(".story-chart details").first.click()
    assert phone.locator(".story-chart table").first.is_visible()
    shot(phone, "phone-390-story-it-table")
    assert_accessible(phone, "story-phone-it", shot)
    console_watch.assert_clean()


@pytest.mark.parametrize("which", ["ursuppe", "urland"])
def test_the_referee_story_links_each_moment_to_its_moment_page(
    context_of, live_server, console_watch, shot, which
):
    game = (
        ursuppe_game(live_server, "six-players") if which == "ursuppe" else urland_game(live_server)
    )
    page = console_watch.watch(context_of(LAPTOP).new_page())
    page.goto(live_server.referee_link)
    page.goto(f"{live_server.url}/games/{game.id}/story")
    links = page.locator(".story-moments a")
    assert links.count() >= 2
    shot(page, f"laptop-1366-story-{which}")
    assert_accessible(page, f"story-laptop-{which}", shot)
    href = links.first.get_attribute("href")
    seq = page.locator(".story-moments li").first.get_attribute("data-seq")
    assert href.endswith(f"/games/{game.id}/at/{seq}")
    page.click(".story-moments a >> nth=0")
    page.wait_for_url(f"**/at/{seq}")
    console_watch.assert_clean()


def test_the_exported_story_opens_with_the_network_off(context_of, live_server, shot, tmp_path):
    game = ursuppe_game(live_server, "four-players")
    context = context_of(LAPTOP)
    page = context.new_page()
    page.goto(live_server.referee_link)
    with page.expect_download() as download:
        page.goto(f"{live_server.url}/games/{game.id}/story")
        page.click("a[href$='/story/export']")
    saved = Path(tmp_path / download.value.suggested_filename)
    download.value.save_as(saved)
    assert saved.name == f"ursuppe-four-players-story-{game.created[:10]}.html"
    offline = context_of(LAPTOP)
    offline.set_offline(True)
    asked = []
    local = ("file:", "data:")
    offline.on("request", lambda r: None if r.url.startswith(local) else asked.append(r))
    view = offline.new_page()
    view.goto(saved.as_uri())
    images = view.locator(".story-chart img")
    assert images.count() == 4
    for i in range(images.count()):
        drawn = "(img) => img.complete && img.naturalWidth > 0"
        assert view.evaluate(drawn, images.nth(i).element_handle())
    assert view.locator(".story-chart table").first.is_visible()  # the tables are open
    assert asked == []
    shot(view, "laptop-1366-story-file")
    assert_accessible(view, "story-file", shot)


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_group_s_history_reads_on_a_phone_and_the_laptop(
    context_of, live_server, console_watch, shot, size
):
    for name in ("four-players", "three-players", "six-players"):
        ursuppe_game(live_server, name)
    urland_game(live_server)
    viewport = PHONE if size == "phone" else LAPTOP
    page = console_watch.watch(context_of(viewport).new_page())
    page.goto(live_server.referee_link)
    page.click("a[href='/group']")
    page.wait_for_selector("[data-game=ursuppe] tbody tr")
    assert page.locator("[data-game=urland] tbody tr").count() == 4
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    shot(page, f"{size}-group")
    assert_accessible(page, f"group-{size}", shot)
    console_watch.assert_clean()
