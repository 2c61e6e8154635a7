"""The table in real browsers: the referee's laptop drives a game, a phone follows by itself.

Chromium talks to the app served by waitress on loopback (see conftest.py). The referee's
console swaps in place with htmx; a seat page is updated by server-sent events, never
reloaded. Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import re
import time

import pytest
from console_armed import wait_armed

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
COLORS = ["red", "yellow", "green", "blue"]
LIVE_WITHIN_MS = 2_000  # the phone's 4 s polling fallback would be slower than this
MAX_STEPS = 400
# What Chromium logs while the server is down (killed mid-round): which of these a page sees
# depends on where its request was when the socket went (SOCKET_NOT_CONNECTED: a keep-alive
# socket the kill closed, reused by the next poll).
OUTAGE_NOISE = (
    r"Failed to load resource: net::ERR_(CONNECTION_REFUSED|INCOMPLETE_CHUNKED_ENCODING"
    r"|EMPTY_RESPONSE|CONNECTION_RESET|CONNECTION_CLOSED|SOCKET_NOT_CONNECTED)",
    r"console: htmx:(afterRequest|sseError|sendError)",
    r"console: \[object (Event|HTMLDivElement)\]$",
)


# --- the referee's side -------------------------------------------------------------------


def new_game(page, base_url: str, names=NAMES) -> str:
    """Create a game through the setup page (default options); return the console's URL."""
    page.goto(f"{base_url}/games/new")
    for i in range(6):
        page.fill(f"input[name=name{i}]", names[i] if i < len(names) else "")
        if i < len(names):
            page.select_option(f"select[name=color{i}]", COLORS[i])
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    assert re.search(r"/games/[^/]+$", page.url), page.url
    return page.url


def revision(page) -> int:
    return int(page.get_attribute("#console", "data-revision"))


def mark_console(page) -> None:
    """Mark the console shown now, so that the next swap can be told apart from it."""
    page.evaluate("document.querySelector('#console').dataset.old = 'yes'")


def wait_for_new_console(page) -> None:
    page.wait_for_function(
        "() => { const c = document.querySelector('#console'); return c && !c.dataset.old; }"
    )


def wait_for_swap(page, before: int) -> int:
    """Wait until htmx swapped in a console at a newer revision; fail on a refusal."""
    wait_for_new_console(page)
    refusal = page.locator("#console .refusal")
    assert refusal.count() == 0, f"refused: {refusal.inner_text()}"
    after = revision(page)
    assert after > before
    return after


def console_button(page, text: str):
    return page.locator(f"#console .choices button:text-is('{text}')")


def drive_one_step(page) -> str:
    """Make one move the way a referee would; return what was done."""
    before = revision(page)
    mark_console(page)
    for text in ("Draw a card for me", "Roll for me"):
        button = console_button(page, text)
        if button.count():
            button.first.click()
            wait_for_swap(page, before)
            return text
    space = page.locator(".soup .space.legal .tap")
    if space.count():
        number = page.locator(".soup .space.legal").first.get_attribute("data-space")
        space.first.click()
        wait_for_swap(page, before)
        return f"tap space {number}"
    carry = page.locator("#console form.carry")
    if carry.count():
        carry.locator("button[type=submit]").click()
        wait_for_swap(page, before)
        return "carry nothing"
    dice = page.locator("#console form.dice-pair")
    if dice.count():
        dice.locator("input[name=d1][value='3']").check()
        dice.locator("input[name=d2][value='4']").check()
        dice.locator("button[type=submit]").click()
        wait_for_swap(page, before)
        return "dice 3 and 4"
    button = page.locator("#console .choices .buttons button").first
    label = button.inner_text()
    button.click()
    wait_for_swap(page, before)
    return label


def phase(page) -> str:
    return page.inner_text("#console .status-line .phase")


# The soup on screen against the whole soup drawn afresh (no drawing named as shown): a tap's
# answer may carry only the spaces that changed (a patch that app.js applies), so the two
# must match part for part. `aria-disabled` is the console's own arming, not the drawing's.
SOUP_AS_DRAWN = """async (url) => {
  const answer = await fetch(url, {headers: {"HX-Request": "true"}});
  const doc = new DOMParser().parseFromString(await answer.text(), "text/html");
  const parts = (svg) => [svg.cloneNode(false), ...svg.children].map((el) => {
    const copy = el.cloneNode(el !== svg);
    copy.removeAttribute("aria-disabled");
    copy.querySelectorAll("[aria-disabled]").forEach((c) => c.removeAttribute("aria-disabled"));
    return copy.outerHTML;
  });
  const screen = parts(document.querySelector("#console svg.soup"));
  const fresh = parts(doc.querySelector("svg.soup"));
  const differ = fresh.filter((part, i) => screen[i] !== part);
  return screen.length === fresh.length && !differ.length ? "" : differ.slice(0, 2).join("\\n");
}"""


def assert_soup_as_drawn(page, console_url: str) -> None:
    """The soup on screen is exactly the soup the server draws for this state."""
    differ = page.evaluate(SOUP_AS_DRAWN, console_url + "/view")
    assert not differ, f"the soup on screen differs from the one drawn: {differ[:400]}"


# --- the phone's side ---------------------------------------------------------------------


def seat_revision(phone) -> int:
    return int(phone.get_attribute("#seat", "data-revision"))


def wait_for_seat(phone, rev: int) -> float:
    """The seat page reaches `rev` by itself (no reload) within LIVE_WITHIN_MS; the delay."""
    start = time.monotonic()
    phone.wait_for_function(
        "rev => Number(document.querySelector('#seat')?.dataset.revision) >= rev",
        arg=rev,
        timeout=LIVE_WITHIN_MS,
    )
    return time.monotonic() - start


def seat_text(phone) -> dict[str, str]:
    return {
        "bp": phone.inner_text("#seat .stats .stat:first-child .big-number"),
        "awaiting": phone.inner_text("#seat .awaiting"),
    }


# --- tests --------------------------------------------------------------------------------


def test_referee_drives_a_short_game_while_a_seat_follows_by_itself(
    referee, phone_context, live_server, console_watch, shot
):
    page = referee
    console_url = new_game(page, live_server.url)
    shot(page, "01-console-new-game")

    # The seat QR codes page: every link points to the loopback address the app was given.
    page.click("a:text('Seat QR codes')")
    page.wait_for_selector(".qr-card .url a")
    links = [a.get_attribute("href") for a in page.locator(".qr-card .url a").all()]
    assert len(links) == 5  # four seats and the public board
    assert all(link.startswith(live_server.url + "/") for link in links), links
    assert page.locator(".qr-card .qr svg").count() == 5
    shot(page, "02-seat-qr-codes")
    page.goto(console_url)
    page.wait_for_selector("#console")

    phone = console_watch.watch(phone_context.new_page())
    phone.goto(links[0])
    phone.wait_for_selector("#seat")
    assert NAMES[0] in phone.inner_text("#seat h1")
    phone.wait_for_function("() => document.querySelector('.sync').textContent === 'In sync'")
    phone.evaluate("window.__sameDocument = true")  # gone if the page were reloaded
    shot(phone, "03-seat-at-start")

    seen_texts = [seat_text(phone)]
    delays = []
    done = [drive_one_step(page)]  # the first environment card
    delays.append(wait_for_seat(phone, revision(page)))
    assert page.locator("#console .dice-row button").count() == 11  # two-dice totals 2..12
    before = revision(page)
    mark_console(page)
    page.click("#console .dice-row button:text-is('9')")  # a start roll typed in by hand
    wait_for_swap(page, before)
    done.append("start roll 9")
    delays.append(wait_for_seat(phone, revision(page)))
    for _ in range(MAX_STEPS):
        if "Round 2" in phase(page):
            break
        what = drive_one_step(page)
        done.append(f"{phase(page)}: {what}")
        assert_soup_as_drawn(page, console_url)
        delays.append(wait_for_seat(phone, revision(page)))
        assert seat_revision(phone) == revision(page)
        texts = seat_text(phone)
        if texts != seen_texts[-1]:
            seen_texts.append(texts)
        if len(done) == 12:
            shot(page, "04-console-amoebas-placed")
            shot(phone, "05-seat-amoebas-placed")
    else:
        pytest.fail("round 2 was not reached; last steps: " + "; ".join(done[-15:]))

    shot(page, "06-console-round-2")
    shot(phone, "07-seat-round-2")
    assert phone.evaluate("window.__sameDocument === true"), "the seat page was reloaded"
    assert phone.inner_text(".sync") == "In sync"
    assert phone.get_attribute(".sync", "data-sync") == "ok"
    assert len(seen_texts) > 3, seen_texts  # the awaiting line and BP changed by themselves
    assert len({t["bp"] for t in seen_texts}) > 1, seen_texts
    assert max(delays) < LIVE_WITHIN_MS / 1000
    assert sum("tap space" in step for step in done) >= 8, done  # 8 amoebas, then divisions
    assert any("Phase 4" in step for step in done), done
    console_watch.assert_clean()


def assert_console_in_place(page, console_url: str) -> None:
    """The refusal was swapped into the console: same page, same topbar, no error page."""
    assert page.url == console_url
    assert page.locator("header.topbar a:text('Seat QR codes')").count() == 1
    assert page.locator("#console").count() == 1
    assert page.locator("#console .choices").count() == 1
    assert page.locator("body.console-page").count() == 1


def test_a_refused_choice_comes_back_in_place_with_the_rule(
    referee, browser, console_watch, live_server, shot
):
    page = referee
    console_url = new_game(page, live_server.url)
    drive_one_step(page)  # the first environment card
    assert "Roll for me" in page.inner_text("#console .choices")

    # An illegal choice crafted in the browser: a start roll of 13 with two dice.
    before = revision(page)
    page.evaluate(
        """() => {
            const form = document.querySelector('#console .dice-row form');
            form.querySelector('input[name=d1]').value = '13';
        }"""
    )
    mark_console(page)
    page.locator("#console .dice-row form button").first.click()
    wait_for_new_console(page)
    refusal = page.inner_text("#console .refusal")
    assert "not a legal choice" in refusal
    # the rule it rests on, in the group's rulebook (never a file of the repository); the
    # setup page offers the rulebook the last game named, so any base book may be cited
    assert re.search(r"\((Spanish|Italian) rules.*, .+\)$", refusal), refusal
    assert "§" not in refusal, refusal
    assert revision(page) == before
    assert_console_in_place(page, console_url)
    assert "Roll for me" in page.inner_text("#console .choices")  # the choices are still there
    shot(page, "10-refusal-illegal")

    # A stale page: the same console in a second tab that cannot follow live (its stream and
    # polls are cut), the first one moves on meanwhile.
    other = console_watch.watch(page.context.new_page())
    other.route(re.compile(r"/(events|view\?since=\d+)$"), lambda route: route.abort())
    other.goto(console_url)
    other.wait_for_selector("#console")
    drive_one_step(page)
    drive_one_step(page)
    moved_to = revision(page)
    mark_console(other)
    other.locator("#console .choices button:text-is('Roll for me')").click()
    wait_for_new_console(other)
    conflict = other.inner_text("#console .refusal.conflict")
    assert "the table moved on meanwhile" in conflict, conflict
    assert "Nothing was changed" in conflict
    assert_console_in_place(other, console_url)
    assert revision(other) == moved_to  # it now shows the table as it is, in place
    assert revision(page) == moved_to  # and nothing was changed
    shot(other, "11-refusal-stale-tab")

    # The refused tab carries on from there.
    drive_one_step(other)
    assert other.locator("#console .refusal").count() == 0
    console_watch.assert_clean(allow=(r"status of 4(09|22)", r"net::ERR_FAILED", *OUTAGE_NOISE))


def log_labels(page, selector: str = "#console ol.log > li") -> list[str]:
    return [t.strip() for t in page.locator(f"{selector} .entry-label").all_inner_texts()]


def test_undo_and_correction_from_the_console(referee, console_watch, live_server, shot):
    page = referee
    console_url = new_game(page, live_server.url)
    for _ in range(3):
        drive_one_step(page)
    before = revision(page)
    kept = page.locator("#console ol.log > li:not(.undone):not(.undo)").count()

    # Cancelling the confirmation changes nothing.
    dismissed = []
    page.once("dialog", lambda d: (dismissed.append(d.message), d.dismiss()))
    page.click("#console .log-box button:text-is('Undo last')")
    page.wait_for_timeout(500)
    assert dismissed
    assert revision(page) == before
    assert page.locator("#console ol.log > li.undone").count() == 0

    messages = []

    def accept(dialog):
        messages.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    mark_console(page)
    page.click("#console .log-box button:text-is('Undo last')")
    wait_for_swap(page, before)
    assert messages and "Undo" in messages[0]
    assert page.locator("#console ol.log > li.undone").count() == 1
    assert page.locator("#console ol.log > li.undo").count() == 1
    assert page.locator("#console ol.log > li:not(.undone):not(.undo)").count() == kept - 1
    shot(page, "20-console-after-undo")

    # A correction: the table says Ana has 7 BP.
    ana = page.locator("#console table.players tbody tr", has_text=NAMES[0])
    assert ana.locator("td.num").first.inner_text() != "7"
    page.click("#console details.correction summary")
    form = page.locator("#console details.correction form")
    form.locator("select[name=field]").select_option("bp")
    form.locator("select[name=color]").select_option("red")
    form.locator("input[name=value]").fill("7")
    form.locator("input[name=reason]").fill("the table shows 7 BP")
    before = revision(page)
    wait_armed(page)  # a tap on unarmed choices is dropped
    mark_console(page)
    form.locator("button[type=submit]").click()
    wait_for_swap(page, before)
    assert ana.locator("td.num").first.inner_text() == "7"
    assert log_labels(page)[0].startswith("Correction: Ana ● red's BP set to 7 — reason: ")
    newest = page.locator("#console ol.log > li").first.inner_text()
    assert "Ana ● red BP set from 4 to 7" in newest and "the table shows 7 BP" in newest, newest
    assert page.url == console_url
    shot(page, "21-console-after-correction")
    console_watch.assert_clean()


def test_the_seat_page_shows_reconnecting_when_the_server_goes_away(
    browser, phone_context, own_server, console_watch, shot
):
    live = own_server.live
    laptop = browser.new_context(viewport={"width": 1280, "height": 900})
    page = console_watch.watch(laptop.new_page())
    page.goto(live.referee_link)
    console_url = new_game(page, live.url)
    page.goto(console_url + "/seats")
    link = page.locator(".qr-card .url a").first.get_attribute("href")
    page.goto(console_url)
    page.wait_for_selector("#console")

    phone = console_watch.watch(phone_context.new_page())
    phone.goto(link)
    phone.wait_for_function("() => document.querySelector('.sync').dataset.sync === 'ok'")
    phone.evaluate("window.__sameDocument = true")
    console_watch.assert_clean()

    own_server.kill()
    phone.wait_for_function(
        "() => document.querySelector('.sync').dataset.sync === 'lost'", timeout=5_000
    )
    assert re.match(r"(Reconnecting|Offline)", phone.inner_text(".sync"))
    shot(phone, "30-seat-reconnecting")

    # Back on the same port: the phone reconnects and catches up on what it missed.
    own_server.restart()
    drive_one_step(page)
    phone.wait_for_function(
        "() => document.querySelector('.sync').dataset.sync === 'ok'", timeout=15_000
    )
    wait_for_seat(phone, revision(page))
    assert phone.inner_text(".sync") == "In sync"
    assert phone.evaluate("window.__sameDocument === true"), "the seat page was reloaded"
    shot(phone, "31-seat-back-in-sync")
    laptop.close()
    # What a dropped connection logs while the server is away, and only that.
    console_watch.assert_clean(allow=OUTAGE_NOISE)
