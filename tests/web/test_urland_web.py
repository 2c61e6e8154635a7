"""Urland on the table app (issue 10, items 1, 3, 4, 5): one shell for two games.

The setup page offers both games; Urland's carries the group's board as a drawing to check
and edit, saved for next time (002 gives no board data: URLAND.md "Board data the group must
confirm"). A game plays to its end through the console and the phones, each viewer offered
only its own choices (002 §2.1 the kept token, §3.1 sealed bids).
"""

from __future__ import annotations

import json
import random

from conftest import text_of
from urland_web import create_urland, seat_post, step_once, urland_form

from companion.tracker.game import URLAND
from companion.tracker.urland.state import Step


def test_the_setup_page_offers_both_games(referee):
    page = text_of(referee.client.get("/games/new"))
    assert 'href="/games/new?game=urland"' in page and 'href="/games/new?game=ursuppe"' in page
    urland = text_of(referee.client.get("/games/new?game=urland"))
    assert 'name="game" value="urland"' in urland
    assert 'class="urland-map setup-map"' in urland  # the board drawn to check


def test_the_board_is_edited_checked_and_remembered(referee):
    form = urland_form(referee, shore2="A B", check="1")
    page = text_of(referee.client.post("/games", data=form))
    # checking draws the edited board: region 2 now touches ocean B too
    assert 'name="shore2" value="A B"' in page and "x1=" in page
    bad = urland_form(referee, shore5="", check="1")
    assert "every land region borders at least one ocean" in text_of(
        referee.client.post("/games", data=bad)
    )
    create_urland(referee, shore2="A B", track="42")
    assert dict(referee.game().setup.board.shores)["2"] == ("A", "B")
    again = text_of(referee.client.get("/games/new?game=urland"))
    assert 'name="shore2" value="A B"' in again and 'name="track" value="42"' in again
    assert "Not confirmed yet" not in again


def test_a_game_plays_to_its_end_through_console_and_phones(referee):
    """Chance drawn by the app, choices at the console, kept tokens and sealed bids on the
    phones (002 §2.1, §3.1); every page renders at the end, the winner named."""
    create_urland(referee)
    game = referee.game()
    assert game.core is URLAND and game.state.step is Step.DRAW  # setup drawn at creation
    tokens = referee.store.seat_tokens(referee.game_id)
    rng = random.Random(1)
    seen = set()
    for _ in range(2000):
        if referee.game().over:
            break
        seen.add(referee.game().state.step)
        step_once(referee, tokens, rng)
    assert referee.game().over
    assert {Step.KEEP, Step.BID, Step.ACTIONS} <= seen
    winner = referee.game().state.players[0]
    assert text_of(referee.console()).count("Final standings") == 1
    standings = text_of(referee.client.get(f"{referee.url}/standings"))
    assert "winner" in standings and str(winner.marker) in standings
    for token in tokens.values():
        assert referee.client.get(f"/s/{token}").status_code == 200
    exported = json.loads(text_of(referee.client.get(f"{referee.url}/export")))
    assert exported["game"] == "urland" and "public" not in exported  # over: the whole record


def test_a_phone_cannot_make_anothers_choice(referee):
    """Only the environment player keeps a token (002 §2.1); the console keeps none."""
    create_urland(referee)
    while referee.game().state.step is Step.DRAW:  # the environment player's draws
        assert referee.post("/chance").status_code == 200
    state = referee.game().state
    assert state.step is Step.KEEP
    keep = json.dumps({"type": "keep", "token": state.hands[state.env][0]})
    refused = referee.post("/act", {"action": keep})
    assert refused.status_code == 422 and "not yours" in text_of(refused)
    tokens = referee.store.seat_tokens(referee.game_id)
    other = tokens[state.dead_color.value]
    assert seat_post(referee, other, {"action": keep}).status_code == 422
    owner = tokens[state.env_color.value]
    assert seat_post(referee, owner, {"action": keep}).status_code == 200
    assert referee.game().state.step is not Step.KEEP


def test_an_urland_record_exports_and_imports_as_urland(referee):
    create_urland(referee)
    tokens = referee.store.seat_tokens(referee.game_id)
    rng = random.Random(3)
    while not referee.game().over:
        step_once(referee, tokens, rng)
    body = referee.client.get(f"{referee.url}/export").get_data()
    response = referee.client.post(
        "/games/import",
        data={"csrf": referee.csrf, "record": (__import__("io").BytesIO(body), "u.json")},
    )
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    imported = referee.store.get(new_id)
    assert imported.core is URLAND and imported.state == referee.game().state


def test_another_games_tools_are_not_served(referee):
    """Ursuppe's dice are no Urland page: 404, never a failure; the corrections and the "why"
    numbers are Urland's own too (the history and its moments serve both games:
    test_urland_moment.py)."""
    create_urland(referee)
    for path in ("/why", "/correction"):
        assert referee.client.get(referee.url + path).status_code == 200, path
    assert referee.post("/roll", {}).status_code == 404
    assert referee.post("/chance").status_code == 200  # Urland's own draw
    for path in ("/at/1", "/log"):
        assert referee.client.get(referee.url + path).status_code == 200, path


def test_the_staged_list_group_is_ursuppes_alone(referee):
    """`?group=` opens a group of Ursuppe's long lists of choices (web/stages.py); Urland's
    console, whose lists are short, is the same with it or without it."""
    create_urland(referee)
    partial = {"HX-Request": "true"}
    plain = referee.client.get(referee.url, headers=partial)
    grouped = referee.client.get(referee.url + "?group=space/3", headers=partial)
    assert grouped.status_code == 200 and text_of(grouped) == text_of(plain)
