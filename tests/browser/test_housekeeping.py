"""In the browser: the setup page's rule options as sentences, the app rolling by itself, the
correction form that asks only for what the chosen kind needs, and the games list's archive
and delete. Screenshots at laptop and phone size land in test-artifacts/."""

from __future__ import annotations

import re

from companion.tracker.ursuppe.actions import Correct
from companion.tracker.ursuppe.state import AmoebaId, Color

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
NEEDS = {
    "bp": {"color", "number"},
    "dp": {"amoeba_on_board", "number"},
    "cubes": {"space", "color", "number"},
    "marker": {"color", "number"},
    "amoeba_space": {"any_amoeba", "to_space", "new_dp"},
    "gene": {"color", "gene", "held"},
}


def setup_page(page, base_url: str, names=NAMES) -> None:
    page.goto(f"{base_url}/games/new")
    for i in range(6):
        page.fill(f"input[name=name{i}]", names[i] if i < len(names) else "")


def start(page) -> str:
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    return page.url.rsplit("/", 1)[-1]


def shown_needs(page) -> set[str]:
    labels = page.locator("form[data-correction] label[data-needs]:visible")
    return {labels.nth(i).get_attribute("data-needs") for i in range(labels.count())}


def enabled_names(page) -> list[str]:
    return page.eval_on_selector_all(
        "form[data-correction] :is(input, select):not([disabled]):not([type=hidden])",
        "els => els.map(e => e.name)",
    )


def test_the_setup_page_asks_each_rule_option_as_a_question_with_readings(
    referee, live_server, browser, shot, console_watch
):
    setup_page(referee, live_server.url)
    zero = referee.locator("#option-zero_amoebas")
    assert "A player has no amoeba left on the board in phase 4: what happens?" in (
        zero.locator("legend").inner_text()
    )
    default = zero.locator("label.reading", has=referee.locator("input:checked"))
    assert "They place one amoeba for free on any space" in default.inner_text()
    assert "default" in default.inner_text()
    referee.locator("#option-rule-options, .rule-options").first.scroll_into_view_if_needed()
    shot(referee, "h5-01-setup-laptop")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    phone.add_cookies(referee.context.cookies())
    small = console_watch.watch(phone.new_page())
    small.goto(f"{live_server.url}/games/new")
    small.locator(".rule-options").scroll_into_view_if_needed()
    small.screenshot(path="test-artifacts/h5-02-setup-options-phone.png")
    right = small.evaluate(
        "Math.max(...[...document.querySelectorAll('.rule-options, .rule-options *')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390, f"the rule options run off a phone's screen ({right}px)"
    phone.close()

    zero.locator("input[value=none]").check()
    referee.check("input[name=dice][value=auto]")
    referee.check("input[name=cards][value=app]")
    game_id = start(referee)

    store = live_server.app.extensions["companion.store"]
    assert store.get(game_id).setup.options.zero_amoebas.value == "none"
    assert "the app rolled by itself" in referee.inner_text("#console ol.log")
    assert referee.locator("#console .dice-row").count() == 0  # no dice left to enter
    shot(referee, "h5-03-console-after-auto-rolls")
    console_watch.assert_clean()


def test_the_correction_form_shows_only_what_each_kind_needs_and_prefills_it(
    referee, live_server, shot, console_watch
):
    setup_page(referee, live_server.url)
    game_id = start(referee)
    store = live_server.app.extensions["companion.store"]
    for n, (color, space) in enumerate([(Color.YELLOW, 7), (Color.RED, 3)]):
        amoeba = AmoebaId(color, 1)
        store.append(game_id, Correct("amoeba_space", space, "placed", amoeba=amoeba), n)
    store.append(game_id, Correct("dp", 1, "bitten", amoeba=AmoebaId(Color.RED, 1)), 2)
    referee.reload()
    referee.click("#console details.correction summary")
    form = referee.locator("form[data-correction]")
    form.wait_for()  # fetched when the referee opens it

    assert shown_needs(referee) == NEEDS["bp"]
    assert enabled_names(referee) == ["field", "color", "value", "reason"]
    assert form.locator("input[name=value]").input_value() == "4"
    for kind, needs in NEEDS.items():
        form.locator("select[name=field]").select_option(kind)
        assert shown_needs(referee) == needs, kind
    form.locator("select[name=field]").select_option("dp")
    amoebas = form.locator("select[name=amoeba]:enabled option").all_inner_texts()
    assert amoebas == ["Ana ● red 1 on space 3 (1 DP)", "Ben ▲ yellow 1 on space 7 (0 DP)"]
    assert form.locator("input[name=value]").input_value() == "1"  # Ana's amoeba's DP
    form.locator("select[name=amoeba]:enabled").select_option("yellow-1")
    assert form.locator("input[name=value]").input_value() == "0"
    form.locator("select[name=field]").select_option("amoeba_space")
    form.locator("select[name=amoeba]:enabled").select_option("yellow-1")
    assert form.locator("select[name=value]:enabled").input_value() == "7"
    form.locator("select[name=field]").select_option("gene")
    assert form.locator("select[name=value]:enabled").input_value() == "0"
    form.locator("select[name=field]").select_option("cubes")
    assert "Cubes of the color of" in form.inner_text()
    shot(referee, "h5-04-correction-cubes-laptop")

    form.locator("select[name=field]").select_option("dp")
    form.locator("select[name=amoeba]:enabled").select_option("yellow-1")
    form.locator("input[name=value]").fill("2")
    form.locator("input[name=reason]").fill("Ben's amoeba was bitten twice")
    referee.evaluate("document.querySelector('#console').dataset.old = 'yes'")
    form.locator("button[type=submit]").click()
    referee.wait_for_function("() => !document.querySelector('#console').dataset.old")
    newest = referee.locator("#console ol.log > li").first.inner_text()
    assert "DP set from 0 to 2" in newest and "bitten twice" in newest, newest
    assert not referee.locator("#console details.correction").evaluate("d => d.open")

    referee.set_viewport_size({"width": 390, "height": 844})
    referee.click("#console details.correction summary")
    referee.locator("form[data-correction]").wait_for()
    referee.locator("form[data-correction] select[name=field]").select_option("amoeba_space")
    referee.locator("form[data-correction]").scroll_into_view_if_needed()
    referee.screenshot(path="test-artifacts/h5-05-correction-phone.png")
    console_watch.assert_clean()


def test_the_games_list_archives_after_asking_and_deletes_after_a_confirm_page(
    referee, live_server, shot, console_watch
):
    store = live_server.app.extensions["companion.store"]
    setup_page(referee, live_server.url)
    referee.fill("input[name=game_name]", "Archive me")
    archive_id = start(referee)
    setup_page(referee, live_server.url)
    referee.fill("input[name=game_name]", "Delete me")
    delete_id = start(referee)
    referee.goto(live_server.url + "/")

    asked = []
    referee.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    row = referee.locator("table.games tr", has_text="Archive me").first
    row.locator("button:text('Archive')").click()
    referee.wait_for_selector("details.archived-games")
    assert asked and asked[0].startswith("Archive “Archive me”?")
    assert "was archived" in referee.inner_text(".notice")
    referee.click("details.archived-games summary")
    shot(referee, "h5-06-games-archived")

    referee.locator("table.games tr", has_text="Delete me").first.locator(
        "a:text('Delete…')"
    ).click()
    referee.wait_for_selector("text=Delete “Delete me”?")
    shot(referee, "h5-07-delete-confirm")
    referee.click("button:text('Delete it')")
    referee.wait_for_selector(".notice")
    notice = referee.inner_text(".notice")
    assert "“Delete me” was deleted" in notice and "companion restore" in notice
    assert re.search(rf"deleted-{delete_id}", notice)
    assert "Delete me" not in referee.inner_text("table.games")
    assert store.get(archive_id).name == "Archive me"
    shot(referee, "h5-08-games-after-delete")
    console_watch.assert_clean()
