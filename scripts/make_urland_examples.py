"""Regenerate Urland's golden game records in examples/urland/ and their checked final states.

Each game is played by a seeded player that shuffles chance and chooses only legal actions,
recorded as the app records a game (`companion.tracker.urland.record`). Run after a
deliberate rule change, read the diff of examples/urland/*.expected.json, and commit both:
tests/urland/test_urland_record_and_examples.py replays every record against its expected state.

    python scripts/make_urland_examples.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

from companion.tracker.colors import Color
from companion.tracker.urland import engine
from companion.tracker.urland.actions import Bid, EndActions
from companion.tracker.urland.record import record_to_dict, replay_entries
from companion.tracker.urland.state import Options, Seat, Step, UrlandSetup, UrlandState

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "urland"
sys.path.insert(0, str(ROOT / "tests"))
from urland_draws import shuffled_draw  # noqa: E402  (the tests' draws at random)

NAMES = (("Ana", Color.RED), ("Ben", Color.YELLOW), ("Cleo", Color.GREEN), ("Dev", Color.BLUE),
         ("Eva", Color.BLACK))  # fmt: skip
GAMES = {"three-players": (3, 31), "four-players": (4, 41), "five-players": (5, 51)}


def expected(state: UrlandState) -> dict:
    """What a replay must reach: the end, the markers, genes, merged regions, tokens out."""
    return {
        "step": state.step.value,
        "epoch": state.epoch,
        "markers": {p.color.value: p.marker for p in state.players},
        "reserves": {p.color.value: p.reserve for p in state.players},
        "genes": {p.color.value: list(p.genes) for p in state.players},
        "merged": [list(m) for m in state.merged],
        "out": list(state.out),
    }


def play(n: int, seed: int) -> tuple[UrlandSetup, list]:
    """A complete game of n players from a seed: its setup and its actions."""
    rng = random.Random(seed)
    setup = UrlandSetup(tuple(Seat(name, color) for name, color in NAMES[:n]), options=Options())
    state = engine.new_game(setup)
    log = []
    while state.step is not Step.OVER:
        action = shuffled_draw(state, rng)
        if action is None:
            legal = engine.legal_actions(state)
            active = [a for a in legal if not isinstance(a, EndActions) and a.kind != "retreat"]
            if state.step is Step.BID:
                color = legal[0].color
                action = Bid(color, rng.randint(0, min(3, state.player(color).reserve)))
            else:
                action = rng.choice(active if active and rng.random() < 0.9 else legal)
        state = engine.apply(state, action).state
        log.append(action)
    return setup, log


def main() -> int:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for name, (n, seed) in GAMES.items():
        setup, log = play(n, seed)
        record = record_to_dict(setup, tuple(log))
        (EXAMPLES / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        state = replay_entries(setup, tuple(log))
        (EXAMPLES / f"{name}.expected.json").write_text(
            json.dumps(expected(state), indent=1) + "\n"
        )
        print(name, len(log), "actions", expected(state)["markers"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
