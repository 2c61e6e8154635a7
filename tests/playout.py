"""A seeded player that chooses only legal actions, biased toward the interesting ones.

The scripts that generate the example and benchmark games play with the same pieces
(`PASSIVE`, `one_of`, the extra genes in play), each with its own bias."""

from __future__ import annotations

import random

from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.state import GameState, Step

PASSIVE = (
    A.EndPurchases,
    A.EndDivision,
    A.DeclineAggression,
    A.Starve,
    A.AcceptAttack,
    A.DeclineRetry,
)

# The extra genes the playouts exercise most (003 §The Amoeba Advanced Genome Project), and
# the advanced ones; the 5-player example game plays all of them as its fixed list.
RULED = (
    "glutton",
    "alarm",
    "cleanliness",
    "fast_food",
    "more_than_a_mouthful",
    "camouflage_1",
    "suction_1",
    "threat_display",
    "healing_1",
    "rebound",
    "go_out_with_a_bang",
    "toxic_excretions",
)
ADVANCED = ("camouflage_2", "suction_2", "healing_2")


def one_of(rng: random.Random, actions: list[A.Action], chance: float | None = None):
    """A random one of `actions`, or None when there are none or a roll misses `chance`
    (no roll without a chance, none with no actions: the seeded games stay the same)."""
    if not actions or (chance is not None and rng.random() >= chance):
        return None
    return rng.choice(actions)


def choose(rng: random.Random, state: GameState) -> A.Action:
    """A legal action: mostly the active choices (buy, divide, attack, defend), else any."""
    legal = legal_actions(state)
    active = [a for a in legal if not isinstance(a, PASSIVE)]
    step = state.cursor.step
    eager = {
        Step.BUY: 0.6,
        Step.DIVIDE: 0.85,
        Step.FEED: 0.8,
        Step.AGGRESSION: 0.7,
        Step.ATTACK_RESPONSE: 0.7,
        Step.ATTACK_RETRY: 0.7,
        Step.DEFENSE_RETRY: 0.7,
    }
    chosen = one_of(rng, active, eager.get(step, 0.0))
    return rng.choice(legal) if chosen is None else chosen
