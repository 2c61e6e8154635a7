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
