"""A long 6-player game with extra genes for the benchmark (003 §The Amoeba Advanced Genome
Project), generated deterministically by a seeded player, beside `bench/longgame.py`'s.

The setup is the recorded example's (`examples/six-players.json`) on a 100-space ladder (so
all 10 rounds are played), with the recommended starting pair (Social Gene + Population
Explosion) and 2 extra genes turned over each round from the app's recorded shuffle; the
environment deck is shuffled by the app too, so Migration and Environmental Sensing have a
next card to show. The player prefers extra-gene choices (buying and swapping extra genes,
Suction meals, healing, bouncing, exploding), then the choices that make more entries. Seed 7
gives, of the first 12 seeds, a long game (624 actions, 10 extra genes bought) with the most
extra-gene decisions (19 Suction meals, 10 Cleanliness placements).

Regenerate with `python -m bench.extragame` (writes bench/long-six-players-extra.json).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.longgame import EXAMPLE, LADDER, MAX_ACTIONS
from bench.longgame import choose as choose_long
from companion.tracker.record_core import FORMAT, VERSION
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import apply, legal_actions, new_game
from companion.tracker.ursuppe.genes import actions as X
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS, RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.record.codec import setup_from_dict, setup_to_dict
from companion.tracker.ursuppe.record.document import entry_to_dict
from companion.tracker.ursuppe.state import GameState, Phase

EXTRA_GAME = Path(__file__).resolve().parent / "long-six-players-extra.json"
SEED = 7
PER_ROUND = 2

EXTRA_CHOICES = (
    X.SwapGene,
    X.Explode,
    X.FeedFirst,
    X.FeedWithSuction,
    X.PlaceExcreta,
    X.Bounce,
    X.Heal,
    X.TransferDamage,
    X.PayHardCrust,
)


def choose(rng: random.Random, state: GameState) -> A.Action:
    """A legal action, preferring extra genes, then the choices that make more entries."""
    legal = legal_actions(state)
    extra = [
        a
        for a in legal
        if isinstance(a, EXTRA_CHOICES) or (isinstance(a, A.BuyGene) and a.gene in EXTRA_KEYS)
    ]
    if extra and rng.random() < 0.8:
        return rng.choice(extra)
    return choose_long(rng, state)


def generate(seed: int = SEED) -> dict[str, Any]:
    """The record (as JSON data) of one complete seeded 6-player game with extra genes."""
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    base = setup_from_dict(dict(example["setup"], ladder_length=LADDER))
    setup = replace(
        base,
        extra_genes=ExtraGenesMode.START_AND_TURNED,
        extra_start=RECOMMENDED_START,
        options=replace(base.options, extra_genes_per_round=PER_ROUND),
    )
    rng = random.Random(seed)
    cards = [c.id for c in setup.deck]
    rng.shuffle(cards)
    pile = [k for k in EXTRA_KEYS if k not in RECOMMENDED_START]
    rng.shuffle(pile)
    state = new_game(setup)
    actions: list[A.Action] = [
        A.ShuffleEnvironmentDeck(tuple(cards)),
        X.ShuffleExtraGenes(tuple(pile)),
    ]
    for action in actions:
        state = apply(state, action).state
    while state.phase is not Phase.OVER:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: the game did not end in {MAX_ACTIONS} actions")
        action = choose(rng, state)
        state = apply(state, action).state
        actions.append(action)
    return {
        "format": FORMAT,
        "version": VERSION,
        "setup": setup_to_dict(setup),
        "actions": [entry_to_dict(a) for a in actions],
    }


def held_extra(data: dict[str, Any]) -> set[str]:
    """The extra genes bought or swapped for in a record."""
    return {
        a.get("gene") or a.get("take")
        for a in data["actions"]
        if a["type"] in ("buy_gene", "swap_gene") and (a.get("gene") or a.get("take")) in EXTRA_KEYS
    }


def main() -> None:
    data = generate()
    EXTRA_GAME.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(
        f"wrote {EXTRA_GAME} ({len(data['actions'])} actions, "
        f"{len(held_extra(data))} extra genes bought)"
    )


if __name__ == "__main__":
    main()
