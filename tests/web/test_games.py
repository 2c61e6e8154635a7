"""The games list, the referee's login and the setup page."""

from __future__ import annotations

import re

from conftest import REFEREE_COOKIE_NAME, text_of

from companion.store import records as store_module


def test_an_anonymous_visitor_sees_the_welcome_page(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "Welcome to the table" in text_of(response)
    assert "New game" not in text_of(response)


def test_a_wrong_referee_token_is_refused(client):
    response = client.get("/referee/not-the-token")

    assert response.status_code == 403
    assert "This referee link is not valid" in text_of(response)
    assert client.get_cookie(REFEREE_COOKIE_NAME) is None


def test_the_referee_link_sets_the_cookie_and_redirects_to_the_games(app, client):
    response = client.get(f"/referee/{app.config['REFEREE_TOKEN']}")

    assert response.status_code == 303
    assert response.headers["Location"] == "/"
    cookie = client.get_cookie(REFEREE_COOKIE_NAME)
    assert cookie is not None and cookie.value == app.config["REFEREE_TOKEN"]
    assert cookie.http_only
    page = client.get("/")
    assert page.status_code == 200
    assert "New game" in text_of(page)


def test_the_setup_page_lists_rule_options_with_defaults_and_sources(referee):
    response = referee.client.get("/games/new")

    page = text_of(response)
    assert response.status_code == 200
    assert "In phase 6, how many ladder spaces do gene cards earn?" in page
    assert re.search(
        r'name="opt_gene_advance_table" value="standard" checked>\s*<span>3 gene cards: 1 space'
        r'[^<]*<span class="tag">default</span>',
        page,
    )
    assert "English 5-6 player expansion (2:1 ... 6:5)" in page
    assert "Italian rules, 3.5 (4:4, 5:5, 6:6)" in page
    assert "§" not in page  # sources are named by their book, never by a file of ours
    assert 'name="opt_defense_and_escape_both" value="on" checked' in page
    assert "default Italian rules, German reference sheet (1)" in page


def test_the_setup_page_offers_each_board_outline_and_eleven_deck_rows(referee):
    page = text_of(referee.client.get("/games/new"))

    for flip in ("none", "mirror", "rotate180"):
        assert f'name="board_flip" value="{flip}"' in page
    assert page.count('class="mask"') == 3
    assert "as printed" in page and "mirrored" in page and "turned around" in page
    assert page.count('<td><input name="card') == 11
    assert 'name="card10" value="P11"' in page
    assert "Placeholder values: replace them with your cards" in page


def test_a_game_of_two_players_is_refused_and_nothing_is_created(referee):
    form = referee.setup_form(players=[("Ana", "red"), ("Ben", "yellow")])

    response = referee.client.post("/games", data=form)

    assert response.status_code == 422
    assert "Ursuppe is played by 3 to 6 players (2 written)" in text_of(response)
    assert referee.store.list_games() == []


def test_two_players_of_one_color_are_refused_and_nothing_is_created(referee):
    players = [("Ana", "red"), ("Ben", "red"), ("Cleo", "green"), ("Dev", "blue")]

    response = referee.client.post("/games", data=referee.setup_form(players=players))

    assert response.status_code == 422
    assert "every player needs a different color" in text_of(response)
    assert 'value="Cleo"' in text_of(response)  # the form keeps what was typed
    assert referee.store.list_games() == []


def test_creating_a_game_opens_its_console(referee):
    response = referee.client.post("/games", data=referee.setup_form())

    assert response.status_code == 303
    location = response.headers["Location"]
    assert location.startswith("/games/")
    (game,) = referee.store.list_games()
    assert location == f"/games/{game['id']}"
    console = referee.client.get(location)
    assert console.status_code == 200
    assert "Turn the first environment card" in text_of(console)


def test_the_groups_real_deck_is_remembered_and_prefilled_next_time(referee):
    deck = {}
    for i in range(11):
        deck[f"card{i}"] = f"K{i + 1}"
        deck[f"drift{i}"] = "" if i == 4 else "W"
        deck[f"ozone{i}"] = str(20 + i)
    referee.create_game(deck_confirmed="on", **deck)

    page = text_of(referee.client.get("/games/new"))

    assert 'name="card0" value="K1"' in page
    assert 'name="card10" value="K11"' in page
    assert 'name="ozone10" min="0" max="50" value="30"' in page
    assert 'name="deck_confirmed" checked' in page
    assert "Placeholder values" not in page
    assert 'value="Ana"' in page  # the players are remembered too


def test_a_placeholder_deck_is_not_remembered_as_the_groups_cards(referee):
    referee.create_game()

    page = text_of(referee.client.get("/games/new"))

    assert 'name="deck_confirmed" checked' not in page
    assert "Placeholder values: replace them with your cards" in page


def test_the_games_list_offers_to_resume_the_last_unfinished_game(referee, monkeypatch):
    monkeypatch.setattr(store_module, "now", lambda: "2025-01-01T20:00:00+00:00")
    referee.create_game(game_name="First soup")
    monkeypatch.setattr(store_module, "now", lambda: "2025-01-01T20:05:00+00:00")
    referee.create_game(game_name="Second soup")

    page = text_of(referee.client.get("/"))

    assert "Resume “Second soup”" in page
    assert f'href="/games/{referee.game_id}">Resume' in page
    assert "Resume “First soup”" not in page
    assert "First soup" in page


def test_the_game_created_last_is_resumed_even_within_the_same_second(referee, monkeypatch):
    monkeypatch.setattr(store_module, "now", lambda: "2025-01-01T20:00:00+00:00")
    referee.create_game(game_name="First soup")
    referee.create_game(game_name="Second soup")

    page = text_of(referee.client.get("/"))

    assert "Resume “Second soup”" in page


def test_a_finished_game_is_not_offered_for_resume(referee):
    referee.create_game(game_name="Old soup")
    referee.store.db["games"].update(referee.game_id, {"over": 1})

    page = text_of(referee.client.get("/"))

    assert "Resume" not in page
    assert "finished" in page


def test_a_refused_setup_keeps_an_unchecked_rule_option_unchecked(referee):
    form = referee.setup_form(players=[("Ana", "red"), ("Ben", "yellow")])
    del form["opt_defense_and_escape_both"]

    response = referee.client.post("/games", data=form)

    assert response.status_code == 422
    assert 'name="opt_defense_and_escape_both" value="off" checked' in text_of(response)
    assert 'name="opt_defense_and_escape_both" value="on" checked' not in text_of(response)


def test_a_refused_setup_keeps_the_choice_that_the_app_rolls_and_draws(referee):
    form = referee.setup_form(players=[("Ana", "red"), ("Ben", "yellow")], dice="app", cards="app")

    response = referee.client.post("/games", data=form)

    page = text_of(response)
    assert response.status_code == 422
    assert '<input type="radio" name="dice" value="app" checked>' in page
    assert '<input type="radio" name="cards" value="app" checked>' in page


def test_a_refused_setup_keeps_what_was_typed(referee):
    form = referee.setup_form(
        players=[("Ana", "red"), ("Ben", "yellow")], game_name="Friday soup", ozone3="17"
    )

    response = referee.client.post("/games", data=form)

    page = text_of(response)
    assert response.status_code == 422
    assert 'value="Friday soup"' in page
    assert 'name="ozone3" min="0" max="50" value="17"' in page
    assert 'value="Ben"' in page


def test_a_game_where_the_app_draws_starts_with_a_recorded_shuffle(referee):
    referee.create_game(cards="app", dice="app")

    game = referee.game()

    assert game.cards_by_app and game.dice_by_app
    assert game.revision == 1
    assert game.entries[0].kind == "shuffle_deck"
    assert sorted(game.entries[0].order) == sorted(f"P{i}" for i in range(1, 12))


def test_remembered_players_never_start_two_rows_on_one_color(referee):
    """A 3-player game with blue on row 3: the fourth row starts on a color no row has."""
    players = [("Ana", "red"), ("Ben", "yellow"), ("Cleo", "blue")]
    response = referee.client.post("/games", data=referee.setup_form(players=players))
    assert response.status_code == 303

    page = text_of(referee.client.get("/games/new"))
    row = r'<select name="color(\d)".*?<option value="(\w+)"[^>]* selected'
    chosen = re.findall(row, page, re.S)

    assert [c for _, c in chosen][:3] == ["red", "yellow", "blue"]
    assert len({c for _, c in chosen}) == 6  # six rows, six colors
