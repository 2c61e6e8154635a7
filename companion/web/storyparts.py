"""What both games' story pages are made of: a chart with its table of the same numbers, a
plain table, the ranking and the decisive moments, all in the reader's words (each game's
`web/<game>/story.py` fills them from its core's story)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.i18n import t
from companion.tracker.colors import Color
from companion.web.charts import Chart, Series


def player_chart(
    key: str,
    title: str,
    x_title: str,
    y_title: str,
    x_labels: Sequence[Any],
    colors: Sequence[Color],
    names: Mapping[Color, str],
    values: Mapping[Color, Sequence[int | None]],
    kind: str = "line",
) -> dict[str, Any]:
    """A chart of one value per player at each x, and its text alternative (a table)."""
    labels = tuple(str(x) for x in x_labels)
    series = tuple(Series(names[c], c.value, tuple(values[c])) for c in colors)
    chart = Chart(key, title, x_title, y_title, labels, series, kind)
    table = {
        "caption": title,
        "corner": x_title,
        "head": [names[c] for c in colors],
        "colors": [c.value for c in colors],
        "rows": [[x, *(values[c][i] for c in colors)] for i, x in enumerate(labels)],
    }
    return {"key": key, "chart": chart, "table": table}


def table(key: str, title: str, head: Sequence[str], rows: Sequence[Sequence[Any]]) -> dict:
    """A plain table of the story (genes bought, the cards, the bids)."""
    return {"key": key, "title": title, "head": list(head), "rows": [list(r) for r in rows]}


def ranking(order: Sequence[Color], names: Mapping[Color, str], value) -> list[dict[str, Any]]:
    """The players best first, places shared by equal values; `value(color)` says their result."""
    rows, place, previous = [], 0, None
    for i, color in enumerate(order):
        shown = value(color)
        if shown != previous:
            place, previous = i + 1, shown
        rows.append({"place": place, "color": color.value, "name": names[color], "value": shown})
    return rows


def moments(found: Sequence[Any]) -> list[dict[str, Any]]:
    """The decisive moments in the reader's words, each with its entry."""
    return [{"seq": m.seq, "text": t(m.text)} for m in found]


def names_of(refs: Mapping[Color, Any]) -> dict[Color, str]:
    """Each player as every screen names them (`Ana ● red`), in the reader's words."""
    return {color: t(ref) for color, ref in refs.items()}


def places(order: Sequence[Color], markers: Mapping[Color, int]) -> dict[Color, int]:
    """Each player's place, best first, equal markers sharing a place."""
    found, place, previous = {}, 0, None
    for i, color in enumerate(order):
        if markers[color] != previous:
            place, previous = i + 1, markers[color]
        found[color] = place
    return found
