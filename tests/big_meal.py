"""A 6-player game record that reaches a meal with hundreds of legal choices: the first
amoeba to move holds Suction II (set by a referee correction), with the diagonal option
(003 §The Amoeba Advanced Genome Project: "horizontal or diagonal"), on a full soup."""

from __future__ import annotations

import random

from companion.tracker.colors import Color
from companion.tracker.ursuppe import apply, legal_actions, new_game, prompt
from companion.tracker.ursuppe.actions import Correct, Drift
from companion.tracker.ursuppe.engine import CHANCE_STEPS
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS
from companion.tracker.ursuppe.options import ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.record.document import Record, record_to_dict
from companion.tracker.ursuppe.state import GameSetup, GameState, Seat, Step

SEATS = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def big_meal(genes: tuple[str, ...] = ("suction_2",), least: int = 300) -> tuple[dict, GameState]:
    """The record (as its JSON dict) and the state at the first meal with `least` choices."""
    rng = random.Random(3)
    extra = tuple(g for g in genes if g in EXTRA_KEYS)
    setup = GameSetup(
        seats=tuple(Seat(n, c) for n, c in zip(SEATS, Color, strict=True)),
        options=RuleOptions(suction_diagonal=True),
        # the extra genes named are face up from the start
        extra_genes=ExtraGenesMode.FIXED_LIST if extra else ExtraGenesMode.NONE,
        extra_start=extra,
    )
    state = new_game(setup)
    entries = []
    corrected = False
    for _ in range(500):
        step = prompt(state).step
        legal = legal_actions(state)
        if step is Step.FEED and len(legal) >= least:
            return record_to_dict(Record(setup, tuple(entries))), state
        if step is Step.MOVEMENT_CHOICE and not corrected:
            color = state.cursor.amoeba.color
            for gene in genes:
                entry = Correct("gene", 1, "the table shows it", color=color, gene=gene)
                state = apply(state, entry).state
                entries.append(entry)
            corrected = True
            action = Drift(state.cursor.amoeba)
        else:
            action = rng.choice(legal) if step in CHANCE_STEPS else legal[0]
        state = apply(state, action).state
        entries.append(action)
    raise AssertionError("no long meal list came up")
