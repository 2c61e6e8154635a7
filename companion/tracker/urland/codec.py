"""Urland states and setups as JSON data and back, field by field from their type hints.

Frozen dataclasses become objects, tuples lists, enums their values; reading follows each
field's declared type, so `from_dict(to_dict(state)) == state`. The record keeps the setup and
the action log (the state is their fold); a whole state is kept only as a cache.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import fields
from enum import Enum
from typing import Any, Union

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.urland.actions import ACTIONS, Action
from companion.tracker.urland.state import UrlandSetup, UrlandState

# Added after records were made: missing means the default.
LATER_FIELDS = frozenset({"phones", "take_forced"})


def plain(value: Any) -> Any:
    """A value as JSON data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


_LEAVES = (bool, int, str)


def _read(kind: Any, data: Any, path: str) -> Any:
    """`data` read as `kind`; InvalidAction naming the field (`path`) when it does not fit."""
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        return _read(next(o for o in options if o is not type(None)), data, path)
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list):
            raise _unreadable(path)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_read(args[0], d, f"{path}[{i}]") for i, d in enumerate(data))
        if len(args) != len(data):
            raise _unreadable(path)
        return tuple(_read(a, d, f"{path}[{i}]") for i, (a, d) in enumerate(zip(args, data)))
    if dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise _unreadable(path)
        hints = typing.get_type_hints(kind)
        values = {}
        for f in dataclasses.fields(kind):
            where = f"{path}.{f.name}" if path else f.name
            if f.name not in data and f.name in LATER_FIELDS:
                continue  # a record from before the field: its default (dataclass)
            if f.name not in data:
                raise InvalidAction(msg("{field} is missing", field=where))
            values[f.name] = _read(hints[f.name], data[f.name], where)
        return kind(**values)
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except (TypeError, ValueError):
            raise _unreadable(path) from None
    if kind in _LEAVES and type(data) is not kind:  # a bool is no int, an int no bool
        raise _unreadable(path)
    return data


def _unreadable(path: str) -> InvalidAction:
    return InvalidAction(msg("{field} cannot be read", field=path or "?"))


def to_dict(state: UrlandState) -> dict[str, Any]:
    """A state as JSON data."""
    return plain(state)


def from_dict(data: dict[str, Any]) -> UrlandState:
    """A state from `to_dict`'s data."""
    return _read(UrlandState, data, "")


def setup_to_dict(setup: UrlandSetup) -> dict[str, Any]:
    """A setup as JSON data (the record's setup); who enters the choices is written only when
    the referee enters them (a setup without it has the phones playing), and forced choices
    taken by themselves only when they are (a setup without it: entered one by one)."""
    data = plain(setup)
    if setup.phones:
        del data["phones"]
    if not setup.take_forced:
        del data["take_forced"]
    return data


def setup_from_dict(data: dict[str, Any]) -> UrlandSetup:
    """A setup from `setup_to_dict`'s data; InvalidAction naming the field that cannot be
    read."""
    return _read(UrlandSetup, data, "setup")


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Color):
        return value.value
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


def action_to_dict(action: Action) -> dict[str, Any]:
    """An action as JSON data: `{"type": "land", "ocean": "A", ...}`."""
    return {
        "type": action.kind,
        **{f.name: _plain(getattr(action, f.name)) for f in fields(action)},
    }


def action_from_dict(data: Any) -> Action:
    """An action from JSON data; InvalidAction if it cannot be read."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise InvalidAction(msg("that is not an Urland action"))
    if data["type"] not in ACTIONS:
        raise InvalidAction(msg("that is not an Urland action"))
    cls = ACTIONS[data["type"]]
    values = {}
    for f in fields(cls):
        if f.name not in data:
            raise InvalidAction(msg("the action lacks its {field}", field=f.name))
        value = _tuple(data[f.name])
        if f.name in ("color", "victim") and not (
            value is None and f.name in _OPTIONAL.get(cls.kind, ())
        ):
            try:
                value = Color(value)
            except (TypeError, ValueError):
                raise InvalidAction(msg("that is not a color")) from None
        values[f.name] = value
    _check_types(cls, values)
    return cls(**values)


_TYPES = {
    "token": int,
    "n": int,
    "region": str,
    "ocean": str,
    "source": str,
    "target": str,
    "area": str,
    "gene": str,
}


# A correction names only what its fact needs: its other fields are None.
_OPTIONAL = {"correct": {"value", "color", "area", "gene", "place", "tokens"}}
_CORRECTION_TYPES = {"field": str, "reason": str, "value": int, "place": str}


def _check_types(cls: type[Action], values: dict[str, Any]) -> None:
    optional = _OPTIONAL.get(cls.kind, set())
    for name, value in values.items():
        if value is None and name in optional:
            continue
        want = _TYPES.get(name) or (_CORRECTION_TYPES.get(name) if optional else None)
        if name == "tokens" and not (
            isinstance(value, tuple) and all(type(t) is int for t in value)
        ):
            raise InvalidAction(msg("the action's {field} cannot be read", field=name))
        bad = want is not None and (type(value) is not want)
        if name in ("hands", "genes", "takes") and not isinstance(value, tuple):
            bad = True
        elif name == "hands":
            bad = not all(isinstance(h, tuple) and all(type(t) is int for t in h) for h in value)
        elif name == "genes":
            bad = not all(isinstance(g, str) for g in value)
        elif name == "takes":
            bad = not all(
                isinstance(t, tuple) and len(t) == 2 and type(t[0]) is str and type(t[1]) is int
                for t in value
            )
        if bad:
            raise InvalidAction(msg("the action's {field} cannot be read", field=name))
