"""1. Replaying a recorded game in-process: whole, by prefixes, action by action."""

from __future__ import annotations

import cProfile
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from bench.common import MARKS, ms, top_functions
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.record.document import (
    Record,
    record_from_dict,
    replay_record,
)

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
