"""A long legal list on the console in a real Chromium, at laptop and phone size (003 §The
Amoeba Advanced Genome Project, Suction II "horizontal or diagonal"): a 6-player meal with
Suction II and the diagonal option has hundreds of legal meals; the console offers first
where the meal comes from (own space or one neighbouring space), a tap opens that group's
meals, "Back" returns, and a tapped meal is played like any action.
"""

from __future__ import annotations

import pytest
from big_meal import big_meal
from console_armed import wait_armed

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.record.document import record_from_dict

SIZES = {"laptop": (1280, 900), "phone": (390, 844)}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_long_meal_list_is_chosen_in_two_taps(size, browser, live_server, console_watch, shot):
    data, state = big_meal()
    assert len(legal_actions(state)) > 300
    store = live_server.app.extensions["companion.store"]
    game = store.import_record(record_from_dict(data), f"long meal {size}")
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(10_000)
    try:
        page = console_watch.watch(context.new_page())
        page.goto(live_server.referee_link)
        page.goto(f"{live_server.url}/games/{game.id}")
        groups = page.locator("#console .stage-groups [data-group]")
        assert 1 < groups.count() <= 30
        assert page.locator("#console .buttons:not(.stage-groups) button").count() == 0
        shot(page, f"long-meal-list-{size}-groups")

        wait_armed(page)
        page.click("#console [data-group^='space']")
        page.wait_for_selector("#console .stage-trail")
        meals = page.locator("#console .buttons button")
        assert 0 < meals.count() <= 60
        assert "with cubes from space" in page.inner_text("#console .stage-trail")
        shot(page, f"long-meal-list-{size}-meals")

        wait_armed(page)
        page.click("#console .stage-trail a")  # Back: the groups again
        page.wait_for_selector("#console .stage-groups")
        assert page.locator("#console .stage-trail").count() == 0

        wait_armed(page)
        page.click("#console [data-group^='space']")
        page.wait_for_selector("#console .stage-trail")
        wait_armed(page)
        revision = page.locator("#console").get_attribute("data-revision")
        label = meals.first.inner_text()
        meals.first.click()
        page.wait_for_selector(f"#console:not([data-revision='{revision}'])")
        assert store.get(game.id).revision > game.revision
        assert label.split(",")[0].split(" eats ")[0] in page.inner_text("#console ol.log")
        console_watch.assert_clean()
    finally:
        context.close()
