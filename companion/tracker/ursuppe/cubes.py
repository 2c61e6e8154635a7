"""Food cubes as actions carry them: (color, count) pairs in the colors' order, and how a
player reads them."""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color, color_ref
from companion.tracker.msg import Msg, Seq, msg

Cubes = tuple[tuple[Color, int], ...]

_COLOR_ORDER = {c: i for i, c in enumerate(Color)}


def norm_cubes(cubes: Any) -> Cubes:
    """Normalise cubes to sorted (color, count) pairs with positive counts."""
    if type(cubes) is tuple and _normal(cubes):
        return cubes
    if isinstance(cubes, dict):
        cubes = cubes.items()
    merged: dict[Color, int] = {}
    for color, count in cubes:
        merged[Color(color)] = merged.get(Color(color), 0) + int(count)
    return tuple(sorted(((c, n) for c, n in merged.items() if n), key=lambda p: _COLOR_ORDER[p[0]]))


def _normal(cubes: tuple) -> bool:
    """Whether these cubes are already what `norm_cubes` makes (the engine's own lists)."""
    last = -1
    for pair in cubes:
        if type(pair) is not tuple or len(pair) != 2:
            return False
        color, count = pair
        if type(color) is not Color or type(count) is not int or count <= 0:
            return False
        order = _COLOR_ORDER[color]
        if order <= last:
            return False
        last = order
    return True


def cubes_ref(cubes: Cubes) -> Msg | Seq:
    """Cubes as a player reads them: `2 ▲ yellow + 1 ■ green`."""
    if not cubes:
        return msg("nothing")
    return Seq(tuple(Seq((n, color_ref(c))) for c, n in cubes), " + ")


def by_color(spaces: Any) -> tuple[tuple[Color, int], ...]:
    """(color, number) pairs in the colors' order (start spaces, however they were given)."""
    pairs = ((Color(c), int(v)) for c, v in dict(spaces).items())
    return tuple(sorted(pairs, key=lambda p: _COLOR_ORDER[p[0]]))


def cubes_text(cubes: Cubes) -> str:
    """`cubes_ref` in English (for logs and tests; screens render the ref)."""
    return str(cubes_ref(cubes))
