"""A long 6-player game for the benchmark, generated deterministically by a seeded player.

The recorded example (`examples/six-players.json`) has 417 actions. A complete game of
Ursuppe cannot run much longer: it ends after phase 6 of the round in which the last of the
11 environment cards was turned (10 rounds), or earlier when a marker reaches the end zone.
So this game uses a 100-space ladder (end zone 91-100, a valid setup) to play all 10 rounds,
and a player that prefers the choices that make more entries: moving instead of drifting,
buying genes, dividing, attacking, riding along. Seed 31 gives the longest game of the first
40 seeds (686 actions); 1000 actions are out of reach for a legal complete 6-player game.

Regenerate with `python -m bench.longgame` (writes bench/long-six-players.json).

The worst cases for undo (records made mostly of undo entries, up to the 20,000 entries a
record may hold) are built from that game by `undo_records`; `python -m bench.longgame
--undo FOLDER` writes them out, to import by hand. They are not committed: they are large
and follow from the long game.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from companion.tracker.record_core import FORMAT, MAX_ENTRIES, VERSION, Undo
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import apply, legal_actions, new_game
from companion.tracker.ursuppe.record.codec import setup_from_dict
from companion.tracker.ursuppe.record.document import History, entry_to_dict, record_from_dict
from companion.tracker.ursuppe.state import GameState, Phase

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


def card_turns_and_undos(data: dict[str, Any], size: int = MAX_ENTRIES) -> dict[str, Any]:
    """The first card turned and taken back, over and over (each time another card)."""
    setup = record_from_dict(dict(data, actions=[])).setup
    cards = [card.id for card in setup.deck]
    actions: list[dict[str, Any]] = []
    while len(actions) + 2 <= size:
        actions.append({"type": "turn_card", "card": cards[len(actions) // 2 % len(cards)]})
        actions.append({"type": "undo", "to": 0})
    return dict(data, actions=actions)


def undo_and_reenter(data: dict[str, Any], size: int = MAX_ENTRIES) -> dict[str, Any]:
    """The whole game, each action undone and entered again as often as the size allows."""
    base = data["actions"]
    repeat = (size - len(base)) // (2 * len(base))
    actions: list[dict[str, Any]] = []
    for kept, action in enumerate(base, 1):
        actions.append(action)
        for _ in range(repeat):
            actions += [{"type": "undo", "to": kept - 1}, action]
    return dict(data, actions=actions)


def undo_and_choose_otherwise(data: dict[str, Any], others: int = 6) -> dict[str, Any]:
    """The whole game, trying up to `others` other legal choices (each undone) before each
    action: every one of them is a state the engine must compute afresh."""
    record = record_from_dict(data)
    history = History.begin(record.setup)
    actions: list[dict[str, Any]] = []
    for kept, action in enumerate(record.entries):
        alternatives = [a for a in legal_actions(history.state) if a != action][:others]
        for other in alternatives:
            actions += [entry_to_dict(other), {"type": "undo", "to": kept}]
        history = history.add(action)[0]
        actions.append(entry_to_dict(action))
    return dict(data, actions=actions)


def undo_records(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The worst-case records for undo, by name, each replayable to a legal state."""
    return {
        "card turns and undos": card_turns_and_undos(data),
        "undo and re-enter, every action": undo_and_reenter(data),
        "undo other choices, every action": undo_and_choose_otherwise(data),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.longgame", description=__doc__)
    parser.add_argument("--undo", type=Path, help="write the worst-case undo records here")
    args = parser.parse_args(argv)
    if args.undo:
        args.undo.mkdir(parents=True, exist_ok=True)
        data = json.loads(LONG_GAME.read_text(encoding="utf-8"))
        for name, record in undo_records(data).items():
            path = args.undo / f"{name.replace(' ', '-').replace(',', '')}.json"
            path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
            undos = sum(1 for a in record["actions"] if a["type"] == Undo.kind)
            print(f"wrote {path} ({len(record['actions'])} entries, {undos} undo)")
        return
    data = generate()
    LONG_GAME.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {LONG_GAME} ({len(data['actions'])} actions)")


if __name__ == "__main__":
    main()
