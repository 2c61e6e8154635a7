"""The game record (docs/record-format.md) and `companion replay`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from builders import setup_for

from companion.cli import main
from companion.tracker.record_core import (
    ENTRY_SEPARATOR,
    FORMAT,
    Undo,
    effective_actions,
    parse_record,
)
from companion.tracker.record_errors import RecordError
from companion.tracker.ursuppe import apply, legal_actions, new_game
from companion.tracker.ursuppe.actions import RollForStartOrder, TurnEnvironmentCard
from companion.tracker.ursuppe.record.document import (
    Record,
    entry_text,
    record_bytes,
    record_from_dict,
    record_text,
    record_to_dict,
    replay_record,
)

EXAMPLES = Path(__file__).parent.parent / "examples"


def _record(*entries) -> dict:
    return record_to_dict(Record(setup_for(4), tuple(entries)))


def test_a_record_round_trips_through_json():
    record = Record(setup_for(3), (TurnEnvironmentCard("P4"), Undo(0), TurnEnvironmentCard("P2")))
    again = record_from_dict(json.loads(json.dumps(record_to_dict(record))))
    assert again == record


def test_undo_keeps_only_the_first_k_actions_and_erases_no_history():
    first, second = TurnEnvironmentCard("P4"), TurnEnvironmentCard("P2")
    entries = (first, Undo(0), second)
    assert effective_actions(entries) == [second]
    state, history = replay_record(Record(setup_for(4), entries))
    assert state.card == "P2" and state.turned == ("P2",)
    assert [i for i, _, _ in history] == [1, 2, 3]


def test_undo_past_the_start_is_refused_naming_the_entry():
    with pytest.raises(RecordError) as err:
        replay_record(Record(setup_for(4), (TurnEnvironmentCard("P4"), Undo(2))))
    assert err.value.index == 2 and "only 1" in err.value.message


def test_an_illegal_action_in_a_record_names_its_position():
    data = _record(TurnEnvironmentCard("P4"), TurnEnvironmentCard("P4"))
    with pytest.raises(RecordError) as err:
        replay_record(record_from_dict(data))
    assert err.value.index == 2
    assert err.value.message.startswith("action 2: ")


@pytest.mark.parametrize(
    ("damage", "expected"),
    [
        (lambda d: d.update(format="other"), "not an Ursuppe Companion record"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["setup"]["seats"].__delitem__(slice(2, None)), "3 to 6 players"),
        (lambda d: d["setup"]["seats"][0].update(color="purple"), "setup.seats[0].color"),
        (lambda d: d["setup"]["deck"].pop(), "11"),
        (lambda d: d["actions"].append({"type": "teleport"}), "action 2: unknown action"),
        (lambda d: d["actions"].append({"type": "turn_card"}), "action 2: 'turn_card' needs"),
        (lambda d: d["actions"].append({"type": "turn_card", "card": 7}), "action 2: 'card'"),
        (lambda d: d.update(actions="nope"), "'actions' must be a list"),
    ],
)
def test_a_damaged_record_names_the_field_at_fault(damage, expected):
    data = _record(TurnEnvironmentCard("P4"))
    damage(data)
    with pytest.raises(RecordError) as err:
        record_from_dict(data)
    assert expected in str(err.value)


def test_replay_prints_the_final_standings_of_a_complete_game(capsys):
    assert main(["replay", str(EXAMPLES / "four-players.json")]) == 0
    out = capsys.readouterr().out
    assert "Final standings" in out and "Game over" in out
    for name in ("Ana", "Ben", "Cleo", "Dev"):
        assert name in out
    assert "supply" in out.lower() or "suppl" in out


def test_replay_json_prints_the_full_state(capsys):
    assert main(["replay", "--json", str(EXAMPLES / "three-players.json")]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["phase"] == "over" and len(state["players"]) == 3


def test_replay_events_explain_each_step_with_its_source(capsys):
    assert main(["replay", "--events", str(EXAMPLES / "four-players.json")]) == 0
    out = capsys.readouterr().out
    assert "[Spanish rules, Fase 1: Movimiento y Alimentación]" in out
    assert "[Spanish rules, Fase 6: Puntuación]" in out
    assert "§" not in out


def test_replay_of_an_illegal_action_prints_action_n_and_exits_1(tmp_path, capsys):
    data = _record(TurnEnvironmentCard("P4"), RollForStartOrder(setup_for(4).colors[1], 7))
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("action 2: ") and "Ana ● red" in err


def test_replay_of_a_file_that_is_not_json_exits_2(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text("{nope")
    assert main(["replay", str(path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_replay_of_a_record_with_a_key_twice_names_it_and_exits_1(tmp_path, capsys):
    text = json.dumps(_record(TurnEnvironmentCard("P4")))
    path = tmp_path / "doubled.json"
    path.write_text(text.replace('"card": "P4"', '"card": "P4", "card": "P5"'))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert 'the key "card" appears twice in one object' in err
    assert str(path) in err


def test_replay_of_a_file_that_is_not_utf8_exits_2(tmp_path, capsys):
    path = tmp_path / "latin1.json"
    path.write_bytes('{"name": "Grün"}'.encode("latin-1"))
    assert main(["replay", str(path)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err


def test_the_exported_text_is_the_record_one_entry_per_line():
    record = Record(setup_for(3), (TurnEnvironmentCard("P4"), Undo(0), TurnEnvironmentCard("P2")))
    text = record_text(record)
    assert text.isascii()
    assert parse_record(text) == record_to_dict(record)
    assert text.splitlines()[3:6] == [
        '  {"type": "turn_card", "card": "P4"},',
        '  {"type": "undo", "to": 0},',
        '  {"type": "turn_card", "card": "P2"}',
    ]
    weight = record_bytes(record.setup)
    weight += sum(len(entry_text(e)) + ENTRY_SEPARATOR for e in record.entries)
    assert len(text) == weight - 1
    assert len(record_text(Record(setup_for(3)))) == record_bytes(setup_for(3))


def test_record_format_doc_example_replays():
    doc = (Path(__file__).parent.parent / "docs" / "record-format.md").read_text()
    block = doc.split("```json", 1)[1].split("```", 1)[0]
    state, _ = replay_record(record_from_dict(json.loads(block)))
    assert state.round >= 1
    assert FORMAT in block


def test_a_fresh_game_offers_the_first_card_to_turn():
    state = new_game(setup_for(4))
    assert {a.card for a in legal_actions(state)} == {c.id for c in state.setup.deck}
    assert apply(state, TurnEnvironmentCard("P3")).state.card == "P3"


@pytest.mark.parametrize(
    ("hint", "value"),
    [
        ("AmoebaId", 3),
        ("AmoebaId", "red-x"),
        ("Color", "mauve"),
        ("bool", "yes"),
        ("int", True),
        ("int", 10_001),
        ("str", 5),
        ("Cubes", [1]),
        ("Cubes", {"red": -1}),
        ("list", "red-1"),
        ("object", 1),
    ],
)
def test_a_malformed_action_field_is_refused_naming_the_field(hint, value):
    """A damaged record's action field is refused with the field's name, never a crash."""
    from companion.tracker.colors import Color as C
    from companion.tracker.errors import InvalidAction
    from companion.tracker.ursuppe.cubes import Cubes
    from companion.tracker.ursuppe.pieces import AmoebaId
    from companion.tracker.ursuppe.record.action_fields import decode_value

    hints = {
        "AmoebaId": AmoebaId,
        "Color": C,
        "bool": bool,
        "int": int,
        "str": str,
        "Cubes": Cubes,
        "list": tuple[AmoebaId, ...],
        "object": object,
    }
    with pytest.raises(InvalidAction) as refused:
        decode_value(hints[hint], value, "victim")
    assert dict(refused.value.msg.params)["name"] == "victim"


def test_python_m_companion_cli_is_the_companion_command(tmp_path):
    """`python -m companion.cli replay FILE` prints the final table as `companion replay`."""
    import subprocess
    import sys

    example = Path(__file__).parent.parent / "examples" / "three-players.json"
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(example), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).parent.parent,
    )
    assert done.returncode == 0, done.stderr
    assert "Round" in done.stdout or "round" in done.stdout
