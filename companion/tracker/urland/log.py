"""Urland's explained events: a message, the rule it rests on, and who may read it.

An event with an audience (a color) is that player's alone: the token they drew, the tokens
passed to them, their own sealed bid. Every other event is public (console, seats, TV,
readable record); `visible` keeps only what a viewer may read.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.citations import Rule
from companion.tracker.colors import Color
from companion.tracker.derivation import Derivation
from companion.tracker.msg import Msg, as_msg


@dataclass(frozen=True)
class Event:
    """Something the engine computed, as a message, with its source and its audience."""

    kind: str
    msg: Msg
    source: Rule | None = None
    audience: Color | None = None
    why: Derivation | None = None  # the derivation of the number it says (a scoring)

    @property
    def text(self) -> str:
        """The event in English (the shell renders `msg` in its reader's language)."""
        return str(self.msg)


Events = list[Event]


def say(
    events: Events,
    kind: str,
    text: Msg | str,
    source: Rule | None,
    to: Color | None = None,
    why: Derivation | None = None,
) -> None:
    """Record an explained event; `to` makes it one player's alone; `why` explains its number."""
    events.append(Event(kind, as_msg(text), source, to, why))


def visible(events: tuple[Event, ...] | Events, viewer: Color | None) -> tuple[Event, ...]:
    """The events a viewer may read: the public ones and their own (None: the public)."""
    return tuple(e for e in events if e.audience is None or e.audience == viewer)
