"""Two players at the setup page and on the standings (000 §Ursuppe para 2 jugadores)."""

from __future__ import annotations

import random

from conftest import text_of

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.rules.people import TwoPlayers
from companion.tracker.ursuppe.state import Phase

TWO = [("Ana", "red"), ("Ben", "yellow")]
DOUBLE = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue")]


def test_the_setup_page_offers_the_three_two_player_variants_with_their_source(referee):
    page = text_of(referee.client.get("/games/new"))
    for value in ("decoy", "double1", "double2"):
        assert f'name="two_players" value="{value}"' in page
    assert "Ursuppe para 2 jugadores" in page and "/rules/two_players" in page


def test_two_names_and_the_decoy_make_a_three_color_game(referee):
    form = referee.setup_form(players=TWO, two_players="decoy", color2="blue")
    form.pop("decoy_scores", None)  # unchecked: the decoy does not score
    response = referee.client.post("/games", data=form)
    assert response.status_code == 303, text_of(response)
    (game,) = referee.store.list_games()
    setup = referee.store.get(game["id"]).state.setup
    assert setup.two_players is TwoPlayers.DECOY and not setup.decoy_scores
    assert [(s.name, s.color.value) for s in setup.seats][-1] == ("Decoy", "blue")


def test_double_play_2_plays_to_a_ranking_of_the_two_people(referee):
    referee.create_game(players=DOUBLE, two_players="double2", ladder_length="20")
    rng = random.Random(4)
    for _ in range(2000):
        state = referee.game().state
        if state.phase is Phase.OVER:
            break
        referee.play_ok(rng.choice(legal_actions(state)))
    assert referee.game().state.phase is Phase.OVER
    page = text_of(referee.client.get(f"/games/{referee.game_id}/standings"))
    assert "data-persons" in page and 'data-person="Ana"' in page and 'data-person="Ben"' in page
    # One marker each, so one line each on the chart (not one per color).
    assert page.count('<polyline points="') == 2
    legend = page.split('class="legend"')[1].split("</p>")[0]
    assert legend.count('<svg class="icon"') == 2


FIVE_REMEMBERED = [("Ana", "red"), ("Ben", "yellow"), ("Carla", "green"), ("Dario", "blue")]


def test_the_decoy_with_last_games_names_left_names_the_rows_to_empty(referee):
    """000 §Ursuppe para 2 jugadores: two people and the decoy; a last game's names left in
    rows 3 and 4 are named, so the referee knows what to empty."""
    form = referee.setup_form(players=FIVE_REMEMBERED, two_players="decoy")
    response = referee.client.post("/games", data=form)
    assert response.status_code == 422
    page = text_of(response)
    assert "keep two names and empty rows 3 and 4" in page
    assert "3 colors" not in page
    assert referee.store.list_games() == []


def test_double_play_with_six_rows_names_the_two_rows_to_empty(referee):
    rows = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue")]
    rows += [("Eva", "black"), ("Fede", "white")]
    response = referee.client.post(
        "/games", data=referee.setup_form(players=rows, two_players="double1")
    )
    assert response.status_code == 422
    assert "empty rows 5 and 6" in text_of(response)


def test_double_play_with_five_rows_names_the_one_row_to_empty(referee):
    rows = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue"), ("X", "black")]
    response = referee.client.post(
        "/games", data=referee.setup_form(players=rows, two_players="double2")
    )
    assert response.status_code == 422
    assert "empty row 5." in text_of(response)


def test_two_names_without_a_variant_point_to_the_two_player_ways(referee):
    response = referee.client.post("/games", data=referee.setup_form(players=TWO))
    assert response.status_code == 422
    assert "choose a way to play with two below" in text_of(response)


def test_the_rows_to_empty_are_named_in_the_readers_language(referee):
    referee.client.set_cookie("lang", "it")
    form = referee.setup_form(players=FIVE_REMEMBERED, two_players="decoy")
    page = text_of(referee.client.post("/games", data=form))
    assert "3 e 4" in page


def test_a_decoy_game_is_remembered_without_the_decoys_name(referee):
    referee.create_game(players=TWO, two_players="decoy", color2="blue")
    page = text_of(referee.client.get("/games/new"))
    assert 'name="name2" value=""' in page and 'value="Decoy"' not in page
