"""The players' colors, shared by both games: each color's name and its own shape's glyph.

Every color has its own shape, so players who cannot tell colors apart can tell pieces apart.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from companion.tracker.msg import P_, Seq, Term


class Color(StrEnum):
    """A player's color: amoebas, food cubes and score marker."""

    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    BLUE = "blue"
    WHITE = "white"
    BLACK = "black"


class Shape(NamedTuple):
    """A color's own shape: its name (the drawn pieces) and its text glyph."""

    name: str
    glyph: str


COLOR_NAMES = {
    Color.RED: P_("color", "red"),
    Color.YELLOW: P_("color", "yellow"),
    Color.GREEN: P_("color", "green"),
    Color.BLUE: P_("color", "blue"),
    Color.WHITE: P_("color", "white"),
    Color.BLACK: P_("color", "black"),
}

# Every color has its own shape, so players who cannot tell colors apart can tell pieces
# apart: every screen names a player "Ben ▲ yellow" and draws the pieces in these shapes.
SHAPES: dict[Color, Shape] = {
    Color.RED: Shape("circle", "●"),
    Color.YELLOW: Shape("triangle", "▲"),
    Color.GREEN: Shape("square", "■"),
    Color.BLUE: Shape("diamond", "◆"),
    Color.WHITE: Shape("hexagon", "⬢"),
    Color.BLACK: Shape("star", "★"),
}


def color_term(color: Color) -> Term:
    """A color's name as a game word, translated where it is shown."""
    return Term("color", COLOR_NAMES[color])


def color_ref(color: Color) -> Seq:
    """A color with its shape's glyph: `▲ yellow` (cubes, and a color no seat plays)."""
    return Seq((SHAPES[color].glyph, color_term(color)))


def color_label(color: Color) -> str:
    """`color_ref` in English (for logs and tests; screens render the ref)."""
    return str(color_ref(color))
