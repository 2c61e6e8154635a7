"""Urland's chance steps drawn at random, for the tests' and scripts' seeded playouts."""

from __future__ import annotations

import random

from companion.tracker.urland import engine


def shuffled_draw(state, rng: random.Random):
    """The draw a chance step makes from its items shuffled by `rng`; None at a choice."""
    items = engine.chance(state)
    if items is None:
        return None
    order = list(items)
    rng.shuffle(order)
    return engine.from_shuffle(state, tuple(order))
