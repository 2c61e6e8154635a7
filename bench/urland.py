"""The benchmark's Urland rows: replaying the golden Urland games in-process, per action.

The same figures as section 1 gives Ursuppe's games (`run.bench_replay`): the first (cold)
replay, the best and median of the warm ones, the mean cost per action of replaying the first
k actions, and the marginal cost of actions k-9..k, each action's best of the repetitions.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.tracker.record_core import effective_actions
from companion.tracker.urland import engine
from companion.tracker.urland.record import record_from_dict

if TYPE_CHECKING:
    from bench.replay import ReplayResult

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "urland"
MARKS = (10, 100, 1000)


def urland_examples() -> dict[str, dict[str, Any]]:
    """The golden Urland records, by their path in the repository."""
    return {
        f"examples/urland/{p.name}": json.loads(p.read_text(encoding="utf-8"))
        for p in sorted(EXAMPLES.glob("*.json"))
        if not p.name.endswith(".expected.json")
    }


def bench_urland_replay(name: str, data: dict[str, Any], reps: int) -> ReplayResult:
    """Replay an Urland record: whole, by prefixes, and action by action."""
    from bench.common import ms
    from bench.replay import ReplayResult

    setup, entries = record_from_dict(data)
    actions = effective_actions(entries)
    n = len(actions)
    start = time.perf_counter()
    engine.replay(setup, actions)
    cold = time.perf_counter() - start
    totals = []
    for _ in range(reps):
        start = time.perf_counter()
        engine.replay(setup, actions)
        totals.append(time.perf_counter() - start)
    marks = [k for k in MARKS if k < n] + [n]
    average = {}
    for k in marks:
        runs = []
        for _ in range(reps):
            start = time.perf_counter()
            engine.replay(setup, actions[:k])
            runs.append(time.perf_counter() - start)
        average[k] = ms(statistics.median(runs)) / k
    each = [float("inf")] * n
    for _ in range(reps):
        state = engine.new_game(setup)
        for i, action in enumerate(actions):
            start = time.perf_counter()
            state = engine.apply(state, action).state
            each[i] = min(each[i], time.perf_counter() - start)
    marginal = {k: ms(statistics.fmean(each[max(0, k - 10) : k])) for k in marks}
    return ReplayResult(
        name, n, ms(cold), ms(statistics.median(totals)), ms(min(totals)), average, marginal
    )
