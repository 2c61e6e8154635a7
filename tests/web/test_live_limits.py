"""Live streams are kept few (per link, and for all viewers), and a revoked seat is told so:
410 with a `#seat` that polls no more, and an open stream that says `revoked` and ends."""

from __future__ import annotations

import threading
import time
from itertools import islice

from conftest import text_of

from companion.live import Hub

REVOKED = "This code was revoked: ask the referee for your new one"


def chunks_of(stream, n: int) -> list[str]:
    return list(islice(stream, n))


def test_a_new_stream_of_a_link_ends_its_oldest_beyond_the_limit():
    hub = Hub(max_streams=10, per_key=2)
    first, second, third = (hub.stream("g", 0, heartbeat=5, key="tok") for _ in range(3))
    chunks_of(first, 2)
    chunks_of(second, 2)

    assert "event: revision" in chunks_of(third, 2)[1]

    assert "event: busy" in next(first)
    assert list(first) == []
    assert hub.open_streams("tok") == 2
    hub.notify("g", 1)
    assert next(second) == "event: revision\ndata: 1\n\n"


def test_viewers_beyond_the_cap_are_told_busy_and_the_referee_is_not_counted():
    hub = Hub(max_streams=2, per_key=3)
    a, b = hub.stream("g", 0, key="a"), hub.stream("g", 0, key="b")
    chunks_of(a, 2)
    chunks_of(b, 2)

    refused = list(hub.stream("g", 0, key="c"))
    referee = hub.stream("g", 0, key="referee", exempt=True)

    assert refused == ["retry: 15000\nevent: busy\ndata: too many live views: poll\n\n"]
    assert "event: revision" in chunks_of(referee, 2)[1]
    assert hub.open_streams() == 2
    a.close()  # a phone went away: its slot is free again
    assert hub.open_streams() == 1
    assert "event: revision" in chunks_of(hub.stream("g", 0, key="c"), 2)[1]


def test_a_revoked_link_cannot_open_a_stream_at_the_hub():
    hub = Hub()
    hub.revoke("old")

    assert list(hub.stream("g", 0, key="old")) == [
        "event: revoked\ndata: this code was revoked\n\n"
    ]


def test_a_revoked_seat_page_is_410_with_a_seat_that_stops_polling(app, game, seat_tokens):
    old = seat_tokens["green"]
    game.store.reissue_seat(game.game_id, "green")
    phone = app.test_client()

    for path, headers in [
        (f"/s/{old}", {}),
        (f"/s/{old}/view?since=0", {"HX-Request": "true"}),
        (f"/s/{old}", {"HX-Request": "true"}),
    ]:
        response = phone.get(path, headers=headers)
        body = text_of(response)
        assert response.status_code == 410, path
        assert 'id="seat"' in body and "data-revoked" in body
        assert REVOKED in body
        assert "hx-trigger" not in body and "hx-get" not in body and "sse-connect" not in body
        assert 'data-revision="0"' in body


def test_the_revoked_page_keeps_no_seat_cookie(app, game, seat_tokens):
    old = seat_tokens["green"]
    game.store.reissue_seat(game.game_id, "green")
    phone = app.test_client()

    phone.get(f"/s/{old}")

    assert phone.get_cookie("companion_seat") is None


def test_an_open_stream_of_a_seat_revoked_meanwhile_says_so_and_ends(app, game, seat_tokens):
    app.config.update(SSE_HEARTBEAT=10.0, SSE_LIFETIME=60.0)  # only a revocation ends it soon
    old = seat_tokens["green"]
    response = app.test_client().get(f"/s/{old}/events")
    stream = iter(response.response)
    assert "event: revision" in "".join(c.decode() for c in islice(stream, 2))
    reissue = threading.Timer(0.3, game.store.reissue_seat, (game.game_id, "green"))

    started = time.monotonic()
    reissue.start()
    rest = [c.decode() for c in stream]
    took = time.monotonic() - started

    response.close()
    assert rest == ["event: revoked\ndata: this code was revoked\n\n"]
    assert took < 3, f"the revoked stream ended after {took:.1f} s"


def test_the_other_seats_streams_go_on_when_one_is_revoked(app, game, seat_tokens):
    app.config.update(SSE_HEARTBEAT=10.0, SSE_LIFETIME=60.0)
    response = app.test_client().get(f"/s/{seat_tokens['red']}/events")
    stream = iter(response.response)
    "".join(c.decode() for c in islice(stream, 2))

    game.store.reissue_seat(game.game_id, "green")
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')

    assert next(stream).decode() == "event: revision\ndata: 1\n\n"
    response.close()
