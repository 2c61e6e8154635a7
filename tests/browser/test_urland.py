"""Urland in a real browser (issue 10, "done when"): set up from the setup page with the
group's board, hidden tokens on their holders' phones only, and a late game played in
Chromium to its end with a mutation auction bid on the phones, a panic and an eruption.

The late game starts from a prefix of examples/urland/four-players.json imported into the
live server's store (as test_tv_and_phone.py does for Ursuppe): the environment player's keep
of turn 4, with 4 tokens and the Panic token in the pile, so this epoch's panic and its
eruption must come; the rest is played through the pages, chance drawn by "Draw at random",
each choice clicked where the app offers it (console, or the phone whose choice it is).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from console_armed import wait_armed
from test_accessibility import assert_accessible, with_axe

from companion.tracker.game import URLAND
from companion.tracker.record_core import effective_actions
from companion.tracker.urland import projection
from companion.tracker.urland import record as urecord
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe.record.document import Record

GOLDEN = Path(__file__).resolve().parents[2] / "examples" / "urland" / "four-players.json"
PREFIX = 66  # the golden game's turn-4 keep: pile 4 plus the Panic token (see the docstring)
PHONE = {"width": 390, "height": 844}
BID_AT = 51  # the golden game's first mutation: every seat bids on its phone

CLICK_CHOICE = """(choice) => {
  for (const input of document.querySelectorAll('input[name=action]')) {
    if (input.value === choice) { input.form.querySelector('button').click(); return true; }
  }
  for (const select of document.querySelectorAll('select[name=action]')) {
    for (const option of select.options) {
      if (option.value === choice) {
        select.value = choice;
        select.form.querySelector('button[type=submit]').click();
        return true;
      }
    }
  }
  return false;
}"""


def _store(live_server):
    return live_server.app.extensions["companion.store"]


def _open_phones(phone_context, console_watch, live_server, game) -> dict:
    tokens = _store(live_server).seat_tokens(game.id)
    phones = {}
    for color, token in tokens.items():
        page = console_watch.watch(phone_context.new_page())
        page.goto(f"{live_server.url}/s/{token}")
        page.wait_for_selector("#seat")
        phones[color] = page
    return phones


def _synced(page, selector: str, revision: int) -> None:
    page.wait_for_selector(f'{selector}[data-revision="{revision}"]')


def test_setup_page_offers_urland_with_the_board_to_check(referee, live_server, shot):
    """The setup page offers both games; the board drawing is checked, edited and redrawn,
    and the game starts with it (URLAND.md: the board data the group confirms)."""
    set_up_on_the_page(referee, live_server, shot)
    assert referee.locator("text=Draw at random").count() == 1


def set_up_on_the_page(referee, live_server, shot=None):
    """A 4-player Urland game set up on the setup page: a shore edited and checked on the
    drawing, then put back as printed (the group confirms its board); return the game."""
    referee.goto(f"{live_server.url}/games/new")
    referee.click("nav.game-picker >> text=Urland")
    referee.wait_for_selector(".urland-map.setup-map")
    if shot:
        shot(referee, "urland-setup-laptop")
    lines = referee.locator(".setup-map line.shore").count()
    referee.fill("input[name=shore2]", "A B")
    referee.click("button[name=check]")
    referee.wait_for_selector("input[name=shore2][value='A B']")
    assert referee.locator(".setup-map line.shore").count() == lines + 1
    for i, name in enumerate(["Ana", "Ben", "Cleo", "Dev"]):
        referee.fill(f"input[name=name{i}]", name)
    referee.fill("input[name=shore2]", "A")  # back to the board as printed
    referee.click("text=Start the game")
    referee.wait_for_selector("#console.urland")
    game = _store(live_server).get(referee.url.rstrip("/").rsplit("/", 1)[-1])
    assert game.core is URLAND and dict(game.setup.board.shores)["2"] == ("A",)
    return game


def test_a_late_game_played_to_its_end_on_the_console_and_phones(
    referee, live_server, phone_context, console_watch, shot
):
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    prefix = effective_actions(entries)[:PREFIX]
    store = _store(live_server)
    game = store.import_record(Record(setup, tuple(prefix)), "Urland late", URLAND)
    referee.goto(f"{live_server.url}/games/{game.id}")
    referee.wait_for_selector("#console.urland")
    phones = _open_phones(phone_context, console_watch, live_server, game)
    play_to_the_end_and_see_it_over(store, game.id, referee, phones, shot, "urland", 10, shots=True)
    console_watch.assert_clean()


def play_to_the_end_and_see_it_over(
    store,
    game_id,
    referee,
    phones,
    shot,
    name,
    seed,
    keeps=3,
    limit=400,
    shots=False,
):
    """`play_to_the_end` (with screenshots on the way if `shots`), then: the game is over, a
    mutation auction was bid, a panic and an eruption came, and every screen shows the end
    (screenshots `name`-over and `name`-phone-over); the random choices from `seed`."""
    seen, panics, eruptions = play_to_the_end(
        store,
        game_id,
        referee,
        phones,
        random.Random(seed),
        shot=shot if shots else None,
        keeps=keeps,
        limit=limit,
    )
    game = store.get(game_id)
    assert game.over, f"the game did not end: {game.state.step}"
    assert Step.BID in seen, "no mutation auction was bid on the phones"
    assert panics and eruptions, (panics, eruptions)
    referee.wait_for_selector("text=Final standings")
    shot(referee, f"{name}-over")
    for page in phones.values():
        page.wait_for_selector("[data-final]")
    shot(next(iter(phones.values())), f"{name}-phone-over")


def play_to_the_end(store, game_id, referee, phones, rng, shot=None, keeps=3, limit=400):
    """Play a game to its end where the app offers each step: chance by "Draw at random",
    choices on the console or the phone whose choice it is, bids sealed on the phones; check
    the hidden tokens at the first `keeps` keeps. Return the steps seen, panics, eruptions."""
    seen: set[Step] = set()
    panics = eruptions = kept = 0
    shots = set()
    for _ in range(limit):
        game = store.get(game_id)
        state, revision = game.state, game.revision
        if game.over:
            break
        seen.add(state.step)
        # the console's choices arm a moment after they arrive (app.js: no double taps)
        wait_armed(referee, revision)
        if state.step is Step.KEEP and kept < keeps:
            kept += 1
            _hidden_tokens_only_on_their_phones(state, phones, referee, revision)
        step = state.step
        if shot and step.value not in shots and step in (Step.KEEP, Step.BID, Step.PANIC_REGION):
            shots.add(state.step.value)
            shot(referee, f"urland-console-{state.step.value}")
            actor = phones[(state.env_color if state.step is Step.KEEP else state.colors[0]).value]
            shot(actor, f"urland-phone-{state.step.value}")
        if game.core.chance(state) is not None:
            eruptions += state.step is Step.VOLCANO_SCORED
            referee.click("#console button:text-is('Draw at random')")
        elif projection.choices(state, None):
            panics += state.step is Step.PANIC_REGION or state.step is Step.PANIC_OCEAN
            _click(referee, _pick(state, projection.choices(state, None), rng))
        elif state.step is Step.BID:
            _bid_on_a_phone(state, phones, revision, rng)
        else:
            color, offered = next(
                (c, projection.choices(state, c))
                for c in state.colors
                if projection.choices(state, c)
            )
            _synced(phones[color.value], "#seat", revision)
            _click(phones[color.value], _pick(state, offered, rng))
        _wait_for_revision(store, game_id, revision, state, [referee, *phones.values()])
    return seen, panics, eruptions


def _hidden_tokens_only_on_their_phones(state, phones, referee, revision) -> None:
    """002 §2.1: the environment player's tokens on their phone only."""
    env = phones[state.env_color.value]
    _synced(env, "#seat", revision)
    assert env.locator(".secret [data-token]").count() == len(state.hands[state.env])
    for color, page in phones.items():
        if color not in (state.env_color.value, state.dead_color.value):
            _synced(page, "#seat", revision)
            assert page.locator("[data-token]").count() == 0, color
    assert referee.locator("[data-token]").count() == 0


def _bid_on_a_phone(state, phones, revision, rng) -> None:
    """A sealed bid typed on the first phone still to bid (002 §3.1)."""
    for color in state.colors:
        offered = projection.choices(state, color)
        if offered:
            page = phones[color.value]
            _synced(page, "#seat", revision)
            most = max(c["n"] for c in offered)
            page.fill("input[name=bid]", str(rng.randint(0, min(most, 3))))
            page.click("text=Seal my bid")
            return
    raise AssertionError("a bid step with nobody to bid")


def _click(page, choice: dict) -> None:
    assert page.evaluate(CLICK_CHOICE, json.dumps(choice)), f"no control for {choice}"


def _pick(state, offered: list[dict], rng: random.Random) -> dict:
    if state.step is Step.ACTIONS:  # few clicks per turn: scoring, not actions, ends a game
        moves = [c for c in offered if c["type"] not in ("retreat", "double_turn")]
        ends = [c for c in moves if c["type"] == "end_actions"]
        if ends and rng.random() < 0.8:
            return ends[0]
        return rng.choice([c for c in moves if c not in ends] or offered)
    if state.step is Step.PAY:  # the whole price from one area when it can
        return max(offered, key=lambda c: c["n"])
    return rng.choice(offered)


def _wait_for_revision(store, game_id: str, revision: int, state, pages) -> None:
    for _ in range(250):
        if store.get(game_id).revision > revision:
            return
        time.sleep(0.02)
    alerts = [p.locator("[role=alert]").all_inner_texts() for p in pages]
    raise AssertionError(f"no entry at revision {revision} ({state.step}): {alerts}")


def test_urland_pages_pass_axe(browser, live_server, shot):
    """The console (with the retreat form too), a phone, the TV and the setup page pass axe
    (no serious finding)."""
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    store = _store(live_server)
    record = Record(setup, tuple(effective_actions(entries)[:PREFIX]))
    game = store.import_record(record, "Urland a11y", URLAND)
    token = next(iter(store.seat_tokens(game.id).values()))
    # a console at an Ichto player's actions: the retreat form with a number per area
    acting = store.import_record(
        Record(setup, tuple(effective_actions(entries)[:7])), "Urland a11y actions", URLAND
    )
    # a mutation's sealed bid on the phones (issue 30, 11a: a contrast finding missed there)
    bidding = store.import_record(
        Record(setup, tuple(effective_actions(entries)[:BID_AT])), "Urland a11y bid", URLAND
    )
    bidder = next(iter(store.seat_tokens(bidding.id).values()))
    first_bid = effective_actions(entries)[BID_AT]  # a seat whose bid is sealed, others to come
    sealed = store.import_record(
        Record(setup, tuple(effective_actions(entries)[: BID_AT + 1])), "Urland a11y sealed", URLAND
    )
    sealed_seat = store.seat_tokens(sealed.id)[first_bid.color.value]
    for size in ({"width": 1280, "height": 900}, PHONE):
        context = with_axe(browser.new_context(viewport=size))
        page = context.new_page()
        page.goto(live_server.referee_link)
        for name, path in (
            ("setup", "/games/new?game=urland"),
            ("console", f"/games/{game.id}"),
            ("console-actions", f"/games/{acting.id}"),
            ("console-bid", f"/games/{bidding.id}"),
            ("board", f"/b/{game.board_token}"),
            ("seat", f"/s/{token}"),
            ("seat-bid", f"/s/{bidder}"),
            ("seat-bid-sealed", f"/s/{sealed_seat}"),
        ):
            page.goto(live_server.url + path)
            page.wait_for_load_state("load")
            assert_accessible(page, f"urland-{name}-{size['width']}", shot)
        context.close()
