"""Urland in Chromium (issue 30, items 5 and 6), at laptop 1366x800 and phone 390x844, in
Spanish and Italian: a dead phone's kept token chosen on the laptop (002 §2.1: the three
tokens come only once their player taps their own opener, and hide again once one is kept, as
the phone records it), and a bid that can only be 0 taken by itself (002 §3.1 Mutazione: 1.
Offerte), its line in the log and the bidder's phone saying it is sealed."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from console_armed import wait_armed
from test_accessibility import assert_accessible, with_axe

from companion.tracker.game import URLAND
from companion.tracker.record_core import effective_actions
from companion.tracker.urland import engine
from companion.tracker.urland import record as urecord
from companion.tracker.urland.actions import Correct, KeepToken
from companion.tracker.urland.state import Step

GOLDEN = Path(__file__).resolve().parents[2] / "examples" / "urland" / "four-players.json"
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


def _prefix(step: Step):
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    state, done = engine.new_game(setup), []
    for action in effective_actions(entries):
        if state.step is step:
            return setup, done, state
        done.append(action)
        state = engine.apply(state, action).state
    raise AssertionError(step)


def _laptop(browser, live_server, lang: str):
    context = with_axe(
        browser.new_context(viewport=LAPTOP, extra_http_headers={"Accept-Language": lang})
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(live_server.referee_link)
    return context, page


def _phone(browser, live_server, lang: str, token: str):
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, extra_http_headers={"Accept-Language": lang}
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/s/{token}")
    page.wait_for_selector("#seat")
    return context, page


@pytest.mark.parametrize("lang", ["es", "it"])
def test_a_kept_token_chosen_on_the_laptop(browser, live_server, shot, lang):
    store = live_server.app.extensions["companion.store"]
    setup, done, state = _prefix(Step.KEEP)
    game = store.create_game(setup, f"Private {lang}", False, True, done, core=URLAND)
    hand = state.hands[state.env]
    context, page = _laptop(browser, live_server, lang)
    try:
        page.goto(f"{live_server.url}/games/{game.id}")
        wait_armed(page)
        entry = page.locator("details[data-private-keep]")
        assert entry.count() == 1 and page.locator("[data-token]").count() == 0
        entry.locator("summary").click()
        shot(page, f"urland-private-keep-closed-{lang}")
        entry.locator("#private-hand button").click()
        page.wait_for_selector("[data-private-keep-form] button[data-token]")
        assert page.locator("[data-private-keep-form] button[data-token]").count() == len(hand)
        shot(page, f"urland-private-keep-open-{lang}")
        assert_accessible(page, f"urland-private-keep-open-{lang}", shot)
        page.click("[data-private-keep-form] button:not([data-token])")  # "Hide my tokens"
        page.wait_for_selector("[data-private-keep-form]", state="detached")
        assert page.locator("[data-token]").count() == 0
        wait_armed(page, game.revision)
        page.locator("details[data-private-keep] summary").click()
        page.locator("details[data-private-keep] #private-hand button").click()
        page.wait_for_selector("[data-private-keep-form] button[data-token]")
        page.click(f'[data-private-keep-form] button[data-token="{hand[1]}"]')
        wait_armed(page, game.revision + 1)
        assert page.locator("[data-token]").count() == 0  # hidden again, for good
        assert page.locator("details[data-private-keep]").count() == 0
        shot(page, f"urland-private-keep-sent-{lang}")
        assert store.get(game.id).entries[-1] == KeepToken(hand[1])
    finally:
        context.close()
    token = store.seat_tokens(game.id)[state.env_color.value]
    context, phone = _phone(browser, live_server, lang, token)
    try:
        kept = phone.locator("[data-secret] strong[data-token]").last
        assert kept.get_attribute("data-token") == str(hand[1])
        shot(phone, f"urland-private-keep-phone-{lang}")
    finally:
        context.close()


SAID = {
    "es": "no tiene Ichto en la reserva, así que la única puja es 0",
    "it": "non ha Ichto nella riserva, quindi l'unica offerta è 0",
}


@pytest.mark.parametrize("lang", ["es", "it"])
def test_a_bid_that_can_only_be_0_is_taken_by_itself(browser, live_server, shot, lang):
    store = live_server.app.extensions["companion.store"]
    setup, done, state = _prefix(Step.BID)
    broke = state.colors[1]
    fix = Correct(field="reserve", color=broke, value=0, reason="spent")
    entries = [*done[:-1], fix, done[-1]]
    forced = replace(setup, take_forced=True)
    game = store.create_game(forced, f"Forced {lang}", False, True, entries, core=URLAND)
    context, page = _laptop(browser, live_server, lang)
    try:
        page.goto(f"{live_server.url}/games/{game.id}")
        wait_armed(page)
        line = page.locator("li.ev-forced", has_text=SAID[lang])
        assert line.locator("cite").count() == 1  # the rule, cited
        line.scroll_into_view_if_needed()
        shot(page, f"urland-forced-bid-console-{lang}")
        assert_accessible(page, f"urland-forced-bid-console-{lang}", shot)
        assert page.locator(f'input[name="private_for"][value="{broke.value}"]').count() == 0
    finally:
        context.close()
    token = store.seat_tokens(game.id)[broke.value]
    context, phone = _phone(browser, live_server, lang, token)
    try:
        assert phone.locator('input[name="bid"]').count() == 0
        assert phone.locator("[data-bid-sealed]").count() == 1
        shot(phone, f"urland-forced-bid-phone-{lang}")
    finally:
        context.close()
