"""The values of actions' fields in the record: how each type is written and read back
(amoebas as `red-3`, colors, cubes as a color -> count object, whole numbers in range,
short texts, lists), refusing what cannot be read with the field's name."""

from __future__ import annotations

import typing
from typing import Any

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.ursuppe.cubes import Cubes, norm_cubes
from companion.tracker.ursuppe.data import Direction
from companion.tracker.ursuppe.pieces import AmoebaId


def encode_value(value: Any, hint: Any = None) -> Any:
    """A field's value as the record writes it (`hint`: the field's type)."""
    if hint == Cubes | None:
        hint = Cubes
    if hint == Cubes:  # also the (color, count) pairs of start rolls and start spaces
        return {c.value: n for c, n in value}
    if isinstance(value, AmoebaId):
        return str(value)
    if isinstance(value, (Color, Direction)):
        return value.value
    if isinstance(value, tuple):
        return [encode_value(v) for v in value]
    return value


def decode_value(hint: Any, value: Any, name: str) -> Any:  # noqa: C901 - one branch per type
    """A field's value read from the record; raises InvalidAction naming the field."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or (origin is not None and type(None) in args):
        if value is None:
            return None
        inner = [a for a in args if a is not type(None)]
        return decode_value(inner[0], value, name)
    if hint is AmoebaId:
        if not isinstance(value, str):
            raise InvalidAction(msg("'{name}' must name an amoeba like 'red-3'", name=name))
        try:
            return AmoebaId.parse(value)
        except ValueError:
            text = msg(
                "'{name}' must name an amoeba like 'red-3', not {value}",
                name=name,
                value=repr(value),
            )
            raise InvalidAction(text) from None
    if hint is Color:
        try:
            return Color(value)
        except ValueError:
            # TRANSLATORS: {colors} are the record's color codes (red, yellow, ...), verbatim.
            text = msg(
                "'{name}' must be a color ({colors}), not {value}",
                name=name,
                colors=", ".join(c.value for c in Color),
                value=repr(value),
            )
            raise InvalidAction(text) from None
    if hint is bool:
        if not isinstance(value, bool):
            raise InvalidAction(msg("'{name}' must be true or false", name=name))
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidAction(msg("'{name}' must be a whole number", name=name))
        if abs(value) > 10_000:
            raise InvalidAction(msg("'{name}' is out of range", name=name))
        return value
    if hint is str:
        if not isinstance(value, str) or len(value) > 500:
            raise InvalidAction(msg("'{name}' must be a short text", name=name))
        return value
    if hint == Cubes:
        if not isinstance(value, dict):
            raise InvalidAction(msg("'{name}' must map colors to cube counts", name=name))
        pairs = []
        for color, count in value.items():
            c = decode_value(Color, color, name)
            n = decode_value(int, count, name)
            if n < 0:
                text = msg("'{name}' cannot hold a negative number of cubes", name=name)
                raise InvalidAction(text)
            pairs.append((c, n))
        return norm_cubes(pairs)
    if origin is tuple:
        pairs = len(args) == 2 and args[1] is Ellipsis and typing.get_origin(args[0]) is tuple
        if isinstance(value, dict) and pairs:
            pair = typing.get_args(args[0])
            return tuple(
                (decode_value(pair[0], k, name), decode_value(pair[1], v, name))
                for k, v in value.items()
            )
        if not isinstance(value, list) or len(value) > 50:
            raise InvalidAction(msg("'{name}' must be a list", name=name))
        inner = args[0]
        return tuple(decode_value(inner, v, name) for v in value)
    raise InvalidAction(msg("'{name}' has an unsupported type", name=name))
