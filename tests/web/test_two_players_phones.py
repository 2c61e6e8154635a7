"""Double play on the phones (000 §Ursuppe para 2 jugadores; issue 9: "each person's phone
shows both colors"): either QR code of a person opens the person's view of both colors, the
final ranking by person, and nothing hidden of the other person (003 §The Amoeba Advanced
Genome Project, Migration Sensing: the next card for its holder alone)."""

from __future__ import annotations

import random
import re

from conftest import text_of

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.state import Phase

DOUBLE = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue")]
CARDS = {"cards": "app", "deck_confirmed": "on"}


def _play_to(referee, phase: Phase, seed: int = 3) -> None:
    rng = random.Random(seed)
    while referee.game().state.phase is not phase:
        referee.play_ok(rng.choice(legal_actions(referee.game().state)))


def _phones(referee) -> dict[str, str]:
    tokens = referee.store.seat_tokens(referee.game_id)
    return {c: text_of(referee.client.get(f"/s/{tokens[c]}")) for c in tokens}


def test_double_play_1_either_qr_shows_both_colors_and_the_secret_stays_with_its_person(
    referee,
):
    referee.create_game(
        players=DOUBLE,
        two_players="double1",
        extra_mode="fixed_list",
        extra_gene=["migration_sensing"],
        **CARDS,
    )
    _play_to(referee, Phase.MOVEMENT)
    response = referee.post(
        "/correct",
        {"field": "gene", "value": 1, "color": "blue", "gene": "migration_sensing", "reason": "t"},
    )
    assert response.status_code == 200
    secret = f"Card {referee.game().state.shuffled_order[0]}:"
    phones = _phones(referee)

    for color in ("green", "blue"):  # Ben's two codes open the same person view
        page = phones[color]
        assert 'data-person-view="Ben"' in page
        assert 'data-color-view="green"' in page and 'data-color-view="blue"' in page
        assert 'data-color-view="red"' not in page
        assert page.count("data-secret") == 1 and secret in page
    for color in ("red", "yellow"):
        page = phones[color]
        assert 'data-person-view="Ana"' in page
        assert 'data-color-view="red"' in page and 'data-color-view="yellow"' in page
        assert secret not in page and "data-secret" not in page


def test_double_play_2_shows_one_purse_and_marker_and_both_colors_amoebas(referee):
    referee.create_game(players=DOUBLE, two_players="double2")
    _play_to(referee, Phase.MOVEMENT)
    page = _phones(referee)["yellow"]

    assert "One purse, one set of genes and one marker for your two colors" in page
    assert page.count("data-color-view=") == 1  # the shared record once
    assert page.count("Your amoebas") == 2  # each color's amoebas
    assert page.count("Your genes") == 1


def test_double_play_2_phones_show_the_final_ranking_by_person(referee):
    referee.create_game(players=DOUBLE, two_players="double2", ladder_length="20")
    _play_to(referee, Phase.OVER, seed=4)
    phones = _phones(referee)

    for color, page in phones.items():
        assert "Ranking by person" in page and "data-final" in page
        place = re.search(r"your place: <strong>(\d)/2</strong>", page)
        assert place, color
        assert ("You win!" in page) == (place.group(1) == "1")
    assert phones["red"].count("You win!") == phones["yellow"].count("You win!")
    assert phones["red"].count("You win!") != phones["green"].count("You win!")
    for page in (  # the TV and the standings: one marker per person, ranked by person
        text_of(referee.client.get(f"/b/{referee.game().board_token}")),
        text_of(referee.client.get(f"{referee.url}/standings")),
    ):
        assert "data-persons" in page and "data-ranking" not in page


def test_a_decoy_game_phone_shows_the_final_ranking_once(referee):
    """Two people and the decoy, one color each: the phone ranks the people once (the
    colors' ranking would repeat it); the TV keeps the colors' details."""
    referee.create_game(players=[("Ana", "red"), ("Ben", "yellow")], two_players="decoy")
    _play_to(referee, Phase.OVER, seed=2)
    for color, page in _phones(referee).items():
        assert "data-final" in page and "data-persons" in page, color
        assert "data-ranking" not in page, color
    board = text_of(referee.client.get(f"/b/{referee.game().board_token}"))
    assert "data-ranking" in board


def test_double_play_hands_out_one_code_per_person_and_revokes_both(referee):
    referee.create_game(players=DOUBLE, two_players="double1")
    before = referee.store.seat_tokens(referee.game_id)
    sheet = text_of(referee.client.get(f"{referee.url}/seats"))

    assert sheet.count('class="qr-card"') == 3  # Ana, Ben and the public board
    assert f"/s/{before['red']}" in sheet and f"/s/{before['yellow']}" not in sheet
    response = referee.client.post(f"{referee.url}/seats/red/reissue", data={"csrf": referee.csrf})
    assert response.status_code == 303
    after = referee.store.seat_tokens(referee.game_id)
    assert after["red"] != before["red"] and after["yellow"] != before["yellow"]
    assert after["green"] == before["green"] and after["blue"] == before["blue"]


def test_the_decoys_seat_has_no_code_and_no_revoke_button(referee):
    """000 §Ursuppe para 2 jugadores: the decoy plays itself; nobody scans its code."""
    referee.create_game(players=[("Ana", "red"), ("Ben", "yellow")], two_players="decoy")
    tokens = referee.store.seat_tokens(referee.game_id)
    decoy = referee.game().setup.seats[-1].color.value
    sheet = text_of(referee.client.get(f"{referee.url}/seats"))
    assert sheet.count('class="qr-card"') == 3  # Ana, Ben and the public board
    assert "The decoy plays itself by its fixed rules" in sheet
    assert f"/s/{tokens[decoy]}" not in sheet and f"/seats/{decoy}/reissue" not in sheet
    response = referee.client.post(
        f"{referee.url}/seats/{decoy}/reissue", data={"csrf": referee.csrf}
    )
    assert response.status_code == 404
    assert referee.store.seat_tokens(referee.game_id)[decoy] == tokens[decoy]
