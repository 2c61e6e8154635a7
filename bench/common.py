"""The bench's shared pieces: what to measure (Config), constants and small helpers."""

from __future__ import annotations

import cProfile
import io
import json
import os
import platform
import pstats
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.longgame import generate

ROOT = Path(__file__).resolve().parents[1]
PHONES = 12
MARKS = (10, 100, 1000)


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
    turn_passes: int  # passes of the early and late windows taken in turn (bench/inturn.py)

    @classmethod
    def make(cls, quick: bool) -> Config:
        if quick:
            return cls(True, 1, 10, 20, 5, 1, 40, 60.0, 1)
        return cls(False, 2, 100, 300, 30, 7, None, 150.0, 3)


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


def fmt(value: float) -> str:
    if value != value:  # nan
        return "n/a"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"


def _name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return path.name


def taking_turns(k: int, lanes: list[Any]) -> list[Any]:
    """The lanes in the order their `k`-th taps are taken: each first every other time (with
    two copies of the same game, whichever was tapped first came out 2-5% slower)."""
    return lanes if k % 2 == 0 else lanes[::-1]
