"""Golden recorded games: every record in examples/ replays to its checked final state.

The records are complete games (3, 4 and 6 players; two 5-player games with extra genes: a
fixed list, and the recommended pair with 2 more turned over each round) recorded
exactly as the app records them; scripts/make_examples.py regenerates them after a
deliberate rule change.
"""

import json
import sys
from pathlib import Path

import pytest

from companion.tracker.ursuppe.record.document import record_from_dict, replay_record
from companion.tracker.ursuppe.state import Phase

EXAMPLES = Path(__file__).parent.parent / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))

sys.path.insert(0, str(Path(__file__).parent.parent / "scripts"))
from make_examples import expected  # noqa: E402


def test_there_are_complete_three_and_four_player_examples():
    names = {p.stem for p in RECORDS}
    assert {"three-players", "four-players"} <= names


def test_the_extra_genes_example_uses_extra_genes_decisions():
    """003 §The Amoeba Advanced Genome Project: the 5-player example buys and uses them."""
    record = json.loads((EXAMPLES / "five-players-extra-genes.json").read_text())
    verbs = {a["type"] for a in record["actions"]}
    assert {"feed_with_suction", "place_excreta", "heal", "bounce", "feed_first"} <= verbs


def test_the_turned_over_example_turns_extra_genes_over_and_uses_them():
    """003 §Play: Social Gene and Population Explosion from round 1, 2 more each round."""
    record = json.loads((EXAMPLES / "five-players-turned-over.json").read_text())
    verbs = [a["type"] for a in record["actions"]]
    assert record["setup"]["extra_start"] == ["social_gene", "population_explosion"]
    assert verbs.count("turn_extra_gene") >= 10
    assert {"explode", "swap_gene", "feed_with_suction", "place_excreta", "bounce"} <= set(verbs)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_example_game_replays_to_its_checked_final_state(path):
    record = record_from_dict(json.loads(path.read_text()))
    state, _ = replay_record(record)
    want = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    assert state.phase is Phase.OVER
    assert expected(state) == want


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_example_game_player_count_matches_its_name(path):
    record = record_from_dict(json.loads(path.read_text()))
    words = {3: "three", 4: "four", 5: "five", 6: "six"}
    assert path.stem.startswith(words[record.setup.players])


def test_there_is_a_complete_example_of_each_two_player_variant():
    """000 §Ursuppe para 2 jugadores: the decoy, double play I and II, each a whole game."""
    variants = {
        record_from_dict(json.loads(p.read_text())).setup.two_players.value for p in RECORDS
    }
    assert {"decoy", "double1", "double2"} <= variants
