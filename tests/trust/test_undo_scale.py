"""Undo stays cheap however long the log, and opening one game never holds up another.

A record made of thousands of undo entries once took seconds to import and again to open
(the store rebuilt its whole log on every undo, under the store-wide lock). Now an undo
computes no state, an action is applied once per distinct (state, action), and each game
loads under its own lock.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest
from builders import setup_for
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from undone_records import card_turns_and_undos, undo_and_reenter

import companion.store.cache as store_module
import companion.tracker.ursuppe.record.document as record_module
from companion.store import Conflict, Game, NotFound, Store
from companion.tracker.record_core import MAX_ENTRIES, Undo, effective_actions
from companion.tracker.ursuppe import legal_actions, replay
from companion.tracker.ursuppe.actions import TurnEnvironmentCard
from companion.tracker.ursuppe.record.document import (
    History,
    Record,
    record_from_dict,
    record_to_dict,
    replay_record,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
WAIT = 30  # seconds: only a broken lock ever waits this long


def counted(monkeypatch, owner, name: str) -> list:
    """Make `owner.name` note its last argument in the list returned, at each call."""
    calls = []
    real = getattr(owner, name)

    def counting(*args):
        calls.append(args[-1])
        return real(*args)

    monkeypatch.setattr(owner, name, counting)
    return calls


@pytest.fixture
def count_applies(monkeypatch):
    """Count the engine's `apply` calls made by the record's History (the actions applied)."""
    return counted(monkeypatch, record_module, "apply")


def _example() -> dict:
    return json.loads((EXAMPLES / "four-players.json").read_text(encoding="utf-8"))


def test_ten_thousand_undo_entries_compute_no_state(count_applies):
    data = card_turns_and_undos(_example())
    record = record_from_dict(data)
    undos = sum(isinstance(e, Undo) for e in record.entries)
    assert len(record.entries) == MAX_ENTRIES and undos == MAX_ENTRIES // 2
    state, steps = replay_record(record)
    # Each of the 11 cards is turned on the one start state once; the other 9,989 card turns
    # reuse that result, and the 10,000 undos compute nothing.
    assert len(count_applies) == 11
    assert len(steps) == MAX_ENTRIES
    assert state == replay(record.setup, [])


def test_undo_and_enter_again_through_a_whole_game_applies_each_action_once(count_applies):
    data = undo_and_reenter(_example(), size=8000)
    record = record_from_dict(data)
    kept = effective_actions(record.entries)
    assert sum(isinstance(e, Undo) for e in record.entries) > 3000
    state, _ = replay_record(record)
    assert len(count_applies) == len(kept)
    assert state == replay(record.setup, kept)


def test_a_different_choice_after_an_undo_is_computed_afresh(count_applies):
    setup = setup_for(4)
    entries = (TurnEnvironmentCard("P4"), Undo(0), TurnEnvironmentCard("P2"), Undo(0))
    entries += (TurnEnvironmentCard("P4"),)
    state, _ = replay_record(Record(setup, entries))
    assert count_applies == [TurnEnvironmentCard("P4"), TurnEnvironmentCard("P2")]
    assert state == replay(setup, [TurnEnvironmentCard("P4")])


def test_a_record_of_twenty_thousand_entries_imports_and_opens_in_well_under_a_second(tmp_path):
    record = record_from_dict(card_turns_and_undos(_example()))
    store = Store(tmp_path / "companion.db")
    began = time.process_time()
    game = store.import_record(record, "undo")
    imported = time.process_time() - began
    began = time.process_time()
    again = Store(tmp_path / "companion.db").get(game.id)
    opened = time.process_time() - began
    # CPU seconds, generous: about 0.3 s each here; the quadratic log took 10 s and more.
    assert imported < 3 and opened < 3, (imported, opened)
    assert again.revision == MAX_ENTRIES and again.entries == record.entries
    assert sum(item.undone for item in again.log) == MAX_ENTRIES // 2


def _slow_open(monkeypatch, loader_name: str):
    """Make the thread named `loader_name` stop inside `_load` until released."""
    loading, release = threading.Event(), threading.Event()
    real = store_module.decode_entry

    def paused(core, data):
        if threading.current_thread().name == loader_name and not release.is_set():
            loading.set()
            release.wait(WAIT)
        return real(core, data)

    monkeypatch.setattr(store_module, "decode_entry", paused)
    return loading, release


def _start(name: str, target) -> tuple[threading.Thread, list]:
    out: list = []

    def run():
        try:
            out.append(target())
        except Exception as exc:  # noqa: BLE001 - handed to the test
            out.append(exc)

    thread = threading.Thread(target=run, name=name, daemon=True)
    thread.start()
    return thread, out


def test_opening_a_long_game_does_not_delay_an_action_in_another_game(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    first = Store(path)
    long_game = first.import_record(record_from_dict(card_turns_and_undos(_example())), "long")
    other = first.create_game(setup_for(4), "other", False, False)
    store = Store(path)  # as after a restart: nothing cached
    store.get(other.id)
    loading, release = _slow_open(monkeypatch, "loader")
    loader, loaded = _start("loader", lambda: store.get(long_game.id))
    try:
        assert loading.wait(WAIT), "the load never started"
        actor, acted = _start("actor", lambda: store.append(other.id, TurnEnvironmentCard("P3"), 0))
        actor.join(WAIT)
        # The action in the other game is committed while the long game is still loading.
        assert not actor.is_alive(), "the action waited for another game's load"
        assert loader.is_alive() and not loaded
        assert acted and not isinstance(acted[0], Exception), acted
        assert acted[0][0].revision == 1
    finally:
        release.set()
    loader.join(WAIT)
    assert loaded[0].revision == MAX_ENTRIES


def test_two_requests_for_one_unloaded_game_load_it_once(tmp_path, monkeypatch):
    path = tmp_path / "companion.db"
    game = Store(path).import_record(Record(setup_for(4), (TurnEnvironmentCard("P4"),)), "g")
    store = Store(path)
    loads = counted(monkeypatch, Store, "_load")  # the game ids loaded
    loading, release = _slow_open(monkeypatch, "first")
    first, got_first = _start("first", lambda: store.get(game.id))
    try:
        assert loading.wait(WAIT)
        second, got_second = _start("second", lambda: store.get(game.id))
        second.join(0.2)
        assert second.is_alive(), "the second request did not wait for the load under way"
    finally:
        release.set()
    first.join(WAIT)
    second.join(WAIT)
    assert loads == [game.id]
    assert got_first[0] is got_second[0]


def test_a_stale_revision_is_still_refused_with_per_game_locks(tmp_path):
    store = Store(tmp_path / "companion.db")
    game = store.create_game(setup_for(4), "g", False, False)
    barrier = threading.Barrier(6)
    results = []

    def submit(card):
        barrier.wait()
        try:
            store.append(game.id, TurnEnvironmentCard(card), 0)
            results.append("accepted")
        except Conflict:
            results.append("conflict")

    threads = [threading.Thread(target=submit, args=(f"P{i}",)) for i in range(1, 7)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    assert sorted(results) == ["accepted"] + ["conflict"] * 5
    assert Store(tmp_path / "companion.db").get(game.id).revision == 1


def test_an_unknown_game_leaves_no_lock_behind(tmp_path):
    store = Store(tmp_path / "companion.db")
    for n in range(50):
        with pytest.raises(NotFound):
            store.get(f"nope{n}")
    assert not store._game_locks


# ----- the log and the history against a plain model ----------------------------------------


@st.composite
def _plays(draw):
    """A list of choices: an index into the legal actions, or ('undo', fraction kept)."""
    return draw(
        st.lists(
            st.one_of(
                st.integers(0, 20),
                st.tuples(st.just("undo"), st.floats(0, 1)),
            ),
            max_size=40,
        )
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plays=_plays())
def test_the_log_and_the_history_match_a_plain_replay(plays):
    setup = setup_for(4)
    game = Game("g", "g", setup, False, False, "t", "now", History.begin(setup))
    model_undone: set[int] = set()
    model_kept: list[int] = []  # seqs in force
    for play in plays:
        seq = game.revision + 1
        if isinstance(play, tuple):
            to = int(play[1] * len(model_kept))
            game.add(Undo(to))
            model_undone.update(model_kept[to:])
            del model_kept[to:]
        else:
            legal = legal_actions(game.state)
            if not legal:
                continue
            game.add(legal[play % len(legal)])
            model_kept.append(seq)
        if play == 7:  # now and then, an undo past what is in force: refused, nothing changes
            with pytest.raises(record_module.IllegalAction):
                game.add(Undo(len(model_kept) + 1))
            assert game.revision == seq
    entries = game.entries
    assert game.state == replay(setup, effective_actions(entries))
    assert [s for s, _ in game.kept] == model_kept
    assert record_from_dict(record_to_dict(game.record())).entries == entries
    log = game.log
    full = list(log)
    assert [i.seq for i in full] == list(range(1, len(entries) + 1))
    assert {i.seq for i in full if i.undone} == model_undone
    assert [i.is_undo for i in full] == [isinstance(e, Undo) for e in entries]
    assert list(reversed(log)) == full[::-1]
    for cut in (1, 3, 12, len(full) + 2):
        assert list(log[-cut:]) == full[-cut:]
        assert list(log[cut:]) == full[cut:]
    for position in range(-len(full), len(full)):
        assert log[position] == full[position]
    assert log[::2] == tuple(full[::2])
    for seq in model_kept:
        assert game.undo_target(seq) == model_kept.index(seq) + 1
    for seq in model_undone:
        with pytest.raises(record_module.IllegalAction):
            game.undo_target(seq)
