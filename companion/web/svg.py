"""SVG drawings for the templates: the shapes, the compass, the ladder, the score chart (the
soup, which draws on these, is `soup_svg`).

Presentation only: positions, DP, cubes and legal spaces all come from the core. Each color
also has its own shape, so players who cannot tell colors apart can tell pieces apart.
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape
from typing import Any

from markupsafe import Markup

from companion.i18n import current_language, pgettext
from companion.i18n import gettext as _
from companion.tracker.colors import SHAPES

FILL = {
    "red": "#d62828",
    "yellow": "#f2c014",
    "green": "#2f9e44",
    "blue": "#1c64d9",
    "white": "#f4f4f0",
    "black": "#262626",
}
INK = {
    "red": "#fff",
    "yellow": "#222",
    "green": "#fff",
    "blue": "#fff",
    "white": "#222",
    "black": "#fff",
}
SHAPE = {color.value: shape.name for color, shape in SHAPES.items()}
CELL = 100


def _polygon(points: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


@lru_cache(maxsize=2048)  # pieces repeat: every space draws in its own coordinates
def shape(color: str, cx: float, cy: float, r: float, extra: str = "") -> str:
    """A piece of a color: its fill and its own shape."""
    fill, kind = FILL[color], SHAPE[color]
    common = f'fill="{fill}" stroke="#111" stroke-width="1.5" {extra}'
    if kind == "circle":
        return f'<circle cx="{cx}" cy="{cy}" r="{r}" {common}/>'
    if kind == "square":
        s = r * 0.85
        return f'<rect x="{cx - s}" y="{cy - s}" width="{2 * s}" height="{2 * s}" {common}/>'
    if kind == "triangle":
        pts = [(cx, cy - r * 1.1), (cx + r, cy + r * 0.75), (cx - r, cy + r * 0.75)]
    elif kind == "diamond":
        pts = [(cx, cy - r * 1.1), (cx + r, cy), (cx, cy + r * 1.1), (cx - r, cy)]
    elif kind == "hexagon":
        pts = [
            (cx + r * math.cos(math.pi / 3 * i), cy + r * math.sin(math.pi / 3 * i))
            for i in range(6)
        ]
    else:  # star
        pts = [
            (
                cx + (r if i % 2 == 0 else r * 0.5) * math.sin(math.pi / 5 * i),
                cy - (r if i % 2 == 0 else r * 0.5) * math.cos(math.pi / 5 * i),
            )
            for i in range(10)
        ]
    return f'<polygon points="{_polygon(pts)}" {common}/>'


@lru_cache(maxsize=128)  # a few colors and sizes, on every console, seat and board
def shape_icon(color: str, size: int = 22) -> Markup:
    """A small standalone SVG of a color's piece (legends, lists)."""
    r = size / 2 - 2
    inner = shape(color, size / 2, size / 2, r)
    return Markup(
        f'<svg class="icon" width="{size}" height="{size}" viewBox="0 0 {size} {size}"'
        f' aria-hidden="true">{inner}</svg>'
    )


def _compass(cx: float, cy: float, card: dict[str, Any] | None) -> str:
    """The compass at (cx, cy): its letters, and the card's drift arrow and ozone."""
    if not card:
        return _compass_drawn(current_language(), cx, cy, False, None, None)
    return _compass_drawn(current_language(), cx, cy, True, card.get("drift"), card["ozone"])


@lru_cache(maxsize=64)  # a soup changed by a tap draws it again: the same few, per language
def _compass_drawn(
    lang: str, cx: float, cy: float, card: bool, drift: str | None, ozone: Any
) -> str:
    out = [f'<circle cx="{cx}" cy="{cy}" r="44" fill="#fdf6e3" stroke="#8a6d3b" stroke-width="2"/>']
    letters = (
        (pgettext("compass letter", "N"), 0, -34),
        (pgettext("compass letter", "E"), 34, 0),
        (pgettext("compass letter", "S"), 0, 34),
        (pgettext("compass letter", "W"), -34, 0),
    )
    for label, dx, dy in letters:
        label = escape(label)
        out.append(f'<text x="{cx + dx}" y="{cy + dy + 4}" class="compass-letter">{label}</text>')
    if card:
        if drift:
            angle = {"N": 0, "E": 90, "S": 180, "W": 270}[drift]
            out.append(
                f'<g transform="rotate({angle} {cx} {cy})"><polygon points="'
                f'{_polygon([(cx, cy - 26), (cx + 9, cy - 6), (cx - 9, cy - 6)])}" '
                'fill="#c0392b"/><rect x="' + f'{cx - 3}" y="{cy - 8}" width="6" '
                'height="16" fill="#c0392b"/></g>'
            )
        else:
            out.append(f'<circle cx="{cx}" cy="{cy}" r="12" fill="#c0392b" opacity="0.35"/>')
        # Below the centre, unless the arrow points there (south): then above it.
        oy = cy - 14 if drift == "S" else cy + 22
        out.append(f'<text x="{cx}" y="{oy}" class="ozone">O₃ {ozone}</text>')
    return "".join(out)


def compass_svg(card: dict[str, Any] | None) -> Markup:
    """The compass on its own, large: the current card's drift arrow and ozone."""
    return Markup(
        '<svg class="compass" viewBox="-48 -48 96 96" role="img" '
        f'aria-label="{escape(_("Compass"))}">' + _compass(0, 0, card) + "</svg>"
    )


def _track_cell(n: int, per_row: int, size: int) -> tuple[float, float]:
    """Top-left corner of ladder space n on a track that winds back and forth."""
    row, i = divmod(n - 1, per_row)
    col = i if row % 2 == 0 else per_row - 1 - i
    return 2 + col * size, 2 + row * size


def ladder_svg(view: dict[str, Any], per_row: int = 10) -> Markup:
    """The scoring ladder as a winding track with every marker; the end zone is shaded."""
    length = view["ladder"]["length"]
    zone = view["ladder"]["end_zone"]
    size = 34
    rows = math.ceil(length / per_row)
    parts = [
        f'<svg class="ladder" viewBox="0 0 {per_row * size + 4} {rows * size + 4}" '
        f'role="img" aria-label="{escape(_("Scoring ladder"))}">'
    ]
    corners = [_track_cell(n, per_row, size) for n in range(1, length + 1)]
    # The track through every space's centre, by its turns only (the spaces of a row lie on
    # one line): the same line as through all of them, in a fraction of the bytes.
    turns = [
        corner
        for n, corner in enumerate(corners, 1)
        if n == 1 or n == length or n % per_row in (0, 1)
    ]
    path = _polygon([(x + size / 2 - 1.5, y + size / 2 - 1.5) for x, y in turns])
    parts.append(f'<polyline points="{path}" class="track"/>')
    markers = {p["marker"]: p["color"] for p in view["players"] if p["marker"]}
    for n, (x, y) in enumerate(corners, 1):
        cls = "rung zone" if n >= zone else "rung"
        # Each space in its own coordinates, moved into place (gzip packs the repeats).
        parts.append(f'<g class="{cls}" data-space="{n}" transform="translate({x} {y})">')
        parts.append(f'<rect width="{size - 3}" height="{size - 3}" rx="4"/>')
        parts.append(f'<text x="2.5" y="12" class="rung-no">{n}</text>')
        if n in markers:
            marker = shape(markers[n], size / 2 + 2, size / 2 + 4, 9)
            parts.append(f'<g class="marker">{marker}</g>')
        parts.append("</g>")
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_svg(view: dict[str, Any]) -> Markup:
    """Every marker's position round by round, from its start space, as a line chart."""
    history = view["score_history"]
    players = view["players"]
    w, h, pad = 640, 320, 36
    rounds = len(history)
    top = max([view["ladder"]["end_zone"]] + [v for r in history for v in r] + [1])
    parts = [
        f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" '
        f'aria-label="{escape(_("Markers round by round"))}">'
    ]
    parts.append(f'<line x1="{pad}" y1="{h - pad}" x2="{w - 8}" y2="{h - pad}" class="axis"/>')
    parts.append(f'<line x1="{pad}" y1="8" x2="{pad}" y2="{h - pad}" class="axis"/>')

    def px(r: int) -> float:
        return pad + (w - pad - 16) * (r / max(rounds, 1))

    def py(v: int) -> float:
        return h - pad - (h - pad - 12) * (v / top)

    zone_y = py(view["ladder"]["end_zone"])
    parts.append(
        f'<line x1="{pad}" y1="{zone_y:.1f}" x2="{w - 8}" y2="{zone_y:.1f}" class="zone-line"/>'
    )
    for r in range(rounds + 1):
        parts.append(f'<text x="{px(r):.1f}" y="{h - pad + 16}" class="tick">{r}</text>')
    starts = view.get("start_markers") or []
    # One line per marker: in double play II a person's two colors share one.
    held = set(view.get("marker_colors") or [p["color"] for p in players])
    for i, p in enumerate(players):
        if p["color"] not in held:
            continue
        start = [(px(0), py(starts[i]))] if starts else []
        points = start + [(px(r + 1), py(row[i])) for r, row in enumerate(history)]
        parts.append(
            f'<polyline points="{_polygon(points)}" fill="none" '
            f'stroke="{FILL[p["color"]]}" stroke-width="3"/>'
        )
        for x, y in points:
            parts.append(shape(p["color"], x, y, 5))
    parts.append("</svg>")
    return Markup("".join(parts))
