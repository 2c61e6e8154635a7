"""The database: sqlite-utils over `instance/companion.db`, WAL, schema by migrations."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlite_utils import Database, Migrations

migrations = Migrations("companion")


@migrations()
def m001_games_and_entries(db: Database) -> None:
    """Games, their append-only entries keyed (game_id, seq), and seat/board tokens."""
    db["games"].create(
        {
            "id": str,
            "name": str,
            "created": str,
            "updated": str,
            "setup": str,
            "dice_by_app": int,
            "cards_by_app": int,
            "board_token": str,
            "over": int,
        },
        pk="id",
    )
    db["entries"].create(
        {"game_id": str, "seq": int, "entry": str, "created": str},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )
    db["seats"].create(
        {"token": str, "game_id": str, "color": str, "revoked": int, "issued": str},
        pk="token",
        foreign_keys=[("game_id", "games", "id")],
    )
    db["seats"].create_index(["game_id", "color"])


@migrations()
def m002_settings(db: Database) -> None:
    """The group's remembered box (deck, board flip, ladder) and other settings."""
    db["settings"].create({"key": str, "value": str}, pk="key")


@migrations()
def m003_games_archived(db: Database) -> None:
    """Games put away from the games list (shown folded apart, can be brought back)."""
    db["games"].add_column("archived", int, not_null_default=0)


@migrations()
def m004_games_auto_roll(db: Database) -> None:
    """Whether the app rolls awaited dice by itself, and which entries it rolled so."""
    db["games"].add_column("auto_roll", int, not_null_default=0)
    db["app_rolls"].create(
        {"game_id": str, "seq": int},
        pk=("game_id", "seq"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m005_taps(db: Database) -> None:
    """The browser's id of each console submission: the entry it produced (seq), or given up
    (the browser stopped waiting and was told it was not recorded)."""
    db["taps"].create(
        {"game_id": str, "tap": str, "seq": int, "given_up": int, "created": str},
        pk=("game_id", "tap"),
        foreign_keys=[("game_id", "games", "id")],
    )


@migrations()
def m006_games_game(db: Database) -> None:
    """Which game a row plays (`tracker.game.GAMES`); every game before Urland is Ursuppe."""
    db["games"].add_column("game", str, not_null_default="ursuppe")


@migrations()
def m007_summaries(db: Database) -> None:
    """What the group's history needs of each finished game (its players' places, genes
    and regions), worked out once at the revision it was made for (`/group`)."""
    db["summaries"].create(
        {"game_id": str, "revision": int, "summary": str},
        pk="game_id",
        foreign_keys=[("game_id", "games", "id")],
    )


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def connect(path: str | Path) -> Database:
    """Open the database with WAL and a busy timeout, applying pending migrations."""
    conn = sqlite3.connect(str(path), timeout=10, check_same_thread=False, isolation_level=None)
    conn.text_factory = _text  # text that is not valid UTF-8 must not strand a game
    db = Database(conn)
    db.enable_wal()
    # NORMAL in WAL mode: a commit is in the WAL file (handed to the OS) before SQLite
    # returns, so it survives a killed or crashed server; only a power cut or an OS crash can
    # lose the newest entries (never corrupt the file). FULL cost 1-4 ms of fsync per tap.
    # The reading is in docs/serving.md ("Durability": a killed server loses nothing).
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA foreign_keys=ON")
    migrations.apply(db)
    return db
