"""A running Ursuppe game's public record (issue 30, item 15): the app's shuffle of the
face-down environment cards (`shuffle_deck`) is left out, since it lists the card a Sensing
gene's holder alone may see and every later one (003 §Environmental Sensing); each card
turned from it is written where it was turned, so the record replays to the same table with
the next cards unknown. Undo markers keep their meaning."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from companion.tracker.record_core import Undo, effective_actions
from companion.tracker.ursuppe.actions import ShuffleEnvironmentDeck, TurnEnvironmentCard
from companion.tracker.ursuppe.engine import apply, new_game
from companion.tracker.ursuppe.record.document import Record, record_from_dict
from companion.tracker.ursuppe.record.public import has_secrets, public_record

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def replayed(record: Record):
    state = new_game(record.setup)
    for action in effective_actions(record.entries):
        state = apply(state, action).state
    return state


def example(name: str) -> Record:
    return record_from_dict(json.loads((EXAMPLES / f"{name}.json").read_text()))


@pytest.mark.parametrize("name", ["three-players", "five-players-extra-genes"])
@pytest.mark.parametrize("part", [1, 3, 2])
def test_the_public_record_replays_to_the_same_table_without_the_next_cards(name, part):
    whole = example(name)
    assert has_secrets(whole)
    cut = Record(whole.setup, whole.entries[: len(whole.entries) // part])
    public = public_record(cut)
    assert not any(isinstance(e, ShuffleEnvironmentDeck) for e in public.entries)
    secret, shown = replayed(cut), replayed(public)
    assert shown.shuffled_order == ()  # nobody reading it learns the next card
    assert replace(secret, shuffled_order=(), revision=0) == replace(
        shown, shuffled_order=(), revision=0
    )
    turned = [e.card for e in public.entries if isinstance(e, TurnEnvironmentCard)]
    assert turned == list(secret.turned)  # each card where it was turned, no later one


def test_an_undo_keeps_its_meaning_in_the_public_record():
    whole = example("three-players")
    actions = list(effective_actions(whole.entries))
    entries = tuple(actions[:60]) + (Undo(50),) + tuple(actions[50:70])
    record = Record(whole.setup, entries)
    public = public_record(record)
    assert sum(isinstance(e, Undo) for e in public.entries) == 1
    secret, shown = replayed(record), replayed(public)
    assert replace(secret, shuffled_order=(), revision=0) == replace(
        shown, shuffled_order=(), revision=0
    )
