"""Backups: one at the end of every round, sound and complete; `companion backup` and
`companion restore` work, a damaged file is refused, and a restore can itself be undone."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from trustlib import example_record

from companion.backup import KEEP, backup_dir, backups, integrity_ok
from companion.cli import main
from companion.store import Store
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.record.document import entry_to_dict
from companion.tracker.ursuppe.state import Phase


def round_ends(record) -> list[int]:
    """The revisions (entries committed) after which a round was completed or the game ended."""
    state = new_game(record.setup)
    ends = []
    for revision, entry in enumerate(record.entries, 1):
        before, state = state, apply(state, entry).state
        over = state.phase is Phase.OVER and before.phase is not Phase.OVER
        if over or (state.round > before.round and before.round >= 1):
            ends.append(revision)
    return ends


def entries_in(path: Path, game_id: str) -> list[dict]:
    """A game's entries as stored in a database file (read-only)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute(
            "select seq, entry from entries where game_id = ? order by seq", [game_id]
        ).fetchall()
    finally:
        conn.close()
    assert [seq for seq, _ in rows] == list(range(1, len(rows) + 1))
    return [json.loads(entry) for _, entry in rows]


def holds_game(path: Path, game_id: str) -> bool:
    """Whether a backup is sound and holds at least the game's first round."""
    if not integrity_ok(path):
        return False
    try:
        return len(entries_in(path, game_id)) > 0
    except sqlite3.DatabaseError:  # no such table: an empty database
        return False


def play(store: Store, record, upto: int | None = None, game_id: str | None = None):
    """Append the example's entries (from the game's current revision) up to `upto`."""
    if game_id is None:
        game_id = store.create_game(record.setup, "Backups", False, False).id
    game = store.get(game_id)
    for revision in range(game.revision, upto if upto is not None else len(record.entries)):
        store.append(game_id, record.entries[revision], revision)
    return game_id


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def record():
    return example_record()


@pytest.mark.parametrize("keep", [KEEP, 4])
def test_a_backup_after_every_round(tmp_path, record, keep):
    db = tmp_path / "companion.db"
    store = Store(db, keep_backups=keep)
    game_id = store.create_game(record.setup, "Backups", False, False).id
    folder = backup_dir(db)
    ends = round_ends(record)
    assert len(ends) == 9  # eight rounds, then the game ends in the ninth
    expected = [entry_to_dict(e) for e in record.entries]
    made: list[Path] = []
    for revision, entry in enumerate(record.entries):
        store.append(game_id, entry, revision)
        found = backups(folder) if folder.exists() else []
        if revision + 1 in ends:
            new = [p for p in found if p not in made]
            assert len(new) == 1, f"after entry {revision + 1}: {len(new)} new backups"
            made.append(new[0])
            assert integrity_ok(new[0])
            assert entries_in(new[0], game_id) == expected[: revision + 1]
        assert len(found) == min(len(made), keep), "a backup outside a round end, or not pruned"
        assert found == made[-keep:] if made else found == []
    assert store.backup_error is None
    assert len(made) == 9
    assert len(backups(folder)) == min(9, keep)


def test_cli_backup_and_restore(tmp_path, record, capsys):
    instance = tmp_path / "instance"
    instance.mkdir()
    db = instance / "companion.db"
    store = Store(db, keep_backups=KEEP)
    early = round_ends(record)[1]  # after round 2
    game_id = play(store, record, upto=early)

    assert main(["backup", "--instance", str(instance)]) == 0
    manual = [p for p in backups(backup_dir(db)) if p.name.endswith("-manual.db")]
    assert len(manual) == 1 and integrity_ok(manual[0])
    assert len(entries_in(manual[0], game_id)) == early

    play(store, record, game_id=game_id)
    assert store.get(game_id).state.phase is Phase.OVER
    full = len(record.entries)
    store.db.close()  # "stop the server first"

    before = set(backups(backup_dir(db)))
    capsys.readouterr()
    assert main(["restore", str(manual[0]), "--instance", str(instance)]) == 0
    out = capsys.readouterr().out
    assert "restored" in out
    safety = [p for p in set(backups(backup_dir(db))) - before]
    assert len(safety) == 1 and "before-restore" in safety[0].name
    assert str(safety[0]) in out
    assert len(entries_in(safety[0], game_id)) == full, "the database as it was is saved"
    assert integrity_ok(db)

    reopened = Store(db, keep_backups=KEEP)
    game = reopened.get(game_id)
    assert game.revision == early, "the restored database shows the older revision"
    assert game.state.phase is not Phase.OVER
    # the game goes on from the restored revision
    reopened.append(game_id, record.entries[early], early)
    reopened.db.close()

    # undo the restore with the safety copy: the whole game is back
    assert main(["restore", str(safety[0]), "--instance", str(instance)]) == 0
    again = Store(db, keep_backups=KEEP)
    assert again.get(game_id).revision == full
    again.db.close()


def _damaged_copy(good: Path, target: Path) -> Path:
    """A backup with garbage written over its second page onwards."""
    data = bytearray(good.read_bytes())
    assert len(data) > 8192
    for i in range(4096, min(len(data), 4096 * 6)):
        data[i] = (i * 131) % 251
    target.write_bytes(bytes(data))
    return target


@pytest.mark.parametrize("kind", ["garbage", "damaged", "missing"])
def test_restore_refuses_a_bad_file(tmp_path, record, capsys, kind):
    instance = tmp_path / "instance"
    instance.mkdir()
    db = instance / "companion.db"
    store = Store(db, keep_backups=KEEP)
    game_id = play(store, record, upto=round_ends(record)[0])
    assert main(["backup", "--instance", str(instance)]) == 0
    good = backups(backup_dir(db))[-1]
    play(store, record, upto=round_ends(record)[1], game_id=game_id)
    store.db.close()

    if kind == "garbage":
        bad = tmp_path / "garbage.db"
        bad.write_bytes(b"this is not a database\n" * 500)
    elif kind == "damaged":
        bad = _damaged_copy(good, tmp_path / "damaged.db")
        assert not integrity_ok(bad)
    else:
        bad = tmp_path / "nowhere.db"

    state_of_db = digest(db)
    listing = sorted(backup_dir(db).iterdir())
    capsys.readouterr()
    assert main(["restore", str(bad), "--instance", str(instance)]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err
    assert digest(db) == state_of_db, "a refused restore changed the database"
    assert sorted(backup_dir(db).iterdir()) == listing, "a refused restore wrote a file"
    reopened = Store(db, keep_backups=KEEP)
    assert reopened.get(game_id).revision == round_ends(record)[1]
    reopened.db.close()


def test_restore_without_a_file_lists_the_backups(tmp_path, record, capsys):
    instance = tmp_path / "instance"
    instance.mkdir()
    db = instance / "companion.db"
    store = Store(db, keep_backups=KEEP)
    play(store, record, upto=round_ends(record)[2])
    store.db.close()
    capsys.readouterr()
    assert main(["restore", "--instance", str(instance)]) == 0
    listed = capsys.readouterr().out.split()
    assert all(str(p) in listed for p in backups(backup_dir(db)))
    assert len(backups(backup_dir(db))) == 3


CRASH_DURING_BACKUP = """
import os, signal, sqlite3, sys
import companion.backup as backup

real_connect = sqlite3.connect


class Source:
    # The live database, whose backup copies a few pages and then the process dies.
    def __init__(self, *args, **kwargs):
        self.conn = real_connect(*args, **kwargs)

    def backup(self, target):
        def progress(status, remaining, total):
            if total - remaining >= 3:
                os.kill(os.getpid(), signal.SIGKILL)

        self.conn.backup(target, pages=1, progress=progress)

    def close(self):
        self.conn.close()


calls = []


def connect(*args, **kwargs):
    calls.append(args)
    return Source(*args, **kwargs) if len(calls) == 1 else real_connect(*args, **kwargs)


backup.sqlite3 = type("S", (), {"connect": staticmethod(connect)})
backup.make_backup(sys.argv[1], label="killed")
"""


def test_a_backup_cut_off_by_a_crash_is_not_kept(tmp_path, record):
    import signal
    import subprocess
    import sys

    db = tmp_path / "companion.db"
    store = Store(db, keep_backups=KEEP)
    game_id = play(store, record, upto=round_ends(record)[3])
    sound = backups(backup_dir(db))
    assert len(sound) == 4 and all(integrity_ok(p) for p in sound)
    store.db.close()
    child = subprocess.run(
        [sys.executable, "-c", CRASH_DURING_BACKUP, str(db)], timeout=60, capture_output=True
    )
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()[-2000:]
    assert integrity_ok(db), "the live database is unharmed"
    listed = backups(backup_dir(db))
    assert len(listed) >= 4
    broken = [p.name for p in listed if not holds_game(p, game_id)]
    assert not broken, f"listed as backups but unsound or without the game: {broken}"


def test_a_backup_after_every_urland_turn(tmp_path):
    """Issue 10: an Urland game is backed up like Ursuppe's, at the end of every turn (each
    ends with its scoring, 002 §2.4) and when the game ends; each copy is sound and holds
    the game's whole record up to then, hidden draws and bids included."""
    from trustlib import urland_example

    from companion.tracker.game import URLAND
    from companion.tracker.urland import engine
    from companion.tracker.urland.codec import action_to_dict

    setup, actions = urland_example()
    db = tmp_path / "companion.db"
    store = Store(db)
    game = store.create_game(setup, "Urland backups", False, True, core=URLAND)
    folder = backup_dir(db)
    expected = [json.loads(json.dumps(action_to_dict(a))) for a in actions]
    state, made = engine.new_game(setup), []
    for revision, action in enumerate(actions):
        before, state = state, engine.apply(state, action).state
        store.append(game.id, action, revision)
        found = backups(folder) if folder.exists() else []
        new = [p for p in found if p not in made]
        ended = state.turn > before.turn >= 1 or (state.step.value == "over" != before.step.value)
        assert len(new) == (1 if ended else 0), f"entry {revision + 1}: {len(new)} new backups"
        if new:
            made.append(new[0])
            assert integrity_ok(new[0])
            assert entries_in(new[0], game.id) == expected[: revision + 1]
    assert state.step.value == "over" and len(made) == state.turn
    assert store.backup_error is None
