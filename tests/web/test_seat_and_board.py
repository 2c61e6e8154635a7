"""A player's phone (seat link, live updates) and the public read-only board."""

from __future__ import annotations

import json
import re
from itertools import islice

import pytest
from conftest import SEAT_COOKIE_NAME, text_of

TURN_P1 = json.dumps({"type": "turn_card", "card": "P1"})


def first_events(response, chunks: int = 4) -> str:
    """The first few chunks of a server-sent event stream, then close it."""
    try:
        return "".join(
            c.decode() if isinstance(c, bytes) else c for c in islice(response.response, chunks)
        )
    finally:
        response.close()


def test_a_seat_link_works_without_the_referee_cookie_and_remembers_the_seat(app, seat_tokens):
    phone = app.test_client()
    token = seat_tokens["yellow"]

    response = phone.get(f"/s/{token}")

    assert response.status_code == 200
    assert "<h1>" in text_of(response) and "Ben ▲ yellow</h1>" in text_of(response)
    cookie = phone.get_cookie(SEAT_COOKIE_NAME)
    assert cookie is not None and cookie.value == token
    assert cookie.http_only


def test_a_phone_that_knows_its_seat_is_sent_back_to_it(app, seat_tokens):
    phone = app.test_client()
    token = seat_tokens["yellow"]
    phone.get(f"/s/{token}")

    response = phone.get("/")

    assert response.status_code == 303
    assert response.headers["Location"] == f"/s/{token}"


def test_the_seat_partial_shows_that_seats_own_bp_genes_and_amoebas(app, game, seat_tokens):
    game.start_rolls_to_placement()
    game.act_ok("place_amoeba", amoeba="red-1", space=1)
    game.post("/correct", {"field": "bp", "color": "yellow", "value": 17, "reason": "count"})
    game.post("/correct", {"field": "bp", "color": "red", "value": 3, "reason": "count"})
    phone = app.test_client()

    response = phone.get(f"/s/{seat_tokens['yellow']}", headers={"HX-Request": "true"})

    body = text_of(response)
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="seat"')
    assert "<html" not in body
    me = re.search(r"<h1>(.*?)</h1>", body).group(1)
    assert me.endswith(" Ben ▲ yellow")
    assert "Ana" not in me
    big = re.findall(r'<span class="big-number">([^<]*)</span><span>BP</span>', body)
    assert big == ["17"]
    assert "None on the board." in body  # Ana's amoeba is not Ben's
    assert "No genes yet." in body
    assert f'data-revision="{game.revision}"' in body


def test_the_seat_lists_its_own_amoeba_once_placed(app, game, seat_tokens):
    game.start_rolls_to_placement()
    game.act_ok("place_amoeba", amoeba="red-1", space=1)
    phone = app.test_client()

    ana = text_of(phone.get(f"/s/{seat_tokens['red']}/view"))
    ben = text_of(phone.get(f"/s/{seat_tokens['yellow']}/view"))

    assert "<strong>Ana ● red 1</strong> on space 1" in ana
    assert "Ana ● red 1" not in ben


def test_the_seat_poll_answers_nothing_new_with_204(app, game, seat_tokens):
    game.act_ok(action=TURN_P1)
    phone = app.test_client()

    response = phone.get(f"/s/{seat_tokens['blue']}/view?since={game.revision}")

    assert response.status_code == 204
    assert response.data == b""


def test_the_seat_poll_sends_the_fragment_when_the_game_moved_on(app, game, seat_tokens):
    game.act_ok(action=TURN_P1)
    phone = app.test_client()

    response = phone.get(f"/s/{seat_tokens['blue']}/view?since=0")

    assert response.status_code == 200
    assert text_of(response).lstrip().startswith('<div id="seat"')
    assert 'data-revision="1"' in text_of(response)


def test_an_unknown_seat_token_is_not_found(client):
    assert client.get("/s/no-such-seat").status_code == 404
    assert client.get("/s/no-such-seat/view").status_code == 404
    assert client.get("/s/no-such-seat/events").status_code == 404


def test_a_seat_cannot_open_the_console(app, game, seat_tokens):
    phone = app.test_client()
    phone.get(f"/s/{seat_tokens['red']}")

    response = phone.get(game.url)

    assert response.status_code == 403


def test_a_seat_cannot_submit_actions(app, game, seat_tokens):
    phone = app.test_client()
    seat_page = text_of(phone.get(f"/s/{seat_tokens['red']}"))
    csrf = re.search(r'"X-CSRF-Token": "([^"]+)"', seat_page).group(1)

    response = phone.post(
        f"{game.url}/act",
        data={"kind": "action", "action": TURN_P1, "revision": "0", "csrf": csrf},
        headers={"HX-Request": "true", "X-CSRF-Token": csrf},
    )

    assert response.status_code == 403
    assert game.revision == 0
    assert phone.post(f"{game.url}/roll", data={"csrf": csrf, "revision": "0"}).status_code == 403
    assert game.revision == 0


def test_the_seat_event_stream_starts_with_the_current_revision(app, game, seat_tokens):
    game.act_ok(action=TURN_P1)
    game.act_ok("dice", d1=9)
    phone = app.test_client()

    response = phone.get(f"/s/{seat_tokens['green']}/events")

    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    stream = first_events(response)
    assert "event: revision\ndata: 2\n\n" in stream


def test_the_seat_event_stream_announces_the_referees_next_action(app, game, seat_tokens):
    phone = app.test_client()
    response = phone.get(f"/s/{seat_tokens['green']}/events")
    chunks = iter(response.response)
    opening = "".join(c.decode() for c in islice(chunks, 2))
    assert "event: revision\ndata: 0\n\n" in opening

    game.act_ok(action=TURN_P1)

    following = "".join(c.decode() for c in islice(chunks, 3))
    response.close()
    assert "event: revision\ndata: 1\n\n" in following


def test_the_event_stream_ends_by_itself_after_its_lifetime(app, game, seat_tokens):
    phone = app.test_client()

    response = phone.get(f"/s/{seat_tokens['green']}/events")

    chunks = list(islice(response.response, 50))
    response.close()
    assert len(chunks) < 50
    assert any(b": alive" in (c if isinstance(c, bytes) else c.encode()) for c in chunks)


def test_a_revoked_seat_gets_no_event_stream(app, game, seat_tokens):
    old = seat_tokens["green"]
    game.store.reissue_seat(game.game_id, "green")

    response = app.test_client().get(f"/s/{old}/events")

    assert response.status_code == 410


# ----- the public board ------------------------------------------------------------------
@pytest.fixture
def board_url(game) -> str:
    return f"/b/{game.game().board_token}"


def test_the_public_board_shows_the_table_to_anyone(app, game, board_url):
    game.act_ok(action=TURN_P1)
    tv = app.test_client()

    response = tv.get(board_url)

    body = text_of(response)
    assert response.status_code == 200
    assert 'id="board-view"' in body
    for name in ("Ana", "Ben", "Cleo", "Dev"):
        assert name in body
    assert "Ana ● red rolls two dice for the start order." in body


def test_the_public_board_is_read_only(app, game, board_url):
    tv = app.test_client()

    body = text_of(tv.get(board_url))

    assert "<form" not in body
    assert "/games/" not in body
    assert "hx-post" not in body


def test_the_board_poll_answers_nothing_new_with_204(app, game, board_url):
    tv = app.test_client()

    assert tv.get(f"{board_url}/view?since=0").status_code == 204
    game.act_ok(action=TURN_P1)
    fresh = tv.get(f"{board_url}/view?since=0")
    assert fresh.status_code == 200
    assert text_of(fresh).lstrip().startswith('<div id="board-view"')


def test_the_board_event_stream_starts_with_the_current_revision(app, game, board_url):
    game.act_ok(action=TURN_P1)

    response = app.test_client().get(f"{board_url}/events")

    assert response.mimetype == "text/event-stream"
    assert "event: revision\ndata: 1\n\n" in first_events(response)


def test_an_unknown_board_token_is_not_found(client):
    assert client.get("/b/no-such-board").status_code == 404
