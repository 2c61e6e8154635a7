"""The players choose on their own phones (issue 31), in Chromium as the table holds them: the
laptop's console (1366x800) and four phones (390x844) in Spanish, Italian, English and
Spanish. With the app rolling and drawing by itself, the awaited player's phone shows the
console's choices and its taps move the game on: no console tap after the setup. The console
says whose phone it waits for, the other phones and the TV who is choosing. Screenshots land
in test-artifacts/ (phones-*.png).
"""

from __future__ import annotations

import html
import re
from contextlib import contextmanager

import pytest
from webforms import setup_form

PLAYERS = (("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green"), ("Dev", "blue"))
LANGS = {"red": "es", "yellow": "it", "green": "en", "blue": "es"}
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
CONTROLS = (  # what a phone taps on its turn, in this order of preference
    "[data-phone-choices] .buttons button",
    "#seat .mini-board .soup .space.legal .tap",  # a highlighted space on the phone's board
    "[data-phone-choices] .space-buttons button",
    "[data-phone-choices] .stage-groups a",
    "[data-phone-choices] form.carry button[type=submit]",
    "[data-phone-choices] .card-choices button",
)


def new_game(live_server, **overrides: str) -> str:
    """A 4-player game made through the setup form (the app rolls and draws by itself)."""
    client = live_server.app.test_client()
    client.get(f"/referee/{live_server.app.config['REFEREE_TOKEN']}")
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/").get_data(as_text=True))
    form = setup_form("Phones evening", PLAYERS, dice="auto", cards="app", deck_confirmed="on")
    form.update({"csrf": csrf.group(1), **overrides})
    response = client.post("/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[-1]


def open_phone(browser, console_watch, url: str, token: str, lang: str):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(10_000)
    page = console_watch.watch(context.new_page())
    page.goto(f"{url}/lang/{lang}?next=/s/{token}")
    page.wait_for_selector("#seat")
    return context, page


def tap_own_choice(page) -> str:
    """Tap the first choice the phone offers (as a player would), once it is armed."""
    page.wait_for_selector("#seat[data-armed=yes]:not([data-busy]) [data-phone-choices]")
    for selector in CONTROLS:
        control = page.locator(selector)
        if control.count():
            control.first.tap()
            return selector
    raise AssertionError("the awaited phone offers no choice: " + page.inner_text("#seat")[:400])


@pytest.mark.slow
def test_four_phones_play_turns_with_no_console_tap(browser, live_server, console_watch, shot):
    store = live_server.app.extensions["companion.store"]
    game_id = new_game(live_server)
    tv_context = browser.new_context(viewport={"width": 1920, "height": 1080})
    tv = console_watch.watch(tv_context.new_page())
    tv.goto(f"{live_server.url}/b/{store.get(game_id).board_token}")

    start = store.get(game_id).revision
    tapped: dict[str, int] = {}
    kinds: set[str] = set()
    shots = set()
    table = phones_at_the_table(browser, console_watch, live_server, game_id)
    with table as (console, phones, posts):
        for _ in range(40):
            game = store.get(game_id)
            actor = game.core.prompt(game.state).actor
            assert actor is not None, f"no player awaited at {game.state.cursor.step}"
            page = phones[actor.value][1]
            page.wait_for_selector(f'#seat[data-revision="{game.revision}"]')
            if actor.value not in shots:  # each phone's first turn, in its language
                shots.add(actor.value)
                console.wait_for_selector(f'[data-waiting-phone="{actor.value}"]')
                name = f"phones-{LANGS[actor.value]}-{actor.value}"
                shot(page, f"{name}-choosing")
                other = next(c for c in phones if c != actor.value)
                shot(phones[other][1], f"{name}-seen-by-{LANGS[other]}-{other}")
                shot(console, f"{name}-console-waiting")
            kinds.add(tap_own_choice(page))
            tapped[actor.value] = tapped.get(actor.value, 0) + 1
            past(page, game.revision)
        shot(tv, "phones-tv")
    tv_context.close()
    assert store.get(game_id).revision >= start + 40
    assert posts == [], f"the console tapped: {posts}"
    assert len(tapped) >= 3, tapped  # the turns went round the table
    assert "#seat .mini-board .soup .space.legal .tap" in kinds, kinds  # the board tapped
    console_watch.assert_clean()


def person_phone(store, game_id: str, tokens: dict[str, str], color) -> str:
    """The seat link a person's phone opened: their first color's (one QR code per person)."""
    person = next(p for p in store.get(game_id).setup.people if color in p.colors)
    return tokens[person.holder.value]


@pytest.mark.slow
def test_double_play_ii_from_two_phones(browser, live_server, console_watch, shot):
    """000 §Ursuppe para 2 jugadores: two people, two colors each, one phone each (Spanish and
    Italian); each phone acts for both its colors, the console is never tapped, to the end."""
    store = live_server.app.extensions["companion.store"]
    players = (("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue"))
    game_id = new_game(live_server, **two_players_form(players))
    tokens = store.seat_tokens(game_id)
    phones = {
        "red": open_phone(browser, console_watch, live_server.url, tokens["red"], "es"),
        "green": open_phone(browser, console_watch, live_server.url, tokens["green"], "it"),
    }
    from companion.tracker.ursuppe.state import Phase

    acted = set()
    taps = 0
    try:
        while store.get(game_id).state.phase is not Phase.OVER:
            assert taps < 1500, "the game did not end"
            taps += 1
            game = store.get(game_id)
            actor = game.core.prompt(game.state).actor
            holder = next(p for p in game.setup.people if actor in p.colors).holder.value
            page = phones[holder][1]
            page.wait_for_selector(f'#seat[data-revision="{game.revision}"]')
            tap_own_choice(page)
            acted.add(actor.value)
            past(page, game.revision)
        for _context, page in phones.values():
            page.wait_for_selector("#seat [data-final]")
        shot(phones["red"][1], "phones-double2-es-ana")
        shot(phones["green"][1], "phones-double2-it-ben")
    finally:
        for context, _page in phones.values():
            context.close()
    print(f"\ndouble play II from two phones: {taps} phone taps")
    assert acted == {"red", "yellow", "green", "blue"}, acted  # both colors of each person
    console_watch.assert_clean()


def two_players_form(players) -> dict[str, str]:
    """The setup form's fields for double play II with these four seats."""
    form = {"two_players": "double2"}
    for i, (name, color) in enumerate(players):
        form[f"name{i}"], form[f"color{i}"] = name, color
    return form


URLAND_CONTROLS = (
    "#seat .your-choices .buttons button",
    "#seat .your-choices .choice-picker button",
    "#seat [data-your-draw] button",
)


@pytest.mark.slow
def test_urland_turns_from_the_phones(browser, live_server, console_watch, shot):
    """Urland's Ichto actions entered on the acting player's phone (Spanish, Italian), the
    console only following: a few turns, from the recorded game's first actions."""
    from urland_recorded import urland_example, urland_index

    from companion.tracker.game import URLAND
    from companion.tracker.urland.state import Step

    store = live_server.app.extensions["companion.store"]
    setup, actions = urland_example()
    upto = urland_index(setup, actions, Step.ACTIONS)
    game_id = store.create_game(setup, "Urland phones", False, True, actions[:upto], core=URLAND).id
    tokens = store.seat_tokens(game_id)
    langs = dict(zip(tokens, ("es", "it", "es", "it")))
    phones = {
        c: open_phone(browser, console_watch, live_server.url, tokens[c], langs[c]) for c in tokens
    }
    start = store.get(game_id).revision
    acted = set()
    try:
        for _ in range(20):
            game = store.get(game_id)
            actor = game.core.prompt(game.state).actor
            if actor is None:
                break  # chance: the console draws (the app does not draw by itself in Urland)
            page = phones[actor.value][1]
            page.wait_for_selector(f'#seat[data-revision="{game.revision}"]')
            page.wait_for_selector("#seat[data-armed=yes]:not([data-busy])")
            control = next((s for s in URLAND_CONTROLS if page.locator(s).count()), None)
            if control is None:
                break
            if len(acted) < 2 and actor.value not in acted:
                shot(page, f"phones-urland-{langs[actor.value]}-{actor.value}")
            page.locator(control).first.tap()
            acted.add(actor.value)
            past(page, game.revision)
    finally:
        for context, _page in phones.values():
            context.close()
    assert store.get(game_id).revision >= start + 8, store.get(game_id).revision - start
    assert len(acted) >= 2, acted
    console_watch.assert_clean()


@contextmanager
def phones_at_the_table(browser, console_watch, live_server, game_id: str):
    """The console open and following (its POSTs noted, none expected) and every seat's phone
    in its language: (the console, {color: (context, page)}, its POSTs); all closed after."""
    store = live_server.app.extensions["companion.store"]
    tokens = store.seat_tokens(game_id)
    laptop = browser.new_context(viewport=LAPTOP)
    laptop.set_default_timeout(10_000)
    console = console_watch.watch(laptop.new_page())
    console.goto(live_server.referee_link)
    console.goto(f"{live_server.url}/games/{game_id}")
    posts: list[str] = []
    console.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    phones = {
        color: open_phone(browser, console_watch, live_server.url, tokens[color], LANGS[color])
        for color in tokens
    }
    try:
        yield console, phones, posts
    finally:
        for context, _page in phones.values():
            context.close()
        laptop.close()


def past(page, revision: int) -> None:
    """Wait until the phone shows a revision after `revision`."""
    page.wait_for_function(
        "rev => Number(document.querySelector('#seat').dataset.revision) > rev", arg=revision
    )


@pytest.mark.slow
def test_a_whole_game_from_four_phones_with_no_console_tap(browser, live_server, console_watch):
    """Issue 31's measure: a whole 4-player game with the app rolling and drawing, every
    choice tapped on the awaited player's phone, the console (open, following) never tapped."""
    from companion.tracker.ursuppe.state import Phase

    store = live_server.app.extensions["companion.store"]
    game_id = new_game(live_server)
    taps = 0
    with phones_at_the_table(browser, console_watch, live_server, game_id) as (
        _console,
        phones,
        posts,
    ):
        while store.get(game_id).state.phase is not Phase.OVER:
            assert taps < 1500, "the game did not end"
            game = store.get(game_id)
            actor = game.core.prompt(game.state).actor
            assert actor is not None, f"no player awaited at {game.state.cursor.step}"
            page = phones[actor.value][1]
            page.wait_for_selector(f'#seat[data-revision="{game.revision}"]')
            tap_own_choice(page)
            taps += 1
            past(page, game.revision)
        for _context, page in phones.values():
            page.wait_for_selector("#seat [data-final]")
    assert posts == [], f"the console tapped: {posts}"
    print(f"\nwhole game from phones: {taps} phone taps, {store.get(game_id).revision} entries")
    console_watch.assert_clean()


def board_fields(page: str) -> dict[str, str]:
    """The board editor's values as Urland's setup page shows them (the group's board)."""
    form = {}
    for m in re.finditer(r'<input name="(shore\d+|currents|strips)" value="([^"]*)"', page):
        form[m.group(1)] = html.unescape(m.group(2))
    for m in re.finditer(r'<select name="(volcano\d+)"[^>]*>(.*?)</select>', page, re.S):
        form[m.group(1)] = re.search(r'<option value="(\w+)" selected', m.group(2)).group(1)
    form["track"] = re.search(r'name="track" value="(\d+)"', page).group(1)
    return form


def new_urland(live_server, **overrides: str) -> str:
    """A 4-player Urland game made through its setup form (the board as the page shows it)."""
    client = live_server.app.test_client()
    client.get(f"/referee/{live_server.app.config['REFEREE_TOKEN']}")
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/").get_data(as_text=True))
    page = client.get("/games/new?game=urland").get_data(as_text=True)
    form = {"csrf": csrf.group(1), "game": "urland", "game_name": "Urland phones"}
    form.update(board_fields(page))
    for i, (name, color) in enumerate(PLAYERS):
        form[f"name{i}"], form[f"color{i}"] = name, color
    form.update(overrides)
    response = client.post("/games", data=form)
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"].rsplit("/", 1)[-1]


@pytest.mark.slow
def test_a_whole_urland_game_from_four_phones_with_no_console_tap(
    browser, live_server, console_watch, shot
):
    """Issue 31's measure for Urland: the app draws by itself, every choice (an Ichto
    action, a kept token, a sealed bid, a gene bought) is tapped on a phone, the console
    (open, following) is never tapped, to the game's end."""
    store = live_server.app.extensions["companion.store"]
    game_id = new_urland(live_server, draws="auto")
    taps = 0
    with phones_at_the_table(browser, console_watch, live_server, game_id) as (
        _console,
        phones,
        posts,
    ):
        while not store.get(game_id).over:
            assert taps < 2000, "the game did not end"
            game = store.get(game_id)
            actor = game.core.prompt(game.state).actor
            if game.state.step.value == "bid":
                from companion.tracker.urland import projection

                bidder = next(c for c in game.state.colors if projection.choices(game.state, c))
                page = phones[bidder.value][1]
                page.wait_for_selector(f'#seat[data-revision="{game.revision}"] .sealed-bid')
                page.wait_for_selector("#seat[data-armed=yes]:not([data-busy])")
                page.locator(".sealed-bid button").tap()
            else:
                assert actor is not None, f"nobody awaited at {game.state.step}"
                page = phones[actor.value][1]
                page.wait_for_selector(f'#seat[data-revision="{game.revision}"]')
                page.wait_for_selector("#seat[data-armed=yes]:not([data-busy])")
                control = next((s for s in URLAND_CONTROLS if page.locator(s).count()), None)
                assert control, f"{actor} offered nothing at {game.state.step}"
                page.locator(control).first.tap()
            taps += 1
            past(page, game.revision)
        shot(phones["red"][1], "phones-urland-over-es-red")
    assert posts == [], f"the console tapped: {posts}"
    print(f"\nwhole Urland game from phones: {taps} phone taps, {store.get(game_id).revision}")
    console_watch.assert_clean()
