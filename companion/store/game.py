"""A game as the store keeps it in memory: its replayed history and the console's log."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, overload

from companion.tracker.errors import IllegalAction
from companion.tracker.game import DEFAULT_GAME, GAMES
from companion.tracker.game import Game as Core
from companion.tracker.msg import Msg, Param, Seq, msg
from companion.tracker.record_core import (
    ENTRY_SEPARATOR,
    MAX_ENTRIES,
    MAX_RECORD_BYTES,
    Entering,
    Undo,
)

# What the log adds to an entry the app rolled (or drew) by itself (never stored: derived).
APP_ROLLED = msg("(the app rolled by itself)")
APP_DREW = msg("(the app drew it by itself)")


@dataclass
class LogItem:
    """One entry of the log as the console shows it."""

    seq: int
    label: Param  # a message (the shell renders it in its reader's language)
    events: tuple[Any, ...]  # the game's explained events
    undone: bool = False
    is_undo: bool = False


class Log(Sequence[LogItem]):
    """Every entry of a game as the console shows it, undone actions marked.

    Nothing is copied until it is read, and reading the newest k entries costs O(k), so a
    game with thousands of entries opens and renders its latest page at once.
    """

    def __init__(self, items: Any, history: Any, notes: Mapping[int, Msg] | None = None) -> None:
        self._items = items  # LogItems as added (undone=False)
        self._history = history
        self._notes = notes or {}  # seq -> what the label adds (the app rolled by itself)

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, index: int) -> LogItem: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[LogItem, ...]: ...

    def __getitem__(self, index: int | slice) -> LogItem | tuple[LogItem, ...]:
        if isinstance(index, slice):
            positions = range(*index.indices(len(self)))
            if not positions:
                return ()
            low = min(positions)
            chunk = self._between(low, max(positions) + 1)
            return tuple(chunk[p - low] for p in positions)
        position = index + len(self) if index < 0 else index
        if not 0 <= position < len(self):
            raise IndexError("log index out of range")
        return self._between(position, position + 1)[0]

    def __iter__(self) -> Iterator[LogItem]:
        return iter(self._between(0, len(self)))

    def __reversed__(self) -> Iterator[LogItem]:
        return reversed(self._between(0, len(self)))

    def _between(self, low: int, high: int) -> tuple[LogItem, ...]:
        """Positions low..high-1 (seqs low+1..high), walking down from the newest only."""
        size = len(self)
        raw = list(islice(self._items.newest(), size - high, size - low))
        if not raw:
            return ()
        raw.reverse()
        kept = self._history.kept_since(raw[0].seq)
        notes = self._notes
        out = []
        for item in raw:
            if item.seq in notes:
                item = dataclasses.replace(item, label=Seq((item.label, notes[item.seq])))
            if not item.is_undo and item.seq not in kept:
                item = dataclasses.replace(item, undone=True)
            out.append(item)
        return tuple(out)


@dataclass
class Game:
    """A game as cached in memory: its replayed history and the console's explained log."""

    id: str
    name: str
    setup: Any  # the game's setup
    dice_by_app: bool
    cards_by_app: bool
    board_token: str
    created: str
    history: Any  # the game's replayed history (`Game.begin`, `History` with undo)
    items: Any = None  # the LogItem of every entry, as added, a chain (see `log`)
    weight: int = 0  # bytes of the exported record (`record_text`), at most one too many
    app_rolled: Mapping[int, Msg] = dataclasses.field(default_factory=dict)  # seq -> note
    core: Core = GAMES[DEFAULT_GAME]  # the game's rules (`tracker.game`), by the row's `game` key

    def __post_init__(self) -> None:
        if self.items is None:
            self.items = self.core.empty_stack
        if not self.weight:  # a new game; a copy keeps its weight
            self.weight = self.core.record_bytes(self.setup)

    @property
    def state(self) -> Any:
        """The state now."""
        return self.history.state

    @property
    def entries(self) -> tuple[Any, ...]:
        """Every entry of the log, oldest first."""
        return self.history.entries

    @property
    def kept(self) -> tuple[tuple[int, Any], ...]:
        """(seq, state after) of every action still in force."""
        return self.history.kept

    @property
    def log(self) -> Log:
        """Every entry as the console shows it, undone ones marked."""
        return Log(self.items, self.history, self.app_rolled)

    @property
    def revision(self) -> int:
        """The number of entries in the log."""
        return self.history.revision

    @property
    def phones_play(self) -> bool:
        """Whether the players choose on their phones now (else the referee enters all)."""
        return self.history.phones_play

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.core.over(self.state)

    def record(self) -> Any:
        """The game record (for export)."""
        return self.core.record(self.setup, self.entries)

    def add(self, entry: Any, text: str | None = None, limit: bool = True) -> tuple[Any, ...]:
        """Apply one entry (raises ActionError, changing nothing). `text`: its JSON as stored;
        `limit`: refuse it if the record could then no longer be imported again."""
        text = self.core.entry_text(entry) if text is None else text
        if limit:
            self._check_room(len(text))
        before = self.history.state
        history, events, _ = self.history.add(entry)
        seq = history.revision
        if isinstance(entry, Undo):
            label = msg("undo to entry {n}", n=history.last_kept)
            item = LogItem(seq, label, events, is_undo=True)
        elif isinstance(entry, Entering):  # no action: never undone, never "back to here"
            label = msg("who enters the choices")
            item = LogItem(seq, label, events, is_undo=True)
        else:
            # The log is read by the console, the TV and the history: public readers. An
            # event with an audience (Urland's drawn token, a sealed bid) is its player's
            # alone (their phone shows it from the state), so it stays out of the log.
            shown = tuple(e for e in events if getattr(e, "audience", None) is None)
            item = LogItem(seq, self.core.describe(before, entry), shown)
        self.history, self.items = history, self.items.push(item)
        self.weight += len(text) + ENTRY_SEPARATOR
        return events

    def _check_room(self, chars: int) -> None:
        """Refuse an entry past what a record may hold (docs/security.md: records that travel)."""
        if self.revision >= MAX_ENTRIES:
            raise IllegalAction(
                msg(
                    "this game has {n} entries, the most one record holds; nothing was "
                    "recorded (export it to keep it)",
                    n=f"{MAX_ENTRIES:,}",
                )
            )
        if self.weight + chars + ENTRY_SEPARATOR > MAX_RECORD_BYTES:
            raise IllegalAction(
                msg(
                    "this entry would make the game's record larger than {mb} MB, the most "
                    "one record may weigh so that it can be imported again; nothing was "
                    "recorded",
                    mb=MAX_RECORD_BYTES // (1024 * 1024),
                )
            )

    def undo_target(self, seq: int) -> int:
        """The `to` of an undo that keeps everything up to and including entry `seq`."""
        position = self.history.position(seq)
        if position is None:
            raise IllegalAction(msg("that entry is no longer in force"))
        return position


def mark_app_rolls(game: Game, seqs: set[int]) -> None:
    """Make the log say which entries the app rolled (or drew) by itself."""
    if not seqs:
        return
    entries = game.entries
    notes = {
        seq: APP_DREW if game.core.drawn(entries[seq - 1]) else APP_ROLLED
        for seq in seqs
        if 0 < seq <= len(entries)
    }
    game.app_rolled = {**game.app_rolled, **notes}
