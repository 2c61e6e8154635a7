"""SVG drawings for the templates: the soup, the compass, the ladder, the score chart.

Presentation only: positions, DP, cubes and legal spaces all come from the core. Each color
also has its own shape, so players who cannot tell colors apart can tell pieces apart.
"""

from __future__ import annotations

import json
import math
from html import escape
from typing import Any

from markupsafe import Markup

from companion.tracker.board import Board
from companion.tracker.data import SHAPES

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


def shape_icon(color: str, size: int = 22) -> Markup:
    """A small standalone SVG of a color's piece (legends, lists)."""
    r = size / 2 - 2
    inner = shape(color, size / 2, size / 2, r)
    return Markup(
        f'<svg class="icon" width="{size}" height="{size}" viewBox="0 0 {size} {size}"'
        f' aria-hidden="true">{inner}</svg>'
    )


def _compass(cx: float, cy: float, card: dict[str, Any] | None) -> str:
    out = [f'<circle cx="{cx}" cy="{cy}" r="44" fill="#fdf6e3" stroke="#8a6d3b" stroke-width="2"/>']
    for label, dx, dy in (("N", 0, -34), ("E", 34, 0), ("S", 0, 34), ("W", -34, 0)):
        out.append(f'<text x="{cx + dx}" y="{cy + dy + 4}" class="compass-letter">{label}</text>')
    if card:
        drift = card.get("drift")
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
        out.append(f'<text x="{cx}" y="{cy + 22}" class="ozone">O₃ {card["ozone"]}</text>')
    return "".join(out)


def board_svg(
    board: Board,
    view: dict[str, Any],
    highlight: str | None = None,
    legal: dict[int, list[int]] | None = None,
    act_url: str = "",
    space_kind: str = "",
    space_color: str = "",
) -> Markup:
    """The soup with its spaces, cubes, amoebas and compass; legal spaces can be tapped."""
    rows, cols = len(board.rows), max(len(r) for r in board.rows)
    w, h = cols * CELL, rows * CELL
    parts = [
        f'<svg class="soup" viewBox="-4 -4 {w + 8} {h + 8}" role="img" '
        f'aria-label="The primordial soup">'
    ]
    colors = list(view["supply"].keys())
    by_space: dict[int, list[dict]] = {}
    for a in view["amoebas"]:
        by_space.setdefault(a["space"], []).append(a)
    island = board.island()
    for space in board.spaces():
        r, c = board.cell(space)
        x, y = c * CELL, r * CELL
        is_legal = legal is not None and space in legal
        attrs = ""
        if is_legal and act_url:
            vals = json.dumps({"kind": space_kind, "space": space})
            attrs = (
                f" hx-post=\"{escape(act_url)}\" hx-vals='{escape(vals)}' "
                'hx-include="#space-pick" hx-target="#console" hx-swap="outerHTML" '
                f'tabindex="0" role="button" aria-label="Space {space}"'
            )
        cls = "space legal" if is_legal else "space"
        parts.append(f'<g class="{cls}" data-space="{space}"{attrs}>')
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
            'rx="10" class="cell"/>'
        )
        parts.append(f'<text x="{x + 8}" y="{y + 17}" class="space-no">{space}</text>')
        cubes = view["cubes"][space]
        for i, color in enumerate(colors):
            cx, cy = x + 8 + (i % 3) * 30, y + 66 + (i // 3) * 15
            n = cubes[color]
            opacity = "1" if n else "0.25"
            parts.append(
                f'<rect x="{cx}" y="{cy}" width="11" height="11" fill="{FILL[color]}" '
                f'stroke="#333" stroke-width="0.8" opacity="{opacity}"/>'
            )
            parts.append(f'<text x="{cx + 14}" y="{cy + 10}" class="cube-n">{n}</text>')
        here = by_space.get(space, [])
        for j, a in enumerate(here):
            per_row = 4
            ax = x + 22 + (j % per_row) * 20 + (8 if len(here) == 1 else 0)
            ay = y + 33 + (j // per_row) * 22
            ring = ' class="mine"' if highlight and a["color"] == highlight else ""
            parts.append(
                f"<g{ring}>"
                + shape(a["color"], ax, ay, 9)
                + f'<text x="{ax}" y="{ay + 4}" class="amoeba-no" fill="{INK[a["color"]]}">'
                f"{a['number']}</text>"
            )
            for d in range(a["dp"]):
                parts.append(f'<circle cx="{ax - 6 + d * 6}" cy="{ay + 13}" r="2.4" fill="#111"/>')
            parts.append("</g>")
        parts.append("</g>")
    if island:
        ir, ic = island
        parts.append(_compass(ic * CELL + CELL / 2, ir * CELL + CELL / 2, view.get("card")))
    parts.append("</svg>")
    return Markup("".join(parts))


def ladder_svg(view: dict[str, Any], per_row: int = 10) -> Markup:
    """The scoring ladder with every marker; the end zone is shaded."""
    length = view["ladder"]["length"]
    zone = view["ladder"]["end_zone"]
    size = 34
    rows = math.ceil(length / per_row)
    parts = [
        f'<svg class="ladder" viewBox="0 0 {per_row * size + 4} {rows * size + 4}" '
        'role="img" aria-label="Scoring ladder">'
    ]
    markers = {p["marker"]: p["color"] for p in view["players"] if p["marker"]}
    for n in range(1, length + 1):
        i = n - 1
        x, y = 2 + (i % per_row) * size, 2 + (i // per_row) * size
        cls = "rung zone" if n >= zone else "rung"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{size - 3}" height="{size - 3}" rx="4" class="{cls}"/>'
        )
        parts.append(f'<text x="{x + 3}" y="{y + 10}" class="rung-no">{n}</text>')
        if n in markers:
            parts.append(shape(markers[n], x + size / 2 - 1, y + size / 2 + 3, 10))
    parts.append("</svg>")
    return Markup("".join(parts))


def chart_svg(view: dict[str, Any]) -> Markup:
    """Every marker's position round by round, as a line chart."""
    history = view["score_history"]
    players = view["players"]
    w, h, pad = 640, 320, 36
    rounds = len(history)
    top = max([view["ladder"]["end_zone"]] + [v for r in history for v in r] + [1])
    parts = [
        f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-label="Markers round by round">'
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
    for i, p in enumerate(players):
        points = [(px(0), py(0))] + [(px(r + 1), py(row[i])) for r, row in enumerate(history)]
        parts.append(
            f'<polyline points="{_polygon(points)}" fill="none" '
            f'stroke="{FILL[p["color"]]}" stroke-width="3"/>'
        )
        for x, y in points[1:]:
            parts.append(shape(p["color"], x, y, 5))
    parts.append("</svg>")
    return Markup("".join(parts))
