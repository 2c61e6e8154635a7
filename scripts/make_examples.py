"""Regenerate the example game records in examples/ and their checked final states.

Each example is played by a seeded player that chooses only legal actions (mostly the
active ones: buying, dividing, attacking) and is recorded exactly as the app records a
game. Run after a deliberate rule change, read the diff of examples/*.expected.json, and
commit both: tests/test_examples.py replays every record against its expected state.

    python scripts/make_examples.py
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from companion.tracker.colors import Color
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import apply, legal_actions, new_game
from companion.tracker.ursuppe.genes.extra import RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.record.document import Record, record_to_dict, replay_record
from companion.tracker.ursuppe.rules.people import TwoPlayers, ranking
from companion.tracker.ursuppe.state import GameSetup, GameState, Phase, Seat, Step

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
sys.path.insert(0, str(ROOT / "tests"))
from playout import ADVANCED, PASSIVE, RULED, one_of  # noqa: E402  (the tests' seeded player)

# A 5-player game with extra genes on the table from round 1 (003 §The Amoeba Advanced
# Genome Project, a fixed agreed list): the seed is one where most of them are bought and used.
EXTRA_SEED = 21
EXTRA_GENES_IN_PLAY = RULED + ADVANCED

# A 5-player game as 003 §Play recommends: Social Gene and Population Explosion from round 1,
# 2 more extra genes turned over each round after the leader has bought (the table tells
# which; the seeded player picks among the face-down cards).
TURNED_SEED = 14


class Example(NamedTuple):
    """One example game: its file name, the player's seed, the seats ("Name color, ..." in
    seat order), whether the deck is shuffled first, and what the setup adds."""

    name: str
    seed: int
    seats: str
    shuffle: bool
    variant: TwoPlayers = TwoPlayers.NONE
    extra: tuple[str, ...] = ()  # a fixed list of extra genes
    turned: tuple[str, ...] = ()  # the starting pair, more extra genes turned over each round


GAMES = (
    Example("three-players", 3, "Ana red, Ben yellow, Cleo green", True),
    Example("four-players", 11, "Ana blue, Ben red, Cleo green, Dev yellow", False),
    Example(
        "five-players-extra-genes",
        EXTRA_SEED,
        "Ana green, Ben red, Cleo blue, Dev white, Eli yellow",
        True,
        extra=EXTRA_GENES_IN_PLAY,
    ),
    # "Dora", not "Dev": Spanish "Devuelto" would contain it
    Example(
        "five-players-turned-over",
        TURNED_SEED,
        "Ana blue, Ben yellow, Cleo red, Dora black, Eli green",
        True,
        turned=RECOMMENDED_START,
    ),
    Example(
        "six-players", 6, "Ana red, Ben yellow, Cleo green, Dev blue, Eli white, Fay black", False
    ),
    # 000 §Ursuppe para 2 jugadores: the decoy (scoring), double play I and II
    Example("three-players-decoy", 21, "Ana red, Ben blue, Decoy green", True, TwoPlayers.DECOY),
    Example(
        "four-players-double-play-1",
        22,
        "Ana red, Ana yellow, Ben green, Ben blue",
        True,
        TwoPlayers.DOUBLE_1,
    ),
    Example(
        "four-players-double-play-2",
        23,
        "Ana red, Ben green, Ana yellow, Ben blue",
        True,
        TwoPlayers.DOUBLE_2,
    ),
)


def choose(rng: random.Random, state: GameState) -> A.Action:
    """A plausible table choice among the legal ones."""
    legal = legal_actions(state)
    active = [a for a in legal if not isinstance(a, PASSIVE)]
    eager = {
        Step.BUY: 0.55,
        Step.DIVIDE: 0.9,
        Step.FEED: 0.8,
        Step.AGGRESSION: 0.8,
        Step.ATTACK_RESPONSE: 0.8,
    }
    if state.cursor.step is Step.MOVEMENT_CHOICE:
        # Players drift more often than they pay to move.
        drift = [a for a in legal if isinstance(a, A.Drift)]
        if drift and rng.random() < 0.6:
            return drift[0]
    chosen = one_of(rng, active, eager.get(state.cursor.step, 0.0))
    return rng.choice(legal) if chosen is None else chosen


def play(game: Example) -> Record:
    """Play a whole example game and return its record."""
    rng = random.Random(game.seed)
    seats = tuple(
        Seat(name, Color(color)) for name, color in map(str.split, game.seats.split(", "))
    )
    setup = GameSetup(seats=seats, two_players=game.variant)
    if game.extra:
        setup = replace(setup, extra_genes=ExtraGenesMode.FIXED_LIST, extra_start=game.extra)
    if game.turned:
        setup = replace(setup, extra_genes=ExtraGenesMode.START_AND_TURNED, extra_start=game.turned)
    state = new_game(setup)
    entries: list[A.Action] = []
    if game.shuffle:
        order = list(state.remaining_cards())
        rng.shuffle(order)
        first = A.ShuffleEnvironmentDeck(tuple(order))
        state = apply(state, first).state
        entries.append(first)
    while state.phase is not Phase.OVER:
        action = choose(rng, state)
        state = apply(state, action).state
        entries.append(action)
    return Record(setup, tuple(entries))


def expected(state: GameState) -> dict:
    """The checked summary of a final state (two-player games: keyed by name and color, and
    the ranking of the persons)."""
    two = state.setup.two_players is not TwoPlayers.NONE
    summary = {
        "round": state.round,
        "phase": state.phase.value,
        "standings": [p.name for p in sorted(state.players, key=lambda p: -p.marker)],
        "players": {
            (f"{p.name} {p.color.value}" if two else p.name): {
                "color": p.color.value,
                "marker": p.marker,
                "bp": p.bp,
                "genes": sorted(p.gene_keys),
                "amoebas": [f"{a.number}@{a.space}:{a.dp}" for a in state.amoebas_of(p.color)],
            }
            for p in state.players
        },
        "cubes": [list(row) for row in state.cubes],
        "score_history": [list(r) for r in state.score_history],
    }
    summary |= (
        {"extra_genes_face_up": sorted(state.extra_available)} if state.extra_available else {}
    )
    summary |= {"toxic": [list(t) for t in state.toxic]} if state.toxic else {}
    if two:
        summary["ranking"] = [[p.person.name, p.result] for p in ranking(state)]
    return summary


def dump_record(data: dict) -> str:
    """The record as JSON with one action per line, for readable diffs."""
    head = {k: v for k, v in data.items() if k != "actions"}
    text = json.dumps(head, indent=1)[:-2]
    lines = ",\n  ".join(json.dumps(a) for a in data["actions"])
    return text + ',\n "actions": [\n  ' + lines + "\n ]\n}\n"


def main() -> int:
    """Write every example record and its expected final state."""
    EXAMPLES.mkdir(exist_ok=True)
    for game in GAMES:
        name = game.name
        record = play(game)
        state, _ = replay_record(record)
        (EXAMPLES / f"{name}.json").write_text(dump_record(record_to_dict(record)))
        (EXAMPLES / f"{name}.expected.json").write_text(
            json.dumps(expected(state), indent=1) + "\n"
        )
        print(
            f"{name}: {len(record.entries)} actions, round {state.round}, "
            f"winner {expected(state)['standings'][0]}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
