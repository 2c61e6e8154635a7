"""The server's figures: through `companion serve`, in-process, replays, records of undos."""

from __future__ import annotations

import gzip
import math
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.clients import ROOT, STATIC_LINK, Client, InProcess, Phones, Referee, expect, serve
from companion import create_app
from companion.serving import tune_collector
from companion.store import Store
from companion.tracker.game import game_of

BENCH = Path(__file__).resolve().parent
LONG_GAME, EXTRA_GAME = BENCH / "long-six-players.json", BENCH / "long-six-players-extra.json"
GAMES = {"the long game": LONG_GAME, "with extra genes": EXTRA_GAME}
EXAMPLE = BENCH.parent / "examples" / "six-players.json"
WINDOWS = ("early", "late")


@dataclass
class Config:
    """How much to measure: the full run, or the quick smoke run."""

    window: int  # referee actions measured early and late
    samples: int  # seat polls, and bare-route requests beside them
    warmup: int  # actions of each game played on the server before the measured games
    reps: int  # replays and opens of each record (the best counts)
    play_limit: int | None  # actions played per game through the server (None: all)
    passes: int  # counted passes of the taps in turn (one more warms up)
    history: tuple[int, int, int]  # finished games stored, played ones, visits of each page
    budget: float = 150.0  # seconds for the server part, a hard stop


FULL = Config(100, 300, 30, 7, None, 3, (200, 8, 20))
QUICK = Config(10, 20, 5, 1, 40, 1, (20, 2, 3))  # the smoke run's few samples


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values measured (nan: not measured, or none)."""
    ordered = sorted(v for v in values if v == v)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else math.nan


BARE, TAP = "{}: bare route before each {} tap", "{}: referee action, {} window"
SEAT_BARE, POLL = "bare route beside the seat polls", "seat poll, nothing new (204)"


@dataclass
class ServerFigures:
    """What the games through the server measured (ms), the results' rows by name first."""

    rows: dict[str, list[float]] = field(default_factory=dict)
    # POST sent to the 12th phone; a revision not at all 12 within 5 s is infinitely late
    propagation: list[float] = field(default_factory=list)
    first_load: list[tuple[str, int, str]] = field(default_factory=list)  # path, bytes, cache
    notes: list[str] = field(default_factory=list)


def through_server(games: dict[str, dict[str, Any]], cfg: Config) -> ServerFigures:
    """Each game's first actions to warm up, then each game whole with 12 phones listening."""
    rows = [row.format(name, w) for name in games for w in WINDOWS for row in (BARE, TAP)]
    out = ServerFigures({row: [] for row in (*rows, SEAT_BARE, POLL)})
    deadline = time.monotonic() + cfg.budget
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-") as tmp, serve(Path(tmp)) as served:
        referee = Referee(Client(served[0]), served[1])
        for name, data in games.items():  # the warm-up, no phones listening
            game_id = referee.new_game(data["setup"], name)
            referee.seat_tokens(game_id)
            for i, action in enumerate(data["actions"][: cfg.warmup]):
                expect(referee.act(game_id, action, i)[0], 200, f"{name}: action {i + 1}")
        for name, data in games.items():
            play(referee, name, data, cfg, deadline, out)
    return out


def play(referee: Referee, name: str, data: dict, cfg: Config, deadline, out: ServerFigures):
    """Play a game whole through the server with 12 phones listening, timed into `out`."""
    port, actions = referee.client.port, data["actions"][: cfg.play_limit]
    n, game_id = len(actions), referee.new_game(data["setup"], name)
    tokens = referee.seat_tokens(game_id)
    phones = Phones(port, tokens)
    referee.client.reconnect()  # the server drops a connection idle for 10 s
    bare = Client(port)  # asked just before each measured tap, on its own connection
    for i, action in enumerate(actions):
        if time.monotonic() > deadline:
            out.notes.append(f"{name}: stopped after {i} actions (time budget)")
            break
        if not out.rows[POLL] and i == max(0, n - cfg.window):
            seat_figures(port, tokens, i, cfg.samples, out)
        window = "early" if i < cfg.window else "late" if i >= n - cfg.window else None
        if window:  # the bare route's last of three asked back to back: the first ones absorb
            # what is left of the last tap (its phones' streams), as by the seat polls
            took = [bare.timed("/healthz")[0] for _ in range(3)][-1]
            out.rows[BARE.format(name, window)].append(took)
        sent = time.perf_counter()
        status, page, took = referee.act(game_id, action, i)
        expect(status, 200, f"{name}: action {i + 1} ({page[-300:]!r})")
        if window:
            out.rows[TAP.format(name, window)].append(took)
        out.propagation.append((phones.last_arrival(i + 1, 5.0) - sent) * 1000.0)
    if phones.errors:
        raise RuntimeError(f"a phone's stream failed: {phones.errors[:3]}")
    phones.stop()


def seat_figures(port: int, tokens: list[str], revision: int, samples: int, out: ServerFigures):
    """A seat's first load, then the bare route and the seat's poll with nothing new, in turn."""
    phone, paths = Client(port), [f"/s/{tokens[0]}"]
    for path in paths:  # the page adds what it links
        status, headers, body = phone.get(path, headers={"Accept-Encoding": "gzip, br"})
        expect(status, 200, f"first load: GET {path}")
        if not out.first_load:
            plain = gzip.decompress(body) if headers.get("Content-Encoding") == "gzip" else body
            paths += [m.decode() for m in STATIC_LINK.findall(plain)]
        head = sum(len(k) + len(v) + 4 for k, v in headers.items()) + 19  # status line
        out.first_load.append((path, len(body) + head, headers.get("Cache-Control", "-")))
    bare, poll, warm = Client(port), Client(port), max(50, samples // 5)
    for i in range(warm + samples):
        took = bare.timed("/healthz", 200, {"HX-Request": "true"})[0]
        path = f"/s/{tokens[i % 6]}/view?since={revision}"
        polled = poll.timed(path, 204, {"HX-Request": "true"})[0]
        if i >= warm:
            out.rows[SEAT_BARE].append(took)
            out.rows[POLL].append(polled)


def in_turn(data: dict[str, Any], cfg: Config) -> dict[str, dict[str, list[float]]]:
    """The taps of the first and last `window` actions in turn in-process, by kind (thread ms)."""
    actions = data["actions"]
    window = min(cfg.window, len(actions) // 2)
    kinds: dict[str, dict[str, list[float]]] = {w: {} for w in WINDOWS}
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-turns-") as tmp:
        app = create_app({"INSTANCE_PATH": tmp})
        tune_collector()  # as `companion serve` does
        for rep in range(cfg.passes + 1):
            lanes = []
            for label, start in zip(WINDOWS, (0, len(actions) - window)):
                referee = Referee(InProcess(app), app.config["REFEREE_TOKEN"], time.thread_time)
                game_id = referee.new_game(data["setup"], label, actions[:start])
                lanes.append((label, start, referee, game_id))
            for k in range(window):  # the first of a pair came out 2-5% slower
                for label, start, referee, game_id in lanes if k % 2 == 0 else lanes[::-1]:
                    status, _, took = referee.act(game_id, actions[start + k], start + k)
                    expect(status, 200, f"in turn: action {start + k + 1}")
                    if rep:
                        kinds[label].setdefault(actions[start + k]["type"], []).append(took)
    return kinds


def same_kinds(early: dict[str, list[float]], late: dict[str, list[float]]) -> float:
    """Each kind's p50 late over early, weighted by the late counts (nan: no kind in both)."""
    shared = [k for k in late if k in early]
    grown = sum(pct(late[k], 50) * len(late[k]) for k in shared)
    base = sum(pct(early[k], 50) * len(late[k]) for k in shared)
    return grown / base if shared else math.nan


def replay(data: dict[str, Any], reps: int) -> tuple[float, float]:
    """`new_game` and `apply` over the record's actions: the best of `reps` warm, the cold."""
    core = game_of(data)
    setup = core.setup_from_dict(data["setup"])
    actions = [core.action_from_dict(a) for a in data["actions"]]
    times = []
    for _ in range(reps + 1):
        start = time.perf_counter()
        state = core.new_game(setup)
        for action in actions:
            state = core.apply(state, action)[0]
        times.append((time.perf_counter() - start) * 1000.0)
    return min(times[1:]), times[0]


def undo_records(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The worst cases for undo built from a game (tests/undone_records.py), by name."""
    sys.path.insert(0, str(ROOT / "tests"))
    import undone_records as built

    return {
        "card turns and undos": built.card_turns_and_undos(data),
        "undo and re-enter, every action": built.undo_and_reenter(data),
        "undo other choices, every action": built.other_choices(data),
    }


@dataclass
class Undos:
    """A record of many undos imported and opened (ms)."""

    name: str
    entries: int
    undos: int
    import_ms: float  # Store.create_game with the entries: replayed, labelled, inserted
    open_ms: float  # Store.get in a fresh store (as after a restart), best of the reps
    other_ms: float  # an action in another game while this one opened (the first open)
    other_during: bool  # whether that action was done before the open was


def bench_undos(name: str, data: dict[str, Any], reps: int) -> Undos:
    """Import a record of many undos, then open it in a fresh store while another game acts."""
    core = game_of(data)
    setup = core.setup_from_dict(data["setup"])
    entries = [core.entry_from_dict(e) for e in data["actions"]]
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-undo-") as tmp:
        path = Path(tmp) / "companion.db"
        start = time.perf_counter()
        game_id = Store(path).create_game(setup, name, False, False, entries, core).id
        imported, runs = (time.perf_counter() - start) * 1000.0, []
        for _ in range(reps):
            fresh = Store(path)  # nothing cached
            other = fresh.create_game(setup, "other", False, False, entries[:1], core)
            begun, opened = threading.Event(), threading.Event()
            opener = threading.Thread(
                target=lambda: (begun.set(), fresh.get(game_id), opened.set())  # noqa: B023
            )
            start = time.perf_counter()
            opener.start()
            begun.wait()
            acting = time.perf_counter()
            fresh.append(other.id, core.entry_from_dict({"type": "undo", "to": 0}), other.revision)
            acted, during = (time.perf_counter() - acting) * 1000.0, not opened.is_set()
            opener.join()
            runs.append(((time.perf_counter() - start) * 1000.0, acted, during))
    undos = sum(e["type"] == "undo" for e in data["actions"])
    return Undos(name, len(entries), undos, imported, min(runs)[0], *runs[0][1:])
