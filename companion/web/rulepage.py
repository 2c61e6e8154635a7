"""The rules pages' parts: a page of a rule area, its scoring tables, the rule options."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Page:
    """One rule area explained: what the rule says, the app's readings, the options."""

    title: str
    text: list[str]
    readings: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    tables: list[AdvanceTable] = field(default_factory=list)


@dataclass
class AdvanceTable:
    """A scoring table as printed: counts (grouped where they advance alike) and spaces."""

    caption: str
    counts: list[str]
    spaces: list[int]


def advance_table(caption: str, table: tuple[int, ...], open_ended: bool) -> AdvanceTable:
    """The core's advance table (index = count) in the printed form: `0-2 | 3 | ... | 6+`."""
    counts: list[str] = []
    spaces: list[int] = []
    start = 0
    for i, value in enumerate(table):
        if i + 1 < len(table) and table[i + 1] == value:
            continue
        counts.append(f"{start}-{i}" if i > start else str(i))
        spaces.append(value)
        start = i + 1
    if open_ended:
        counts[-1] += "+"
    return AdvanceTable(caption, counts, spaces)
