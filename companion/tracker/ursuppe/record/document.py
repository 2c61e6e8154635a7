"""Ursuppe's game record: one JSON document (format, version, setup, entries).

A game IS its append-only list of entries (docs/record-format.md). An entry is an action, or
an undo marker `{"type": "undo", "to": K}` that keeps only the first K effective actions:
history is never erased, and replaying the entries always gives the same state. The format,
the undo marker and the JSON reader are shared with Urland (`companion/tracker/record_core.py`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from companion.tracker.errors import ActionError, IllegalAction, InvalidAction
from companion.tracker.msg import msg
from companion.tracker.record_core import (
    FORMAT,
    MAX_ENTRIES,
    VERSION,
    Entering,
    Undo,
    marker_from_dict,
    marker_to_dict,
)
from companion.tracker.record_errors import (
    RecordError,
    in_setup,
    too_many,
    undo_too_far,
    undone,
    wrong_format,
    wrong_version,
)
from companion.tracker.text import check_json_text
from companion.tracker.ursuppe.actions import Action, action_from_dict, action_to_dict
from companion.tracker.ursuppe.engine import Applied, apply, new_game, validate_setup
from companion.tracker.ursuppe.flow import Event
from companion.tracker.ursuppe.record.chain import EMPTY, Chain
from companion.tracker.ursuppe.record.codec import setup_from_dict, setup_to_dict
from companion.tracker.ursuppe.sources import ENTERING, UNDO
from companion.tracker.ursuppe.state import GameSetup, GameState

Entry = Action | Undo | Entering


@dataclass(frozen=True)
class Record:
    """A setup and the entries of the log."""

    setup: GameSetup
    entries: tuple[Entry, ...] = ()


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """An entry in record form."""
    marker = marker_to_dict(entry)
    return action_to_dict(entry) if marker is None else marker


def entry_from_dict(data: Any) -> Entry:
    """An entry from record form; raises InvalidAction."""
    marker = marker_from_dict(data)
    return action_from_dict(data) if marker is None else marker


def record_to_dict(record: Record) -> dict[str, Any]:
    """The record as one JSON document."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": setup_to_dict(record.setup),
        "actions": [entry_to_dict(e) for e in record.entries],
    }


def entry_text(entry: Entry, to_dict: Any = entry_to_dict) -> str:
    """An entry as one line of JSON (as the store keeps it and the export writes it);
    `to_dict`: the game's entry codec (Ursuppe's unless given, `game.Game.entry_to_dict`)."""
    return json.dumps(to_dict(entry))


def _head(setup: Any, game: Any = None) -> str:
    if game is None:
        return (
            f'{{"format": "{FORMAT}", "version": {VERSION},\n'
            f' "setup": {json.dumps(setup_to_dict(setup))},\n "actions": ['
        )
    key = f' "game": {json.dumps(game.record_key)},' if game.record_key else ""
    return (
        f'{{"format": "{FORMAT}", "version": {VERSION},{key}\n'
        f' "setup": {json.dumps(game.setup_to_dict(setup))},\n "actions": ['
    )


_TAIL = "\n ]}\n"


def record_text(record: Record, game: Any = None) -> str:
    """The record as the app exports it: JSON, ASCII only, one entry per line (`game`: the
    `game.Game` it belongs to, Ursuppe's unless given; its `record_key` is written)."""
    to_dict = entry_to_dict if game is None else game.entry_to_dict
    lines = ",".join(f"\n  {entry_text(e, to_dict)}" for e in record.entries)
    return _head(record.setup, game) + lines + _TAIL


def record_bytes(setup: Any, game: Any = None) -> int:
    """The size of `record_text` without entries; each entry adds at most the length of its
    `entry_text` and ENTRY_SEPARATOR (the sum is exact to one byte)."""
    return len(_head(setup, game)) + len(_TAIL)


def record_from_dict(data: Any) -> Record:
    """Read a record; raises RecordError naming the entry and field at fault."""
    if not isinstance(data, dict):
        raise RecordError(msg("a game record is a JSON object"))
    if data.get("format") != FORMAT:
        raise wrong_format(FORMAT)
    if data.get("version") != VERSION:
        raise wrong_version(data.get("version"), VERSION)
    try:
        check_json_text(data.get("setup"), "setup")
        setup = setup_from_dict(data.get("setup"))
        validate_setup(setup)
    except InvalidAction as exc:
        raise in_setup(exc) from None
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise RecordError(msg("'actions' must be a list"))
    if len(raw) > MAX_ENTRIES:
        raise too_many(MAX_ENTRIES)
    entries = []
    for i, item in enumerate(raw, 1):
        try:
            entries.append(entry_from_dict(item))
        except InvalidAction as exc:
            raise RecordError(exc.msg, i) from None
    return Record(setup, tuple(entries))


@dataclass(frozen=True)
class History:
    """A replayed log: every entry, and the state after each action still in force.

    Keeping those states makes an undo cost only the actions it drops: it takes the kept
    action's state without replaying anything. Both lists are `Chain`s, so adding an entry
    or undoing never copies the history, and a log of n entries replays in O(n) however
    many undos it holds. An action entered again on a state it was already applied to (undo,
    then the same or another earlier choice) reuses that result: `apply` is pure, so it runs
    once per distinct (state, action), shared by every later version of this history. The
    store and `replay_record` share this, so undo means the same everywhere.
    """

    setup: GameSetup
    start: GameState
    recorded: Chain = EMPTY  # every entry, oldest at the bottom
    in_force: Chain = EMPTY  # (seq, state after) of the actions in force
    # id(state) -> (that state, {action: its result}); holding the state keeps its id unique
    applied: dict[int, tuple[GameState, dict[Action, Applied]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # the game's `apply` (None: Ursuppe's, looked up when called)
    step: Any = field(default=None, compare=False, repr=False)
    # who enters the players' choices, as the newest `Entering` marker set it (None: as
    # the setup says; a setup without it has the phones playing)
    phones: bool | None = None

    @classmethod
    def begin(cls, setup: Any, new: Any = new_game, step: Any = None) -> History:
        """The history of a new game (`new`, `step`: the game's `new_game` and `apply`,
        Ursuppe's unless given, so undo works alike for every game)."""
        return cls(setup, new(setup), step=step)

    @property
    def state(self) -> GameState:
        """The state now."""
        return self.in_force.top[1] if self.in_force else self.start

    @property
    def phones_play(self) -> bool:
        """Whether the players choose on their phones now (else the referee enters all)."""
        if self.phones is not None:
            return self.phones
        return getattr(self.setup, "phones", True)

    @property
    def revision(self) -> int:
        """The number of entries."""
        return len(self.recorded)

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry, oldest first (copies: O(n))."""
        return self.recorded.items()

    @property
    def kept(self) -> tuple[tuple[int, GameState], ...]:
        """(seq, state after) of every action in force, oldest first (copies: O(n))."""
        return self.in_force.items()

    @property
    def last_kept(self) -> int:
        """The seq of the newest action in force, 0 if none."""
        return self.in_force.top[0] if self.in_force else 0

    def position(self, seq: int) -> int | None:
        """How many actions are in force up to and including entry `seq`; None if undone."""
        link = self.in_force
        while link:
            if link.top[0] == seq:
                return len(link)
            if link.top[0] < seq:
                return None
            link = link.below
        return None

    def kept_since(self, seq: int) -> set[int]:
        """The seqs in force from entry `seq` on (costs only the entries after it)."""
        found = set()
        for kept_seq, _ in self.in_force.newest():
            if kept_seq < seq:
                break
            found.add(kept_seq)
        return found

    def add(self, entry: Entry) -> tuple[History, tuple[Event, ...], tuple[int, ...]]:
        """Apply one entry: the new history, its events, and the seqs an undo dropped.

        Raises ActionError (IllegalAction for an undo past the start), changing nothing."""
        seq = len(self.recorded) + 1
        if isinstance(entry, Undo):
            if entry.to > len(self.in_force):
                raise IllegalAction(undo_too_far(entry.to, len(self.in_force)))
            in_force, dropped = self.in_force.cut(entry.to)
            target = in_force.top[0] if in_force else 0
            history = self._with(entry, in_force)
            return history, (Event("undo", undone(target), UNDO),), tuple(s for s, _ in dropped)
        if isinstance(entry, Entering):
            history = self._with(entry, self.in_force, entry.phones)
            return history, (Event("entering", entering_note(entry.phones), ENTERING),), ()
        state, events = self._apply(entry)
        return self._with(entry, self.in_force.push((seq, state))), events, ()

    def _with(self, entry: Entry, in_force: Chain, phones: bool | None = None) -> History:
        """This history with one more entry recorded and the actions in force given."""
        phones = self.phones if phones is None else phones
        return History(
            self.setup,
            self.start,
            self.recorded.push(entry),
            in_force,
            self.applied,
            self.step,
            phones,
        )

    def _apply(self, action: Action) -> Applied:
        """`apply` to the state now, or its result from when this action met this state before."""
        before = self.state
        known = self.applied.get(id(before))
        if known is None or known[0] is not before:
            known = self.applied[id(before)] = (before, {})
        result = known[1].get(action)
        if result is None:
            result = known[1][action] = (self.step or apply)(before, action)
        return result


def entering_note(phones: bool) -> Any:
    """What the log says when the referee changes who enters the players' choices."""
    if phones:
        return msg("From now on the players choose on their phones (the laptop can step in).")
    return msg("From now on the referee enters every choice on the laptop.")


def replay_record(record: Record) -> tuple[GameState, list[tuple[int, Entry, tuple[Event, ...]]]]:
    """Replay every entry: the final state and each entry's events; raises RecordError."""
    history = History.begin(record.setup)
    out: list[tuple[int, Entry, tuple[Event, ...]]] = []
    for i, entry in enumerate(record.entries, 1):
        try:
            history, events, _ = history.add(entry)
        except ActionError as exc:
            raise RecordError(exc.msg, i, exc.source) from None
        out.append((i, entry, events))
    return history.state, out
