"""The record format both games share: its name, version, the undo marker, the JSON reader.

A game IS its append-only list of entries (docs/record-format.md). An entry is an action, or
an undo marker `{"type": "undo", "to": K}` that keeps only the first K effective actions:
history is never erased, and replaying the entries always gives the same state. Each game's
record module reads and writes its own actions and setup (`ursuppe/record.py`,
`urland/record.py`); the document's `game` key says which.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.record_errors import duplicate_key

A = TypeVar("A")

FORMAT = "ursuppe-companion-record"
VERSION = 1
MAX_ENTRIES = 20_000
# The most an exported record may weigh (docs/security.md): a game takes no entry past it,
# so every record the app exports can be imported again (the import route allows this much).
MAX_RECORD_BYTES = 4 * 1024 * 1024
ENTRY_SEPARATOR = len(",\n  ")  # what the exported text adds around each entry, at most


@dataclass(frozen=True)
class Undo:
    """Take back effective actions: keep the first `to` of them."""

    to: int
    kind = "undo"


def undo_to_dict(undo: Undo) -> dict[str, Any]:
    """An undo marker in record form."""
    return {"type": "undo", "to": undo.to}


def undo_from_dict(data: Any) -> Undo | None:
    """The undo marker this record entry is, or None if it is not one; raises InvalidAction."""
    if not (isinstance(data, dict) and data.get("type") == "undo"):
        return None
    to = data.get("to")
    if set(data) != {"type", "to"} or isinstance(to, bool) or not isinstance(to, int) or to < 0:
        raise InvalidAction(msg("'undo' needs 'to', the number of actions to keep"))
    return Undo(to)


@dataclass(frozen=True)
class Entering:
    """Who enters the players' choices from this entry on: their phones (the laptop can
    always step in) or the referee alone. It changes who may submit, never the state: a
    replay passes over it (the setup's `phones` holds the choice made at the start)."""

    phones: bool
    kind = "entering"


ENTERING_BY = {True: "phones", False: "referee"}


def entering_to_dict(entering: Entering) -> dict[str, Any]:
    """A change of who enters, in record form."""
    return {"type": "entering", "by": ENTERING_BY[entering.phones]}


def entering_from_dict(data: Any) -> Entering | None:
    """The change of who enters this record entry is, or None; raises InvalidAction."""
    if not (isinstance(data, dict) and data.get("type") == "entering"):
        return None
    by = data.get("by")
    if set(data) != {"type", "by"} or by not in ("phones", "referee"):
        raise InvalidAction(msg("'entering' needs 'by': \"phones\" or \"referee\""))
    return Entering(by == "phones")


def marker_to_dict(entry: Any) -> dict[str, Any] | None:
    """A marker entry (undo, who enters) in record form; None for an action."""
    if isinstance(entry, Undo):
        return undo_to_dict(entry)
    if isinstance(entry, Entering):
        return entering_to_dict(entry)
    return None


def marker_from_dict(data: Any) -> Undo | Entering | None:
    """The marker entry (undo, who enters) this record entry is, or None for an action."""
    undo = undo_from_dict(data)
    return undo if undo is not None else entering_from_dict(data)


def effective_actions(entries: Sequence[A | Undo | Entering]) -> list[A]:
    """The actions in force after applying every undo marker (who enters is no action)."""
    kept: list[A] = []
    for entry in entries:
        if isinstance(entry, Undo):
            del kept[entry.to :]
        elif not isinstance(entry, Entering):
            kept.append(entry)
    return kept


class _DuplicateKey(ValueError):
    """A JSON object names one key twice."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def parse_record(text: str | bytes) -> Any:
    """JSON text of a record; raises RecordError for a key given twice in one object, and
    ValueError (or RecursionError) for text that is not JSON."""
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except _DuplicateKey as exc:
        key = json.dumps(exc.args[0])
        key = key if len(key) <= 40 else key[:36] + '..."'
        raise duplicate_key(key) from None
