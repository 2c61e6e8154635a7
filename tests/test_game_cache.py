"""The store keeps the games being played in memory and lets the others go (issue 30, item
13a): bounded by count and by their entries, the least recently used first; a game asked for
again is replayed from the database, as after a restart. The soak (slow run) plays 50 games
through one store and holds its memory within the bound docs/serving.md gives."""

from __future__ import annotations

import gc
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion.store import Store
from companion.store.lru import GameCache
from companion.tracker.ursuppe.record.document import record_from_dict

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "five-players-extra-genes.json"
SOAK_GAMES = 50
SOAK_GROWTH_MB = 80  # docs/serving.md, "Memory": the bound the soak asserts


def game(revision: int) -> SimpleNamespace:
    return SimpleNamespace(revision=revision)


def test_the_least_recently_used_game_goes_past_the_count():
    cache = GameCache(most=3, most_entries=10_000)
    for name in "abcd":
        cache[name] = game(10)
    assert "a" not in cache and len(cache) == 3
    cache.get("b")  # just used: it stays
    cache["e"] = game(10)
    assert "b" in cache and "c" not in cache


def test_games_go_past_the_entries_bound_but_the_newest_stays():
    cache = GameCache(most=10, most_entries=1_000)
    cache["old"] = game(600)
    cache["new"] = game(600)
    assert "old" not in cache and "new" in cache
    cache["huge"] = game(5_000)
    assert list(cache._games) == ["huge"]


def test_a_game_let_go_is_replayed_from_the_database(tmp_path):
    store = Store(tmp_path / "games.db")
    store._games = GameCache(most=1)
    record = record_from_dict(json.loads(EXAMPLE.read_text()))
    first = store.import_record(record, "first")
    second = store.import_record(record, "second")
    assert first.id not in store._games and second.id in store._games
    again = store.get(first.id)
    assert again.state == first.state and again.revision == first.revision


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 1e6


@pytest.mark.slow
def test_a_soak_of_fifty_games_keeps_memory_within_the_bound(tmp_path):
    store = Store(tmp_path / "games.db")
    record = record_from_dict(json.loads(EXAMPLE.read_text()))
    store.get(store.import_record(record, "warm").id)
    gc.collect()
    before = _rss_mb()
    for i in range(SOAK_GAMES):
        played = store.import_record(record, f"game {i}")
        store.get(played.id)  # opened, as a page of the history opens it
    gc.collect()
    grown = _rss_mb() - before
    assert len(store._games) <= store._games.most
    assert grown < SOAK_GROWTH_MB, f"{grown:.0f} MB for {SOAK_GAMES} games"
