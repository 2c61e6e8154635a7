"""The game record: one JSON document (format, version, setup, entries), see docs/record-format.md.

A game IS its append-only list of entries. An entry is an action, or an undo marker
`{"type": "undo", "to": K}` that keeps only the first K effective actions: history is never
erased, and replaying the entries always gives the same state.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.tracker.actions import Action, action_from_dict, action_to_dict
from companion.tracker.codec import setup_from_dict, setup_to_dict
from companion.tracker.engine import apply, new_game, validate_setup
from companion.tracker.errors import ActionError, IllegalAction, InvalidAction
from companion.tracker.flow import Event
from companion.tracker.sources import UNDO, Rule
from companion.tracker.state import GameSetup, GameState

FORMAT = "ursuppe-companion-record"
VERSION = 1
MAX_ENTRIES = 20_000


@dataclass(frozen=True)
class Undo:
    """Take back effective actions: keep the first `to` of them."""

    to: int
    kind = "undo"


Entry = Action | Undo


@dataclass(frozen=True)
class Record:
    """A setup and the entries of the log."""

    setup: GameSetup
    entries: tuple[Entry, ...] = ()


class RecordError(InvalidAction):
    """A record that cannot be read or replayed; `index` is the 1-based entry at fault."""

    def __init__(self, message: str, index: int | None = None, source: Rule | None = None) -> None:
        prefix = f"action {index}: " if index is not None else ""
        super().__init__(prefix + message, source)
        self.index = index


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """An entry in record form."""
    if isinstance(entry, Undo):
        return {"type": "undo", "to": entry.to}
    return action_to_dict(entry)


def entry_from_dict(data: Any) -> Entry:
    """An entry from record form; raises InvalidAction."""
    if isinstance(data, dict) and data.get("type") == "undo":
        to = data.get("to")
        if set(data) != {"type", "to"} or isinstance(to, bool) or not isinstance(to, int) or to < 0:
            raise InvalidAction("'undo' needs 'to', the number of actions to keep")
        return Undo(to)
    return action_from_dict(data)


def effective_actions(entries: tuple[Entry, ...] | list[Entry]) -> list[Action]:
    """The actions in force after applying every undo marker."""
    kept: list[Action] = []
    for entry in entries:
        if isinstance(entry, Undo):
            del kept[entry.to :]
        else:
            kept.append(entry)
    return kept


def record_to_dict(record: Record) -> dict[str, Any]:
    """The record as one JSON document."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": setup_to_dict(record.setup),
        "actions": [entry_to_dict(e) for e in record.entries],
    }


def record_from_dict(data: Any) -> Record:
    """Read a record; raises RecordError naming the entry and field at fault."""
    if not isinstance(data, dict):
        raise RecordError("a game record is a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"this is not an Ursuppe Companion record (format {FORMAT!r} expected)")
    if data.get("version") != VERSION:
        raise RecordError(
            f"record version {data.get('version')!r} is not supported "
            f"(this app reads version {VERSION})"
        )
    try:
        setup = setup_from_dict(data.get("setup"))
        validate_setup(setup)
    except InvalidAction as exc:
        message = exc.message if exc.message.startswith("setup") else f"setup: {exc.message}"
        raise RecordError(message) from None
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise RecordError("'actions' must be a list")
    if len(raw) > MAX_ENTRIES:
        raise RecordError(f"a record holds at most {MAX_ENTRIES} actions")
    entries = []
    for i, item in enumerate(raw, 1):
        try:
            entries.append(entry_from_dict(item))
        except InvalidAction as exc:
            raise RecordError(exc.message, i) from None
    return Record(setup, tuple(entries))


@dataclass(frozen=True)
class History:
    """A replayed log: every entry, and the state after each action still in force.

    Keeping those states makes an undo cost nothing: it drops the actions after the kept
    one and takes its state, without replaying anything. The store and `replay_record`
    share this, so undo means the same everywhere.
    """

    setup: GameSetup
    start: GameState
    entries: tuple[Entry, ...] = ()
    kept: tuple[tuple[int, GameState], ...] = ()  # (seq, state after) of actions in force

    @classmethod
    def begin(cls, setup: GameSetup) -> History:
        """The history of a new game."""
        return cls(setup, new_game(setup))

    @property
    def state(self) -> GameState:
        """The state now."""
        return self.kept[-1][1] if self.kept else self.start

    def add(self, entry: Entry) -> tuple[History, tuple[Event, ...], tuple[int, ...]]:
        """Apply one entry: the new history, its events, and the seqs an undo dropped.

        Raises ActionError (IllegalAction for an undo past the start), changing nothing."""
        seq = len(self.entries) + 1
        entries = self.entries + (entry,)
        if isinstance(entry, Undo):
            if entry.to > len(self.kept):
                raise IllegalAction(
                    f"undo to {entry.to}, but only {len(self.kept)} actions are in force"
                )
            kept = self.kept[: entry.to]
            dropped = tuple(s for s, _ in self.kept[entry.to :])
            target = kept[-1][0] if kept else 0
            text = f"Undone: back to entry {target}." if target else "Undone: back to the start."
            history = replace(self, entries=entries, kept=kept)
            return history, (Event("undo", text, UNDO),), dropped
        state, events = apply(self.state, entry)
        return replace(self, entries=entries, kept=self.kept + ((seq, state),)), events, ()


def replay_record(record: Record) -> tuple[GameState, list[tuple[int, Entry, tuple[Event, ...]]]]:
    """Replay every entry: the final state and each entry's events; raises RecordError."""
    history = History.begin(record.setup)
    out: list[tuple[int, Entry, tuple[Event, ...]]] = []
    for i, entry in enumerate(record.entries, 1):
        try:
            history, events, _ = history.add(entry)
        except ActionError as exc:
            raise RecordError(exc.message, i, exc.source) from None
        out.append((i, entry, events))
    return history.state, out
