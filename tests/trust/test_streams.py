"""The referee never waits behind viewers: a real `companion serve` (subprocess, default
threads) flooded with live streams of one token, with streams of many tokens, and with idle
TCP connections, while the referee's console and an action each answer within 1 s.

The limits come from `companion.serving`, which `companion serve` uses too.
"""

from __future__ import annotations

import re
import select
import socket
import statistics
import time
from collections.abc import Iterator

import pytest
from trustlib import Client, ServeProcess, free_port

from companion.serving import (
    CHANNEL_TIMEOUT,
    CLEANUP_INTERVAL,
    STREAMS_PER_TOKEN,
    THREADS,
    stream_cap,
)
from companion.tracker.ursuppe import apply, legal_actions
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record

REFEREE_BUDGET = 1.0  # seconds for the console, and for an action
SEAT_RE = re.compile(r"/s/([A-Za-z0-9_-]{20,})")
BOARD_RE = re.compile(r"/b/([A-Za-z0-9_-]{20,})")


@pytest.fixture
def server(tmp_path) -> Iterator[ServeProcess]:
    process = ServeProcess(tmp_path / "instance", free_port(), tmp_path / "server.log")
    process.start()
    try:
        yield process
    finally:
        process.stop()


@pytest.fixture
def referee(server: ServeProcess) -> Client:
    client = Client(server.port)
    client.login(server.referee_token)
    return client


def open_stream(port: int, path: str) -> socket.socket:
    """A phone's EventSource: the request sent, the answer left to read later."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
    sock.sendall(request.encode())
    return sock


def read_all(socks: list[socket.socket], until, deadline: float) -> dict[socket.socket, bytes]:
    """Read every socket without blocking until `until(received)` holds or time runs out."""
    received = {s: b"" for s in socks}
    end = time.monotonic() + deadline
    while not until(received) and time.monotonic() < end:
        ready, _, _ = select.select(socks, [], [], 0.2)
        for sock in ready:
            try:
                data = sock.recv(65536)
            except OSError:
                data = b""
            received[sock] += data or b""
    return received


def ended(data: bytes) -> bool:
    """The server ended this stream (the chunked body's last chunk)."""
    return data.endswith(b"0\r\n\r\n")


def timed(call) -> tuple[float, object]:
    start = time.monotonic()
    result = call()
    return time.monotonic() - start, result


def referee_is_served(referee: Client, game_id: str, tries: int = 3) -> int:
    """The console and an action each answer within the budget (the median of a few tries,
    so that one hiccup of a busy test machine is not taken for a locked-out referee); returns
    the revision reached."""
    state = replay_record(record_from_dict(referee.export(game_id)))[0]
    revision = 0
    consoles: list[float] = []
    actions: list[float] = []
    for _ in range(tries):
        seconds, console = timed(lambda: referee.get(f"/games/{game_id}", timeout=10))
        assert console.status == 200
        consoles.append(seconds)
        action = legal_actions(state)[0]
        seconds, reply = timed(lambda a=action, r=revision: referee.act(game_id, a, r, htmx=True))
        assert reply.status == 200, reply.body[:300]
        actions.append(seconds)
        state, revision = apply(state, action).state, revision + 1
    print(f"\nreferee: console {fmt(consoles)} s, action {fmt(actions)} s")
    assert statistics.median(consoles) < REFEREE_BUDGET, f"the console took {fmt(consoles)} s"
    assert statistics.median(actions) < REFEREE_BUDGET, f"the action took {fmt(actions)} s"
    return revision


def fmt(seconds: list[float]) -> str:
    return ", ".join(f"{s:.2f}" for s in seconds)


def test_a_hundred_streams_of_one_token_leave_the_referee_free(server, referee):
    game_id = referee.create_game()
    token = board_token(referee, game_id)  # the public board's: its QR is seen by the room
    referee.get(f"/games/{game_id}")  # the console is open before the crowd arrives

    socks = [open_stream(server.port, f"/b/{token}/events") for _ in range(100)]
    try:
        news = f"event: revision\ndata: {referee_is_served(referee, game_id)}\n".encode()
        received = read_all(
            socks,
            lambda got: (
                sum(ended(d) for d in got.values()) >= 100 - STREAMS_PER_TOKEN
                and all(news in d for d in got.values() if not ended(d))
            ),
            deadline=20,
        )
    finally:
        for sock in socks:
            sock.close()
    done = [d for d in received.values() if ended(d)]
    live = [d for d in received.values() if not ended(d)]
    assert len(live) == STREAMS_PER_TOKEN, f"{len(live)} streams of one token stayed open"
    assert all(b"event: busy" in d for d in done), "an ended stream did not say why"
    assert all(news in d for d in live), "a live stream missed the referee's actions"


def test_viewers_beyond_the_cap_are_told_to_poll(server, referee):
    cap = stream_cap(THREADS)
    tokens: list[str] = []
    games: list[str] = []
    while len(tokens) <= cap + 5:  # each game: four seats and a public board
        game_id = referee.create_game(f"Crowd {len(games)}")
        games.append(game_id)
        tokens += [f"/s/{t}/events" for t in seat_tokens(referee, game_id)]
        tokens.append(f"/b/{board_token(referee, game_id)}/events")

    referee.get(f"/games/{games[0]}")  # the console is open before the crowd arrives
    socks = [open_stream(server.port, path) for path in tokens]
    try:
        received = read_all(
            socks,
            lambda got: (
                sum(b"event: revision" in d or ended(d) for d in got.values()) == len(socks)
            ),
            deadline=20,
        )
        referee_is_served(referee, games[0])
    finally:
        for sock in socks:
            sock.close()
    busy = [d for d in received.values() if ended(d)]
    live = [d for d in received.values() if b"event: revision" in d and not ended(d)]
    assert len(live) == cap, f"{len(live)} streams open, the cap is {cap}"
    assert len(busy) == len(tokens) - cap
    assert all(b"event: busy" in d and b"retry: 15000" in d for d in busy)


def test_idle_connections_lock_nobody_out_and_are_dropped_soon(server, referee):
    game_id = referee.create_game()
    referee.get(f"/games/{game_id}")  # the console is open before the crowd arrives
    # a guest's idle sockets, from an address of their own (one address holds at most
    # serving.PER_ADDRESS: tests/trust/test_connection_cap.py)
    guest = ("127.0.0.3", 0)
    idle = [
        socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=guest)
        for _ in range(250)
    ]
    try:
        time.sleep(0.5)  # the server has accepted what it will accept
        referee_is_served(referee, game_id)
        received = read_all(
            idle,
            lambda got: all(closed(s) for s in idle),
            deadline=CHANNEL_TIMEOUT + 2 * CLEANUP_INTERVAL + 5,
        )
    finally:
        for sock in idle:
            sock.close()
    assert all(data == b"" for data in received.values())
    assert all(closed(s) for s in idle), "idle connections were not dropped"


def closed(sock: socket.socket) -> bool:
    """Whether the server closed this connection (a read returns end of file)."""
    try:
        sock.setblocking(False)
        return sock.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def seat_tokens(referee: Client, game_id: str) -> list[str]:
    page = referee.get(f"/games/{game_id}/seats").body
    found = sorted(set(SEAT_RE.findall(page)))
    assert len(found) == 4, found
    return found


def board_token(referee: Client, game_id: str) -> str:
    page = referee.get(f"/games/{game_id}/seats").body
    (token,) = set(BOARD_RE.findall(page))
    return token
