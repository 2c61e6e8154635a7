"""1b. Records with many undo entries: replay, import and open them, and act elsewhere."""

from __future__ import annotations

import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.common import ms
from companion.tracker.record_core import Undo
from companion.tracker.ursuppe.record.document import (
    History,
    Record,
    record_from_dict,
    record_text,
    replay_record,
)

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
