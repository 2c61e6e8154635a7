"""A long 6-player game for the benchmark, generated deterministically by a seeded player.

The recorded example (`examples/six-players.json`) has 417 actions. A complete game of
Ursuppe cannot run much longer: it ends after phase 6 of the round in which the last of the
11 environment cards was turned (10 rounds), or earlier when a marker reaches the end zone.
So this game uses a 100-space ladder (end zone 91-100, a valid setup) to play all 10 rounds,
and a player that prefers the choices that make more entries: moving instead of drifting,
buying genes, dividing, attacking, riding along. Seed 31 gives the longest game of the first
40 seeds (686 actions); 1000 actions are out of reach for a legal complete 6-player game.

Regenerate with `python -m bench.longgame` (writes bench/long-six-players.json).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from companion.tracker import actions as A
from companion.tracker import apply, legal_actions, new_game
from companion.tracker.codec import setup_from_dict
from companion.tracker.record import FORMAT, VERSION, entry_to_dict
from companion.tracker.state import GameState, Phase

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "six-players.json"
LONG_GAME = Path(__file__).resolve().parent / "long-six-players.json"
SEED = 31
LADDER = 100
MAX_ACTIONS = 3000

PASSIVE = (
    A.EndPurchases,
    A.EndDivision,
    A.DeclineAggression,
    A.Starve,
    A.AcceptAttack,
    A.DeclineRetry,
    A.EndMovement,
)
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
    preferred = [a for a in legal if isinstance(a, PREFERRED)]
    if preferred:
        return rng.choice(preferred)
    active = [a for a in legal if not isinstance(a, PASSIVE)]
    if active and rng.random() < 0.5:
        return rng.choice(active)
    return rng.choice(legal)


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


def main() -> None:
    data = generate()
    LONG_GAME.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {LONG_GAME} ({len(data['actions'])} actions)")


if __name__ == "__main__":
    main()
