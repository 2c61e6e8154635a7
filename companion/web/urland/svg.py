"""Urland's drawings: the board (land regions around five oceans) and the score track.

The board is a schematic, not the printed map: land regions West 1-4, North 5-8, East 9-12
around the oceans, joined by the group's board data (shores, currents, water strips, volcano
neighbours). The setup page draws the group's data to check it against their board; the
console, phones and TV draw the game on it: Ichto per color per area, erupted regions joined
to the region they became part of, scored tokens, the track with its mutation spaces.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

from companion.i18n import gettext as _
from companion.tracker.urland.board import OCEANS, REGIONS, BoardData
from companion.web.svg import shape

W, H = 700, 470
SPOT = {
    **{r: (60, 70 + 95 * i) for i, r in enumerate(REGIONS[:4])},  # West, top to bottom
    **{r: (170 + 120 * i, 50) for i, r in enumerate(REGIONS[4:8])},  # North, left to right
    **{r: (640, 70 + 95 * i) for i, r in enumerate(REGIONS[8:])},  # East, top to bottom
    "A": (200, 250),
    "B": (270, 150),
    "C": (380, 260),
    "D": (300, 390),
    "E": (510, 180),
}
BOX = (40, 26)  # half width, half height of a land region's box


def board_drawing(board: BoardData) -> Markup:
    """The group's board data as a drawing: shores, currents, strips and volcano arrows."""
    parts = [_open("urland-map setup-map", _("The board as the app knows it"))]
    parts += _links(board)
    for ocean in OCEANS:
        parts.append(_ocean(ocean, ""))
    for region in REGIONS:
        parts.append(_region(region, "", ""))
    parts.append("</svg>")
    return Markup("".join(parts))


def _open(cls: str, label: str) -> str:
    return (
        f'<svg class="{cls}" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(label)}">'
        '<defs><marker id="vol-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'class="vol-head"/></marker></defs>'
    )


def _links(board: BoardData) -> list[str]:
    out = []
    for region, oceans in board.shores:
        for ocean in oceans:
            out.append(_line(region, ocean, "shore"))
    for a, b in board.currents:
        out.append(_line(a, b, "current"))
    for a, b in board.strips:
        out.append(_line(a, b, "strip"))
    for region, neighbour in board.volcanoes:
        out.append(_line(region, neighbour, "volcano-link", 'marker-end="url(#vol-arrow)"'))
    return out


def _line(a: str, b: str, cls: str, extra: str = "") -> str:
    (x1, y1), (x2, y2) = SPOT[a], SPOT[b]
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" class="{cls}" {extra}/>'


def _ocean(ocean: str, inner: str) -> str:
    x, y = SPOT[ocean]
    return (
        f'<g class="ocean" data-area="{ocean}"><circle cx="{x}" cy="{y}" r="46"/>'
        f'<text x="{x}" y="{y - 26}" class="area-name">{ocean}</text>{inner}</g>'
    )


def _region(region: str, inner: str, cls: str, title: str = "") -> str:
    x, y = SPOT[region]
    w, h = BOX
    return (
        f'<g class="region {cls}" data-area="{region}"><rect x="{x - w}" y="{y - h}" '
        f'width="{2 * w}" height="{2 * h}" rx="8"/>'
        f'<text x="{x - w + 4}" y="{y - h + 13}" class="area-name">{escape(title or region)}'
        f"</text>{inner}</g>"
    )


def _counts(counts: dict[str, int], x: float, y: float, per_row: int) -> str:
    """Each color present as its piece with a number beside it."""
    present = [(c, n) for c, n in counts.items() if n]
    out = []
    for i, (color, n) in enumerate(present):
        row, col = divmod(i, per_row)
        cx, cy = x + col * 26, y + row * 20
        out.append(shape(color, cx, cy, 7))
        out.append(f'<text x="{cx + 9}" y="{cy + 5}" class="count">{n}</text>')
    return f'<g class="pieces">{"".join(out)}</g>'


def game_board(setup_board: BoardData, view: dict[str, Any]) -> Markup:
    """The board of a game: counts per color per area, erupted regions, the volcano's spots."""
    parts = [_open("urland-map", _("Urland board"))]
    parts += _links(setup_board)
    for ocean in view["oceans"]:
        x, y = SPOT[ocean["ocean"]]
        parts.append(_ocean(ocean["ocean"], _counts(ocean["counts"], x - 30, y - 6, 3)))
    live = {r["region"]: r for r in view["regions"]}
    home_of = {m: r["region"] for r in view["regions"] for m in r["members"]}
    for region in REGIONS:
        x, y = SPOT[region]
        if region in live:
            members = live[region]["members"]
            title = "+".join(members)
            inner = _counts(live[region]["counts"], x - 30, y - 4, 3)
            cls = "merged" if len(members) > 1 else ""
            if region in view["erupting"]:
                cls += " erupting"
            parts.append(_region(region, inner, cls, title))
        else:  # erupted: part of the region it joined
            home = home_of.get(region, "")
            hx, hy = SPOT.get(home, (x, y))
            parts.append(f'<line x1="{x}" y1="{y}" x2="{hx}" y2="{hy}" class="joined"/>')
            volcano = _("volcano, now part of region %(home)s", home=home)
            parts.append(_region(region, f"<title>{escape(volcano)}</title>", "erupted"))
    parts.append("</svg>")
    return Markup("".join(parts))


def track(view: dict[str, Any], per_row: int = 10) -> Markup:
    """The score track: every marker, the mutation spaces and the goal marked."""
    info = view["track"]
    length, size = info["length"], 32
    rows = -(-length // per_row)
    parts = [
        f'<svg class="ladder urland-track" viewBox="0 0 {per_row * size + 4} {rows * size + 4}" '
        f'role="img" aria-label="{escape(_("Score track"))}">'
    ]
    markers: dict[int, list[str]] = {}
    for p in view["players"]:
        if p["marker"]:
            markers.setdefault(p["marker"], []).append(p["color"])
    for n in range(1, length + 1):
        row, i = divmod(n - 1, per_row)
        col = i if row % 2 == 0 else per_row - 1 - i
        x, y = 2 + col * size, 2 + row * size
        cls = "rung"
        if n in info["mutation_spaces"]:
            cls += " mutation" + (" called" if n in info["spaces_called"] else "")
        if n == info["goal"]:
            cls += " goal"
        parts.append(f'<g class="{cls}" data-space="{n}">')
        parts.append(f'<rect x="{x}" y="{y}" width="{size - 3}" height="{size - 3}" rx="4"/>')
        parts.append(f'<text x="{x + 2.5}" y="{y + 11}" class="rung-no">{n}</text>')
        for k, color in enumerate(markers.get(n, [])):
            piece = shape(color, x + size / 2 + 3 + 4 * k, y + size / 2 + 4, 8)
            parts.append(f'<g class="marker">{piece}</g>')
        parts.append("</g>")
    parts.append("</svg>")
    return Markup("".join(parts))
