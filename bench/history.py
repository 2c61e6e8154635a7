"""The group's history and a game's story through the real server (issue 32): a store of 200
finished games played by the tests' seeded player (tests/playout.py), each summarized when it
was stored as the app does when a game ends; then `/group` and the long game's story are
opened on `companion serve`, and the server's memory read before and after."""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bench.clients import THREADS, Client, Server

ROOT = Path(__file__).resolve().parents[1]
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun")
DAY = 86_400


@dataclass
class HistoryFigures:
    games: int
    made_s: float = 0.0  # playing, storing and summarizing the games (not a guard)
    group_cold: float = float("nan")  # the first /group after the server started, ms
    group: list[float] = field(default_factory=list)  # /group after it, ms
    story_cold: float = float("nan")  # the long game's story, the game not yet opened, ms
    story: list[float] = field(default_factory=list)  # the same story again, ms
    rss_before_kb: int = 0  # the server's resident memory before the first /group
    rss_after_kb: int = 0  # and after every /group
    rows: int = 0  # people rows /group showed (a sanity check)


def playout(seed: int) -> tuple[Any, list[Any]]:
    """A finished game (setup, actions) played by the tests' seeded player."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playout import choose

    from companion.tracker.colors import Color
    from companion.tracker.ursuppe import apply, new_game
    from companion.tracker.ursuppe.state import GameSetup, Phase, Seat

    rng = random.Random(seed)
    players = 3 + seed % 4
    colors = list(Color)[:players]
    setup = GameSetup(seats=tuple(Seat(NAMES[i], c) for i, c in enumerate(colors)))
    state, actions = new_game(setup), []
    while state.phase is not Phase.OVER:
        action = choose(rng, state)
        state = apply(state, action).state
        actions.append(action)
    return setup, actions


def make_store(data: Path, games: int, bases: int, long_game: dict[str, Any]) -> str:
    """The store of `games` finished games, months apart, names drawn from a group of ten;
    returns the long game's id (also stored, finished)."""
    from companion.store import Store
    from companion.tracker.game import game_of
    from companion.web.group import keep_summary

    data.mkdir(parents=True, exist_ok=True)
    store = Store(data / "companion.db")
    store.on_finished = lambda game: keep_summary(store, game)
    played = [playout(seed) for seed in range(1, bases + 1)]
    rng = random.Random(32)
    now = time.time()
    for i in range(games):
        setup, actions = played[i % len(played)]
        names = rng.sample(NAMES, len(setup.seats))
        seats = tuple(replace(s, name=n) for s, n in zip(setup.seats, names))
        game = store.create_game(replace(setup, seats=seats), f"Evening {i + 1}", False, False,
                                 actions)  # fmt: skip
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now - (games - i) * 3 * DAY))
        store.db.execute("update games set created = ? where id = ?", [stamp, game.id])
        store._games.clear()  # the bench's own store keeps none of them
    core = game_of(long_game)
    setup = core.setup_from_dict(long_game["setup"])
    entries = [core.entry_from_dict(e) for e in long_game["actions"]]
    return store.create_game(setup, "The long game", False, False, entries, core).id


def rss_kb(pid: int) -> int:
    """A process's resident memory, kB (Linux)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))


def through_server(games: int, bases: int, reps: int, long_game: dict[str, Any]) -> HistoryFigures:
    """Make the store, start the server on it, open /group and the long game's story."""
    figures = HistoryFigures(games)
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-history-") as tmp:
        instance = Path(tmp)
        began = time.perf_counter()
        long_id = make_store(instance / "data", games, bases, long_game)
        figures.made_s = time.perf_counter() - began
        server = Server(instance)
        try:
            server.wait_ready()
            client = Client(server.port)
            client.get(f"/referee/{server.referee_token}")
            # Every server thread opens its own database connection (with its page cache) when
            # it first answers: the games list, 3 times per thread, so that what /group adds
            # after is the history's own cost, not new threads' connections.
            for _ in range(3 * THREADS):
                client.get("/")
            figures.rss_before_kb = rss_kb(server.proc.pid)
            figures.group_cold, page = _timed(client, "/group")
            figures.rows = page.count(b"data-person=")
            for _ in range(reps):
                figures.group.append(_timed(client, "/group")[0])
            figures.rss_after_kb = rss_kb(server.proc.pid)
            figures.story_cold = _timed(client, f"/games/{long_id}/story")[0]
            for _ in range(reps):
                figures.story.append(_timed(client, f"/games/{long_id}/story")[0])
        finally:
            server.stop()
    return figures


def _timed(client: Client, path: str) -> tuple[float, bytes]:
    start = time.perf_counter()
    status, _headers, body = client.get(path)
    took = (time.perf_counter() - start) * 1000.0
    if status != 200:
        raise RuntimeError(f"{path} answered {status}")
    return took, body
