"""Urland's records: the `game` key, undo markers, what a running game's record shows, and
the golden complete games in examples/urland/ (one per player count) replaying unchanged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from urland_helpers import setup_for

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.game import GAMES, URLAND, URSUPPE, game_of
from companion.tracker.record_core import Undo
from companion.tracker.urland import engine
from companion.tracker.urland.actions import DealRegions, DrawToken, KeepToken, TurnGenes
from companion.tracker.urland.record import (
    public_entries,
    readable,
    record_from_dict,
    record_to_dict,
    replay_entries,
)
from companion.tracker.urland.state import UNKNOWN, Step

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "urland"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
sys.path.insert(0, str(ROOT / "scripts"))
from make_urland_examples import expected  # noqa: E402


def opening():
    setup = setup_for(4)
    state = engine.apply(engine.new_game(setup), DrawToken(11)).state
    pool = [t for t in range(1, 13) if t != 11]
    deal = DealRegions(tuple(tuple(pool[i * 2 : i * 2 + 2]) for i in range(4)))
    genes = TurnGenes(engine.apply(state, deal).state.gene_deck[:4])
    return setup, (DrawToken(11), deal, genes, DrawToken(1), DrawToken(2), DrawToken(3))


def test_a_record_names_its_game_and_round_trips_with_undo():
    setup, actions = opening()
    entries = (*actions, Undo(5), DrawToken(4))
    data = json.loads(json.dumps(record_to_dict(setup, entries)))
    assert data["game"] == "urland" and game_of(data) is URLAND
    assert record_from_dict(data) == (setup, entries)
    state = replay_entries(setup, entries)
    assert state.hands[state.env] == (1, 2, 4)


def test_a_record_without_a_game_key_is_ursuppes():
    assert game_of({"format": "ursuppe-companion-record"}) is URSUPPE
    assert set(GAMES) == {"ursuppe", "urland"}
    with pytest.raises(InvalidAction):
        record_from_dict({"format": "ursuppe-companion-record", "setup": {}})


def test_a_running_games_public_record_masks_the_hidden_draws_and_keeps():
    setup, actions = opening()
    a = (*actions, KeepToken(2))
    b = (*actions[:3], DrawToken(4), DrawToken(5), DrawToken(6), KeepToken(5))
    shown = public_entries(setup, a)
    assert shown[0] == {"type": "draw", "token": 11}  # the first volcano is public
    assert [row["token"] for row in shown[3:]] == [UNKNOWN] * 4
    assert public_entries(setup, b) == shown
    for viewer in (None, Color.YELLOW, Color.GREEN):
        said_a = [[str(e.msg) for e in events] for events in readable(setup, a, viewer)]
        said_b = [[str(e.msg) for e in events] for events in readable(setup, b, viewer)]
        assert said_a == said_b
    dead = readable(setup, a, Color.RED)
    assert any("You receive region 1 and region 3" in str(e.msg) for e in dead[-1])


def test_an_open_auctions_bids_are_masked_in_the_public_record():
    setup, entries = record_from_dict(json.loads((EXAMPLES / "four-players.json").read_text()))
    state = engine.new_game(setup)
    for k in range(len(entries)):
        state = engine.apply(state, entries[k]).state
        if state.step is Step.BID and state.auction.bids:
            break
    shown = public_entries(setup, entries[: k + 1])
    assert shown[-1]["type"] == "bid" and shown[-1]["n"] is None
    assert all(row.get("n") is not None for row in shown[:-1] if row["type"] == "bid")


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden_game_replays_to_its_checked_final_state(path):
    setup, entries = record_from_dict(json.loads(path.read_text()))
    state = replay_entries(setup, entries)
    assert state.step is Step.OVER
    assert expected(state) == json.loads(path.with_name(path.stem + ".expected.json").read_text())
    kinds = {e.kind for events in readable(setup, entries, None) for e in events}
    assert {"mutation", "volcano", "panic", "scoring"} <= kinds


def test_there_is_a_golden_game_per_player_count():
    assert {p.stem for p in RECORDS} == {"three-players", "four-players", "five-players"}
