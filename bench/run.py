"""The benchmark: replay in-process, then the real server (waitress) on loopback.

`python -m bench` replays a long recorded 6-player game in-process, starts
`companion serve` on 127.0.0.1 in a subprocess, plays the same game through it with 12
phones listening (server-sent events), and prints a table that is also written to
bench/RESULTS.md. `python -m bench --quick --out FILE` is the few-samples smoke run.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import gzip
import http.client
import io
import json
import os
import platform
import pstats
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from bench.extragame import EXTRA_GAME
from bench.extragame import generate as generate_extra
from bench.longgame import EXAMPLE, LONG_GAME, generate, undo_records
from bench.urland import bench_urland_replay, urland_examples
from companion.tracker.record_core import Undo
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.actions import action_to_dict
from companion.tracker.ursuppe.record import (
    History,
    Record,
    record_from_dict,
    record_text,
    replay_record,
)

ROOT = Path(__file__).resolve().parents[1]
RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
PHONES = 12
MARKS = (10, 100, 1000)

# Targets (the issue): ratios and absolute bounds.
LATE_VS_EARLY = 1.1
ACTION_VS_BARE = 5.0
POLL_VS_BARE = 1.5
FIRST_LOAD_KB = 40.0
PROPAGATION_P95_MS = 250.0
REPLAY_MS = 200.0
UNDO_OPEN_MS = 1000.0  # a record with thousands of undo entries replays and opens "well under" 1 s


@dataclass
class Config:
    """How much to measure: the full run, or the quick smoke run."""

    quick: bool
    games: int  # measured games played through the server
    window: int  # referee actions measured early and late, per game
    samples: int  # seat polls, seat renders and bare-route requests
    warmup_actions: int
    replay_reps: int
    play_limit: int | None  # actions played per game (None: the whole game)
    budget: float  # seconds for the server part, a hard stop

    @classmethod
    def make(cls, quick: bool) -> Config:
        if quick:
            return cls(True, 1, 10, 20, 5, 1, 40, 60.0)
        return cls(False, 2, 100, 300, 30, 7, None, 150.0)


# ----- small helpers ---------------------------------------------------------------------


def ms(seconds: float) -> float:
    return seconds * 1000.0


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (0-100), linear between closest ranks."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * p / 100.0
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def machine() -> str:
    cpu = platform.processor() or ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{platform.platform()}; {os.cpu_count()} CPUs ({cpu or 'unknown CPU'}); "
        f"Python {platform.python_version()} ({platform.python_implementation()})"
    )


def load_record(path: Path) -> dict[str, Any]:
    """The benchmark game: the committed file, or generated again if it is missing."""
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    return generate()


def top_functions(profile: cProfile.Profile, limit: int, own_only: bool = False) -> list[str]:
    """The functions with the most own time (tottime), as short lines."""
    stats = pstats.Stats(profile, stream=io.StringIO())
    rows = []
    total = sum(v[2] for v in stats.stats.values()) or 1e-9
    for (filename, line, name), (_cc, calls, tottime, cumtime, _callers) in stats.stats.items():
        short = filename
        for marker in ("/companion/", "/site-packages/", "/lib/python"):
            if marker in filename:
                short = filename[filename.index(marker) + 1 :]
                break
        if own_only and "companion/" not in short:
            continue
        rows.append((tottime, cumtime, calls, f"{short}:{line} {name}"))
    rows.sort(reverse=True)
    return [
        f"{where}: own {ms(tt):.1f} ms ({100 * tt / total:.0f}%), "
        f"with callees {ms(ct):.1f} ms, {calls} calls"
        for tt, ct, calls, where in rows[:limit]
    ]


def top_cumulative(profile: cProfile.Profile, limit: int, prefix: str) -> list[str]:
    """The app's functions (path containing `prefix`) with the most time including callees."""
    stats = pstats.Stats(profile, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_cc, calls, _tt, cumtime, _callers) in stats.stats.items():
        if prefix not in filename:
            continue
        short = filename[filename.index(prefix) + 1 :]
        rows.append((cumtime, calls, f"{short}:{line} {name}"))
    rows.sort(reverse=True)
    return [
        f"{where}: {ms(ct):.1f} ms with callees, {calls} calls" for ct, calls, where in rows[:limit]
    ]


# ----- 1. replay in-process --------------------------------------------------------------


@dataclass
class ReplayResult:
    name: str
    actions: int
    cold_ms: float
    total_ms: float  # median of the warm repetitions
    best_ms: float  # best of the warm repetitions (the code's cost, least disturbed)
    average: dict[int, float]  # k -> mean cost per action of replaying the first k (ms)
    marginal: dict[int, float]  # k -> mean cost of actions k-9..k within one replay (ms)
    profile: list[str] = field(default_factory=list)


def bench_replay(name: str, data: dict[str, Any], reps: int, profile: bool) -> ReplayResult:
    record = record_from_dict(data)
    entries = record.entries
    n = len(entries)
    start = time.perf_counter()
    replay_record(record)
    cold = time.perf_counter() - start
    totals = []
    for _ in range(reps):
        start = time.perf_counter()
        replay_record(record)
        totals.append(time.perf_counter() - start)
    marks = [k for k in MARKS if k < n] + [n]
    average = {}
    for k in marks:
        prefix = Record(record.setup, entries[:k])
        runs = []
        for _ in range(reps):
            start = time.perf_counter()
            replay_record(prefix)
            runs.append(time.perf_counter() - start)
        average[k] = ms(statistics.median(runs)) / k
    # Each action's own cost, the best of `reps` replays (the same loop as replay_record).
    each = [float("inf")] * n
    for _ in range(reps):
        state = new_game(record.setup)
        for i, entry in enumerate(entries):
            start = time.perf_counter()
            state = apply(state, entry).state
            each[i] = min(each[i], time.perf_counter() - start)
    marginal = {k: ms(statistics.fmean(each[max(0, k - 10) : k])) for k in marks}
    result = ReplayResult(
        name, n, ms(cold), ms(statistics.median(totals)), ms(min(totals)), average, marginal
    )
    if profile:
        prof = cProfile.Profile()
        prof.enable()
        replay_record(record)
        prof.disable()
        result.profile = top_functions(prof, 8)
    return result


# ----- 1b. records with many undo entries -------------------------------------------------


@dataclass
class UndoResult:
    name: str
    entries: int
    undos: int
    size_kb: float  # as the app exports it (`record_text`)
    applies: int  # distinct states the engine computed (an undo computes none)
    replay_ms: float  # replay_record, best of the repetitions
    import_ms: float  # Store.import_record: replay, log labels, one insert per entry
    open_ms: float  # Store.get in a fresh store: the path after a restart, best of reps
    other_ms: float  # an action in another game, made while this one was opening
    other_during_open: bool  # whether that action finished before the open did


def bench_undo(name: str, data: dict[str, Any], reps: int) -> UndoResult:
    """Replay, import and open a record made mostly of undo entries; meanwhile, act elsewhere."""
    from companion.store import Store

    record = record_from_dict(data)
    history = History.begin(record.setup)
    for entry in record.entries:
        history = history.add(entry)[0]
    applies = sum(len(results) for _, results in history.applied.values())
    replays = []
    for _ in range(reps):
        start = time.perf_counter()
        replay_record(record)
        replays.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-undo-") as tmp:
        path = Path(tmp) / "companion.db"
        store = Store(path)
        start = time.perf_counter()
        game = store.import_record(record, name)
        imported = time.perf_counter() - start
        short = Record(record.setup, record.entries[:1])
        runs = [_open_while_acting(path, game.id, short) for _ in range(reps)]
    opens = [run[0] for run in runs]
    other, during = runs[0][1], runs[0][2]
    return UndoResult(
        name,
        len(record.entries),
        sum(1 for e in record.entries if isinstance(e, Undo)),
        len(record_text(record)) / 1024,
        applies,
        ms(min(replays)),
        ms(imported),
        ms(min(opens)),
        ms(other),
        during,
    )


def _open_while_acting(path: Path, game_id: str, short: Record) -> tuple[float, float, bool]:
    """Open a game in a fresh store (one thread) while acting in another game (this one):
    seconds the open took, seconds the action took, and whether it was done first."""
    from companion.store import Store

    fresh = Store(path)  # as after a restart: nothing cached
    other = fresh.import_record(short, "other")
    begun, done = threading.Event(), threading.Event()

    def open_game() -> None:
        begun.set()
        fresh.get(game_id)
        done.set()

    opener = threading.Thread(target=open_game)
    start = time.perf_counter()
    opener.start()
    begun.wait()
    act = time.perf_counter()
    fresh.append(other.id, Undo(0), other.revision)
    acted = time.perf_counter()
    during = not done.is_set()
    opener.join()
    return time.perf_counter() - start, acted - act, during


# ----- the server --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """In the server's process (Linux): be terminated if the benchmark dies abruptly."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


class Server:
    """`companion serve` in a subprocess on 127.0.0.1; always terminated by `stop`."""

    def __init__(self, instance: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = instance / "server.log"
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        command = [
            sys.executable,
            "-m",
            "companion.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--url",
            self.base,
            "--instance",
            str(instance / "data"),
            "--threads",
            "48",
        ]
        self._out = self.log.open("wb")
        self.proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=self._out,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent if sys.platform == "linux" else None,
        )
        self.referee_token = ""

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text(errors='replace')}")
            found = re.search(r"/referee/([\w-]+)", self.log.read_text(errors="replace"))
            if found:
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                    conn.request("GET", "/healthz")
                    if conn.getresponse().read() == b"ok":
                        self.referee_token = found.group(1)
                        conn.close()
                        return
                    conn.close()
                except OSError:
                    pass
            time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()


class Client:
    """One browser: a keep-alive connection with its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(header)
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        return response.status, dict(response.getheaders()), data

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", path, headers=headers)

    def close(self) -> None:
        self.conn.close()

    def reconnect(self) -> None:
        """A new connection (the server drops one idle for 10 s); the cookies stay."""
        self.conn.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)


class Referee:
    """The referee's laptop: logged in by its link, with the session's CSRF token."""

    def __init__(self, server: Server) -> None:
        self.client = Client(server.port)
        status, headers, _ = self.client.get(f"/referee/{server.referee_token}")
        if status != 303:
            raise RuntimeError(f"referee login answered {status}")
        status, _, page = self.client.get("/")
        found = re.search(rb'name="csrf" value="([^"]+)"', page)
        if status != 200 or not found:
            raise RuntimeError("no CSRF token on the games page")
        self.csrf = found.group(1).decode()
        self.drawings = ""  # what app.js sends as X-Drawings: the drawings the console shows

    def new_game(self, setup: dict[str, Any], name: str) -> str:
        """A game with the record's setup and no actions yet (imported as a record)."""
        self.drawings = ""  # a new console page
        record = json.dumps({**RECORD_HEAD, "setup": setup, "actions": []}).encode()
        boundary = "benchboundary7f3a"
        body = b"".join(
            [
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n'.encode(),
                self.csrf.encode(),
                f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n'.encode(),
                name.encode(),
                f"\r\n--{boundary}\r\nContent-Disposition: form-data; "
                f'name="record"; filename="bench.json"\r\n'
                f"Content-Type: application/json\r\n\r\n".encode(),
                record,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-CSRF-Token": self.csrf,
        }
        status, got, _ = self.client.request("POST", "/games/import", body, headers)
        location = got.get("Location", "")
        found = re.search(r"/games/(\w+)", location)
        if status != 303 or not found:
            raise RuntimeError(f"import answered {status} {location!r}")
        return found.group(1)

    def seat_tokens(self, game_id: str) -> list[str]:
        status, _, page = self.client.get(f"/games/{game_id}/seats")
        tokens = list(dict.fromkeys(re.findall(rb"/s/([\w-]{16,})", page)))
        if status != 200 or len(tokens) != 6:
            raise RuntimeError(f"seats page answered {status} with {len(tokens)} seat links")
        return [t.decode() for t in tokens]

    def act(self, game_id: str, action: dict[str, Any], revision: int) -> tuple[int, bytes]:
        body = (
            f"kind=action&action={_quote(json.dumps(action))}&revision={revision}"
            f"&csrf={_quote(self.csrf)}"
        ).encode()
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "X-CSRF-Token": self.csrf,
            "Accept-Encoding": "gzip, deflate, br",  # as the referee's browser asks
        }
        if self.drawings:  # as app.js does: the soup and ladder on screen are not sent again
            headers["X-Drawings"] = self.drawings
        status, got, page = self.client.request("POST", f"/games/{game_id}/act", body, headers)
        if got.get("Content-Encoding") == "gzip":
            page = gzip.decompress(page)
        if status == 200:  # the console now shows the drawings sent and the ones kept
            self.drawings = b" ".join(DRAWING.findall(page)).decode()
        return status, page


RECORD_HEAD = {"format": "ursuppe-companion-record", "version": 1}
DRAWING = re.compile(rb'<svg data-(?:drawing|keep)="([0-9a-f]+)"')


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


class Phones:
    """12 phones listening to a game's server-sent events: raw sockets, one thread each."""

    def __init__(self, port: int, tokens: list[str], count: int = PHONES) -> None:
        self.port = port
        self.tokens = [tokens[i % len(tokens)] for i in range(count)]
        self.cond = threading.Condition()
        self.arrivals: dict[int, list[float]] = {}
        self.sockets: list[socket.socket] = []
        self.threads: list[threading.Thread] = []
        self.errors: list[str] = []
        self.stopping = False

    def start(self, revision: int, timeout: float = 10.0) -> None:
        for i, token in enumerate(self.tokens):
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
            self.sockets.append(sock)
            thread = threading.Thread(
                target=self._listen, args=(sock, token), name=f"phone{i}", daemon=True
            )
            self.threads.append(thread)
            thread.start()
        if not self.wait(revision, timeout):
            got = {rev: len(times) for rev, times in self.arrivals.items()}
            raise RuntimeError(
                f"the phones did not connect: revisions received {got} of {len(self.tokens)}"
                f" phones, errors {self.errors}"
            )

    def _listen(self, sock: socket.socket, token: str) -> None:
        """Read the stream line by line; chunk-size lines of the framing are ignored."""
        request = (
            f"GET /s/{token}/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        )
        try:
            sock.sendall(request.encode())
            pending = b""
            in_headers = True
            event = ""
            for _ in range(1_000_000):  # bounded; the stream ends long before
                data = sock.recv(65536)
                if not data:
                    return
                now = time.perf_counter()
                pending += data
                *lines, pending = pending.split(b"\n")
                for raw in lines:
                    text = raw.decode("utf-8", "replace").rstrip("\r")
                    if in_headers:
                        if text.startswith("HTTP/") and " 200 " not in text + " ":
                            raise RuntimeError(f"events answered {text}")
                        in_headers = bool(text)
                    elif text.startswith("event:"):
                        event = text[6:].strip()
                    elif text.startswith("data:") and event == "revision":
                        revision = int(text[5:].strip())
                        with self.cond:
                            self.arrivals.setdefault(revision, []).append(now)
                            self.cond.notify_all()
                        event = ""
        except (OSError, ValueError, RuntimeError) as exc:
            if not self.stopping:
                self.errors.append(repr(exc))

    def wait(self, revision: int, timeout: float) -> bool:
        """Wait until every phone has received `revision`."""
        with self.cond:
            return self.cond.wait_for(
                lambda: len(self.arrivals.get(revision, ())) >= len(self.tokens), timeout
            )

    def stop(self) -> None:
        self.stopping = True
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
        for thread in self.threads:
            thread.join(5)


# ----- 2-5. the server part ---------------------------------------------------------------


@dataclass
class ServerResult:
    early: list[float] = field(default_factory=list)  # referee action, ms
    late: list[float] = field(default_factory=list)
    bare: list[float] = field(default_factory=list)
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
    phones = Phones(server.port, tokens)
    phones.start(0)
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
            sent = time.perf_counter()
            status, page = referee.act(game_id, action, i)
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
            took = ms(received - sent)
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
            if not cfg.quick:
                time.sleep(STREAM_RELEASE)  # the warm-up's phone streams are released
                referee.client.reconnect()
            play_game(server, referee, data["setup"], actions, cfg, result, deadline, "extra")
            referee.client.close()
        finally:
            server.stop()
    return result


# ----- profiles of the request paths (in-process, the same app code) -----------------------


def profile_requests(data: dict[str, Any], cfg: Config) -> dict[str, Any]:
    """Where a referee action's and a seat poll's time goes: cProfile with Flask's client."""
    from companion import create_app

    record = record_from_dict(data)
    entries = list(record.entries)
    count = 5 if cfg.quick else 20
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-prof-") as tmp:
        app = create_app({"INSTANCE_PATH": tmp})
        client = app.test_client()
        client.get(f"/referee/{app.config['REFEREE_TOKEN']}")
        page = client.get("/").data
        csrf = re.search(rb'name="csrf" value="([^"]+)"', page).group(1).decode()
        store = app.extensions["companion.store"]
        headers = {"HX-Request": "true", "X-CSRF-Token": csrf}

        def post_range(start: int, stop: int, prof: cProfile.Profile | None) -> float:
            game = store.import_record(Record(record.setup, tuple(entries[:start])), "prof")
            took = 0.0
            for i in range(start, stop):
                form = {
                    "kind": "action",
                    "action": json.dumps(action_to_dict(entries[i])),
                    "revision": str(i),
                    "csrf": csrf,
                }
                begin = time.perf_counter()
                if prof is not None:
                    prof.enable()
                response = client.post(f"/games/{game.id}/act", data=form, headers=headers)
                if prof is not None:
                    prof.disable()
                took += time.perf_counter() - begin
                if response.status_code != 200:
                    raise RuntimeError(f"profile: action {i + 1} answered {response.status_code}")
            return ms(took) / (stop - start)

        late_start = max(count, len(entries) - count)
        post_range(0, count, None)  # warm up
        for label, start in (("early", 0), ("late", late_start)):
            prof = cProfile.Profile()
            each = post_range(start, start + count, prof)
            out[label] = {
                "ms": each,
                "cumulative": top_cumulative(prof, 10, "/companion/"),
                "own": top_functions(prof, 6),
            }
        out["parts"] = {
            label: request_parts(app, store, record, start)
            for label, start in (("early", count), ("late", late_start))
        }
        # The seat poll (204) and the bare route, the same number of times.
        game = store.import_record(Record(record.setup, tuple(entries[:late_start])), "poll")
        token = next(iter(store.seat_tokens(game.id).values()))
        polls = 50 if cfg.quick else 500
        for label, path in (
            ("bare", "/healthz"),
            ("poll", f"/s/{token}/view?since={game.revision}"),
        ):
            for _ in range(polls // 5):
                client.get(path)
            prof = cProfile.Profile()
            begin = time.perf_counter()
            prof.enable()
            for _ in range(polls):
                client.get(path)
            prof.disable()
            out[label] = {
                "ms": ms(time.perf_counter() - begin) / polls,
                "cumulative": top_cumulative(prof, 6, "/companion/"),
            }
    return out


def request_parts(app: Any, store: Any, record: Record, position: int) -> dict[str, float]:
    """Time the parts of a referee action's answer at a position of the game (ms, best of 5)."""
    from flask import render_template

    from companion.web import console

    game = store.import_record(Record(record.setup, record.entries[:position]), "parts")
    parts: dict[str, float] = {}
    with app.test_request_context(f"/games/{game.id}/act", headers={"HX-Request": "true"}):

        def best(fn: Any) -> float:
            runs = []
            for _ in range(5):
                begin = time.perf_counter()
                fn()
                runs.append(time.perf_counter() - begin)
            return ms(min(runs))

        ctx = console.context(game)
        parts["context (prompt, controls, views)"] = best(lambda: console.context(game))
        parts["render _console.html"] = best(lambda: render_template("_console.html", **ctx))
        no_log = dict(ctx, log=[])
        parts["render _console.html without the log"] = best(
            lambda: render_template("_console.html", **no_log)
        )
        parts["log entries shown"] = float(len(ctx["log"]))
        parts["partial size (KB)"] = len(render_template("_console.html", **ctx)) / 1024
        # What a tap is answered with: the console with only the newest log entries.
        tap = console.context(game, log_from=max(1, game.revision - 1))
        parts["render a tap's answer (newest log entries only)"] = best(
            lambda: render_template("_console.html", **tap)
        )
        parts["tap's answer size (KB)"] = len(render_template("_console.html", **tap)) / 1024
    return parts


# ----- the report ------------------------------------------------------------------------


def fmt(value: float) -> str:
    if value != value:  # nan
        return "n/a"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def report(
    cfg: Config,
    replays: list[ReplayResult],
    undos: list[UndoResult],
    server: ServerResult,
    profiles: dict[str, Any],
    runtime: float,
    load: tuple[float, float],
    urland: list[ReplayResult] | tuple = (),
) -> str:
    bare50, bare95 = pct(server.bare, 50), pct(server.bare, 95)
    lines = [
        "# Benchmark results",
        "",
        f"- date: {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {machine()}",
        f"- load average (1 min) at the start {load[0]:.2f}, at the end {load[1]:.2f} "
        "(other work on the machine disturbs the figures)",
        f"- command: `python -m bench{' --quick' if cfg.quick else ''}`; runtime {runtime:.0f} s",
        "- server: `companion serve --host 127.0.0.1 --threads 48` (waitress) in a subprocess; "
        "the client (12 phone threads, the referee, the pollers) runs on the same machine",
        "",
        "## 1. Replaying a recorded game in-process (`replay_record`)",
        "",
        "Per action: the mean cost per action of replaying the first k actions "
        "(total(k) / k), and the marginal cost of actions k-9..k within one replay "
        "(best of the repetitions). The last column is the marginal cost over the bare route's "
        "p50.",
        "",
        "| game | actions | first (cold) ms | total ms, best / median | k | mean ms/action "
        "| marginal ms/action | marginal / bare |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in [*replays, *urland]:
        for j, k in enumerate(r.average):
            head = (
                f"| {r.name} | {r.actions} | {fmt(r.cold_ms)} | {fmt(r.best_ms)} / "
                f"{fmt(r.total_ms)} "
                if j == 0
                else "| | | | "
            )
            lines.append(
                f"{head}| {k} | {fmt(r.average[k])} | {fmt(r.marginal[k])} "
                f"| {fmt(r.marginal[k] / bare50)}x |"
            )
        if r.actions < 1000:
            lines.append(
                f"| | | | | 1000 | n/a: {r.actions} actions | | |",
            )
    lines += [
        "",
        "A complete 6-player game ends after at most 10 rounds (11 environment cards), so no "
        "legal complete game reaches 1000 actions; the bench game "
        "(bench/long-six-players.json, seed 31, 100-space ladder so all 10 rounds are played) "
        "is the longest of 40 seeded games.",
        "",
        "The examples/urland rows replay Urland's golden games (`urland.engine.replay`), one "
        "per player count; an Urland game ends within 3 epochs (7 volcano tiles), so none "
        "reaches 1000 actions. They have no target of their own: they show that the second "
        "game's replay costs per action what Ursuppe's does.",
        "",
        "## 1b. Records with many undo entries (worst cases for undo)",
        "",
        "Built from the bench game by `bench/longgame.py` (`undo_records`), each up to the "
        "20,000 entries a record may hold. Replay: `replay_record`, best of the repetitions. "
        "Import: `Store.import_record` (replay, log labels, one insert per entry). Open: "
        "`Store.get` in a fresh store, as after a restart (best of the repetitions). Other "
        "game: an action in another game of the same store, made while the record was being "
        "opened in another thread. States computed: the engine's `apply` runs once per "
        "distinct (state, action); an undo computes none.",
        "",
        "| record | entries | undo entries | size KB | states computed | replay ms | import ms "
        "| open ms | other game's action ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for u in undos:
        during = "during the open" if u.other_during_open else "after the open ended"
        lines.append(
            f"| {u.name} | {u.entries} | {u.undos} | {u.size_kb:.0f} | {u.applies} "
            f"| {fmt(u.replay_ms)} | {fmt(u.import_ms)} | {fmt(u.open_ms)} "
            f"| {fmt(u.other_ms)} ({during}) |"
        )
    lines += [
        "",
        "## 2-5. Through the server (HTTP on 127.0.0.1, 12 phones connected)",
        "",
        "| figure | n | p50 ms | p95 ms | p50 / bare | p95 / bare |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]

    def ratio(value: float, base: float) -> str:
        return f"{fmt(value / base)}x" if value > 0 else "n/a"

    def row(name: str, values: list[float]) -> str:
        p50, p95 = pct(values, 50), pct(values, 95)
        return (
            f"| {name} | {len(values)} | {fmt(p50)} | {fmt(p95)} | {ratio(p50, bare50)} "
            f"| {ratio(p95, bare95)} |"
        )

    window = cfg.window
    lines += [
        row("bare route GET /healthz", server.bare),
        row(f"referee action POST /act, early (actions 1-{window})", server.early),
        row(f"referee action POST /act, late (last {window} actions)", server.late),
        *(
            [
                row(f"with extra genes: POST /act, early (actions 1-{window})", server.extra.early),
                row(
                    f"with extra genes: POST /act, late (last {window} actions)", server.extra.late
                ),
            ]
            if server.extra
            else []
        ),
        row("seat poll, nothing new (204)", server.poll),
        row("seat view render after a change (200)", server.render),
        row(
            "propagation to all 12 phones, from the POST sent (upper bound)",
            server.propagation_send,
        ),
        row(
            "propagation to all 12 phones, after the POST response (negative: already there)",
            server.propagation,
        ),
        row("spread, first phone to last phone", server.spread),
        "",
        f"Seat figures measured at action {server.seat_point} of the first game, interleaved "
        "with the bare route (one keep-alive connection each). Referee actions: "
        f"{server.actions_played} played in {cfg.games} game(s) (after a warm-up game)"
        + (
            f"; with extra genes: {server.extra.actions_played} of {_name(EXTRA_GAME)} "
            "(the recommended pair, 2 turned over a round, `bench/extragame.py`), on a server "
            "of its own after a warm-up game. "
            if server.extra
            else ". "
        )
        + f"Propagation: {server.before_response} of {len(server.propagation)} events reached "
        "all 12 phones before the referee's own response had been read (negative values: the "
        "server notifies the hub before it renders the console partial); "
        f"{server.missed_events} not received within 5 s. The commit itself is not visible "
        "to a client, so the figure from the POST sent (validation, commit, notification and, "
        "in parallel, the console render) is the upper bound the target is checked on.",
    ]
    lines += [f"Note: {n}" for n in server.notes]
    lines += first_load_lines(server.first_load)
    lines += ["", "## Targets", ""]
    targets = evaluate(replays, undos, server, profiles)
    for t in targets:
        lines.append(f"- {t}")
    lines += ["", "## Profiles", ""]
    for r in replays:
        if r.profile:
            lines.append(f"Replay of {r.name} ({r.actions} actions), cProfile, most own time:")
            lines.append("")
            lines += [f"    {p}" for p in r.profile]
            lines.append("")
    if profiles:
        for label in ("early", "late"):
            p = profiles[label]
            lines.append(
                f"Referee action, {label} (in-process, Flask test client, cProfile): "
                f"{fmt(p['ms'])} ms per action under the profiler; app functions with "
                "callees:"
            )
            lines.append("")
            lines += [f"    {x}" for x in p["cumulative"]]
            lines.append("")
            lines.append("  most own time:")
            lines.append("")
            lines += [f"    {x}" for x in p["own"]]
            lines.append("")
        lines.append("Parts of a referee action's answer, in-process (ms, best of 5):")
        lines.append("")
        lines.append("| part | early | late |")
        lines.append("| --- | ---: | ---: |")
        early, late = profiles["parts"]["early"], profiles["parts"]["late"]
        for key in early:
            lines.append(f"| {key} | {fmt(early[key])} | {fmt(late[key])} |")
        lines.append("")
        lines.append(
            f"Seat poll (204) in-process: {fmt(profiles['poll']['ms'])} ms per request under the "
            f"profiler vs {fmt(profiles['bare']['ms'])} ms for /healthz; app functions:"
        )
        lines.append("")
        lines += [f"    {x}" for x in profiles["poll"]["cumulative"]]
        lines.append("")
    return "\n".join(lines) + "\n"


def first_load_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The seat's first load, resource by resource, and what a re-opened phone fetches."""
    if not rows:
        return []
    lines = [
        "",
        "## 6. A seat's first load over the wire (a phone opening its QR link)",
        "",
        "As a browser asks (Accept-Encoding: gzip); wire bytes include the response headers.",
        "",
        "| resource | bytes on the wire | body sent | body unpacked | encoding | Cache-Control |",
        "| --- | ---: | ---: | ---: | --- | --- |",
    ]
    for r in rows:
        name = r["path"] + (" (?v=version)" if r["versioned"] else "")
        lines.append(
            f"| {name} | {r['wire']} | {r['body']} | {r['plain']} | {r['encoding']} "
            f"| {r['cache']} |"
        )
    total, plain = sum(r["wire"] for r in rows), sum(r["plain"] for r in rows)
    again = sum(r["wire"] for r in rows if "immutable" not in r["cache"])
    lines += [
        f"| **total** | **{total}** | | {plain} | | |",
        "",
        f"Re-opened later, the phone keeps the files marked immutable and fetches only the "
        f"rest: {again} bytes.",
    ]
    return lines


def verdict(ok: bool) -> str:
    return "MET" if ok else "MISSED"


def evaluate(
    replays: list[ReplayResult],
    undos: list[UndoResult],
    server: ServerResult,
    profiles: dict[str, Any],
) -> list[str]:
    out = []
    if server.extra:
        e, lt, b = pct(server.extra.early, 50), pct(server.extra.late, 50), pct(server.bare, 50)
        out.append(
            f"with extra genes, late-game referee action <= {LATE_VS_EARLY}x an early one: "
            f"{verdict(lt / e <= LATE_VS_EARLY)} (p50 {fmt(lt)} vs {fmt(e)} ms, {lt / e:.2f}x)"
        )
        out.append(
            f"with extra genes, referee action p50 <= {ACTION_VS_BARE:.0f}x the bare route: "
            f"{verdict(e / b <= ACTION_VS_BARE)} (early p50 {fmt(e)} vs {fmt(b)} ms, "
            f"{e / b:.1f}x; late {lt / b:.1f}x)"
        )
    early, late = pct(server.early, 50), pct(server.late, 50)
    ratio = late / early
    text = (
        f"late-game referee action <= {LATE_VS_EARLY}x an early one: "
        f"{verdict(ratio <= LATE_VS_EARLY)} "
        f"(p50 {fmt(late)} vs {fmt(early)} ms, {ratio:.2f}x; p95 "
        f"{fmt(pct(server.late, 95))} vs {fmt(pct(server.early, 95))} ms)"
    )
    if ratio > LATE_VS_EARLY:
        text += f"; over by {100 * (ratio / LATE_VS_EARLY - 1):.0f}%."
        if profiles:
            e, lt = profiles["early"], profiles["late"]
            pe, pl = profiles["parts"]["early"], profiles["parts"]["late"]
            answer = "render a tap's answer (newest log entries only)"
            text += (
                f" A tap's answer renders in {fmt(pe[answer])} -> {fmt(pl[answer])} ms "
                f"in-process (the whole console with {pe['log entries shown']:.0f} -> "
                f"{pl['log entries shown']:.0f} log entries: {fmt(pe['render _console.html'])} "
                f"-> {fmt(pl['render _console.html'])} ms); under cProfile {fmt(e['ms'])} -> "
                f"{fmt(lt['ms'])} ms per action."
            )
    out.append(text)
    bare = pct(server.bare, 50)
    ratio = early / bare
    text = (
        f"referee action p50 <= {ACTION_VS_BARE:.0f}x the bare route: "
        f"{verdict(ratio <= ACTION_VS_BARE)} (early p50 {fmt(early)} vs {fmt(bare)} ms, "
        f"{ratio:.1f}x; late {late / bare:.1f}x)"
    )
    if ratio > ACTION_VS_BARE and profiles:
        pe = profiles["parts"]["early"]
        text += (
            f"; over by {100 * (ratio / ACTION_VS_BARE - 1):.0f}%. In-process parts (ms): "
            + ", ".join(f"{k} {fmt(v)}" for k, v in pe.items())
        )
    out.append(text)
    if server.first_load:
        kb = sum(r["wire"] for r in server.first_load) / 1024
        text = (
            f"a seat's first load <= {FIRST_LOAD_KB:.0f} KB on the wire: "
            f"{verdict(kb <= FIRST_LOAD_KB)} ({kb:.1f} KB in {len(server.first_load)} "
            f"responses, gzip; static files cached by version: "
            f"{sum('immutable' in r['cache'] for r in server.first_load)})"
        )
        out.append(text)
    poll = pct(server.poll, 50)
    ratio = poll / bare
    text = (
        f"seat poll with nothing new <= {POLL_VS_BARE}x the bare route: "
        f"{verdict(ratio <= POLL_VS_BARE)} (p50 {fmt(poll)} vs {fmt(bare)} ms, {ratio:.2f}x; "
        f"p95 {fmt(pct(server.poll, 95))} vs {fmt(pct(server.bare, 95))} ms)"
    )
    if ratio > POLL_VS_BARE:
        text += f"; over by {100 * (ratio / POLL_VS_BARE - 1):.0f}%."
        if profiles:
            text += f" Bound by: {'; '.join(profiles['poll']['cumulative'][:3])}"
    out.append(text)
    p95 = pct(server.propagation_send, 95)
    after = max(0.0, pct(server.propagation, 95))
    text = (
        f"p95 propagation to 12 phones < {PROPAGATION_P95_MS:.0f} ms: "
        f"{verdict(p95 < PROPAGATION_P95_MS)} ({fmt(p95)} ms from the POST sent, an upper "
        f"bound; {fmt(after)} ms after the response was read, as {server.before_response} of "
        f"{len(server.propagation)} events were at all 12 phones before it)"
    )
    if p95 >= PROPAGATION_P95_MS:
        text += (
            f"; over by {fmt(p95 - PROPAGATION_P95_MS)} ms (spread first to last phone p95 "
            f"{fmt(pct(server.spread, 95))} ms)"
        )
    out.append(text)
    for r in replays:
        text = (
            f"replaying a complete 6-player game ({r.name}, {r.actions} actions) < "
            f"{REPLAY_MS:.0f} ms: {verdict(r.best_ms < REPLAY_MS)} ({fmt(r.best_ms)} ms best of "
            f"the warm replays, {fmt(r.total_ms)} ms median, {fmt(r.cold_ms)} ms cold)"
        )
        if r.best_ms >= REPLAY_MS:
            text += f"; over by {fmt(r.best_ms - REPLAY_MS)} ms ({r.best_ms / REPLAY_MS:.2f}x)."
            if r.profile:
                text += f" Dominant own cost: {r.profile[0]}"
        out.append(text)
    for u in undos:
        worst = max(u.replay_ms, u.open_ms)
        text = (
            f"replaying and opening a record with {u.undos} undo entries ({u.name}, "
            f"{u.entries} entries) < {UNDO_OPEN_MS:.0f} ms: {verdict(worst < UNDO_OPEN_MS)} "
            f"(replay {fmt(u.replay_ms)} ms, open after a restart {fmt(u.open_ms)} ms, "
            f"{u.applies} states computed)"
        )
        if worst >= UNDO_OPEN_MS:
            text += f"; over by {fmt(worst - UNDO_OPEN_MS)} ms"
            if u.applies * 4 >= u.entries:
                text += (
                    f": bound by the engine, one `apply` per distinct state "
                    f"({fmt(u.replay_ms / u.applies)} ms each in the replay), not by undo"
                )
            else:
                text += (
                    f": bound by the work per entry ({fmt(u.open_ms / u.entries)} ms each "
                    "to open: decoding, the log label, the history)"
                )
        out.append(text)
    if undos:
        longest = max(undos, key=lambda u: u.open_ms)
        text = (
            "an action in another game is not held up while a long game opens: "
            f"{verdict(longest.other_during_open)} ({fmt(longest.other_ms)} ms, done "
            f"{'while' if longest.other_during_open else 'only after'} {longest.name} "
            f"opened ({fmt(longest.open_ms)} ms))"
        )
        out.append(text)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few samples (the smoke test)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the results")
    parser.add_argument("--record", type=Path, default=LONG_GAME, help="the game to play")
    args = parser.parse_args(argv)
    cfg = Config.make(args.quick)
    # A plain `kill` of the benchmark still runs the finally blocks that stop the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    began = time.monotonic()
    load_start = _load()
    data = load_record(args.record)
    extra = load_record(EXTRA_GAME) if EXTRA_GAME.exists() else generate_extra()
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    print("1. replay in-process ...", flush=True)
    replays = [
        bench_replay("examples/six-players.json", example, cfg.replay_reps, not cfg.quick),
        bench_replay(_name(args.record), data, cfg.replay_reps, True),
        bench_replay(_name(EXTRA_GAME), extra, cfg.replay_reps, not cfg.quick),
    ]
    urland = [bench_urland_replay(n, d, cfg.replay_reps) for n, d in urland_examples().items()]
    print("1b. records with many undo entries ...", flush=True)
    undos = [bench_undo(name, d, cfg.replay_reps) for name, d in undo_records(data).items()]
    print("2-5. the server on 127.0.0.1 ...", flush=True)
    server = bench_server(data, cfg)
    print("2b. the game with extra genes through a server ...", flush=True)
    server.extra = bench_server_extra(extra, cfg)
    server.notes += server.extra.notes
    print("profiles ...", flush=True)
    profiles = profile_requests(data, cfg)
    runtime = time.monotonic() - began
    text = report(
        cfg, replays, undos, server, profiles, runtime, (load_start, _load()), urland=urland
    )
    print(text)
    args.out.write_text(text, encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def _name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return path.name


if __name__ == "__main__":
    sys.exit(main())
