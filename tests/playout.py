"""A seeded player that chooses only legal actions, biased toward the interesting ones."""

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
    if active and rng.random() < eager.get(step, 0.0):
        return rng.choice(active)
    return rng.choice(legal)
