"""Accessibility: every page passes axe-core with no violation of any impact (issue 30, 11a).

axe-core is vendored for the tests only (tests/browser/vendor/axe.min.js, from the npm package
axe-core, MPL-2.0). Each page is checked at phone (390x844) and laptop (1280x900) sizes, and
the TV board at 1920x1080 too. A minor or moderate finding fails as a serious one does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_addresses import every_page_of_a_game
from test_table import new_game

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text(encoding="utf-8")
SIZES = {"phone": (390, 844), "laptop": (1280, 900)}
FAILING = {"minor", "moderate", "serious", "critical"}


def axe_violations(page) -> list[dict]:
    """Run axe-core on the page as it is now (loaded by `with_axe`); return its violations."""
    result = page.evaluate("async () => JSON.stringify(await axe.run(document))")
    return json.loads(result)["violations"]


def with_axe(context):
    """Load axe-core into every page of a context (an init script: the CSP stays as served)."""
    context.add_init_script(AXE)
    return context


def summary(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        targets = [", ".join(n["target"]) for n in v["nodes"][:4]]
        lines.append(f"[{v['impact']}] {v['id']}: {v['help']} -> {targets}")
    return "\n".join(lines)


def assert_accessible(page, name: str, shot) -> None:
    """No axe violation of any impact on this page."""
    shot(page, f"a11y-{name}")
    violations = axe_violations(page)
    bad = [v for v in violations if v["impact"] in FAILING]
    minor = [v for v in violations if v["impact"] not in FAILING]
    if minor:
        print(f"{name}: minor findings\n{summary(minor)}")
    assert not bad, f"{name}: axe found violations\n{summary(bad)}"


@pytest.fixture(scope="module")
def pages(browser, live_server):
    """The addresses of every page of one game: console, seats, standings, history, seat, board."""
    return every_page_of_a_game(
        browser, live_server, lambda page: new_game(page, live_server.url), 10_000
    )


REFEREE_PAGES = ["games", "setup", "console", "seats", "standings", "history", "not-found"]
PUBLIC_PAGES = ["seat", "board", "rules"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", REFEREE_PAGES + PUBLIC_PAGES)
def test_every_page_passes_axe(browser, live_server, pages, shot, name, size):
    width, height = SIZES[size]
    context = with_axe(browser.new_context(viewport={"width": width, "height": height}))
    context.set_default_timeout(10_000)
    page = context.new_page()
    if name in REFEREE_PAGES:
        page.goto(live_server.referee_link)
    response = page.goto(pages[name])
    if name == "rules" and response.status == 404:
        context.close()
        pytest.skip("no rules pages in this build")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert_accessible(page, f"{name}-{size}", shot)
    # Nothing pushes the page wider than the screen (a phone would then zoom out).
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{name} scrolls sideways ({wide} px)"
    context.close()


def test_tv_board_passes_axe_at_1920(browser, live_server, pages, shot):
    context = with_axe(browser.new_context(viewport={"width": 1920, "height": 1080}))
    page = context.new_page()
    page.goto(pages["board"])
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert_accessible(page, "board-tv", shot)
    context.close()


def test_welcome_page_passes_axe(browser, live_server, shot):
    """The page a device without the referee link sees."""
    context = with_axe(browser.new_context(viewport={"width": 390, "height": 844}))
    page = context.new_page()
    page.goto(f"{live_server.url}/")
    assert_accessible(page, "welcome-phone", shot)
    context.close()


CONTROL_KINDS = {
    "cards": "#console .card-choices",
    "dice": "#console .dice-row",
    "spaces": "#console form.space-pick",
    "carry": "#console form.carry",
    "buttons": "#console .choices .buttons",
}


def test_console_passes_axe_at_every_kind_of_prompt(browser, live_server, shot):
    """Cards, dice, spaces on the board, cubes to carry, buttons: each checked once in play."""
    from test_table import drive_one_step

    context = with_axe(browser.new_context(viewport={"width": 1280, "height": 900}))
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(live_server.referee_link)
    new_game(page, live_server.url)
    seen: set[str] = set()
    for _ in range(120):
        for kind, selector in CONTROL_KINDS.items():
            if kind not in seen and page.locator(selector).count():
                seen.add(kind)
                assert_accessible(page, f"console-{kind}", shot)
        if seen == set(CONTROL_KINDS):
            break
        drive_one_step(page)
    context.close()
    assert seen >= {"cards", "dice", "spaces", "buttons"}, f"prompts met: {sorted(seen)}"
