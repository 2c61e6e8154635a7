"""Each color's shape, as both games' pages draw and name it, and the setup pages' game picker."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.tracker.colors import SHAPES as CORE_SHAPES

SHAPES = {color.value: shape.name for color, shape in CORE_SHAPES.items()}
GLYPHS = {color.value: shape.glyph for color, shape in CORE_SHAPES.items()}


def shape_names() -> dict[str, str]:
    """Each color's shape, in the reader's words (the setup form's color pickers)."""
    words = {
        "circle": _("circle"),
        "triangle": _("triangle"),
        "square": _("square"),
        "diamond": _("diamond"),
        "hexagon": _("hexagon"),
        "star": _("star"),
    }
    return {color: words[shape] for color, shape in SHAPES.items()}


def picker(key: str) -> dict[str, Any]:
    """What the setup page's game picker needs of its game (the games offered are the
    templates' `games_offered()`, from the registry)."""
    return {"game_key": key}
