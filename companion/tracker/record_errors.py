"""What the record reader and the undo say when they refuse: RecordError and its messages.

A record that cannot be read or replayed is refused naming the entry and field at fault, in
message ids with parameters (`msg.py`); the record's own values are shown verbatim.
"""

from __future__ import annotations

from companion.tracker.citations import Rule
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg, nmsg


class RecordError(InvalidAction):
    """A record that cannot be read or replayed; `index` is the 1-based entry at fault."""

    def __init__(
        self, message: Msg | str, index: int | None = None, source: Rule | None = None
    ) -> None:
        if index is not None:
            message = msg("action {index}: {reason}", index=index, reason=message)
        super().__init__(message, source)
        self.index = index


def duplicate_key(key: str) -> RecordError:
    """A JSON object gives one key twice (`key` as the JSON text writes it)."""
    return RecordError(
        msg("the key {key} appears twice in one object; a record gives each field once", key=key)
    )


def wrong_format(expected: str) -> RecordError:
    """The document is not a record of this app."""
    return RecordError(
        msg(
            "this is not an Ursuppe Companion record (format {format} expected)",
            format=repr(expected),
        )
    )


def wrong_version(found: object, version: int) -> RecordError:
    """The record's version is not the one this app reads."""
    return RecordError(
        msg(
            "record version {found} is not supported (this app reads version {version})",
            found=repr(found),
            version=version,
        )
    )


def in_setup(exc: InvalidAction) -> RecordError:
    """A refused setup; a message that starts with a path into the setup names it already."""
    named = exc.message.startswith("setup")
    return RecordError(exc.msg if named else msg("setup: {reason}", reason=exc.msg))


def too_many(most: int) -> RecordError:
    """More entries than a record holds."""
    return RecordError(
        nmsg("a record holds at most {n} action", "a record holds at most {n} actions", most)
    )


def undo_too_far(to: int, in_force: int) -> Msg:
    """An undo to more actions than are in force."""
    return nmsg(
        "undo to {to}, but only {n} action is in force",
        "undo to {to}, but only {n} actions are in force",
        in_force,
        to=to,
    )


def undone(target: int) -> Msg:
    """The log's line for an undo: back to an entry, or to the start."""
    if target:
        return msg("Undone: back to entry {entry}.", entry=target)
    return msg("Undone: back to the start.")
