"""Urland's history and moment pages (issue 10: the dispute review serves both games).

Every entry of an Urland game opens the table right after it (`/games/<id>/at/<seq>`): the
board as it was, reserves, track, genes, roles, whose turn, and what changed. Hidden
information stays hidden there as everywhere (002 §2.1: the kept token and the hand; §3.1:
sealed bids until all are in): a moment page is the same whichever token was kept or bid
was sealed, even once later entries have revealed it.
"""

from __future__ import annotations

import re

import pytest
from conftest import text_of
from urland_recorded import urland_example, urland_index

from companion.tracker.game import URLAND
from companion.tracker.urland import engine
from companion.tracker.urland import record as urecord
from companion.tracker.urland.actions import Bid, DrawToken, KeepToken
from companion.tracker.urland.state import Step

NEXT_LINK = re.compile(r'<a [^>]*rel="next">[^<]*</a>')


def moment_page(referee, game_id: str, seq: int) -> str:
    """A moment page with what may differ between two games (ids, the link onwards) removed."""
    page = text_of(referee.client.get(f"/games/{game_id}/at/{seq}"))
    game = referee.store.get(game_id)
    for secret in (game_id, game.board_token):
        page = page.replace(secret, "ID")
    return NEXT_LINK.sub("", page)


def made(referee, setup, actions) -> str:
    return referee.store.create_game(setup, "Moments", False, True, actions, core=URLAND).id


def test_the_console_opens_the_history_and_every_moment(referee):
    """The console links each entry to its moment and to the whole history; a moment shows
    the board, the players and what the entry changed."""
    setup, actions = urland_example()
    auction = urland_index(setup, actions, Step.BUY)  # bids in, the auction under way
    game_id = made(referee, setup, actions[: auction + 1])
    console = text_of(referee.client.get(f"/games/{game_id}"))
    assert f"/games/{game_id}/at/{auction + 1}" in console
    assert f"/games/{game_id}/log" in console
    history = referee.client.get(f"/games/{game_id}/log")
    assert history.status_code == 200
    links = re.findall(rf"/games/{game_id}/at/(\d+)", text_of(history))
    assert sorted(map(int, links)) == list(range(1, auction + 2))
    page = text_of(referee.client.get(f"/games/{game_id}/at/{auction}"))
    assert "data-moment-state" in page and "<svg" in page and "urland-players" in page
    assert "The bids are revealed" in page or "the bids are revealed" in page
    scored = text_of(referee.client.get(f"/games/{game_id}/at/15"))  # region 11 scored
    assert "onto the volcano spots: region 11" in scored
    assert "marker" in scored
    for seq in (0, auction + 2):
        assert referee.client.get(f"/games/{game_id}/at/{seq}").status_code == 404


def test_an_undone_entry_opens_the_state_it_led_to(referee):
    setup, actions = urland_example()
    game_id = made(referee, setup, actions[:9])
    referee.game_id = game_id
    assert referee.post("/undo", {"revision": "9"}).status_code in (200, 303)
    page = text_of(referee.client.get(f"/games/{game_id}/at/9"))
    assert "This entry was undone later" in page
    assert "Ichto in ocean C" in page  # the swim it undid, D to C


def test_the_kept_token_stays_hidden_at_its_moment_after_it_is_revealed(referee):
    """002 §2.1: the environment player keeps one of three tokens face down; the moment of
    that entry (and of the draws before it) reads the same whichever token it was, even in a
    game that has since scored it."""
    setup, actions = urland_example()
    keep = urland_index(setup, actions, Step.KEEP)
    draw = keep - 3  # the environment player draws 3 (002 §1 step 8)
    scored = urland_index(setup, actions, Step.DRAW, keep) + 1  # through its scoring
    revealed = made(referee, setup, actions[:scored])
    reveal = text_of(referee.client.get(f"/games/{revealed}/at/{scored - 1}"))
    assert "onto the volcano spots" in reveal
    kept = actions[keep].token
    hand = [a.token for a in actions[draw:keep]]
    other = next(t for t in hand if t != kept)
    kept_other = made(referee, setup, [*actions[:keep], KeepToken(other)])
    then = urecord.replay_entries(setup, tuple(actions[:draw]))
    draw_other = next(t for t in engine.chance(then) if t not in hand and t)  # not the Panic
    drew_other = made(referee, setup, [*actions[:draw], DrawToken(draw_other)])
    for seq in range(draw + 1, keep + 2):
        assert moment_page(referee, revealed, seq) == moment_page(referee, kept_other, seq), seq
    assert moment_page(referee, revealed, draw + 1) == moment_page(referee, drew_other, draw + 1)


def test_a_sealed_bid_stays_hidden_at_its_moment_after_all_are_revealed(referee):
    """002 §3.1: bids are revealed together once all are in; before that the moment of a bid
    says who has bid, never how much."""
    setup, actions = urland_example()
    first = urland_index(setup, actions, Step.BID)
    buy = urland_index(setup, actions, Step.BUY)
    revealed = made(referee, setup, actions[: buy + 1])
    bid = actions[first]
    other = made(referee, setup, [*actions[:first], Bid(bid.color, 0 if bid.n else 1)])
    for seq in range(first - 1, first + 2):
        assert moment_page(referee, revealed, seq) == moment_page(referee, other, seq), seq
    sealed = moment_page(referee, revealed, first + 1)
    assert "a bid is sealed" in sealed
    assert "the bids are revealed" in moment_page(referee, revealed, buy)


@pytest.mark.parametrize("viewer", ["seat", "board"])
def test_a_phone_or_the_tv_cannot_open_a_moment(referee, viewer):
    setup, actions = urland_example()
    game_id = made(referee, setup, actions[:8])
    game = referee.store.get(game_id)
    token = referee.store.seat_tokens(game_id)["red"] if viewer == "seat" else game.board_token
    path = f"/s/{token}" if viewer == "seat" else f"/b/{token}"
    fresh = referee.client.application.test_client()
    assert fresh.get(path).status_code == 200
    for url in (f"/games/{game_id}/at/7", f"/games/{game_id}/log"):
        response = fresh.get(url)
        assert response.status_code in (302, 303, 403, 404), (url, response.status_code)
        assert "data-moment-state" not in text_of(response)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("es", ("Qué cambió", "se revelan las pujas: Ana ● rojo 1", "siguen ocultas aquí")),
        ("it", ("Cosa è cambiato", "le offerte sono rivelate: Ana ● rosso 1", "restano nascosti")),
    ],
)
def test_a_moment_reads_in_the_viewers_language(referee, lang, words):
    setup, actions = urland_example()
    buy = urland_index(setup, actions, Step.BUY)
    game_id = made(referee, setup, actions[: buy + 1])
    page = referee.client.get(f"/games/{game_id}/at/{buy}", headers={"Accept-Language": lang})
    text = text_of(page)
    for word in words:
        assert word in text, word
