"""The benchmark's two long 6-player games, generated deterministically by seeded players.

`python scripts/make_bench_games.py` writes bench/long-six-players.json and
bench/long-six-players-extra.json (the bench reads them; it never generates them).

The long game: the recorded example (`examples/six-players.json`) has 417 actions, and a
complete game of Ursuppe cannot run much longer: it ends after phase 6 of the round in which
the last of the 11 environment cards was turned (10 rounds), or earlier when a marker reaches
the end zone. So this game uses a 100-space ladder (end zone 91-100, a valid setup) to play
all 10 rounds, and a player that prefers the choices that make more entries: moving instead
of drifting, buying genes, dividing, attacking, riding along. Seed 31 gives the longest game
of the first 40 seeds (686 actions); 1000 actions are out of reach for a legal complete game.

The game with extra genes (003 §The Amoeba Advanced Genome Project): the same setup with the
recommended starting pair (Social Gene + Population Explosion) and 2 extra genes turned over
each round from the app's recorded shuffle; the environment deck is shuffled by the app too,
so Migration and Environmental Sensing have a next card to show. Its player prefers
extra-gene choices (buying and swapping extra genes, Suction meals, healing, bouncing,
exploding), then the long game's. Seed 7 gives, of the first 12 seeds, a long game (624
actions, 10 extra genes bought) with the most extra-gene decisions.

`--undo FOLDER` writes the bench's worst cases for undo (`bench.measure.undo_records`, up to
20,000 entries each), to import by hand; they are not committed: large, and built from the
long game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import playout  # noqa: E402  (the tests' seeded player: its passive actions, `one_of`)

from companion.tracker.record_core import FORMAT, VERSION  # noqa: E402
from companion.tracker.ursuppe import actions as A  # noqa: E402
from companion.tracker.ursuppe import apply, legal_actions, new_game  # noqa: E402
from companion.tracker.ursuppe.genes import actions as X  # noqa: E402
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS, RECOMMENDED_START  # noqa: E402
from companion.tracker.ursuppe.options import ExtraGenesMode  # noqa: E402
from companion.tracker.ursuppe.record.codec import setup_from_dict, setup_to_dict  # noqa: E402
from companion.tracker.ursuppe.record.document import entry_to_dict  # noqa: E402
from companion.tracker.ursuppe.state import GameState, Phase  # noqa: E402

EXAMPLE = ROOT / "examples" / "six-players.json"
LONG_GAME = ROOT / "bench" / "long-six-players.json"
EXTRA_GAME = ROOT / "bench" / "long-six-players-extra.json"
SEED = 31
EXTRA_SEED = 7
PER_ROUND = 2
LADDER = 100
MAX_ACTIONS = 3000

PASSIVE = (*playout.PASSIVE, A.EndMovement)
PREFERRED = (
    A.BuyGene,
    A.Stay,
    A.CarryCubes,
    A.Move,
    A.Divide,
    A.PlaceFreeAmoeba,
    A.MoveAgain,
    A.Attack,
    A.Strike,
    A.Defend,
    A.Escape,
    A.RetryAttack,
    A.RetryDefense,
    A.RideAlong,
)


def choose(rng: random.Random, state: GameState) -> A.Action:
    """A legal action, preferring the ones that lead to more entries."""
    legal = legal_actions(state)
    chosen = playout.one_of(rng, [a for a in legal if isinstance(a, PREFERRED)])
    if chosen is None:
        chosen = playout.one_of(rng, [a for a in legal if not isinstance(a, PASSIVE)], 0.5)
    return rng.choice(legal) if chosen is None else chosen


def generate(seed: int = SEED) -> dict[str, Any]:
    """The record (as JSON data) of one complete seeded 6-player game."""
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    setup_data = dict(example["setup"], ladder_length=LADDER)
    state = new_game(setup_from_dict(setup_data))
    rng = random.Random(seed)
    actions = []
    while state.phase is not Phase.OVER:
        if len(actions) >= MAX_ACTIONS:
            raise RuntimeError(f"seed {seed}: the game did not end in {MAX_ACTIONS} actions")
        action = choose(rng, state)
        state = apply(state, action).state
        actions.append(entry_to_dict(action))
    return {"format": FORMAT, "version": VERSION, "setup": setup_data, "actions": actions}


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


def choose_extra(rng: random.Random, state: GameState) -> A.Action:
    """A legal action, preferring extra genes, then the choices that make more entries."""
    legal = legal_actions(state)
    extra = [
        a
        for a in legal
        if isinstance(a, EXTRA_CHOICES) or (isinstance(a, A.BuyGene) and a.gene in EXTRA_KEYS)
    ]
    chosen = playout.one_of(rng, extra, 0.8)
    return choose(rng, state) if chosen is None else chosen


def generate_extra(seed: int = EXTRA_SEED) -> dict[str, Any]:
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
        action = choose_extra(rng, state)
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--undo", type=Path, help="write the worst-case undo records here")
    args = parser.parse_args(argv)
    if args.undo:
        from bench.measure import undo_records

        args.undo.mkdir(parents=True, exist_ok=True)
        data = json.loads(LONG_GAME.read_text(encoding="utf-8"))
        for name, record in undo_records(data).items():
            path = args.undo / f"{name.replace(' ', '-').replace(',', '')}.json"
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
            undos = sum(1 for a in record["actions"] if a["type"] == "undo")
            print(f"wrote {path} ({len(record['actions'])} entries, {undos} undo)")
        return
    for path, data in ((LONG_GAME, generate()), (EXTRA_GAME, generate_extra())):
        path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {path} ({len(data['actions'])} actions)")


if __name__ == "__main__":
    main()
