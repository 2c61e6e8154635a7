"""One way to declare an action, for both games and the extra genes: its verb in the record,
its fields, and how a field is normalised (so equal choices are equal actions).

    @verb("drift")
    class Drift(Action):
        \"\"\"The amoeba drifts with the current.\"\"\"

        amoeba: AmoebaId

`verb` makes the class a frozen dataclass, gives it its `kind` and registers it with the
game's base (`class Action(RecordedAction, verbs=ACTION_TYPES)`), where the game's record
codec finds it; a field declared `normalised(fn)` is passed through `fn` when the action is
made (`cubes: Cubes = normalised(norm_cubes, ())`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

T = TypeVar("T", bound=type)

_NORMAL = "normal"  # the field's metadata key: the function that normalises its value


class RecordedAction:
    """Base of every game's actions: `kind` is the verb in the record, `verbs` the game's
    every verb (set once on the game's own base class)."""

    kind: ClassVar[str] = ""
    verbs: ClassVar[dict[str, type]]  # the game's own table, given by its base class

    def __init_subclass__(cls, verbs: dict[str, type] | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if verbs is not None:
            cls.verbs = verbs


def normalised(normal: Callable[[Any], Any], default: Any = dataclasses.MISSING) -> Any:
    """A field whose value is passed through `normal` when the action is made."""
    return dataclasses.field(default=default, metadata={_NORMAL: normal})


def verb(kind: str) -> Callable[[T], T]:
    """Declare an action class: a frozen dataclass with this verb, registered with its game."""

    def declare(cls: T) -> T:
        normal = {
            name: value.metadata[_NORMAL]
            for name, value in vars(cls).items()
            if isinstance(value, dataclasses.Field) and _NORMAL in value.metadata
        }
        if normal:
            cls.__post_init__ = _normaliser(normal)
        cls.kind = kind
        made = dataclasses.dataclass(frozen=True)(cls)
        if kind in made.verbs:
            raise TypeError(f"two actions share the verb {kind!r}")
        made.verbs[kind] = made
        return made

    return declare


def _normaliser(normal: dict[str, Callable[[Any], Any]]) -> Callable[[Any], None]:
    def __post_init__(self: Any) -> None:
        for name, fn in normal.items():
            object.__setattr__(self, name, fn(getattr(self, name)))

    return __post_init__
