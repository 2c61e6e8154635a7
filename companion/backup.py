"""Backups of the database with SQLite's online backup API; restore with a safety copy.

The store takes one at the end of every round (and when a game ends), keeping the last few;
`companion backup` takes one on demand and `companion restore FILE` puts one back, first
saving the current database so that a restore can itself be undone.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

KEEP = 12
PREFIX = "companion-"


def backup_dir(db_path: str | Path) -> Path:
    """Where backups of this database go: `backups/` beside it."""
    return Path(db_path).parent / "backups"


def integrity_ok(path: str | Path) -> bool:
    """Whether SQLite's integrity check passes for this file."""
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False


def make_backup(
    db_path: str | Path, label: str = "manual", dest: str | Path | None = None, keep: int = KEEP
) -> Path:
    """Copy the live database consistently into a new backup file; prune old backups."""
    folder = Path(dest) if dest else backup_dir(db_path)
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in label)[:40]
    target = folder / f"{PREFIX}{stamp}-{safe}.db"
    partial = folder / f".{target.name}.partial"
    source = sqlite3.connect(str(db_path), timeout=10)
    try:
        copy = sqlite3.connect(str(partial))
        try:
            with copy:
                source.backup(copy)
        finally:
            copy.close()
    except BaseException:
        # A full disk keeps no half copy (nor its journal), and gets its space back.
        for leftover in (partial, partial.with_name(partial.name + "-journal")):
            leftover.unlink(missing_ok=True)
        raise
    finally:
        source.close()
    # Only a complete copy gets a backup's name: a crash mid-copy leaves a .partial file.
    os.replace(partial, target)
    prune(folder, keep)
    return target


def backups(folder: str | Path) -> list[Path]:
    """Backups in a folder, oldest first."""
    return sorted(Path(folder).glob(f"{PREFIX}*.db"))


def prune(folder: str | Path, keep: int = KEEP) -> None:
    """Delete all but the newest `keep` backups; safety copies taken before a restore and
    manual backups are kept, and copies left unfinished by a crash are removed."""
    for partial in Path(folder).glob(f".{PREFIX}*.partial"):
        partial.unlink(missing_ok=True)
    automatic = [b for b in backups(folder) if not b.stem.endswith(("-before-restore", "-manual"))]
    for old in automatic[:-keep]:
        old.unlink(missing_ok=True)


def holds_games(path: str | Path) -> bool:
    """Whether the file is a sound database of this app (its games and entries tables)."""
    if not integrity_ok(path):
        return False
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        names = {r[0] for r in conn.execute("select name from sqlite_master where type='table'")}
    except sqlite3.DatabaseError:
        return False
    finally:
        conn.close()
    return {"games", "entries"} <= names


def restore(db_path: str | Path, source: str | Path) -> Path:
    """Replace the database with a backup (checked first); returns the safety copy taken."""
    if not Path(source).exists():
        raise FileNotFoundError(source)
    if not holds_games(source):
        raise ValueError(f"{source} is not a sound Ursuppe Companion database")
    safety = (
        make_backup(db_path, label="before-restore", keep=KEEP * 2)
        if Path(db_path).exists()
        else Path(source)
    )
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(str(db_path), timeout=10)
    try:
        with dst:
            src.backup(dst)
    finally:
        src.close()
        dst.close()
    return safety
