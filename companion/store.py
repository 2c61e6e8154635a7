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
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.backup import KEEP, make_backup
from companion.db import connect
from companion.tracker import Event, describe
from companion.tracker.actions import TurnEnvironmentCard
from companion.tracker.codec import setup_from_dict, setup_to_dict
from companion.tracker.errors import IllegalAction
from companion.tracker.record import (
    FORMAT,
    VERSION,
    Entry,
    History,
    Record,
    Undo,
    entry_from_dict,
    entry_to_dict,
    record_to_dict,
)
from companion.tracker.state import GameSetup, GameState, Phase
from companion.tracker.text import mend, mended

APP_ROLLED = " (the app rolled by itself)"
APP_DREW = " (the app drew it by itself)"


def _round_ended(before: GameState, after: GameState) -> bool:
    """Whether an entry completed a round (phase 6 scored) or ended the game."""
    over = after.phase is Phase.OVER and before.phase is not Phase.OVER
    return over or (after.round > before.round and before.round >= 1)


class NotFound(Exception):
    """No such game, or no such token."""


class Conflict(Exception):
    """The write was made against an older revision; `message` says what changed meanwhile."""

    def __init__(self, message: str, revision: int) -> None:
        super().__init__(message)
        self.message = message
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
    label: str
    events: tuple[Event, ...]
    undone: bool = False
    is_undo: bool = False


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
    log: tuple[LogItem, ...] = ()

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
    def revision(self) -> int:
        """The number of entries in the log."""
        return len(self.history.entries)

    def record(self) -> Record:
        """The game record (for export)."""
        return Record(self.setup, self.entries)

    def add(self, entry: Entry) -> tuple[Event, ...]:
        """Apply one entry (raises ActionError, changing nothing)."""
        before = self.history.state
        history, events, dropped = self.history.add(entry)
        seq = len(history.entries)
        if isinstance(entry, Undo):
            target = history.kept[-1][0] if history.kept else 0
            log = tuple(
                dataclasses.replace(i, undone=True) if i.seq in dropped else i for i in self.log
            )
            item = LogItem(seq, f"undo to entry {target}", events, is_undo=True)
        else:
            log, item = self.log, LogItem(seq, describe(before, entry), events)
        self.history, self.log = history, log + (item,)
        return events

    def undo_target(self, seq: int) -> int:
        """The `to` of an undo that keeps everything up to and including entry `seq`."""
        for position, (s, _) in enumerate(self.kept):
            if s == seq:
                return position + 1
        raise IllegalAction("that entry is no longer in force")


class Store:
    """Games on disk and in memory; one lock serialises writes in this process."""

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
        self._games: dict[str, Game] = {}
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
    ) -> Game:
        """Create a game (validating the setup), its seat tokens, and its first entries."""
        history = History.begin(setup)  # raises InvalidAction for a bad setup
        game_id = secrets.token_hex(6)
        stamp = now()
        game = Game(game_id, name, setup, dice_by_app, cards_by_app, new_token(), stamp, history)
        for entry in first or []:
            game.add(entry)
        with self._lock, self.db.atomic():
            self.db["games"].insert(
                {
                    "id": game_id,
                    "name": name,
                    "created": stamp,
                    "updated": stamp,
                    "setup": json.dumps(setup_to_dict(setup)),
                    "dice_by_app": int(dice_by_app),
                    "cards_by_app": int(cards_by_app),
                    "board_token": game.board_token,
                    "over": int(game.state.phase is Phase.OVER),
                }
            )
            for seq, entry in enumerate(game.entries, 1):
                self._insert_entry(game_id, seq, entry)
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

    def import_record(self, record: Record, name: str) -> Game:
        """Create a game from an imported record (already read and replayable)."""
        return self.create_game(
            record.setup, name, dice_by_app=False, cards_by_app=False, first=list(record.entries)
        )

    def list_games(self) -> list[dict[str, Any]]:
        """Every game, most recently played first."""
        rows = self.db.query(
            "select g.id, g.name, g.created, g.updated, g.over, g.archived, "
            "(select count(*) from entries e where e.game_id = g.id) as entries "
            "from games g order by g.updated desc, g.rowid desc"
        )
        return [{**row, "name": mended(row["name"])} for row in rows]

    def get(self, game_id: str) -> Game:
        """A game from the cache, or loaded and replayed from its entries."""
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                game = self._load(game_id)
                self._games[game_id] = game
            return game

    def _load(self, game_id: str) -> Game:
        rows = list(self.db.query("select * from games where id = ?", [game_id]))
        if not rows:
            raise NotFound(game_id)
        row = rows[0]
        # Mended: text stored before the text check (a lone surrogate, a control character)
        # would break every page of the game; it is shown as the replacement character.
        setup = setup_from_dict(_mended_setup(json.loads(row["setup"])))
        game = Game(
            row["id"],
            mended(row["name"]),
            setup,
            bool(row["dice_by_app"]),
            bool(row["cards_by_app"]),
            row["board_token"],
            row["created"],
            History.begin(setup),
        )
        for entry_row in self.db.query(
            "select entry from entries where game_id = ? order by seq", [game_id]
        ):
            game.add(entry_from_dict(mend(json.loads(entry_row["entry"]))))
        _mark_app_rolls(game, self._app_rolled_seqs(game_id))
        return game

    def append(
        self, game_id: str, entry: Entry, revision: int, tap: str | None = None
    ) -> tuple[Game, tuple[Event, ...]]:
        """Apply and commit one entry made against `revision`, recording the browser's `tap`
        with it; raises Conflict, ActionError, TapRecorded, TapGivenUp or SaveFailed."""
        with self._lock:
            game = self.get(game_id)
            if tap:
                self.check_tap(game_id, tap)
            if revision != game.revision:
                raise Conflict(self.describe_since(game, revision), game.revision)
            # Apply to a copy first: a refused entry changes nothing, in memory or on disk.
            # (History is immutable and the log a tuple, so the copy shares them safely.)
            trial = dataclasses.replace(game)
            events = trial.add(entry)
            try:
                with self._writing() as db:
                    last = db.execute(
                        "select coalesce(max(seq), 0) from entries where game_id = ?", [game_id]
                    ).fetchone()[0]
                    if last != revision:
                        self._games.pop(game_id, None)
                        raise Conflict(
                            "another device changed the game at the same moment; "
                            "the table has been reloaded",
                            last,
                        )
                    self._insert_entry(game_id, revision + 1, entry)
                    db.execute(
                        "update games set updated = ?, over = ? where id = ?",
                        [now(), int(trial.state.phase is Phase.OVER), game_id],
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
            if _round_ended(game.state, trial.state):
                self._backup(f"{game_id}-round{game.state.round}")
        self._notify(game_id, trial.revision)
        return trial, events

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

    def _insert_entry(self, game_id: str, seq: int, entry: Entry) -> None:
        self.db.execute(
            "insert into entries (game_id, seq, entry, created) values (?, ?, ?, ?)",
            [game_id, seq, json.dumps(entry_to_dict(entry)), now()],
        )

    @staticmethod
    def describe_since(game: Game, revision: int) -> str:
        """What changed since a revision, for a refused stale submission."""
        if revision > game.revision or revision < 0:
            return "the page was out of date; it now shows the table as it is"
        newer = [item.label for item in game.log if item.seq > revision]
        shown = "; ".join(newer[-3:])
        more = f" (and {len(newer) - 3} more)" if len(newer) > 3 else ""
        return f"the table moved on meanwhile: {shown}{more}. Nothing was changed; check again."

    def export(self, game_id: str) -> dict[str, Any]:
        """The game record as JSON data."""
        data = record_to_dict(self.get(game_id).record())
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
        with self._lock:
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
        return backup

    # ----- the app rolls by itself ---------------------------------------------------------
    def auto_roll(self, game_id: str) -> bool:
        """Whether the app rolls the awaited dice (and draws cards it draws) by itself."""
        rows = list(self.db.query("select auto_roll from games where id = ?", [game_id]))
        return bool(rows and rows[0]["auto_roll"])

    def set_auto_roll(self, game_id: str, on: bool) -> None:
        """Choose whether the app rolls by itself for a game."""
        with self._lock:
            self.db.execute("update games set auto_roll = ? where id = ?", [int(on), game_id])

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

    def marked(item: LogItem) -> LogItem:
        if item.seq not in seqs or item.label.endswith((APP_ROLLED, APP_DREW)):
            return item
        entry = game.entries[item.seq - 1]
        note = APP_DREW if isinstance(entry, TurnEnvironmentCard) else APP_ROLLED
        return dataclasses.replace(item, label=f"{item.label}{note}")

    game.log = tuple(marked(item) for item in game.log)
