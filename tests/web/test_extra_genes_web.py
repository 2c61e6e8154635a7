"""The extra genes in the shell: the setup page's choice of how they enter (003 §Play), the
turn-over drawn by the app, and the next environment card that only a holder of Migration
Sensing sees on their phone (003 §The Amoeba Advanced Genome Project): the console, the TV
board, the standings, the log and every other seat never show it.
"""

from __future__ import annotations

import random
import re

from conftest import text_of

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.state import Phase

CARDS = {f"card{i}": f"Z{i + 1}Q" for i in range(11)}  # ids that appear nowhere else


def test_the_setup_page_offers_the_ways_extra_genes_enter(referee):
    page = re.sub(r"<[^>]+>", " ", text_of(referee.client.get("/games/new")))
    assert "Extra genes (the Advanced Genome Project)" in page
    assert "A starting set (ticked below), then more turned over each round" in page
    assert "Population Explosion" in page and "Doris &amp; Frank Gene" in page
    assert "does not track extra genes" not in page


def test_a_starting_pair_and_the_apps_shuffle_of_the_rest(referee):
    referee.create_game(
        cards="app",
        extra_mode="start_and_turned",
        extra_gene=["social_gene", "population_explosion"],
        opt_extra_genes_per_round="3",
    )
    state = referee.game().state
    assert state.setup.extra_genes is ExtraGenesMode.START_AND_TURNED
    assert state.extra_available == ("social_gene", "population_explosion")
    face_down = [k for k in EXTRA_KEYS if k not in state.extra_available]
    assert sorted(state.extra_pile) == sorted(face_down)
    assert state.setup.options.extra_genes_per_round == 3


def test_no_extra_genes_by_default(referee):
    referee.create_game()
    state = referee.game().state
    assert state.setup.extra_genes is ExtraGenesMode.NONE and not state.extra_available


def test_the_next_card_is_on_the_holders_phone_and_nowhere_else(referee):
    referee.create_game(
        cards="app", extra_mode="fixed_list", extra_gene=["migration_sensing"], **CARDS
    )
    rng = random.Random(3)
    while referee.game().state.phase is not Phase.MOVEMENT:
        referee.play_ok(rng.choice(legal_actions(referee.game().state)))
    response = referee.post(
        "/correct",
        {"field": "gene", "value": 1, "color": "blue", "gene": "migration_sensing", "reason": "t"},
    )
    assert response.status_code == 200
    state = referee.game().state
    secret = state.shuffled_order[0]
    tokens = referee.store.seat_tokens(referee.game_id)
    blue = text_of(referee.client.get(f"/s/{tokens['blue']}"))
    assert secret in blue and "tell no one" in blue
    others = [text_of(referee.client.get(f"/s/{tokens[c]}")) for c in ("red", "yellow", "green")]
    public = [
        text_of(referee.console()),
        text_of(referee.client.get(f"{referee.url}/log")),
        text_of(referee.client.get(f"{referee.url}/standings")),
        text_of(referee.client.get(f"/b/{referee.game().board_token}")),
    ]
    for page in others + public:
        assert secret not in page
    assert "may look at the next environment card on their phone" in public[0]


def test_the_tv_board_lists_the_extra_genes_face_up(referee):
    referee.create_game(
        cards="app", extra_mode="start_and_turned", extra_gene=["social_gene", "glutton"]
    )
    board = text_of(referee.client.get(f"/b/{referee.game().board_token}"))
    assert "Extra genes face up:" in board and "Glutton, Social Gene" in board
