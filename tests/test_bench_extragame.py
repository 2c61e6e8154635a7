"""The benchmark's long game with extra genes (issue 11, item 7; 003 §The Amoeba Advanced
Genome Project, §Play): the committed record is what `scripts/make_bench_games.py` generates,
a complete legal 6-player game with the recommended pair and 2 extra genes turned over a
round, in which several extra genes are bought and used."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.tracker.ursuppe.genes.extra import RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record
from companion.tracker.ursuppe.state import Phase

sys.path.insert(0, str(Path(__file__).parent.parent / "scripts"))
from make_bench_games import EXTRA_GAME, generate_extra, held_extra  # noqa: E402


def test_the_committed_extra_gene_game_is_the_generated_one_and_complete():
    data = json.loads(EXTRA_GAME.read_text(encoding="utf-8"))
    record = record_from_dict(data)

    assert data == generate_extra()
    state, _ = replay_record(record)
    assert state.phase is Phase.OVER and state.n_players == 6
    assert record.setup.extra_genes is ExtraGenesMode.START_AND_TURNED
    assert record.setup.extra_start == RECOMMENDED_START
    assert record.setup.options.extra_genes_per_round == 2
    assert len(held_extra(data)) >= 6 and len(data["actions"]) > 500
