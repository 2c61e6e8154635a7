"""The group's history and a game's story through the real server (issue 32): a store of 200
finished games played by the tests' seeded player (tests/playout.py), each summarized as the
app does when a game ends; then `/group` and the long game's story opened on `companion serve`,
the server's memory read before and after."""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.clients import ROOT, THREADS, Client, serve
from bench.measure import pct
from companion.store import Store
from companion.tracker.colors import Color
from companion.tracker.game import game_of
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.state import GameSetup, Phase, Seat
from companion.web.group import keep_summary

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun")
DAY = 86_400


def playout(seed: int) -> tuple[Any, list[Any]]:
    """A finished game (setup, actions) played by the tests' seeded player."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playout import choose

    rng = random.Random(seed)
    colors = list(Color)[: 3 + seed % 4]
    setup = GameSetup(seats=tuple(Seat(NAMES[i], c) for i, c in enumerate(colors)))
    state, actions = new_game(setup), []
    while state.phase is not Phase.OVER:
        actions.append(choose(rng, state))
        state = apply(state, actions[-1]).state
    return setup, actions


def make_store(data: Path, games: int, bases: int, long_game: dict[str, Any]) -> str:
    """`games` finished games three days apart, and the long game: the long game's id."""
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


def rss_mb(pid: int) -> float:
    """A process's resident memory, MB (Linux)."""
    return int(re.search(r"VmRSS:\s+(\d+)", Path(f"/proc/{pid}/status").read_text())[1]) / 1024


def through_server(games: int, bases: int, reps: int, long_game: dict[str, Any]) -> list:
    """/group and the long game's story through the server: the guards and their figures."""
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-history-") as tmp:
        began = time.perf_counter()
        long_id = make_store(Path(tmp) / "data", games, bases, long_game)
        made = time.perf_counter() - began  # playing, storing and summarizing (not a guard)
        with serve(Path(tmp)) as (port, token, pid):
            client = Client(port)
            client.get(f"/referee/{token}")
            # Every server thread opens its own database connection (with its page cache) when
            # it first answers: the games list, 3 times per thread, so that what /group adds
            # after is the history's own cost, not new threads' connections.
            for _ in range(3 * THREADS):
                client.get("/")
            before = rss_mb(pid)
            first, page = client.timed("/group")
            group = pct([client.timed("/group")[0] for _ in range(reps)], 50)
            after = rss_mb(pid)
            story = [client.timed(f"/games/{long_id}/story")[0] for _ in range(reps + 1)]
    rows, told, grown = page.count(b"data-person="), pct(story[1:], 50), after - before
    what = f"/group with {games} finished games < 1000 ms"  # its people rows: a sanity check
    figure = f"p50 {group:.1f} ms ({reps} visits; the first {first:.1f} ms; {rows} people rows; "
    out = [(what, f"{figure}store made in {made:.0f} s)", group < 1000 and first < 1000)]
    what = "the server's memory after /group within 50 MB of before"
    figure = f"{grown:+.1f} MB (resident {before:.1f} MB before, {after:.1f} MB after)"
    out.append((what, figure, grown <= 50))
    what = "a game's story (the long game) < 200 ms"
    figure = f"p50 {told:.1f} ms ({reps} visits; the first, opening the game, {story[0]:.1f} ms)"
    return [*out, (what, figure, told < 200)]
