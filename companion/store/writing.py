"""Writing entries: one entry per revision, committed before anyone is told, with the
browser's tap id; the live hub told afterwards; a backup at the end of every round."""

from __future__ import annotations

import dataclasses
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from sqlite_utils import Database

from companion.backup import make_backup
from companion.store.cache import Cache
from companion.store.common import (
    LOCKED_RETRIES,
    Conflict,
    SaveFailed,
    TapGivenUp,
    TapRecorded,
    now,
)
from companion.store.game import Game, mark_app_rolls
from companion.tracker.game import Game as Core
from companion.tracker.msg import Msg, Seq, msg, nmsg


def _round_ended(core: Core, before: Any, after: Any) -> bool:
    """Whether an entry completed a round (Ursuppe's phase 6 scored, Urland's turn) or ended
    the game."""
    over = core.over(after) and not core.over(before)
    return over or (core.round_of(after) > core.round_of(before) and core.round_of(before) >= 1)


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


class Writing(Cache):
    """Appending entries and taps (see `Store`)."""

    def append(
        self, game_id: str, entry: Any, revision: int, tap: str | None = None
    ) -> tuple[Game, tuple[Any, ...]]:
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
            text = game.core.entry_text(entry)  # as stored, made once
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
        if trial.over and not game.over:
            self.finished(trial)
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

    def append_app_roll(self, game_id: str, entry: Any, revision: int) -> Game:
        """Append an entry the app rolled by itself, and mark it so in the log."""
        with self._lock:
            game, _ = self.append(game_id, entry, revision)
            self.db["app_rolls"].insert({"game_id": game_id, "seq": game.revision}, replace=True)
            mark_app_rolls(game, {game.revision})
        return game
