"""The store: the only code that turns log rows into states and back.

A game is its append-only entries, keyed (game_id, seq). Every write names the revision it
was made against (the number of entries it saw); exactly one write per revision succeeds,
the others get a Conflict saying what happened instead. An entry is committed before the
caller is told it was accepted. The latest state of each game is cached in memory, so a
request never replays the whole log.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path
from typing import Any, overload

from sqlite_utils import Database

from companion.backup import KEEP, make_backup
from companion.db import connect
from companion.gcpause import collector_paused
from companion.tracker.errors import ActionError, IllegalAction
from companion.tracker.game import URSUPPE, game_of
from companion.tracker.game import Game as Core
from companion.tracker.msg import Msg, Param, Seq, as_msg, msg, nmsg
from companion.tracker.record_core import (
    ENTRY_SEPARATOR,
    FORMAT,
    MAX_ENTRIES,
    MAX_RECORD_BYTES,
    VERSION,
    Undo,
)
from companion.tracker.record_errors import RecordError
from companion.tracker.text import mend, mended
from companion.tracker.ursuppe import Event
from companion.tracker.ursuppe.actions import TurnEnvironmentCard
from companion.tracker.ursuppe.record.chain import EMPTY, Chain
from companion.tracker.ursuppe.record.document import (
    Entry,
    History,
    Record,
    entry_text,
    record_bytes,
    record_text,
)
from companion.tracker.ursuppe.state import GameSetup, GameState

# What the log adds to an entry the app rolled (or drew) by itself (never stored: derived).
APP_ROLLED = msg("(the app rolled by itself)")
APP_DREW = msg("(the app drew it by itself)")


def _round_ended(core: Core, before: Any, after: Any) -> bool:
    """Whether an entry completed a round (Ursuppe's phase 6 scored, Urland's turn) or ended
    the game."""
    over = core.over(after) and not core.over(before)
    return over or (core.round_of(after) > core.round_of(before) and core.round_of(before) >= 1)


class NotFound(Exception):
    """No such game, or no such token."""


class Conflict(Exception):
    """The write was made against an older revision; `msg` says what changed meanwhile
    (`message`: in English)."""

    def __init__(self, message: Msg | str, revision: int) -> None:
        self.msg = as_msg(message)
        self.message = str(self.msg)
        super().__init__(self.message)
        self.revision = revision


class SaveFailed(Exception):
    """The database could not save; nothing changed. `reason`: disk_full, locked or io."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail

    @classmethod
    def from_error(cls, exc: BaseException) -> SaveFailed:
        """Classify what SQLite or the OS said."""
        name = getattr(exc, "sqlite_errorname", "") or ""
        text = str(exc)
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return cls("disk_full", text)
        if name.startswith("SQLITE_FULL") or "disk is full" in text:
            return cls("disk_full", text)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            return cls("locked", text)
        return cls("io", text)


class TapRecorded(Exception):
    """This tap was already recorded, as entry `seq`; nothing was added."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"already recorded as entry {seq}")
        self.seq = seq


class TapGivenUp(Exception):
    """This tap arrived after the browser gave up waiting for it (settled as not recorded)."""


TAP_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
BUSY_MS = 500  # how long one write waits for a database locked by another program
LOCKED_RETRIES = (0.2, 0.5)  # pauses before the second and third try of a locked write


def valid_tap(tap: str) -> bool:
    """Whether a tap id is short and URL-safe (the browser sends 16 random bytes, encoded)."""
    return TAP_RE.fullmatch(tap) is not None


def now() -> str:
    """The current time, ISO 8601 in UTC."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_token() -> str:
    """A random token of 128 bits and more, URL-safe."""
    return secrets.token_urlsafe(24)


@dataclass
class LogItem:
    """One entry of the log as the console shows it."""

    seq: int
    label: Param  # a message (the shell renders it in its reader's language)
    events: tuple[Event, ...]
    undone: bool = False
    is_undo: bool = False


class Log(Sequence[LogItem]):
    """Every entry of a game as the console shows it, undone actions marked.

    Nothing is copied until it is read, and reading the newest k entries costs O(k), so a
    game with thousands of entries opens and renders its latest page at once.
    """

    def __init__(
        self, items: Chain, history: History, notes: Mapping[int, Msg] | None = None
    ) -> None:
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
    setup: GameSetup
    dice_by_app: bool
    cards_by_app: bool
    board_token: str
    created: str
    history: History
    items: Chain = EMPTY  # the LogItem of every entry, as added (see `log`)
    weight: int = 0  # bytes of the exported record (`record_text`), at most one too many
    app_rolled: Mapping[int, Msg] = dataclasses.field(default_factory=dict)  # seq -> note
    core: Core = URSUPPE  # the game's rules (`tracker.game`), by the row's `game` key

    def __post_init__(self) -> None:
        if not self.weight:  # a new game; a copy keeps its weight
            self.weight = record_bytes(self.setup, self.core)

    @property
    def state(self) -> GameState:
        """The state now."""
        return self.history.state

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry of the log, oldest first."""
        return self.history.entries

    @property
    def kept(self) -> tuple[tuple[int, GameState], ...]:
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
    def over(self) -> bool:
        """Whether the game is over."""
        return self.core.over(self.state)

    def record(self) -> Record:
        """The game record (for export)."""
        return Record(self.setup, self.entries)

    def add(self, entry: Entry, text: str | None = None, limit: bool = True) -> tuple[Event, ...]:
        """Apply one entry (raises ActionError, changing nothing). `text`: its JSON as stored;
        `limit`: refuse it if the record could then no longer be imported again."""
        text = entry_text(entry, self.core.entry_to_dict) if text is None else text
        if limit:
            self._check_room(len(text))
        before = self.history.state
        history, events, _ = self.history.add(entry)
        seq = history.revision
        if isinstance(entry, Undo):
            label = msg("undo to entry {n}", n=history.last_kept)
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


class HeldNotices:
    """Change notices held back by `Store.notices_held`: game id -> newest revision."""

    def __init__(self, notify: Callable[[str, int], None] | None) -> None:
        self.revisions: dict[str, int] = {}
        self.deferred = False
        self._notify = notify

    def later(self) -> Callable[[], None]:
        """Keep the notices past the block's end: the returned function sends them (once)."""
        if self._notify is None:  # a nested hold: the outer block sends
            return lambda: None
        self.deferred = True
        return self.send

    def send(self) -> None:
        """Send the held notices, once."""
        notify, self._notify = self._notify, None
        if notify is not None:
            for game_id, revision in self.revisions.items():
                notify(game_id, revision)


class Store:
    """Games on disk and in memory.

    Locks: each game has its own, held while it is loaded and while an entry is applied to
    it, so opening a long game never delays another game. The store-wide lock is held only
    for the cache maps and around every database write transaction and backup (short), so
    this process never has two write transactions racing in SQLite.
    """

    def __init__(
        self,
        path: str | Path,
        notify: Callable[[str, int], None] | None = None,
        keep_backups: int = KEEP,
    ):
        self.path = Path(path)
        self.keep_backups = keep_backups
        self.backup_error: str | None = None
        self.on_revoke: Callable[[str], None] = lambda token: None
        self._local = threading.local()
        self._lock = threading.RLock()
        self._game_locks: dict[str, threading.RLock] = {}
        self._games: dict[str, Game] = {}
        self._auto_rolls: dict[str, bool] = {}
        self._notify = notify or (lambda game_id, revision: None)
        _ = self.db  # create the file and apply migrations now

    @property
    def db(self) -> Database:
        """This thread's connection."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = connect(self.path)
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")  # retried by _writing, briefly
            self._local.db = db
        return db

    # ----- games -------------------------------------------------------------------
    def create_game(
        self,
        setup: GameSetup,
        name: str,
        dice_by_app: bool,
        cards_by_app: bool,
        first: list[Entry] | None = None,
        core: Core = URSUPPE,
    ) -> Game:
        """Create a game (validating the setup), its seat tokens, and its first entries."""
        history = History.begin(setup, core.new_game, core.apply)  # InvalidAction: bad setup
        game_id = secrets.token_hex(6)
        stamp = now()
        game = Game(
            game_id, name, setup, dice_by_app, cards_by_app, new_token(), stamp, history, core=core
        )
        # Encoded before taking the store-wide lock: a long import holds it only to insert.
        rows = []
        with collector_paused():  # a long record: see gcpause
            for seq, entry in enumerate(first or [], 1):
                text = entry_text(entry, core.entry_to_dict)
                try:
                    game.add(entry, text)
                except ActionError as exc:
                    raise RecordError(exc.message, seq, exc.source) from None
                rows.append((game_id, seq, text, stamp))
        with self._lock, self.db.atomic():
            self.db["games"].insert(
                {
                    "id": game_id,
                    "name": name,
                    "created": stamp,
                    "updated": stamp,
                    "setup": json.dumps(core.setup_to_dict(setup)),
                    "dice_by_app": int(dice_by_app),
                    "cards_by_app": int(cards_by_app),
                    "board_token": game.board_token,
                    "over": int(game.over),
                    "game": core.key,
                }
            )
            self.db.conn.executemany(
                "insert into entries (game_id, seq, entry, created) values (?, ?, ?, ?)", rows
            )
            for seat in setup.seats:
                self.db["seats"].insert(
                    {
                        "token": new_token(),
                        "game_id": game_id,
                        "color": seat.color.value,
                        "revoked": 0,
                        "issued": stamp,
                    }
                )
            self._games[game_id] = game
        return game

    def import_record(self, record: Record, name: str, core: Core = URSUPPE) -> Game:
        """Create a game from an imported record (already read and replayable)."""
        return self.create_game(
            record.setup,
            name,
            dice_by_app=False,
            cards_by_app=False,
            first=list(record.entries),
            core=core,
        )

    def list_games(self) -> list[dict[str, Any]]:
        """Every game, most recently played first."""
        rows = self.db.query(
            "select g.id, g.name, g.game, g.created, g.updated, g.over, g.archived, "
            "(select count(*) from entries e where e.game_id = g.id) as entries "
            "from games g order by g.updated desc, g.rowid desc"
        )
        return [{**row, "name": mended(row["name"])} for row in rows]

    def get(self, game_id: str) -> Game:
        """A game from the cache, or loaded and replayed from its entries (under its own lock)."""
        game = self._games.get(game_id)
        if game is not None:
            return game
        with self._game_lock(game_id):
            game = self._games.get(game_id)
            if game is None:
                try:
                    game = self._load(game_id)
                except NotFound:
                    with self._lock:
                        self._game_locks.pop(game_id, None)
                    raise
                self._games[game_id] = game
            return game

    def _game_lock(self, game_id: str) -> threading.RLock:
        """The lock of one game: held while it loads or takes an entry, never across games."""
        with self._lock:
            lock = self._game_locks.get(game_id)
            if lock is None:
                lock = self._game_locks[game_id] = threading.RLock()
            return lock

    def _load(self, game_id: str) -> Game:
        rows = list(self.db.query("select * from games where id = ?", [game_id]))
        if not rows:
            raise NotFound(game_id)
        row = rows[0]
        # Mended: text stored before the text check (a lone surrogate, a control character)
        # would break every page of the game; it is shown as the replacement character.
        core = game_of(row)
        setup = core.setup_from_dict(_mended_setup(json.loads(row["setup"])))
        game = Game(
            row["id"],
            mended(row["name"]),
            setup,
            bool(row["dice_by_app"]),
            bool(row["cards_by_app"]),
            row["board_token"],
            row["created"],
            History.begin(setup, core.new_game, core.apply),
            core=core,
        )
        decoded: dict[str, Entry] = {}  # equal texts are equal (immutable) entries: read once
        rows = self.db.execute(
            "select entry from entries where game_id = ? order by seq", [game_id]
        )
        with collector_paused():  # a long game: see gcpause
            for (text,) in rows:
                entry = decoded.get(text)
                if entry is None:
                    # Mended: text stored before the text check is shown, never a server error.
                    entry = decoded[text] = decode_entry(core, mend(json.loads(text)))
                game.add(entry, text, limit=False)  # a stored game always opens
        _mark_app_rolls(game, self._app_rolled_seqs(game_id))
        return game

    def append(
        self, game_id: str, entry: Entry, revision: int, tap: str | None = None
    ) -> tuple[Game, tuple[Event, ...]]:
        """Apply and commit one entry made against `revision`, recording the browser's `tap`
        with it; raises Conflict, ActionError, TapRecorded, TapGivenUp or SaveFailed."""
        with self._game_lock(game_id):
            game = self.get(game_id)
            if tap:
                self.check_tap(game_id, tap)
            if revision != game.revision:
                raise Conflict(self.describe_since(game, revision), game.revision)
            # Apply to a copy first: a refused entry changes nothing, in memory or on disk.
            # (History and the log items are immutable chains: the copy shares them safely.)
            trial = dataclasses.replace(game)
            text = entry_text(entry, game.core.entry_to_dict)  # as stored, made once
            events = trial.add(entry, text)
            try:
                with self._lock, self._writing() as db:
                    last = db.execute(
                        "select coalesce(max(seq), 0) from entries where game_id = ?", [game_id]
                    ).fetchone()[0]
                    if last != revision:
                        self._games.pop(game_id, None)
                        raise Conflict(
                            msg(
                                "another device changed the game at the same moment; "
                                "the table has been reloaded"
                            ),
                            last,
                        )
                    self._insert_entry(game_id, revision + 1, text)
                    db.execute(
                        "update games set updated = ?, over = ? where id = ?",
                        [now(), int(trial.over), game_id],
                    )
                    if tap:
                        db.execute(
                            "insert into taps (game_id, tap, seq, given_up, created) "
                            "values (?, ?, ?, 0, ?)",
                            [game_id, tap, revision + 1, now()],
                        )
            except SaveFailed:
                # The cache must equal the disk: if the disk cannot even say, reload later.
                if self._saved_seq(game_id) != revision:
                    self._games.pop(game_id, None)
                raise
            self._games[game_id] = trial
            if _round_ended(game.core, game.state, trial.state):
                with self._lock:  # one backup at a time: each prunes the others' folder
                    self._backup(f"{game_id}-round{game.core.round_of(game.state)}")
        self._announce(game_id, trial.revision)
        return trial, events

    def _announce(self, game_id: str, revision: int) -> None:
        """Tell the live hub a game changed (committed already), now or when notices are held."""
        held = getattr(self._local, "held", None)
        if held is None:
            self._notify(game_id, revision)
        else:
            held[game_id] = revision

    @contextmanager
    def notices_held(self) -> Iterator[HeldNotices]:
        """Hold this thread's change notices until the block ends, however it ends, or, if
        the block asks `later()`, until the function it got is called (the referee's answer
        is written before the phones wake up to fetch theirs: every woken stream competes with
        it for the interpreter). Entries are committed as before."""
        if getattr(self._local, "held", None) is not None:  # nested: the outer block sends
            yield HeldNotices(None)
            return
        held = HeldNotices(self._notify)
        self._local.held = held.revisions
        try:
            yield held
        finally:
            self._local.held = None
            if not held.deferred:
                held.send()

    @contextmanager
    def _writing(self) -> Iterator[Database]:
        """One write transaction (BEGIN IMMEDIATE); a locked database is retried a few times,
        briefly; any failure rolls back and raises SaveFailed."""
        db = self.db
        for pause in (*LOCKED_RETRIES, None):
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                failed = SaveFailed.from_error(exc)
                if failed.reason == "locked" and pause is not None:
                    time.sleep(pause)
                    continue
                raise failed from exc
            break
        try:
            yield db
            db.execute("COMMIT")
        except (sqlite3.OperationalError, OSError) as exc:
            self._rollback(db)
            raise SaveFailed.from_error(exc) from exc
        except BaseException:
            self._rollback(db)
            raise

    @staticmethod
    def _rollback(db: Database) -> None:
        if db.conn.in_transaction:
            with suppress(sqlite3.Error):  # SQLite may have rolled back by itself
                db.execute("ROLLBACK")

    def _saved_seq(self, game_id: str) -> int | None:
        """The last entry on disk, or None if the database cannot be read."""
        try:
            return self.db.execute(
                "select coalesce(max(seq), 0) from entries where game_id = ?", [game_id]
            ).fetchone()[0]
        except sqlite3.Error:
            return None

    def _backup(self, label: str) -> None:
        """Back the database up (end of a round); a failed backup never loses the game, and
        stays in `backup_error` (shown on the console) until a later one succeeds."""
        try:
            make_backup(self.path, label=label, keep=self.keep_backups)
        except (OSError, sqlite3.Error) as exc:
            self.backup_error = str(exc) or type(exc).__name__
        else:
            self.backup_error = None

    # ----- taps: the browser's id of one submission ---------------------------------------
    def check_tap(self, game_id: str, tap: str) -> None:
        """Raise TapRecorded or TapGivenUp if this tap was already seen (before parsing it)."""
        row = self._tap(game_id, tap)
        if row is None:
            return
        if row["seq"] is not None:
            raise TapRecorded(row["seq"])
        raise TapGivenUp(tap)

    def _tap(self, game_id: str, tap: str) -> dict[str, Any] | None:
        rows = list(
            self.db.query(
                "select seq, given_up from taps where game_id = ? and tap = ?", [game_id, tap]
            )
        )
        return rows[0] if rows else None

    def settle_tap(self, game_id: str, tap: str) -> int | None:
        """The entry a tap produced; if none, mark the tap given up (a late arrival is refused)
        and return None. Raises NotFound or SaveFailed."""
        with self._lock:
            self.get(game_id)
            row = self._tap(game_id, tap)
            if row is not None and row["seq"] is not None:
                return row["seq"]
            if row is None:
                with self._writing() as db:
                    db.execute(
                        "insert into taps (game_id, tap, seq, given_up, created) "
                        "values (?, ?, null, 1, ?)",
                        [game_id, tap, now()],
                    )
            return None

    def _insert_entry(self, game_id: str, seq: int, text: str) -> None:
        self.db.execute(
            "insert into entries (game_id, seq, entry, created) values (?, ?, ?, ?)",
            [game_id, seq, text, now()],
        )

    @staticmethod
    def describe_since(game: Game, revision: int) -> Msg:
        """What changed since a revision, for a refused stale submission."""
        if revision > game.revision or revision < 0:
            return msg("the page was out of date; it now shows the table as it is")
        newer = [item.label for item in game.log[revision:]]
        shown = Seq(tuple(newer[-3:]), "; ")
        if len(newer) > 3:
            return nmsg(
                "the table moved on meanwhile: {shown} (and {n} more). Nothing was changed; "
                "check again.",
                "the table moved on meanwhile: {shown} (and {n} more). Nothing was changed; "
                "check again.",
                len(newer) - 3,
                shown=shown,
            )
        return msg(
            "the table moved on meanwhile: {shown}. Nothing was changed; check again.",
            shown=shown,
        )

    def export(self, game_id: str) -> dict[str, Any]:
        """The game record as JSON data (the whole record: hidden draws and bids included)."""
        game = self.get(game_id)
        data = json.loads(record_text(game.record(), game.core))
        assert data["format"] == FORMAT and data["version"] == VERSION
        return data

    # ----- tokens --------------------------------------------------------------------
    def seat_tokens(self, game_id: str) -> dict[str, str]:
        """The live seat token of each color of a game."""
        rows = self.db.query(
            "select color, token from seats where game_id = ? and revoked = 0", [game_id]
        )
        return {r["color"]: r["token"] for r in rows}

    def reissue_seat(self, game_id: str, color: str) -> str:
        """Revoke a seat's link and issue a new one; open streams of the old link end."""
        with self._lock, self.db.atomic():
            old = [
                r["token"]
                for r in self.db.query(
                    "select token from seats where game_id = ? and color = ? and revoked = 0",
                    [game_id, color],
                )
            ]
            self.db.execute(
                "update seats set revoked = 1 where game_id = ? and color = ?", [game_id, color]
            )
            token = new_token()
            self.db["seats"].insert(
                {"token": token, "game_id": game_id, "color": color, "revoked": 0, "issued": now()}
            )
        for revoked in old:
            self.on_revoke(revoked)
        return token

    def find_seat(self, token: str) -> tuple[str, str, bool]:
        """(game_id, color, revoked) of a seat token; raises NotFound."""
        rows = list(
            self.db.query("select game_id, color, revoked from seats where token = ?", [token])
        )
        if not rows:
            raise NotFound(token)
        return rows[0]["game_id"], rows[0]["color"], bool(rows[0]["revoked"])

    def find_board(self, token: str) -> str:
        """The game of a public board token; raises NotFound."""
        rows = list(self.db.query("select id from games where board_token = ?", [token]))
        if not rows:
            raise NotFound(token)
        return rows[0]["id"]

    # ----- the group's box -------------------------------------------------------------
    def setting(self, key: str, default: Any = None) -> Any:
        """A remembered setting (JSON), or the default."""
        rows = list(self.db.query("select value from settings where key = ?", [key]))
        return mend(json.loads(rows[0]["value"])) if rows else default

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a setting."""
        with self._lock:
            self.db["settings"].upsert({"key": key, "value": json.dumps(value)}, pk="key")

    # ----- the games list: archive and delete ----------------------------------------------
    def set_archived(self, game_id: str, archived: bool) -> None:
        """Put a game away from the games list, or bring it back; raises NotFound."""
        with self._lock:
            self.get(game_id)
            self.db.execute("update games set archived = ? where id = ?", [int(archived), game_id])

    def delete_game(self, game_id: str) -> Path:
        """Back the database up (labelled with the game), then delete the game with its
        entries and seat tokens; returns the backup, restorable with `companion restore`."""
        with self._game_lock(game_id), self._lock:  # lock order: the game's, then the store's
            game = self.get(game_id)
            backup = make_backup(
                self.path, label=f"deleted-{game_id}-{game.name}", keep=self.keep_backups
            )
            with self.db.atomic():
                # Every table that keys rows by game (entries, seats, and any added later).
                for table in self.db.tables:
                    if table.name != "games" and "game_id" in table.columns_dict:
                        self.db.execute(f"delete from [{table.name}] where game_id = ?", [game_id])
                self.db.execute("delete from games where id = ?", [game_id])
            self._games.pop(game_id, None)
            self._game_locks.pop(game_id, None)
        return backup

    # ----- the app rolls by itself ---------------------------------------------------------
    def auto_roll(self, game_id: str) -> bool:
        """Whether the app rolls the awaited dice (and draws cards it draws) by itself (asked
        after every tap: read once, then kept; only `set_auto_roll` changes it)."""
        known = self._auto_rolls.get(game_id)
        if known is None:
            rows = list(self.db.query("select auto_roll from games where id = ?", [game_id]))
            known = self._auto_rolls[game_id] = bool(rows and rows[0]["auto_roll"])
        return known

    def set_auto_roll(self, game_id: str, on: bool) -> None:
        """Choose whether the app rolls by itself for a game."""
        with self._lock:
            self.db.execute("update games set auto_roll = ? where id = ?", [int(on), game_id])
            self._auto_rolls[game_id] = on

    def append_app_roll(self, game_id: str, entry: Entry, revision: int) -> Game:
        """Append an entry the app rolled by itself, and mark it so in the log."""
        with self._lock:
            game, _ = self.append(game_id, entry, revision)
            self.db["app_rolls"].insert({"game_id": game_id, "seq": game.revision}, replace=True)
            _mark_app_rolls(game, {game.revision})
        return game

    def _app_rolled_seqs(self, game_id: str) -> set[int]:
        rows = self.db.query("select seq from app_rolls where game_id = ?", [game_id])
        return {r["seq"] for r in rows}


def decode_entry(core: Core, data: Any) -> Entry:
    """A stored entry, read by its game's record codec."""
    return core.entry_from_dict(data)


def _mended_setup(data: Any) -> Any:
    """A stored setup with its text mended; names that mending made equal are numbered."""
    data = mend(data)
    seats = data.get("seats") if isinstance(data, dict) else None
    seen: set[str] = set()
    for i, seat in enumerate(seats if isinstance(seats, list) else [], 1):
        name = seat.get("name") if isinstance(seat, dict) else None
        if isinstance(name, str):
            if name.strip() in seen:
                seat["name"] = name = f"{name.strip()[:36]} ({i})"
            seen.add(name.strip())
    return data


def _mark_app_rolls(game: Game, seqs: set[int]) -> None:
    """Make the log say which entries the app rolled (or drew) by itself."""
    if not seqs:
        return
    entries = game.entries
    notes = {
        seq: APP_DREW if isinstance(entries[seq - 1], TurnEnvironmentCard) else APP_ROLLED
        for seq in seqs
        if 0 < seq <= len(entries)
    }
    game.app_rolled = {**game.app_rolled, **notes}
