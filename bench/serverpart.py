"""2-5. Through the real server on loopback: actions, polls, propagation, first load."""

from __future__ import annotations

import gzip
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.clients import Client, Referee, Server, bare_before_tap, start_phones
from bench.common import Config, ms
from bench.inturn import play_in_turn
from companion.tracker.ursuppe.actions import action_to_dict
from companion.tracker.ursuppe.record.document import record_from_dict

# ----- 2-5. the server part ---------------------------------------------------------------


@dataclass
class ServerResult:
    early: list[float] = field(default_factory=list)  # referee action, ms
    late: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)  # interleaved with the seat figures
    # one just before each measured tap, by window: each window against its own moments
    tap_bare: dict[str, list[float]] = field(default_factory=lambda: {"early": [], "late": []})
    # Early and late actions in turn (bench/inturn.py): through this server, and in-process
    turns: dict[str, list[float]] = field(default_factory=lambda: {"early": [], "late": []})
    turns_bare: list[float] = field(default_factory=list)  # one just before each of them
    turn_ratios: list[float] = field(default_factory=list)  # late/early p50 of each pass
    # the kind of action of each of those taps (the record's verb), in the same order
    turn_kinds: dict[str, list[str]] = field(default_factory=lambda: {"early": [], "late": []})
    interleaved: dict[str, float] = field(default_factory=dict)  # in-process (profiles.py)
    poll: list[float] = field(default_factory=list)
    render: list[float] = field(default_factory=list)
    propagation: list[float] = field(default_factory=list)  # after the POST response
    propagation_send: list[float] = field(default_factory=list)  # after the POST was sent
    spread: list[float] = field(default_factory=list)  # first phone to last phone
    before_response: int = 0
    missed_events: int = 0
    actions_played: int = 0
    seat_point: int = 0
    first_load: list[dict[str, Any]] = field(default_factory=list)  # one row per resource
    notes: list[str] = field(default_factory=list)
    extra: ServerResult | None = None  # the long game with extra genes (issue 11), same server


# What a browser fetches while opening a page: its scripts, stylesheets and icon. Not the
# links it fetches only when asked (NoSleep.js when the keep-screen-on switch needs it, the
# home-screen icon when a phone adds the page to its home screen); the browser test
# tests/browser/test_first_load.py checks Chromium asks for exactly these.
STREAM_RELEASE = 21.0  # s: two SSE heartbeats (10 s each) and a margin: a closed client is
# noticed when a write fails, and TCP only fails the second write after the peer has gone
STATIC_LINK = re.compile(
    rb'<(?:script[^>]*?\ssrc|link\s+rel="(?:stylesheet|icon)"[^>]*?\shref)="(/static/[^"]+)"'
)


def first_load(port: int, token: str) -> list[dict[str, Any]]:
    """A phone opening its seat link for the first time: the page and every static file it
    links, as a browser asks for them (gzip accepted); the bytes each takes on the wire."""
    phone = Client(port)
    browser = {"Accept-Encoding": "gzip, deflate, br"}
    rows = []
    try:
        paths = [f"/s/{token}"]
        while paths:
            path = paths.pop(0)
            status, headers, body = phone.get(path, headers=browser)
            head = sum(len(k) + len(v) + 4 for k, v in headers.items()) + 19  # status line
            if status != 200:
                raise RuntimeError(f"first load: GET {path} answered {status}")
            plain = gzip.decompress(body) if headers.get("Content-Encoding") == "gzip" else body
            if not rows:
                paths += [m.decode() for m in STATIC_LINK.findall(plain)]
            rows.append(
                {
                    "path": "/s/<token>" if path.startswith("/s/") else path.split("?")[0],
                    "versioned": "?v=" in path,
                    "body": len(body),
                    "wire": len(body) + head,
                    "plain": len(plain),
                    "encoding": headers.get("Content-Encoding", "-"),
                    "cache": headers.get("Cache-Control", "-"),
                }
            )
    finally:
        phone.close()
    return rows


def seat_measurements(
    port: int, tokens: list[str], revision: int, samples: int, result: ServerResult
) -> None:
    """Bare route, seat poll (204) and seat render (200), interleaved, one phone each."""
    bare, poll, render = Client(port), Client(port), Client(port)
    try:
        warm = max(50, samples // 5)
        for i in range(samples + warm):  # the first `warm` rounds warm up
            token = tokens[i % len(tokens)]
            rounds = (
                (bare, "/healthz", 200, result.bare),
                (poll, f"/s/{token}/view?since={revision}", 204, result.poll),
                (render, f"/s/{token}/view?since={revision - 1}", 200, result.render),
            )
            for client, path, expected, sink in rounds:
                start = time.perf_counter()
                status, _, _ = client.get(path, headers={"HX-Request": "true"})
                took = time.perf_counter() - start
                if status != expected:
                    raise RuntimeError(f"GET {path} answered {status}, not {expected}")
                if i >= warm:
                    sink.append(ms(took))
    finally:
        for client in (bare, poll, render):
            client.close()


def play_game(
    server: Server,
    referee: Referee,
    setup: dict[str, Any],
    actions: list[dict[str, Any]],
    cfg: Config,
    result: ServerResult | None,
    deadline: float,
    name: str,
    seat_point: int | None = None,
) -> None:
    """Play `actions` through the server with 12 phones listening; measure when `result`."""
    game_id = referee.new_game(setup, name)
    tokens = referee.seat_tokens(game_id)
    phones = start_phones(server.port, tokens, 0)
    referee.client.reconnect()  # the server drops a connection idle for 10 s
    # The bare route is asked just before each measured tap, on a connection of its own: the
    # ratio compares requests made at the same moments (a machine's speed drifts in a run,
    # and the extra-genes game runs on a server of its own, minutes later).
    bare = Client(server.port)
    n = len(actions)
    try:
        for i, action in enumerate(actions):
            if time.monotonic() > deadline:
                if result is not None:
                    result.notes.append(f"{name}: stopped after {i} actions (time budget)")
                break
            if result is not None and seat_point is not None and i == seat_point:
                result.seat_point = i
                result.first_load = first_load(server.port, tokens[0])
                seat_measurements(server.port, tokens, i, cfg.samples, result)
            window = "early" if i < cfg.window else "late" if i >= n - cfg.window else None
            if result is not None and window:
                took = bare_before_tap(bare)
                if took is not None:
                    result.tap_bare[window].append(took)
            sent = time.perf_counter()
            status, page, exchange = referee.act(game_id, action, i)
            received = time.perf_counter()
            if status != 200:
                text = page.decode(errors="replace")
                alert = re.search(r'role="alert">([^<]+)', text)
                raise RuntimeError(
                    f"{name}: action {i + 1} answered {status}: {alert.group(1) if alert else ''}"
                )
            arrived = phones.wait(i + 1, 5.0)
            if result is None:
                continue
            result.actions_played += 1
            took = ms(exchange)  # the request and its answer, as the bare route is timed
            if i < cfg.window:
                result.early.append(took)
            elif i >= n - cfg.window:
                result.late.append(took)
            if not arrived:
                result.missed_events += 1
                continue
            with phones.cond:
                times = list(phones.arrivals[i + 1][: len(phones.tokens)])
            last = max(times)
            if last < received:
                result.before_response += 1
            result.propagation.append(ms(last - received))
            result.propagation_send.append(ms(last - sent))
            result.spread.append(ms(last - min(times)))
        if phones.errors:
            raise RuntimeError(f"a phone's stream failed: {phones.errors[:3]}")
    finally:
        bare.close()
        phones.stop()


def bench_server(data: dict[str, Any], cfg: Config) -> ServerResult:
    record = record_from_dict(data)
    actions = [action_to_dict(a) for a in record.entries]
    if cfg.play_limit is not None:
        actions = actions[: cfg.play_limit]
    setup = data["setup"]
    result = ServerResult()
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-") as tmp:
        server = Server(Path(tmp))
        try:
            server.wait_ready()
            deadline = time.monotonic() + cfg.budget
            referee = Referee(server)
            # Warm up: a game of its own, seat pages and the bare route.
            play_game(
                server, referee, setup, actions[: cfg.warmup_actions], cfg, None, deadline, "warm"
            )
            # The warm-up's 12 streams and these 12 fit the viewers' cap (24) together.
            play_in_turn(server, setup, actions, cfg, result, deadline)
            seat_point = max(0, len(actions) - cfg.window)
            for g in range(cfg.games):
                if not cfg.quick:
                    # The last game's phone streams are closed, but the server notices at its
                    # next heartbeat (10 s); until then they count against the viewers' cap.
                    time.sleep(STREAM_RELEASE)
                    referee.client.reconnect()
                play_game(
                    server,
                    referee,
                    setup,
                    actions,
                    cfg,
                    result,
                    deadline,
                    f"game{g + 1}",
                    seat_point if g == 0 else None,
                )
            referee.client.close()
        finally:
            server.stop()
    return result


def bench_server_extra(data: dict[str, Any], cfg: Config) -> ServerResult:
    """The referee's actions in the long game with extra genes, on a server of its own (the
    other games' phone streams would hold its viewers' stream cap), after a warm-up game."""
    actions = [action_to_dict(a) for a in record_from_dict(data).entries]
    if cfg.play_limit is not None:
        actions = actions[: cfg.play_limit]
    result = ServerResult()
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-extra-") as tmp:
        server = Server(Path(tmp))
        try:
            server.wait_ready()
            deadline = time.monotonic() + cfg.budget
            referee = Referee(server)
            warm = actions[: cfg.warmup_actions]
            play_game(server, referee, data["setup"], warm, cfg, None, deadline, "warm")
            play_in_turn(server, data["setup"], actions, cfg, result, deadline)
            if not cfg.quick:
                time.sleep(STREAM_RELEASE)  # the warm-up's phone streams are released
                referee.client.reconnect()
            play_game(server, referee, data["setup"], actions, cfg, result, deadline, "extra")
            referee.client.close()
        finally:
            server.stop()
    return result
