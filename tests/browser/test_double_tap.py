"""One tap, one action: a double tap on any console control records exactly one entry.

A finger that lands twice (50, 150, 400 or 700 ms apart) on a choice, a board space, a die,
"Roll for me", "Undo last", "Back to here" or the correction's button must add one entry to
the record, never two: the second tap lands either while the first is in flight or on the new
choices, which arrive unarmed. Real touch taps on a phone-sized console, and mouse clicks on
the laptop-sized one; the server's own revision is the judge.
"""

from __future__ import annotations

import html
import re
import time

import pytest
from console_armed import wait_armed
from test_table import drive_one_step, new_game

pytestmark = pytest.mark.timing  # real tap gaps: run alone, after the parallel run

GAPS_MS = (50, 150, 400, 700)
QUIET_MS = 300  # then wait until no request is in flight: anything sent has landed


UNARMED_AFTER = """rev => {
  const c = document.querySelector('#console');
  if (!c || Number(c.dataset.revision) <= rev) return false;
  const b = c.querySelector('.choices button, .soup .space.legal .tap, .log-box button');
  return c.dataset.armed === 'no' && b.getAttribute('aria-disabled') === 'true'
    && Number(getComputedStyle(b).opacity) < 0.9;
}"""


@pytest.fixture
def live_server(real_taps_server):
    """These tests measure the console's real tap timings."""
    return real_taps_server


def server_revision(page, console_url: str) -> int:
    """The game's revision as the server has it now (not as the page shows it)."""
    html = page.request.get(f"{console_url}/view?since=-1", headers={"HX-Request": "true"}).text()
    return int(re.search(r'data-revision="(\d+)"', html).group(1))


def shown_revision(page) -> int:
    return int(page.get_attribute("#console", "data-revision"))


def click_and_wait(page, selector: str) -> None:
    """An ordinary single click that must record one entry."""
    wait_armed(page)
    before = shown_revision(page)
    page.locator(selector).first.click()
    # The new choices arrive visibly unarmed (dimmed, aria-disabled), then arm.
    page.wait_for_function(UNARMED_AFTER, arg=before)
    wait_armed(page)


def double_tap(page, selector: str, gap_ms: int, touch: bool) -> float:
    """Tap twice at the centre of `selector`, `gap_ms` apart; return the real gap in ms."""
    wait_armed(page)
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    page.wait_for_timeout(100)  # the scroll settles
    box = target.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    tap = page.touchscreen.tap if touch else page.mouse.click
    start = time.monotonic()
    tap(x, y)
    rest = gap_ms / 1000 - (time.monotonic() - start)
    if rest > 0:
        time.sleep(rest)
    gap = (time.monotonic() - start) * 1000
    tap(x, y)
    page.wait_for_timeout(QUIET_MS)
    wait_armed(page)
    return gap


def assert_one_entry(page, console_url: str, selector: str, touch: bool, prepare=None) -> None:
    """Each gap: prepare the control, double-tap it, and see exactly one new entry."""
    for gap in GAPS_MS:
        if prepare:
            prepare()
        before = server_revision(page, console_url)
        real_gap = double_tap(page, selector, gap, touch)
        after = server_revision(page, console_url)
        assert after == before + 1, (
            f"{selector} tapped twice {real_gap:.0f} ms apart: {after - before} entries: "
            f"{newest_labels(page, after - before)}"
        )
        assert shown_revision(page) == after  # and the console shows it
        if prepare is None:
            undo(page)


def newest_labels(page, n: int) -> list[str]:
    labels = page.locator("#console ol.log > li .entry-label").all_inner_texts()
    return [label.strip() for label in labels[:n]]


def undo(page) -> None:
    click_and_wait(page, "#console .log-box button:text-is('Undo last')")


def referee_page(browser, live_server, console_watch, phone: bool):
    if phone:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
    else:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = console_watch.watch(context.new_page())
    page.on("dialog", lambda dialog: dialog.accept())  # "Undo ...?" confirmations
    page.goto(live_server.referee_link)
    return context, page


def to_placement(page) -> None:
    """From the start rolls to the first amoeba placement (spaces highlighted on the board)."""
    while page.locator("#console .soup .space.legal").count() == 0:
        wait_armed(page)
        drive_one_step(page)


def test_a_double_touch_tap_records_one_action_on_every_kind_of_control(
    browser, live_server, console_watch, shot
):
    double_tap_everything(browser, live_server, console_watch, shot, "phone", every_kind=True)


def test_a_double_click_on_the_laptop_records_one_action(browser, live_server, console_watch, shot):
    double_tap_everything(browser, live_server, console_watch, shot, "laptop", every_kind=False)


def double_tap_everything(browser, live_server, console_watch, shot, device, every_kind):
    """Double taps on each kind of control (a few kinds only unless `every_kind`)."""
    touch = device == "phone"
    context, page = referee_page(browser, live_server, console_watch, touch)
    if touch:  # the setup form is laid out for the laptop; the console is the point here
        page.set_viewport_size({"width": 1280, "height": 900})
    console_url = new_game(page, live_server.url)
    if touch:
        page.set_viewport_size({"width": 390, "height": 844})

    # A choice (an environment card), then "Draw a card for me" (the app's roll).
    assert_one_entry(page, console_url, "#console .card-choices button", touch)
    draw = "#console .choices button:text-is('Draw a card for me')"
    if every_kind:
        assert_one_entry(page, console_url, draw, touch)
    # A die typed in by hand (a start roll), then "Roll for me".
    click_and_wait(page, draw)
    assert_one_entry(page, console_url, "#console .dice-row button:text-is('7')", touch)
    if every_kind:
        assert_one_entry(
            page, console_url, "#console .choices button:text-is('Roll for me')", touch
        )

    # A space on the board SVG.
    to_placement(page)
    shot(page, f"40-double-tap-{device}-placement")
    assert_one_entry(page, console_url, "#console .soup .space.legal .tap", touch)

    # "Undo last": each double tap undoes one action only.
    def one_more_action():
        click_and_wait(page, "#console .soup .space.legal .tap")

    if every_kind:
        assert_one_entry(
            page,
            console_url,
            "#console .log-box button:text-is('Undo last')",
            touch,
            prepare=one_more_action,
        )

    # "Back to here" on the third newest entry: the second tap would land on another one.
    def three_actions():
        for _ in range(3):
            one_more_action()

    assert_one_entry(
        page, console_url, "#console ol.log > li:nth-child(3) button", touch, prepare=three_actions
    )

    # A correction with its form filled in.
    def fill_correction():
        wait_armed(page)
        details = page.locator("#console details.correction")
        if not details.evaluate("d => d.open"):
            page.click("#console details.correction summary")
        form = details.locator("form")
        form.locator("select[name=field]").select_option("bp")
        form.locator("select[name=color]").select_option("red")
        form.locator("input[name=value]").fill(str(5 + len(fill_correction.values)))
        fill_correction.values.append(1)
        form.locator("input[name=reason]").fill("the table shows it")

    fill_correction.values = []
    if every_kind:
        assert_one_entry(
            page,
            console_url,
            "#console details.correction button[type=submit]",
            touch,
            prepare=fill_correction,
        )
    shot(page, f"41-double-tap-{device}-done")
    # The log the page built from the taps' answers is the one the server would send whole.
    whole = page.request.get(f"{console_url}/view?since=-1", headers={"HX-Request": "true"})
    expected = re.findall(
        r'<li class="([^"]*)" value="(\d+)">\s*<div class="entry-head">'
        r'<span class="entry-label">([^<]*)<',
        whole.text(),
    )
    shown = page.eval_on_selector_all(
        "#console ol.log > li",
        "els => els.map(e => [e.className, String(e.value),"
        " e.querySelector('.entry-label').textContent])",
    )
    assert [tuple(x) for x in shown] == [(c, v, html.unescape(t)) for c, v, t in expected]
    # "Back to here" shows on every entry in force but the newest (nothing comes after it).
    visible = page.eval_on_selector_all(
        "#console ol.log > li",
        "els => els.map(e => { const b = e.querySelector('.back-to-here button');"
        " return !!b && b.getClientRects().length > 0; })",
    )
    in_force = [not {"undone", "undo"} & set(c.split()) for c, _, _ in expected]
    assert visible == [i > 0 and ok for i, ok in enumerate(in_force)]
    context.close()
    console_watch.assert_clean()
