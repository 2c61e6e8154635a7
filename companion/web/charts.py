"""The story's and the group's charts, drawn on the server by pygal (SVG, no script).

A chart is data (`Chart`: a title, the x labels, one series per player) drawn once into an
SVG image given as a `data:` address, so the page, the TV, a printout and the exported file
all show the same picture with no script and no network. Each player's line has their color,
their own shape's glyph at every point and their own dash pattern, so nobody depends on
telling colors apart; the page puts a table with the same numbers beside each chart.
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache

import pygal
from pygal.style import Style

from companion.tracker.colors import SHAPES, Color

# Line colors readable on white (a white player's line is drawn grey: the glyph names it).
INK = {
    "red": "#d62828",
    "yellow": "#b88a00",
    "green": "#2f9e44",
    "blue": "#1c64d9",
    "white": "#7d7d75",
    "black": "#262626",
}
DASH = {  # each color its own line style
    "red": "0",
    "yellow": "12,6",
    "green": "4,4",
    "blue": "16,4,4,4",
    "white": "2,6",
    "black": "8,3,2,3,2,3",
}
SIZES = {"phone": (420, 440), "small": (720, 400), "tv": (920, 420)}


@dataclass(frozen=True)
class Series:
    """One player's values (None: no value at that point)."""

    label: str
    color: str  # the player's color (Color's value)
    values: tuple[int | None, ...]


@dataclass(frozen=True)
class Chart:
    """A chart to draw: what it shows, its x labels and one series per player."""

    key: str
    title: str
    x_title: str
    y_title: str
    x_labels: tuple[str, ...]
    series: tuple[Series, ...]
    kind: str = "line"  # "line" | "bar" (stacked)
    lower_is_better: bool = False  # places: 1 drawn on top


def glyph(color: str) -> str:
    """A color's shape glyph (● ▲ ■ ◆ ⬢ ★)."""
    return SHAPES[Color(color)].glyph


def chart_uri(chart: Chart, size: str = "small") -> str:
    """The chart drawn as an SVG image, as a `data:` address (an img's src)."""
    return _drawn(chart, size)


@lru_cache(maxsize=256)  # a story's charts are asked for by every phone and the TV
def _drawn(chart: Chart, size: str) -> str:
    svg = draw(chart, size)
    return "data:image/svg+xml;base64," + base64.b64encode(svg).decode("ascii")


def draw(chart: Chart, size: str = "small") -> bytes:
    """The chart as SVG bytes: no script, no link out, the same bytes for the same chart."""
    width, height = SIZES[size]
    large = size == "tv"
    style = Style(
        background="white",
        plot_background="white",
        foreground="#1d2326",
        foreground_strong="#1d2326",
        foreground_subtle="#d6d2c4",
        colors=tuple(INK[s.color] for s in chart.series) or ("#000",),
        font_family="system-ui, sans-serif",
        title_font_size=28 if large else 20,
        label_font_size=24 if large else 14,
        major_label_font_size=24 if large else 14,
        legend_font_size=24 if large else 16,
        value_font_size=26 if large else 18,
        stroke_width=4 if large else 3,
    )
    count = len(chart.series)
    columns = max(1, min(count, 2 if size == "phone" else 3))
    # pygal makes room for count // columns rows of the legend: the last, shorter row too
    short = -(-count // columns) - count // columns
    legend_px = style.legend_font_size
    options = {
        "style": style,
        "width": width,
        "height": height,
        "js": [],
        "title": chart.title,
        "x_title": chart.x_title,
        "y_title": chart.y_title,
        "legend_at_bottom": True,
        "legend_at_bottom_columns": columns,
        "truncate_legend": -1,
        "show_minor_x_labels": True,
        "show_dots": True,
        "inverse_y_axis": chart.lower_is_better,
        "dots_size": 1,
        "margin": 8,
        "margin_bottom": 8 + short * int(legend_px * 1.5 + 4),
    }
    drawing = pygal.StackedBar(**options) if chart.kind == "bar" else pygal.Line(**options)
    drawing.uuid = chart.key  # the same chart draws the same bytes (pygal's id is random)
    drawing.x_labels = list(chart.x_labels)
    for s in chart.series:
        drawing.add(
            s.label,  # the player as every screen names them, their glyph included
            list(s.values),
            stroke_style={"width": 4 if large else 3, "dasharray": DASH[s.color]},
        )
    drawing.add_xml_filter(_quiet)
    if chart.kind == "line":
        marks = [(glyph(s.color), INK[s.color]) for s in chart.series]
        drawing.add_xml_filter(lambda root: _marked(root, marks, 26 if large else 20))
    return drawing.render()


def _marked(root, marks: list[tuple[str, str]], size: int):
    """Each player's shape glyph at every point of their line (pygal's dots), in their color:
    a lone point (one round, one month) shows too."""
    svg = "{http://www.w3.org/2000/svg}"
    for parent in list(root.iter()):
        for child in list(parent):
            classes = (child.get("class") or "").split()
            index = next((int(c[6:]) for c in classes if c.startswith("serie-")), None)
            if "series" not in classes or index is None or index >= len(marks):
                continue
            points = [
                (c.get("cx"), c.get("cy"))
                for c in child.iter()
                if c.tag in ("circle", svg + "circle")
            ]
            if not points:
                continue
            mark, ink = marks[index]
            group = ET.SubElement(parent, "g", {"class": "marks"})
            for x, y in points:
                text = ET.SubElement(
                    group,
                    "text",
                    {
                        "x": x,
                        "y": y,
                        "fill": ink,
                        "stroke": "white",
                        "stroke-width": "1",
                        "font-size": str(size),
                        "text-anchor": "middle",
                        "dominant-baseline": "central",
                    },
                )
                text.text = mark
    return root


def _quiet(root):
    """Drop pygal's script and comments (its build date): the picture stays, the same bytes."""
    for parent in root.iter():
        for child in list(parent):
            if child.tag in ("script", "{http://www.w3.org/2000/svg}script") or not isinstance(
                child.tag, str
            ):
                parent.remove(child)
    return root
