"""The soup drawn in SVG: its spaces, cubes, toxic tokens, amoebas and the compass island;
the spaces that can be tapped are buttons. Presentation only: everything comes from the core.

A tap changes a few spaces of the soup: each space's pieces are kept by what they show
(their words in `lang`), and the tappable layer is drawn over them, so a new soup costs the
spaces whose pieces changed.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from html import escape
from typing import Any

from markupsafe import Markup

from companion.i18n import current_language, ngettext
from companion.i18n import gettext as _
from companion.tracker.ursuppe.rules.board import Board
from companion.web.svg import CELL, FILL, INK, _compass, shape


def _cubes(counts: dict[str, int], colors: list[str], x: float, y: float) -> str:
    """A space's food cubes: one tile per color, in seat order, with its count written large."""
    rows = math.ceil(len(colors) / 3)
    top = y + 97 - rows * 22
    out = []
    for i, color in enumerate(colors):
        tx, ty = x + 4 + (i % 3) * 31, top + (i // 3) * 22
        n = counts[color]
        empty = " empty" if n == 0 else ""
        out.append(
            f'<g class="cubes{empty}" data-color="{color}">'
            f'<rect x="{tx}" y="{ty}" width="29" height="20" rx="3" fill="{FILL[color]}"/>'
            f'<text x="{tx + 14.5}" y="{ty + 16}" class="cube-n" fill="{INK[color]}">{n}</text>'
            "</g>"
        )
    return "".join(out)


def _toxic(tokens: int, x: float, y: float) -> str:
    """Toxic Excretions' DP tokens lying on a space (the next amoeba to enter takes them)."""
    if not tokens:
        return ""
    label = escape(ngettext("%(num)s toxic DP token", "%(num)s toxic DP tokens", tokens))
    return (
        f'<g class="toxic" data-toxic="{tokens}"><title>{label}</title>'
        f'<text x="{x + CELL - 8}" y="{y + 18}" class="toxic-n">☣{tokens}</text></g>'
    )


@lru_cache(maxsize=4096)
def _pieces(
    lang: str,
    space: int,
    cubes: tuple[int, ...],
    colors: tuple[str, ...],
    toxic: int,
    here: tuple[tuple[str, int, int, bool], ...],
) -> str:
    """A space's cell, number, cubes, toxic tokens and amoebas, in its own coordinates."""
    # Each space draws in its own coordinates, moved into place: its cubes, numbers and
    # amoebas are then the same text on every space, which the wire's gzip packs away.
    x, y = 0, 0
    parts = [
        f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
        'rx="10" class="cell"/>',
        f'<text x="{x + 7}" y="{y + 18}" class="space-no">{space}</text>',
        _cubes(dict(zip(colors, cubes)), list(colors), x, y),
        _toxic(toxic, x, y),
    ]
    for j, (color, number, dp, mine) in enumerate(here):
        per_row = 5
        in_row = min(per_row, len(here) - j // per_row * per_row)
        ax = x + 50 + (j % per_row - (in_row - 1) / 2) * 18
        ay = y + 30 + (j // per_row) * 14
        ring = ' class="mine"' if mine else ""
        parts.append(
            f"<g{ring}>"
            + shape(color, ax, ay, 9)
            + f'<text x="{ax}" y="{ay + 4}" class="amoeba-no" fill="{INK[color]}">'
            f"{number}</text>"
        )
        for d in range(dp):
            parts.append(f'<circle cx="{ax - 6 + d * 6}" cy="{ay + 13}" r="2.4" fill="#111"/>')
        parts.append("</g>")
    return "".join(parts)


@lru_cache(maxsize=1024)
def _tap(lang: str, space: int, act_url: str, space_kind: str) -> str:
    """The button over a space that can be tapped: a bare rectangle, so that its name
    ("Space N") is not contradicted by the cube and amoeba numbers drawn below it."""
    vals = json.dumps({"kind": space_kind, "space": space})
    target = "#seat" if "/s/" in act_url else "#console"  # a phone's own board, or the console
    return (
        f'<rect x="2" y="2" width="{CELL - 4}" height="{CELL - 4}" '
        f'rx="10" class="tap" hx-post="{escape(act_url)}" hx-vals=\'{escape(vals)}\' '
        f'hx-include="#space-pick" hx-target="{target}" hx-swap="outerHTML" '
        f'tabindex="0" role="button" aria-label="{escape(_("Space %(n)s", n=space))}"/>'
    )


@lru_cache(maxsize=4096)
def _space(
    lang: str,
    space: int,
    cell: tuple[int, int],
    cubes: tuple[int, ...],
    colors: tuple[str, ...],
    toxic: int,
    here: tuple[tuple[str, int, int, bool], ...],
    tap_to: tuple[str, str] | str | None,
) -> str:
    """A space moved into place: its pieces, and its button when it can be tapped (`tap_to`:
    the address and kind of the tap; "" when legal but not tappable; None when not legal)."""
    r, c = cell
    group = "space" if tap_to is None else "space legal"
    button = _tap(lang, space, *tap_to) if tap_to else ""
    return (
        f'<g class="{group}" data-space="{space}" transform="translate({c * CELL} {r * CELL})">'
        + _pieces(lang, space, cubes, colors, toxic, here)
        + button
        + "</g>"
    )


def soup_parts(
    board: Board,
    view: dict[str, Any],
    highlight: str | list[str] | None = None,
    legal: dict[int, list[int]] | None = None,
    act_url: str = "",
    space_kind: str = "",
    space_color: str = "",
) -> tuple[str, tuple[str, ...], str]:
    """The soup in parts: the opening `<svg>`, each space's group (in board order), and the
    island with the compass (closing the drawing). `drawings` sends only the parts a tap
    changed; `board_svg` is them joined."""
    rows, cols = len(board.rows), max(len(r) for r in board.rows)
    w, h = cols * CELL, rows * CELL
    # With tappable spaces the drawing is a group of buttons, not one image (an image's
    # children are not announced, and buttons inside it would be nested controls).
    role = "group" if legal is not None and act_url else "img"
    head = (
        f'<svg class="soup" viewBox="-4 -4 {w + 8} {h + 8}" role="{role}" '
        f'aria-label="{escape(_("The primordial soup"))}">'
    )
    colors = list(view["supply"].keys())
    # the seat's own colors (two in double play) are ringed
    mine = {highlight} if isinstance(highlight, str) else set(highlight or ())
    by_space: dict[int, list[dict]] = {}
    for a in view["amoebas"]:
        by_space.setdefault(a["space"], []).append(a)
    lang = current_language()
    toxic = view.get("toxic", {})
    tap_to = (act_url, space_kind) if legal is not None and act_url else ""
    colors_key = tuple(colors)
    cubes = view["cubes"]
    spaces = tuple(
        _space(
            lang,
            space,
            board.cell(space),
            tuple(cubes[space].values()),  # in seat order, as `colors`
            colors_key,
            toxic.get(space, 0),
            tuple(
                (a["color"], a["number"], a["dp"], a["color"] in mine)
                for a in by_space.get(space, ())
            ),
            tap_to if legal is not None and space in legal else None,
        )
        for space in board.spaces()
    )
    island = board.island()
    compass = ""
    if island:
        ir, ic = island
        compass = (
            '<g class="island">'
            + _compass(ic * CELL + CELL / 2, ir * CELL + CELL / 2, view.get("card"))
            + "</g>"
        )
    return head, spaces, compass


def board_svg(board: Board, view: dict[str, Any], *options: Any) -> Markup:
    """The soup with its spaces, cubes, amoebas and compass; legal spaces can be tapped
    (`options`: those of `soup_parts`, from `highlight` on)."""
    head, spaces, compass = soup_parts(board, view, *options)
    return Markup(head + "".join(spaces) + compass + "</svg>")
