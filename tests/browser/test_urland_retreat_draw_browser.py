"""Urland in Chromium: a retreat from several areas typed into the console at laptop and at
phone width, sent as one action through the console's tap guard (002 §2.2 Azioni degli
Ichto: 4. Ritirata), and the environment player's own phone drawing its token (002 §2.4),
seen on that phone only.

Both games start from a prefix of examples/urland/four-players.json imported into the live
server's store: the first Ichto player's actions of turn 1, and the draw of turn 1.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from companion.tracker.game import URLAND
from companion.tracker.record_core import effective_actions
from companion.tracker.urland import record as urecord
from companion.tracker.urland.actions import DrawToken, Retreat
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe.record.document import Record

GOLDEN = Path(__file__).resolve().parents[2] / "examples" / "urland" / "four-players.json"
ACTIONS_AT = 7  # turn 1: yellow's first action (two left)
DRAW_AT = 15  # turn 1: green, the dead of turn 0, draws as the new environment player


def _import(live_server, prefix: int, name: str):
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    store = live_server.app.extensions["companion.store"]
    record = Record(setup, tuple(effective_actions(entries)[:prefix]))
    return store, store.import_record(record, name, URLAND)


def _next_revision(store, game_id: str, revision: int) -> None:
    for _ in range(250):
        if store.get(game_id).revision > revision:
            return
        time.sleep(0.02)
    raise AssertionError(f"nothing recorded after revision {revision}")


def _retreat_on(
    page, store, game_id: str, takes: dict[str, int], shot, name: str, double: bool = False
) -> None:
    """Fill one number per area on an armed console, read the summary, send it (with
    `double`, by a double tap, which the console's tap guard sends once)."""
    revision = store.get(game_id).revision
    page.wait_for_selector(f'#console[data-revision="{revision}"][data-armed=yes]')
    for area, n in takes.items():
        page.fill(f"input[name=take_{area}]", str(n))
    parts = [
        f"{n} Ichto from {'ocean' if area in 'ABCDE' else 'region'} {area}"
        for area, n in takes.items()
    ]
    line = "Retreat " + ", ".join(parts)  # the one line before confirming
    page.wait_for_selector(f"[data-retreat-summary] strong:text-is('{line}')")
    shot(page, name)
    page.wait_for_selector("#console[data-armed=yes]")  # a live swap is held, never wiped
    if double:
        page.dblclick("text=Retreat these Ichto")
    else:
        page.click("text=Retreat these Ichto")
    _next_revision(store, game_id, revision)
    page.wait_for_selector(f'#console[data-revision="{revision + 1}"]')
    time.sleep(0.3)  # a second send, had the guard let one through, would be in by now
    assert store.get(game_id).revision == revision + 1
    assert store.get(game_id).entries[-1] == Retreat(tuple(takes.items()))


def test_a_retreat_from_several_areas_on_the_console(
    referee, browser, live_server, console_watch, shot
):
    store, game = _import(live_server, ACTIONS_AT, "Urland retreat")
    state = game.state
    color = prompt(state).actor
    own = [o for o in "ABCDE" if state.count(o, color) >= 3]  # 3 Ichto in each ocean
    referee.goto(f"{live_server.url}/games/{game.id}")
    referee.wait_for_selector("#console.urland .retreat-form")
    boxes = referee.locator(".retreat-form input[type=number]")
    assert boxes.count() == len(_areas(state, color)) > len(own)  # the regions dealt too
    # too many for an area: the line names the rule, and nothing is sent
    referee.fill(f"input[name=take_{own[0]}]", "9")
    referee.wait_for_selector("[data-retreat-summary] .refusal-line >> text=4. Ritirata")
    referee.fill(f"input[name=take_{own[0]}]", "0")
    takes = {own[0]: 1, own[1]: 1}  # legal twice over: only the tap guard sends it once
    _retreat_on(referee, store, game.id, takes, shot, "urland-retreat-laptop", double=True)
    assert store.get(game.id).state.count(own[0], color) == 2
    # the same console at phone width: the second action of this turn
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    phone = console_watch.watch(context.new_page())
    phone.goto(live_server.referee_link)
    phone.goto(f"{live_server.url}/games/{game.id}")
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the console is {width}px wide at phone width"
    _retreat_on(phone, store, game.id, {own[2]: 1, own[3]: 3}, shot, "urland-retreat-phone")
    shot(phone, "urland-retreat-phone-after")
    context.close()
    console_watch.assert_clean()


def _areas(state, color):
    from companion.tracker.urland.projection import public_view

    view = public_view(state)
    found = [r["region"] for r in view["regions"] if r["counts"][color.value]]
    return found + [o["ocean"] for o in view["oceans"] if o["counts"][color.value]]


def test_the_environment_players_phone_draws_its_own_token(
    referee, live_server, phone_context, console_watch, shot
):
    store, game = _import(live_server, DRAW_AT, "Urland phone draw")
    state = game.state
    assert state.step is Step.DRAW
    tokens = store.seat_tokens(game.id)
    phones = {}
    for color in (state.env_color, state.dead_color):
        page = console_watch.watch(phone_context.new_page())
        page.goto(f"{live_server.url}/s/{tokens[color.value]}")
        page.wait_for_selector("#seat")
        phones[color] = page
    referee.goto(f"{live_server.url}/games/{game.id}")
    referee.wait_for_selector("#console.urland")
    env = phones[state.env_color]
    assert phones[state.dead_color].locator("text=Draw my token").count() == 0
    shot(env, "urland-phone-draw-before")
    env.click("text=Draw my token")
    _next_revision(store, game.id, game.revision)
    env.wait_for_selector(f'#seat[data-revision="{game.revision + 1}"]')
    drawn = store.get(game.id).entries[-1]
    assert isinstance(drawn, DrawToken)
    assert env.locator("text=Draw my token").count() == 0  # drawn once
    if drawn.token:  # a region token: now the third in the environment player's hand
        assert env.locator(".secret [data-token]").count() == 3
    shot(env, "urland-phone-draw-after")
    for page in (referee, phones[state.dead_color]):
        page.wait_for_selector(f'[data-revision="{game.revision + 1}"]')
        assert page.locator("[data-token]").count() == 0  # the dead gets tokens at the keep
    console_watch.assert_clean()
