"""Lossless dict round trips of states and setups (JSON-friendly), with path-named errors."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import cache
from typing import Any

from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe.state import AmoebaId, GameSetup, GameState


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
    return _decoder(hint)(data, path)


Decoder = typing.Callable[[Any, str], Any]


@cache
def _decoder(hint: Any) -> Decoder:  # noqa: C901 - one branch per kind of type
    """A decoding function for a type, built once."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(next(a for a in args if a is not type(None)))
        optional = type(None) in args

        def union(data: Any, path: str) -> Any:
            if data is None and optional:
                return None
            return inner(data, path)

        return union
    if hint is AmoebaId:

        def amoeba(data: Any, path: str) -> Any:
            try:
                return AmoebaId.parse(data)
            except (ValueError, TypeError):
                raise InvalidAction(
                    msg(
                        "{path}: expected an amoeba like 'red-3', got {value}",
                        path=path,
                        value=repr(data),
                    )
                ) from None

        return amoeba
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        members = {m.value: m for m in hint}

        def member(data: Any, path: str) -> Any:
            try:
                return members[data]
            except (KeyError, TypeError):
                allowed = ", ".join(str(v) for v in members)
                # TRANSLATORS: {allowed} are the record's own values, verbatim.
                raise InvalidAction(
                    msg(
                        "{path}: expected one of {allowed}, got {value}",
                        path=path,
                        allowed=allowed,
                        value=repr(data),
                    )
                ) from None

        return member
    if dataclasses.is_dataclass(hint):
        hints = _hints(hint)
        specs = [
            (
                f.name,
                _decoder(hints[f.name]),
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in dataclasses.fields(hint)
            if f.init
        ]
        names = {name for name, _, _ in specs}

        def record(data: Any, path: str) -> Any:
            if not isinstance(data, dict):
                raise InvalidAction(msg("{path}: expected an object", path=path))
            unknown = set(data) - names
            if unknown:
                fields = ", ".join(sorted(unknown))
                raise InvalidAction(
                    msg("{path}: unknown field(s) {fields}", path=path, fields=fields)
                )
            kwargs = {}
            for name, dec, required in specs:
                if name in data:
                    kwargs[name] = dec(data[name], f"{path}.{name}")
                elif required:
                    raise InvalidAction(msg("{path}: missing '{name}'", path=path, name=name))
            return hint(**kwargs)

        return record
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def sequence(data: Any, path: str) -> Any:
                if not isinstance(data, list):
                    raise InvalidAction(msg("{path}: expected a list", path=path))
                return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(data))

            return sequence
        items = [_decoder(a) for a in args]

        def fixed(data: Any, path: str) -> Any:
            if not isinstance(data, list) or len(data) != len(items):
                raise InvalidAction(
                    nmsg(
                        "{path}: expected a list of {n} item",
                        "{path}: expected a list of {n} items",
                        len(items),
                        path=path,
                    )
                )
            return tuple(dec(v, f"{path}[{i}]") for i, (dec, v) in enumerate(zip(items, data)))

        return fixed
    if hint in (bool, int, str):

        def scalar(data: Any, path: str) -> Any:
            if type(data) is not hint:
                raise InvalidAction(_not_a(hint, path, repr(data)))
            return data

        return scalar

    def unknown(data: Any, path: str) -> Any:
        raise InvalidAction(msg("{path}: cannot read {value}", path=path, value=repr(data)))

    return unknown


def _not_a(hint: type, path: str, value: str) -> Msg:
    """A value of the wrong type for a true/false, a number or a text."""
    if hint is bool:
        return msg("{path}: expected true or false, got {value}", path=path, value=value)
    if hint is int:
        return msg("{path}: expected a whole number, got {value}", path=path, value=value)
    return msg("{path}: expected text, got {value}", path=path, value=value)


def to_dict(state: GameState) -> dict[str, Any]:
    """The whole state as JSON data."""
    return encode(state)


def from_dict(data: Any) -> GameState:
    """A state from `to_dict` data; raises InvalidAction naming the field at fault."""
    return decode(GameState, data, "state")


def setup_to_dict(setup: GameSetup) -> dict[str, Any]:
    """A setup as JSON data (the record's `setup`); who enters the choices is written only
    when the referee enters them (a setup without it has the phones playing, as every record
    made before the choice existed)."""
    data = encode(setup)
    if setup.phones:
        del data["phones"]
    return data


def setup_from_dict(data: Any) -> GameSetup:
    """A setup from JSON data; raises InvalidAction naming the field at fault."""
    return decode(GameSetup, data, "setup")
