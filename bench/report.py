"""The results' pieces: nearest-rank percentiles, the guards judged MET or MISSED, and
Markdown tables."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

Guard = tuple[str, str, bool]  # what is guarded (with its target), the figure, met


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values measured (nan: not measured, or none)."""
    ordered = sorted(v for v in values if v == v)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)] if ordered else math.nan


def spread(values: list[float], digits: int) -> list[str]:
    """The values' p50 and p95, to `digits` decimals."""
    return [f"{pct(values, p):.{digits}f}" for p in (50, 95)]


def ratio(what: str, a: float, b: float, most: float, at: str = "p50 ", digits: int = 2) -> Guard:
    """`a` against `b` (`at` names their percentile): met if a / b <= `most` (never if nan)."""
    return what, f"{at}{a:.{digits}f} vs {b:.{digits}f} ms, {a / b:.2f}x", a / b <= most


def table(head: list[str], rows: Iterable[Iterable[Any]], numbers: bool = True) -> list[str]:
    """A Markdown table; with `numbers`, the columns after the first aligned right."""
    rule = ["---"] + ["---:" if numbers else "---"] * (len(head) - 1)
    return [f"| {' | '.join(map(str, row))} |" for row in (head, rule, *rows)]


def verdicts(title: str, guards: list[Guard]) -> list[str]:
    """The guards' table: each with its figure, MET or MISSED."""
    rows = ((what, figure, "MET" if ok else "MISSED") for what, figure, ok in guards)
    return table([title, "figure", "verdict"], rows, numbers=False)
