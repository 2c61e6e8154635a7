"""Lossless dict round trips of states and setups (JSON-friendly), with path-named errors."""

from __future__ import annotations

import dataclasses
import enum
import typing
from functools import cache
from typing import Any

from companion.tracker.errors import InvalidAction
from companion.tracker.state import AmoebaId, GameSetup, GameState


def encode(value: Any) -> Any:
    """Any state value as plain JSON data."""
    if isinstance(value, AmoebaId):
        return str(value)
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    return value


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(hint: Any, data: Any, path: str) -> Any:
    """Plain data back into the typed value `hint`; raises InvalidAction naming the path."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        if data is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return decode(inner[0], data, path)
    if hint is AmoebaId:
        try:
            return AmoebaId.parse(data)
        except (ValueError, TypeError):
            raise InvalidAction(f"{path}: expected an amoeba like 'red-3', got {data!r}") from None
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        try:
            return hint(data)
        except ValueError:
            allowed = ", ".join(str(m.value) for m in hint)
            raise InvalidAction(f"{path}: expected one of {allowed}, got {data!r}") from None
    if dataclasses.is_dataclass(hint):
        if not isinstance(data, dict):
            raise InvalidAction(f"{path}: expected an object")
        hints = _hints(hint)
        kwargs = {}
        for f in dataclasses.fields(hint):
            if not f.init:
                continue
            if f.name in data:
                kwargs[f.name] = decode(hints[f.name], data[f.name], f"{path}.{f.name}")
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise InvalidAction(f"{path}: missing '{f.name}'")
        unknown = set(data) - {f.name for f in dataclasses.fields(hint)}
        if unknown:
            raise InvalidAction(f"{path}: unknown field(s) {', '.join(sorted(unknown))}")
        return hint(**kwargs)
    if origin is tuple:
        if not isinstance(data, list):
            raise InvalidAction(f"{path}: expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(data) != len(args):
            raise InvalidAction(f"{path}: expected {len(args)} items")
        return tuple(decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data)))
    if hint is bool:
        if not isinstance(data, bool):
            raise InvalidAction(f"{path}: expected true or false")
        return data
    if hint is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise InvalidAction(f"{path}: expected a whole number, got {data!r}")
        return data
    if hint is str:
        if not isinstance(data, str):
            raise InvalidAction(f"{path}: expected text, got {data!r}")
        return data
    raise InvalidAction(f"{path}: cannot read {data!r}")


def to_dict(state: GameState) -> dict[str, Any]:
    """The whole state as JSON data."""
    return encode(state)


def from_dict(data: Any) -> GameState:
    """A state from `to_dict` data; raises InvalidAction naming the field at fault."""
    return decode(GameState, data, "state")


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    """A setup as JSON data (the record's `setup`)."""
    return encode(setup)


def setup_from_dict(data: Any) -> GameSetup:
    """A setup from JSON data; raises InvalidAction naming the field at fault."""
    return decode(GameSetup, data, "setup")
