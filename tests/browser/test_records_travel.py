"""A long game moves to another laptop: exported on one server, imported on another.

The record holds about 20,000 entries, thousands of them undos, so its export weighs more
than the 512 KB every other request may carry; it must still import, open at once, and
take an undo. A record with a key given twice is refused, naming the key.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from undone_records import undo_and_reenter

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SIZE = 19_000


def import_file(page, path: Path) -> None:
    page.set_input_files("form.import input[type=file]", str(path))
    page.click("form.import button[type=submit]")


@pytest.fixture
def laptop(browser, console_watch):
    def open_at(url: str, size: dict):
        context = browser.new_context(viewport=size)
        context.set_default_timeout(20_000)
        page = console_watch.watch(context.new_page())
        page.goto(url)
        page.wait_for_selector("text=New game")
        return page

    return open_at


def test_a_long_game_exports_and_imports_on_another_laptop(
    laptop, live_server, own_server, console_watch, shot, tmp_path
):
    # The 6-player example game, each action undone and entered again.
    six = json.loads((EXAMPLES / "six-players.json").read_text(encoding="utf-8"))
    record = undo_and_reenter(six, SIZE)
    source = tmp_path / "long.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    first = laptop(own_server.live.referee_link, {"width": 1280, "height": 900})
    import_file(first, source)
    first.wait_for_selector("#console")
    entries = len(record["actions"])
    assert first.locator("#console").get_attribute("data-revision") == str(entries)
    first.goto(own_server.live.url + "/")
    with first.expect_download() as download:
        first.click("table.games a:text-is('Export')")
    moved = tmp_path / "moved.json"
    download.value.save_as(moved)
    assert moved.stat().st_size > 512 * 1024

    # The other laptop: a phone-sized window on purpose, the table may use either.
    second = laptop(live_server.referee_link, {"width": 390, "height": 844})
    began = time.monotonic()
    import_file(second, moved)
    second.wait_for_selector("#console")
    took = time.monotonic() - began
    assert second.locator("#console").get_attribute("data-revision") == str(entries)
    assert "The game is over." in second.inner_text("#console")
    shot(second, "records-travel-imported-phone")
    second.once("dialog", lambda dialog: dialog.accept())
    second.click("#console .log-box button:text-is('Undo last')")
    second.wait_for_selector(f"#console[data-revision='{entries + 1}']")
    assert second.locator("#console ol.log > li.undo").first.is_visible()
    shot(second, "records-travel-undo-phone")
    first.goto(own_server.live.url + "/")
    shot(first, "records-travel-games-laptop")
    print(f"import of {moved.stat().st_size // 1024} KB, {entries} entries: {took:.1f} s")
    console_watch.assert_clean()


def test_a_record_with_a_key_twice_is_refused_naming_it(laptop, live_server, shot, tmp_path):
    text = (EXAMPLES / "three-players.json").read_text(encoding="utf-8")
    doubled = text.replace('"version": 1', '"version": 1, "version": 2', 1)
    assert doubled != text
    path = tmp_path / "doubled.json"
    path.write_text(doubled, encoding="utf-8")
    page = laptop(live_server.referee_link, {"width": 390, "height": 844})
    import_file(page, path)
    alert = page.locator(".refusal[role=alert]")
    alert.wait_for()
    assert 'the key "version" appears twice in one object' in alert.inner_text()
    shot(page, "records-duplicate-key-phone")
