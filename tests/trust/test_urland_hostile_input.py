"""Malformed and hostile Urland records and actions, at the core.

Whatever JSON arrives where the shell reads an Urland record (`game_of(record)`, then
`urland.record.record_from_dict` and the replay) or an action (`urland.codec.action_from_dict`
and `engine.apply` in any state of a real game), the core accepts it or refuses it with an
`ActionError` (InvalidAction: it cannot be read; IllegalAction: the rules refuse it) whose
message is written for the table in every language, never another exception (a crash would
be a server error in the shell). A record the core reads replays to a state whose dict round
trip holds. The web routes have their own tests (tests/web); Ursuppe's records are read by
Ursuppe's reader (tests/trust/test_hostile_input.py).
"""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trustlib import json_paths

from companion.i18n import translator
from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.game import URLAND, UnknownGame, game_of
from companion.tracker.msg import render
from companion.tracker.record_core import MAX_ENTRIES
from companion.tracker.record_errors import RecordError
from companion.tracker.urland import codec, engine
from companion.tracker.urland import record as urland_record
from companion.tracker.urland.actions import ACTIONS
from companion.tracker.urland.board import AREAS
from companion.tracker.urland.genes import GENES

ROOT = Path(__file__).resolve().parents[2]
RECORDS = {
    path.stem: json.loads(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "examples" / "urland").glob("*.json"))
    if not path.name.endswith(".expected.json")
}
FOUR = RECORDS["four-players"]
FIELDS = sorted({name for cls in ACTIONS.values() for name in cls.__dataclass_fields__})
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

leaves = (
    st.none()
    | st.booleans()
    | st.integers(-3, 15)
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from(AREAS + ("Z", "", "0", "red", "blue", "urland", "\u0000"))
    | st.sampled_from([g.key for g in GENES])
    | st.text(max_size=6)
)
json_values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=10,
)


def refused_in_words(exc: ActionError) -> None:
    """A refusal is a message for the table, in each language."""
    for lang in ("es", "it", "en"):
        assert render(exc.msg, translator(lang)).strip(), exc


def imported(data: Any) -> None:
    """What the shell does with an imported record: pick the game, read it, replay it."""
    try:
        game = game_of(data)
    except UnknownGame as exc:
        assert isinstance(exc, KeyError)  # the shell's `except KeyError` still holds
        refused_in_words(exc)
        return
    if game is not URLAND:
        return  # a record without the "urland" key is Ursuppe's, read by Ursuppe's reader
    try:
        setup, entries = urland_record.record_from_dict(data)
        state = urland_record.replay_entries(setup, entries)
    except ActionError as exc:
        refused_in_words(exc)
        return
    assert codec.from_dict(codec.to_dict(state)) == state


def damaged(record: dict, pick: int, value: Any, how: str) -> Any:
    """The record with one place replaced, dropped, or its actions shuffled."""
    data = copy.deepcopy(record)
    if how == "swap":
        actions = data["actions"]
        i, j = pick % len(actions), (pick * 7 + 1) % len(actions)
        actions[i], actions[j] = actions[j], actions[i]
        return data
    where = json_paths(data)
    path = where[pick % len(where)]
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if how == "drop":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return data


# ----- records ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_the_golden_records_import(name):
    setup, entries = urland_record.record_from_dict(RECORDS[name])
    assert urland_record.replay_entries(setup, entries).step.value == "over"


@SETTINGS
@given(value=json_values)
def test_any_json_document_is_read_or_refused_in_words(value):
    imported(value)
    imported({"format": FOUR["format"], "game": "urland", "setup": value, "actions": []})
    imported({**FOUR, "actions": value})


@SETTINGS
@given(
    name=st.sampled_from(sorted(RECORDS)),
    pick=st.integers(0, 10**6),
    value=json_values,
    how=st.sampled_from(["replace", "replace", "drop", "swap"]),
)
def test_a_damaged_real_record_is_read_or_refused_in_words(name, pick, value, how):
    imported(damaged(RECORDS[name], pick, value, how))


@pytest.mark.parametrize(
    "game",
    [["urland"], {"urland": 1}, 3, None, "URLAND", "urland ", "chess", True],
    ids=repr,
)
def test_an_unknown_or_malformed_game_key_is_refused_by_name(game):
    with pytest.raises(UnknownGame) as caught:
        game_of({**FOUR, "game": game})
    refused_in_words(caught.value)


@pytest.mark.parametrize("record", [[], "urland", 7, None], ids=repr)
def test_a_record_that_is_not_an_object_has_no_game(record):
    with pytest.raises(UnknownGame):
        game_of(record)


@pytest.mark.parametrize(
    "change",
    [
        {"track_length": "40"},
        {"track_length": 10**9},
        {"shores": [["A", ["1"]]]},
        {"shores": {"1": ["A"]}},
        {"currents": [["A"]]},
        {"strips": [[1, 2]]},
        {"volcanoes": [["1", "1"]]},
        {"volcanoes": "11"},
    ],
    ids=lambda c: json.dumps(c),
)
def test_a_damaged_board_is_refused_in_words(change):
    data = copy.deepcopy(FOUR)
    data["setup"]["board"].update(change)
    with pytest.raises(InvalidAction) as caught:
        setup, entries = urland_record.record_from_dict(data)
        urland_record.replay_entries(setup, entries)
    refused_in_words(caught.value)


@pytest.mark.parametrize(
    "seats",
    [
        [{"name": 7, "color": "red"}] * 4,
        [{"name": "Ana", "color": "mauve"}] * 4,
        [{"name": "Ana"}],
        "Ana, Ben, Cleo",
        [],
    ],
    ids=lambda s: json.dumps(s)[:30],
)
def test_damaged_seats_are_refused_in_words(seats):
    data = copy.deepcopy(FOUR)
    data["setup"]["seats"] = seats
    with pytest.raises(InvalidAction) as caught:
        setup, entries = urland_record.record_from_dict(data)
        urland_record.replay_entries(setup, entries)
    refused_in_words(caught.value)


def with_actions(actions: list) -> dict:
    return {**copy.deepcopy(FOUR), "actions": actions}


@pytest.mark.parametrize("to", [6, 10**9])
def test_an_undo_to_more_actions_than_are_in_force_names_its_entry(to):
    data = with_actions([*FOUR["actions"][:5], {"type": "undo", "to": to}])
    with pytest.raises(RecordError) as caught:
        urland_record.record_from_dict(data)
    assert caught.value.index == 6
    assert "action 6: undo to" in caught.value.message
    refused_in_words(caught.value)


def test_an_action_the_rules_refuse_names_its_entry_and_rule():
    actions = copy.deepcopy(FOUR["actions"])
    actions[3] = {"type": "swim", "source": "A", "target": "B", "n": 1}  # a draw is awaited
    setup, entries = urland_record.record_from_dict(with_actions(actions))
    with pytest.raises(RecordError) as caught:
        urland_record.replay_entries(setup, entries)
    assert caught.value.index == 4 and caught.value.message.startswith("action 4: not now")
    assert caught.value.source is not None


def test_a_record_of_more_entries_than_a_record_may_hold_is_refused():
    data = with_actions([{"type": "undo", "to": 0}] * (MAX_ENTRIES + 1))
    with pytest.raises(RecordError) as caught:
        urland_record.record_from_dict(data)
    refused_in_words(caught.value)


def test_a_record_full_of_undo_entries_replays_to_the_golden_game_quickly():
    """20,000 entries: the whole game, then back to each point and forward one action, over
    and over; only the actions in force are replayed (the Urland record keeps Ursuppe's undo
    markers, docs/record-format.md)."""
    actions = FOUR["actions"]
    entries = list(actions)
    k = 0
    while len(entries) + 4 + len(actions) <= MAX_ENTRIES:
        entries += [{"type": "undo", "to": k}, actions[k]]
        entries += [{"type": "undo", "to": k + 1}]
        k = (k + 1) % (len(actions) - 1)
    entries += [{"type": "undo", "to": 0}, *actions]
    setup, read = urland_record.record_from_dict(with_actions(entries))
    start = time.process_time()
    state = urland_record.replay_entries(setup, read)
    assert time.process_time() - start < 1.0
    golden = urland_record.replay_entries(*urland_record.record_from_dict(FOUR))
    assert state == golden and len(read) > 19_000


# ----- actions -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def states() -> list:
    """Every state of the four-player golden game, in order."""
    setup, entries = urland_record.record_from_dict(FOUR)
    state, out = engine.new_game(setup), []
    for action in entries:
        out.append(state)
        state = engine.apply(state, action).state
    return out


@SETTINGS
@given(
    at=st.integers(0, 10**6),
    kind=st.sampled_from(sorted(ACTIONS)),
    values=st.fixed_dictionaries({}, optional={name: json_values for name in FIELDS}),
)
def test_any_action_is_applied_or_refused_in_words(states, at, kind, values):
    state = states[at % len(states)]
    try:
        action = codec.action_from_dict({"type": kind, **values})
        applied = engine.apply(state, action)
    except ActionError as exc:
        refused_in_words(exc)
        return
    assert codec.from_dict(codec.to_dict(applied.state)) == applied.state


@SETTINGS
@given(value=json_values)
def test_any_json_value_as_an_action_is_refused_in_words(value):
    try:
        codec.action_from_dict(value)
    except ActionError as exc:
        refused_in_words(exc)


@SETTINGS
@given(at=st.integers(0, 10**6), pick=st.integers(0, 10**6), value=json_values)
def test_a_legal_action_with_one_field_twisted_is_applied_or_refused_in_words(
    states, at, pick, value
):
    state = states[at % len(states)]
    legal = engine.legal_actions(state)
    if not legal:
        return  # the deal: chance only
    data = codec.action_to_dict(legal[pick % len(legal)])
    names = [k for k in data if k != "type"]
    if names:
        data[names[pick % len(names)]] = value
    try:
        applied = engine.apply(state, codec.action_from_dict(data))
    except ActionError as exc:
        refused_in_words(exc)
        return
    assert codec.from_dict(codec.to_dict(applied.state)) == applied.state
