"""The setup form's player rows follow the way of playing (000 §Ursuppe para 2 jugadores;
issue 30, item 1): after a 5-player game the form refills five names; choosing the decoy
shows two name rows and the decoy's color, double play four rows, and the rows set aside are
hidden and not sent. Laptop (1366x800) and phone (390x844), in Spanish. Screenshots land in
test-artifacts/."""

from __future__ import annotations

from conftest import ARTIFACTS, new_phone
from two_player_play import box_kept

FIVE = [
    {"name": "Ana", "color": "red"},
    {"name": "Ben", "color": "yellow"},
    {"name": "Carla", "color": "green"},
    {"name": "Dario", "color": "blue"},
    {"name": "Eva", "color": "black"},
]


def shown_rows(page) -> list[int]:
    return [
        int(n)
        for n in page.eval_on_selector_all(
            ".player-row[data-row]", "rows => rows.filter(r => !r.hidden).map(r => r.dataset.row)"
        )
    ]


def test_choosing_a_two_player_way_shows_only_its_rows(browser, live_server):
    store = live_server.app.extensions["companion.store"]
    context = browser.new_context(
        viewport={"width": 1366, "height": 800}, extra_http_headers={"Accept-Language": "es"}
    )
    page = context.new_page()
    page.goto(live_server.referee_link)
    with box_kept(store):
        store.set_setting("box", {"players": FIVE})
        page.goto(f"{live_server.url}/games/new")
        assert shown_rows(page) == [1, 2, 3, 4, 5, 6]
        assert page.input_value("input[name=name4]") == "Eva"

        page.check("input[name=two_players][value=decoy]")
        assert shown_rows(page) == [1, 2, 3]
        assert page.is_hidden("input[name=name2]") and page.is_visible("text=Señuelo (juega solo)")
        assert page.is_visible("text=la fila 3 es el señuelo")
        page.screenshot(
            path=str(ARTIFACTS / "setup-decoy-rows-laptop-es.png"),
            clip={"x": 0, "y": 0, "width": 1366, "height": 800},
        )

        page.check("input[name=two_players][value=double1]")
        assert shown_rows(page) == [1, 2, 3, 4]
        assert page.is_visible("input[name=name2]")

        page.check("input[name=two_players][value=none]")
        assert shown_rows(page) == [1, 2, 3, 4, 5, 6]
        assert page.input_value("input[name=name3]") == "Dario"  # set aside, not cleared

        # two names written over the last game's, the decoy chosen: the stale rows do not count
        page.check("input[name=two_players][value=decoy]")
        page.fill("input[name=name0]", "Lia")
        page.fill("input[name=name1]", "Max")
        page.check("input[name=dice][value=app]")
        page.click("button.primary.big")
        page.wait_for_selector("#console")
        game_id = page.url.rstrip("/").rsplit("/", 1)[-1]
    setup = store.get(game_id).state.setup
    assert [s.name for s in setup.seats] == ["Lia", "Max", "Señuelo"]
    assert setup.two_players.value == "decoy"
    context.close()


def test_the_setup_rows_on_a_phone(browser, live_server):
    store = live_server.app.extensions["companion.store"]
    context = new_phone(browser, "it")
    page = context.new_page()
    page.goto(live_server.referee_link)
    with box_kept(store):
        store.set_setting("box", {"players": FIVE})
        page.goto(f"{live_server.url}/games/new")
        page.check("input[name=two_players][value=double2]")
        assert shown_rows(page) == [1, 2, 3, 4]
        assert page.is_visible("text=Le righe 5 e 6 restano da parte")
        page.locator("fieldset").first.screenshot(
            path=str(ARTIFACTS / "setup-double-rows-phone-it.png")
        )
    context.close()
