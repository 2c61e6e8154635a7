"""Urland's referee desk in Chromium (issue 33, "done when"): mid-game, the referee corrects a
miscounted region, a marker and a gene passed to the wrong player from the console (in
Italian, at laptop size), opens the "why" panel, and the game goes on; a phone in Spanish
corrects its own face-down tokens and reads how its numbers were computed. Screenshots land
in test-artifacts/ (urland-desk-*.png).

The game starts from a prefix of examples/urland/four-players.json imported into the live
server's store: the first Ichto player's actions of the first turn.
"""

from __future__ import annotations

import json
from pathlib import Path

from console_armed import wait_armed
from test_accessibility import assert_accessible, with_axe
from test_desk_browser import correct

from companion.tracker.game import URLAND
from companion.tracker.record_core import effective_actions
from companion.tracker.urland import record as urecord
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe.record.document import Record

GOLDEN = Path(__file__).resolve().parents[2] / "examples" / "urland" / "four-players.json"
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}


def _acting_game(live_server):
    """The golden game imported at its first Ichto player's actions."""
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    done = []
    state = URLAND.new_game(setup)
    for action in effective_actions(entries):
        if state.step is Step.ACTIONS:
            break
        done.append(action)
        state = URLAND.apply(state, action).state
    store = live_server.app.extensions["companion.store"]
    return store, store.import_record(Record(setup, tuple(done)), "Urland desk", URLAND)


def test_corrections_mid_game_on_the_console_and_a_phone(browser, live_server, console_watch, shot):
    store, game = _acting_game(live_server)
    state = game.state
    red, acting = state.colors[0], state.actors[0]
    laptop = with_axe(browser.new_context(viewport=LAPTOP))
    laptop.add_cookies([{"name": "lang", "value": "it", "url": live_server.url}])
    referee = console_watch.watch(laptop.new_page())
    referee.goto(live_server.referee_link)
    referee.goto(f"{live_server.url}/games/{game.id}")
    referee.wait_for_selector("#console.urland")

    # A miscounted region: Ana has one more Ichto in region 5 than the app says.
    before = state.count("5", red)

    def region(form):
        form.locator("select[name=area]").select_option("5")
        form.locator("select[name=color]:enabled").select_option(red.value)
        value = form.locator("input[name=value]")
        assert value.input_value() == str(before)  # prefilled with what the app tracks
        value.fill(str(before + 1))

    newest = correct(referee, "ichto", "un Ichto in più sul tavolo", region)
    assert "Correzione dell'arbitro" in newest and "regione 5" in newest, newest
    assert store.get(game.id).state.count("5", red) == before + 1

    # A marker moved by hand.
    def marker(form):
        form.locator("select[name=color]:enabled").select_option(red.value)
        form.locator("input[name=value]").fill("9")

    newest = correct(referee, "marker", "segnapunti spostato a mano", marker)
    assert store.get(game.id).state.player(red).marker == 9, newest

    # A gene card passed on: the first face-up gene is in Ana's hands at the table.
    gene = state.face_up[0]

    def passed(form):
        form.locator("select[name=gene]").select_option(gene)
        assert form.locator("select[name=place]").input_value() == "face_up"
        form.locator("select[name=place]").select_option(red.value)

    newest = correct(referee, "gene", "carta passata", passed)
    assert gene in store.get(game.id).state.player(red).genes, newest
    referee.click("#console details.correction summary")
    referee.wait_for_selector("form[data-correction]")
    referee.click("#console details.why-panel summary")  # loads when opened
    referee.wait_for_selector("#console [data-why-final] details.why")
    referee.locator("#console [data-why-regions] details.why summary").first.click()
    shot(referee, "urland-desk-01-console-it")
    assert_accessible(referee, "urland-desk-console-open-tools", shot)

    # The game goes on from the corrected position: the acting player ends their actions.
    wait_armed(referee)
    revision = store.get(game.id).revision
    referee.locator('#console form:has(input[value=\'{"type": "end_actions"}\']) button').click()
    referee.wait_for_selector(f'#console[data-revision="{revision + 1}"]')
    after = store.get(game.id).state
    assert after.actors[0] != acting and after.player(red).marker == 9

    # The dead's phone, in Spanish: its own tokens, corrected; how its numbers come.
    phone_context = with_axe(browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True))
    phone_context.add_cookies([{"name": "lang", "value": "es", "url": live_server.url}])
    dead = after.dead_color
    token = store.seat_tokens(game.id)[dead.value]
    phone = console_watch.watch(phone_context.new_page())
    phone.goto(f"{live_server.url}/s/{token}")
    phone.wait_for_selector("#seat [data-why-seat]")
    assert "Por qué estos números" in phone.inner_text("#seat")
    hand = after.hands[after.seat(dead)]
    free = [t for t in range(1, 13) if t not in after.out and t not in after.spots]
    others = {t for h in after.hands for t in h} | {after.kept}
    new = next(t for t in free if t not in others)
    phone.click("#seat details[data-secret-correction] summary")
    form = phone.locator("#seat details[data-secret-correction] form").first
    form.locator("select[name=token]").nth(1).select_option(str(new))
    form.locator("input[name=reason]").fill("leí mal la ficha")
    phone.locator("#seat details.why summary").first.click()
    shot(phone, "urland-desk-02-phone-es")
    assert_accessible(phone, "urland-desk-phone-open-tools", shot)
    form.locator("button[type=submit]").click()
    phone.wait_for_selector(f'#seat strong.token[data-token="{new}"]')
    assert store.get(game.id).state.hands[after.seat(dead)] == (hand[0], new)
    referee.wait_for_selector(f'#console[data-revision="{revision + 2}"]')
    console_text = referee.inner_text("#console")
    assert "leí mal" not in console_text and "ha corretto un gettone coperto" in console_text
    shot(phone, "urland-desk-03-phone-es-corrected")
    laptop.set_default_timeout(10_000)
    referee.set_viewport_size(PHONE)
    shot(referee, "urland-desk-04-console-phone-size-it")
    console_watch.assert_clean()
    laptop.close()
    phone_context.close()
