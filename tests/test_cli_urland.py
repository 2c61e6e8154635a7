"""`companion replay` reads an Urland record too (issue 10: the dispute review serves both
games): the final state, the state right after entry N with what it changed, the events,
the JSON state and the legal actions, in the reader's language."""

from __future__ import annotations

import json
from pathlib import Path

from companion.cli import main
from companion.tracker.urland import codec, engine
from companion.tracker.urland import record as urecord

GOLDEN = Path(__file__).parents[1] / "examples" / "urland" / "four-players.json"


def test_the_final_state_of_an_urland_record(capsys):
    assert main(["replay", "--lang", "en", str(GOLDEN)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Urland · Epoch 2") and "Game over" in out
    assert "Ana ● red (the dead): Track 33" in out  # the winner's marker (002 §4)
    assert "ocean D: 8 Cleo ■ green" in out


def test_the_moment_after_an_entry_says_what_changed(capsys):
    """002 §3.1: the fists open together: entry 55 is the last bid, which reveals them all."""
    assert main(["replay", "--lang", "en", str(GOLDEN), "--at", "55"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('  55. {"type": "bid", "color": "blue", "n": 3}')
    assert "(Dev ◆ blue) Your bid: 3 Ichto." in out  # the file holds every bid: whose is said
    assert "* the bids are revealed: Ana ● red 1, Ben ▲ yellow 3" in out
    assert "Awaiting: Ben ▲ yellow must take a gene." in out


def test_the_moment_in_spanish_and_its_legal_actions(capsys):
    assert main(["replay", "--lang", "es", str(GOLDEN), "--at", "7"]) == 0
    out = capsys.readouterr().out
    assert "* ahora época 1, turno 1" in out
    assert main(["replay", str(GOLDEN), "--at", "7", "--legal"]) == 0
    lines = capsys.readouterr().out.splitlines()
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    state = urecord.replay_entries(setup, entries[:7])
    assert [json.loads(line) for line in lines] == [
        json.loads(json.dumps(codec.action_to_dict(a))) for a in engine.legal_actions(state)
    ]


def test_json_and_bounds(capsys):
    assert main(["replay", str(GOLDEN), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    setup, entries = urecord.record_from_dict(json.loads(GOLDEN.read_text()))
    assert codec.from_dict(data) == urecord.replay_entries(setup, entries)
    assert main(["replay", str(GOLDEN), "--at", "9999"]) == 2
    assert "--at takes an entry from 0 to 166" in capsys.readouterr().err


def test_a_damaged_urland_record_is_refused_naming_its_entry(tmp_path, capsys):
    data = json.loads(GOLDEN.read_text())
    data["actions"][6] = {"type": "keep", "token": 12}  # not in the environment player's hand
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    assert main(["replay", "--lang", "en", str(path)]) == 1
    assert "action 7" in capsys.readouterr().err


def test_a_finished_games_result_is_data_in_the_json(capsys):
    """002 §4: the marker furthest ahead wins; the final scorings' points are said."""
    assert main(["replay", str(GOLDEN), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["winners"] == ["red"] and result["places"][0]["marker"] == 33
    assert [p["place"] for p in result["places"]] == [1, 2, 3, 4]
    markers = [p["marker"] for p in result["places"]]
    assert markers == sorted(markers, reverse=True)
    assert sum(p["final_total"] for p in result["places"]) in (3, 2, 1)  # shared, rounded down
    assert main(["replay", str(GOLDEN), "--json", "--at", "7"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] is None  # still running


def test_a_correction_replays_and_its_moment_says_what_changed(tmp_path, capsys):
    """A referee correction is an entry like any: --at shows it, --legal goes on from it."""
    data = json.loads(GOLDEN.read_text())
    fix = {
        "type": "correct",
        "field": "marker",
        "reason": "moved by hand",
        "value": 9,
        "color": "red",
        "area": None,
        "gene": None,
        "place": None,
        "tokens": None,
    }
    data["actions"] = data["actions"][:7] + [fix]
    path = tmp_path / "fixed.json"
    path.write_text(json.dumps(data))
    assert main(["replay", "--lang", "it", str(path), "--at", "8"]) == 0
    out = capsys.readouterr().out
    assert "moved by hand" in out and "Ana ● rosso" in out
    assert main(["replay", str(path), "--at", "8", "--legal"]) == 0
    assert capsys.readouterr().out.strip()  # the table may go on
