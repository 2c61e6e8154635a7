"""Any moment of a game (`companion replay --at N`, `--legal`,
tracker/ursuppe/views/moment.py) and the outcome as data (tracker/ursuppe/views/outcome.py).

000 §FINAL DEL JUEGO: the game ends after the round in which a marker reaches the dark end
zone, or after the round whose phase 2 turned the last environment card; the player whose
marker is highest wins. The moment view is the companion's own (a dispute is about a moment).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from builders import aid, at_phase, position
from test_corrections import over

from companion.cli import main
from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase, apply
from companion.tracker.ursuppe.actions import Correct, action_from_dict
from companion.tracker.ursuppe.record.codec import from_dict, to_dict
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record
from companion.tracker.ursuppe.views.moment import changes

EXAMPLES = Path(__file__).parent.parent / "examples"
RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


# ----- the outcome (000 §FINAL DEL JUEGO) ---------------------------------------------
def test_a_game_ended_by_the_end_zone_holds_its_ranking_winner_and_reason():
    state = over()  # Red reached space 40+ of the end zone
    assert state.result.reason == "end_zone"
    assert state.result.ranking[0] is RED and state.result.winners == (RED,)
    assert state.result.in_zone == (RED,)
    assert from_dict(to_dict(state)) == state  # the result is part of the saved state


def test_a_game_ended_by_the_last_card_says_so():
    state = position(4, markers={"red": 20, "yellow": 12, "green": 8, "blue": 3})
    deck = tuple(c.id for c in state.setup.deck)
    state = replace(state, card=deck[-1], turned=deck)
    state = at_phase(state, Phase.SCORING)
    assert state.phase is Phase.OVER
    assert state.result.reason == "last_card" and state.result.in_zone == ()
    assert state.result.winners == (state.result.ranking[0],)


def test_a_marker_corrected_after_the_end_updates_the_ranking():
    state = over()
    state, _ = apply(state, Correct("marker_swap", reason="swapped", color=RED, other=YELLOW))
    assert state.result.ranking[0] is YELLOW and state.result.winners == (YELLOW,)
    assert state.result.reason == "end_zone"


def test_the_outcome_is_in_the_replayed_json(capsys):
    assert main(["replay", "--json", str(EXAMPLES / "four-players.json")]) == 0
    result = json.loads(capsys.readouterr().out)["result"]
    assert result["reason"] in {"end_zone", "last_card"}
    assert result["winners"] == result["ranking"][:1]


# ----- what changed at a moment -------------------------------------------------------
def test_the_changes_of_a_correction_name_each_changed_fact():
    before = position(4, amoebas=["red-1@5"])
    after, _ = apply(before, Correct("amoeba_space", 7, "moved", amoeba=aid("red-1")))
    after, _ = apply(after, Correct("bp", 3, "paid", color=GREEN))
    lines = [str(m) for m in changes(before, after)]
    assert any("space 5 → 7" in line for line in lines)
    assert any("BP 10 → 3" in line for line in lines)
    assert not any(line.startswith("cubes on space") for line in lines)  # no cube moved
    assert len(lines) == 2


# ----- companion replay --at N / --legal ------------------------------------------------
def test_replay_at_shows_the_entry_what_it_changed_and_the_state_after_it(capsys):
    assert main(["replay", "--lang", "en", str(EXAMPLES / "three-players.json"), "--at", "12"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("  12. {")
    assert "appears on space" in out  # what the placement changed
    assert "Awaiting:" in out and "Soup" in out  # the whole state, whose turn


def test_replay_at_out_of_range_exits_2(capsys):
    assert main(["replay", str(EXAMPLES / "three-players.json"), "--at", "9999"]) == 2


def test_replay_legal_lists_the_record_form_of_each_legal_action_at_a_moment(capsys):
    path = EXAMPLES / "three-players.json"
    assert main(["replay", str(path), "--at", "40", "--legal"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines
    data = json.loads(path.read_text())
    record = record_from_dict({**data, "actions": data["actions"][:40]})
    state, _ = replay_record(record)
    for line in lines:
        apply(state, action_from_dict(json.loads(line)))  # each is legal there


def test_replay_legal_at_the_end_of_a_finished_game_lists_nothing(capsys):
    assert main(["replay", str(EXAMPLES / "three-players.json"), "--legal"]) == 0
    assert capsys.readouterr().out == ""


def test_every_moment_of_the_golden_games_with_extra_genes_says_what_changed():
    """The moment view reads every state a game with extra genes passes through, their use
    marks included (Healing's "healed:N", Highly Adaptable's "swapped:KEY" name their gene;
    the moment page failed on them)."""
    from companion.tracker.ursuppe.record.document import History

    for name in ("five-players-extra-genes.json", "five-players-turned-over.json"):
        path = EXAMPLES / name
        record = record_from_dict(json.loads(path.read_text()))
        history = History.begin(record.setup)
        for entry in record.entries:
            before = history.state
            history = history.add(entry)[0]
            assert all(line.id for line in changes(before, history.state)), path.name


def test_a_use_mark_names_its_gene_in_the_moment():
    """Healing's once-per-amoeba mark reads as the gene used, once however many amoebas."""
    state = position(4)
    player = state.players[0]
    healed = replace(player, used_this_round=("healed:1", "healed:2"))
    lines = changes(state, state.with_player(healed))
    used = [line for line in lines if line.id == "{player} used {uses} this round"]
    assert len(used) == 1
