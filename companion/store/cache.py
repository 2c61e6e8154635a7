"""Reading games: the latest state of each game, cached in memory, loaded and replayed from
its entries when first asked for (under the game's own lock)."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from companion.backup import KEEP
from companion.db import connect
from companion.gcpause import collector_paused
from companion.store.common import BUSY_MS, NotFound
from companion.store.game import Game, mark_app_rolls
from companion.store.lru import GameCache
from companion.tracker.game import Game as Core
from companion.tracker.game import game_of
from companion.tracker.text import mend, mended


class Cache:
    """The store's connections, locks and cache of games (see `Store`)."""

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
        # Told of a game that has just finished (the app keeps its summary for the group's
        # history); committed already, and whatever it raises changes nothing stored.
        self.on_finished: Callable[[Game], None] = lambda game: None
        self._local = threading.local()
        self._lock = threading.RLock()
        self._game_locks: dict[str, threading.RLock] = {}
        self._games = GameCache()  # the games being played; the others reload on demand
        self._auto_rolls: dict[str, bool] = {}
        self._notify = notify or (lambda game_id, revision: None)
        _ = self.db  # create the file and apply migrations now

    def finished(self, game: Game) -> None:
        """Tell `on_finished` of a game that has just finished (its failure is not the write's)."""
        try:
            self.on_finished(game)
        except Exception:  # noqa: BLE001 - the history makes a missing summary on its visit
            logging.getLogger(__name__).exception("no summary kept for game %s", game.id)

    @property
    def db(self) -> Database:
        """This thread's connection."""
        db = getattr(self._local, "db", None)
        if db is None:
            db = connect(self.path)
            db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")  # retried by _writing, briefly
            self._local.db = db
        return db

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
            core.begin(setup),
            core=core,
        )
        decoded: dict[str, Any] = {}  # equal texts are equal (immutable) entries: read once
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
        mark_app_rolls(game, self._app_rolled_seqs(game_id))
        return game

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

    def _app_rolled_seqs(self, game_id: str) -> set[int]:
        rows = self.db.query("select seq from app_rolls where game_id = ?", [game_id])
        return {r["seq"] for r in rows}


def decode_entry(core: Core, data: Any) -> Any:
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
