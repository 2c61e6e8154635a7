"""The results' pieces: percentiles, the guards judged MET or MISSED, Markdown tables, and the
heading with the date, the command and the machine."""

from __future__ import annotations

import math
import os
import platform
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

Guard = tuple[str, str, bool]  # what is guarded (with its target), the figure, met


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values measured (nan: not measured); nan
    for none."""
    ordered = sorted(v for v in values if v == v)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else math.nan


def spread(values: list[float], digits: int) -> list[str]:
    """The values' p50 and p95, to `digits` decimals."""
    return [f"{pct(values, p):.{digits}f}" for p in (50, 95)]


def ratio(what: str, a: float, b: float, most: float, at: str = "p50 ", digits: int = 2) -> Guard:
    """A figure against another (`at` names their percentile): met if a / b <= `most` (never
    when one was not measured)."""
    return what, f"{at}{a:.{digits}f} vs {b:.{digits}f} ms, {a / b:.2f}x", a / b <= most


def table(head: list[str], rows: Iterable[Iterable[Any]], numbers: bool = True) -> list[str]:
    """A Markdown table; with `numbers`, the columns after the first aligned right."""
    rule = ["---"] + ["---:" if numbers else "---"] * (len(head) - 1)
    return [f"| {' | '.join(map(str, row))} |" for row in (head, rule, *rows)]


def verdicts(title: str, guards: list[Guard]) -> list[str]:
    """The guards' table: each with its figure, MET or MISSED."""
    rows = ((what, figure, "MET" if ok else "MISSED") for what, figure, ok in guards)
    return table([title, "figure", "verdict"], rows, numbers=False)


def heading(command: str, began: float, load: tuple[float, float]) -> list[str]:
    """The results' title, date, command, runtime (since `began`, on the monotonic clock) and
    machine (load: at the start and at the end)."""
    info = Path("/proc/cpuinfo").read_text().splitlines()
    models = [line.split(":", 1)[1].strip() for line in info if line.startswith("model name")]
    cpu = models[0] if models else platform.processor() or "unknown CPU"
    machine = f"{platform.platform()}; {os.cpu_count()} CPUs ({cpu})"
    return [
        "# Benchmark results",
        "",
        f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M UTC}; command: `{command}`; runtime "
        f"{time.monotonic() - began:.0f} s",
        f"- machine: {machine}; Python {platform.python_version()}; load average (1 min) "
        f"{load[0]:.2f} at the start, {load[1]:.2f} at the end",
    ]
