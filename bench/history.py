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

from bench.clients import ROOT, THREADS, Client, serve
from bench.report import Guard, pct

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun")
DAY = 86_400
GROUP_MS = 1000.0
GROUP_MB = 50.0
STORY_MS = 200.0


@dataclass
class HistoryFigures:
    games: int
    made_s: float = 0.0  # playing, storing and summarizing the games (not a guard)
    group: list[float] = field(default_factory=list)  # /group after the server started, ms
    story: list[float] = field(default_factory=list)  # the long game's story, ms
    rss_kb: list[int] = field(default_factory=list)  # the server's memory before /group, after
    rows: int = 0  # people rows /group showed (a sanity check)


def playout(seed: int) -> tuple[Any, list[Any]]:
    """A finished game (setup, actions) played by the tests' seeded player."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playout import choose

    from companion.tracker.colors import Color
    from companion.tracker.ursuppe import apply, new_game
    from companion.tracker.ursuppe.state import GameSetup, Phase, Seat

    rng = random.Random(seed)
    colors = list(Color)[: 3 + seed % 4]
    setup = GameSetup(seats=tuple(Seat(NAMES[i], c) for i, c in enumerate(colors)))
    state, actions = new_game(setup), []
    while state.phase is not Phase.OVER:
        actions.append(choose(rng, state))
        state = apply(state, actions[-1]).state
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
    rng, now = random.Random(32), time.time()
    for i in range(games):
        setup, actions = played[i % len(played)]
        names = rng.sample(NAMES, len(setup.seats))
        setup = replace(setup, seats=tuple(replace(s, name=n) for s, n in zip(setup.seats, names)))
        game = store.create_game(setup, f"Evening {i + 1}", False, False, actions)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now - (games - i) * 3 * DAY))
        store.db.execute("update games set created = ? where id = ?", [stamp, game.id])
        store._games.clear()  # the bench's own store keeps none of them
    core = game_of(long_game)
    setup = core.setup_from_dict(long_game["setup"])
    entries = [core.entry_from_dict(e) for e in long_game["actions"]]
    return store.create_game(setup, "The long game", False, False, entries, core).id


def through_server(games: int, bases: int, reps: int, long_game: dict[str, Any]) -> HistoryFigures:
    """Make the store, start the server on it, open /group and the long game's story: the
    first visit of each, then `reps` more."""
    figures = HistoryFigures(games)
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-history-") as tmp:
        began = time.perf_counter()
        long_id = make_store(Path(tmp) / "data", games, bases, long_game)
        figures.made_s = time.perf_counter() - began
        with serve(Path(tmp)) as (port, token, pid):
            client = Client(port)
            client.get(f"/referee/{token}")
            # Every server thread opens its own database connection (with its page cache) when
            # it first answers: the games list, 3 times per thread, so that what /group adds
            # after is the history's own cost, not new threads' connections.
            for _ in range(3 * THREADS):
                client.get("/")
            figures.rss_kb.append(rss_kb(pid))
            cold, page = client.timed("/group")
            figures.rows = page.count(b"data-person=")
            figures.group = [cold] + [client.timed("/group")[0] for _ in range(reps)]
            figures.rss_kb.append(rss_kb(pid))
            figures.story = [client.timed(f"/games/{long_id}/story")[0] for _ in range(reps + 1)]
    return figures


def rss_kb(pid: int) -> int:
    """A process's resident memory, kB (Linux)."""
    return int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())[1])


def judge(h: HistoryFigures) -> list[Guard]:
    """The group's history and a game's story (issue 32): each target, figure and verdict."""
    grown = (h.rss_kb[1] - h.rss_kb[0]) / 1024
    first, group, story = h.group[0], pct(h.group[1:], 50), pct(h.story[1:], 50)
    return [
        (
            f"/group with {h.games} finished games < {GROUP_MS:.0f} ms",
            f"p50 {group:.1f} ms ({len(h.group) - 1} visits; the first {first:.1f} ms; "
            f"{h.rows} people rows; store made in {h.made_s:.0f} s)",
            group < GROUP_MS and first < GROUP_MS,
        ),
        (
            f"the server's memory after /group within {GROUP_MB:.0f} MB of before",
            f"{grown:+.1f} MB (resident {h.rss_kb[0] / 1024:.1f} MB before, "
            f"{h.rss_kb[1] / 1024:.1f} MB after)",
            grown <= GROUP_MB,
        ),
        (
            f"a game's story (the long game) < {STORY_MS:.0f} ms",
            f"p50 {story:.1f} ms ({len(h.story) - 1} visits; the first, opening the game, "
            f"{h.story[0]:.1f} ms)",
            story < STORY_MS,
        ),
    ]
