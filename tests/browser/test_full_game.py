"""A whole game at the table, as the issue's users play it (slow).

The referee sets up a 4-player game in the browser (the app rolls the dice and draws the
cards), two phones open their seats by their QR links, and the referee plays every round to
the end: with an undo, a correction, and the server process killed and started again in the
middle. The phones follow by themselves throughout, and come back in sync after the restart.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from trust.trustlib import ServeProcess, free_port

pytestmark = pytest.mark.slow

MAX_STEPS = 1500
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture
def server(chromium_ok, tmp_path):
    process = ServeProcess(tmp_path / "instance", free_port(), tmp_path / "server.log")
    process.start()
    yield process
    process.stop()


def revision(page) -> int:
    return int(page.locator("#console").get_attribute("data-revision"))


def seat_revision(phone) -> int:
    return int(phone.locator("#seat").get_attribute("data-revision"))


def step(page) -> None:
    """One tap: roll or draw for the table, tap a legal space, carry, or the first choice."""
    for label in ("Roll for me", "Draw a card for me"):
        button = page.get_by_role("button", name=label)
        if button.count():
            button.first.click()
            return
    if page.locator(".soup .space.legal").count():
        page.locator(".soup .space.legal .tap").first.click()
    elif page.locator("form.carry").count():
        page.locator("form.carry button").click()
    else:
        page.locator(".buttons button").first.click()


def wait_for_revision(page, before: int) -> None:
    page.wait_for_function(
        "(rev) => { const c = document.querySelector('#console');"
        " return c && Number(c.dataset.revision) !== rev; }",
        arg=before,
        timeout=8000,
    )


def wait_for_seat(phone, rev: int, timeout: int = 8000) -> None:
    phone.wait_for_function(
        "(rev) => { const s = document.querySelector('#seat');"
        " return s && Number(s.dataset.revision) >= rev; }",
        arg=rev,
        timeout=timeout,
    )


def start_four_player_game(referee, server, names=("Ana", "Ben", "Cleo", "Dev")) -> str:
    """Set a game up in the browser, the app rolling and drawing; return the console's URL."""
    referee.goto(f"{server.url}/referee/{server.referee_token}")
    referee.get_by_role("link", name="New game").click()
    for i, name in enumerate(names):
        referee.fill(f"input[name=name{i}]", name)
    referee.check("input[name=dice][value=app]")
    referee.check("input[name=cards][value=app]")
    referee.get_by_role("button", name="Start the game").click()
    referee.wait_for_selector("#console")
    return referee.url


def test_a_whole_game_with_undo_correction_and_a_restart_while_phones_follow(server, browser):
    errors: list[str] = []
    referee = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    referee.on("pageerror", lambda e: errors.append(f"referee: {e}"))
    referee.on("dialog", lambda d: d.accept())
    console_url = start_four_player_game(referee, server)

    referee.goto(console_url + "/seats")
    links = [a.get_attribute("href") for a in referee.locator(".qr-card .url a").all()]
    assert all(link.startswith(server.url) for link in links)
    phones = []
    for link in links[:2]:
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
        page = phone.new_page()
        page.goto(link)
        page.evaluate("() => { window.__sameDocument = true; }")  # proves: never reloaded
        phones.append(page)
    referee.goto(console_url)

    steps, undone, corrected, restarted = 0, False, False, False
    while "Game over" not in referee.inner_text(".status-line"):
        assert steps < MAX_STEPS, "the game did not end"
        before = revision(referee)
        step(referee)
        wait_for_revision(referee, before)
        steps += 1
        if steps % 20 == 0:
            wait_for_seat(phones[0], revision(referee))
        if steps == 50 and not undone:
            before = revision(referee)
            referee.get_by_role("button", name="Undo last").click()
            wait_for_revision(referee, before)
            assert referee.locator("#console ol.log > li.undone").count() >= 1
            undone = True
        if steps == 70 and not corrected:
            referee.click("details.correction summary")
            referee.select_option("select[name=field]", "bp")
            referee.select_option("select[name=color]", "red")
            referee.fill("input[name=value]", "9")
            referee.fill("input[name=reason]", "Ana found a coin under the board")
            before = revision(referee)
            referee.click("details.correction button[type=submit]")
            wait_for_revision(referee, before)
            assert "Ana found a coin under the board" in referee.inner_text("#console ol.log")
            corrected = True
        if steps == 100 and not restarted:
            prompt, rev = referee.inner_text(".prompt"), revision(referee)
            server.proc.kill()  # killed mid-round, as a laptop's battery would
            server.proc.wait(5)
            server.start()
            referee.goto(console_url)
            assert revision(referee) == rev and referee.inner_text(".prompt") == prompt
            for phone in phones:  # the phones reconnect and re-sync by themselves
                wait_for_seat(phone, rev, timeout=15000)
            restarted = True

    assert undone and corrected and restarted
    final = revision(referee)
    for phone in phones:
        wait_for_seat(phone, final)
        assert phone.evaluate("() => window.__sameDocument === true")
        assert phone.inner_text(".sync") == "In sync"
    referee.screenshot(path=str(ARTIFACTS / "40-full-game-over.png"))
    phones[0].screenshot(path=str(ARTIFACTS / "41-full-game-phone.png"), full_page=True)
    referee.goto(console_url + "/standings")
    assert referee.locator("svg.chart polyline").count() == 4
    referee.screenshot(path=str(ARTIFACTS / "42-full-game-standings.png"), full_page=True)
    assert not [e for e in errors if "Event" not in e], errors
    print(f"full game: {steps} taps, revision {final}, undo, correction, one restart")
