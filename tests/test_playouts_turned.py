"""Seeded random playouts with extra genes turned over each round (003 §Play, 001 §4.2):
the recommended starting pair (or none, all at random), N = 1-3 per round from the app's
recorded shuffle, every extra gene eligible (Highly Adaptable swaps, Population Explosion,
Hard Crust, Social Gene bought from its holder, the Sensing genes included).

Checked after every action, besides the base invariants: one copy of each extra gene; the
face-up extra genes only grow and come in the shuffled order; the face-down pile and the
face-up genes share nothing; and the next environment card is never in the projection of a
seat that may not look at it, nor in the public view (003: the holder "may not tell").

How many games run where (the normal run; with `test_playouts_extra.py` 200 games, about
40 s of CPU together on the shared 2-core machine; the projections of every seat after every
action are the costliest check):
- 36 games on the printed ladder (50 spaces), 3-6 players, N = 1-3 a round;
- 64 games on a 30-space ladder (about 5 rounds), 3 extra genes turned over a round so that
  most of the pile still comes into play.
"""

from __future__ import annotations

import random

import pytest
from builders import setup_for
from playout import choose
from seeds import seeds
from test_playouts import check_invariants
from test_playouts_extra import check_extra

from companion.tracker.colors import Color
from companion.tracker.ursuppe import apply, new_game, replay
from companion.tracker.ursuppe.actions import ShuffleEnvironmentDeck
from companion.tracker.ursuppe.genes.actions import ShuffleExtraGenes
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS, RECOMMENDED_START
from companion.tracker.ursuppe.genes.sensing import sensers
from companion.tracker.ursuppe.options import ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.state import GameState, Phase
from companion.tracker.ursuppe.views.public import public_view
from companion.tracker.ursuppe.views.seat import seat_view

GAMES = 36
SHORT_GAMES = 64
SHORT_LADDER = 30


def check_turned(state: GameState, before: GameState) -> None:
    """The turn-over keeps its order and its pile."""
    assert state.extra_available[: len(before.extra_available)] == before.extra_available
    assert not set(state.extra_available) & set(state.extra_pile)
    assert len(set(state.extra_available)) == len(state.extra_available)
    new = state.extra_available[len(before.extra_available) :]
    assert new == before.extra_pile[: len(new)]


def check_secret(state: GameState) -> None:
    """The next card reaches only the projection of a player who may look at it."""
    if not state.shuffled_order:
        return
    secret = repr(state.setup.cards[state.shuffled_order[0]].id)
    assert secret not in repr(public_view(state))
    looking = sensers(state)
    for color in state.colors:
        mine = seat_view(state, color)
        if color in looking:
            assert mine["secret"]["card"]["id"] == state.shuffled_order[0]
        else:
            assert mine["secret"] is None and secret not in repr(mine)


def turned_setup(seed: int, rng: random.Random, short: bool = False):
    colors = list(Color)
    rng.shuffle(colors)
    all_random = seed % 3 == 0
    return setup_for(
        3 + seed % 4,
        colors=tuple(colors),
        extra_genes=ExtraGenesMode.ALL_RANDOM if all_random else ExtraGenesMode.START_AND_TURNED,
        extra_start=() if all_random else RECOMMENDED_START,
        options=RuleOptions(extra_genes_per_round=3 if short else 1 + seed % 3),
        **({"ladder_length": SHORT_LADDER} if short else {}),
    )


def turned_playout(seed: int, short: bool = False) -> None:
    """Play one game with extra genes turned over from the app's shuffle, checking all."""
    rng = random.Random(1000 + seed)
    setup = turned_setup(seed, rng, short)
    state = new_game(setup)
    cards = [c.id for c in setup.deck]
    rng.shuffle(cards)
    pile = [k for k in EXTRA_KEYS if k not in setup.extra_start]
    rng.shuffle(pile)
    log = [ShuffleEnvironmentDeck(tuple(cards)), ShuffleExtraGenes(tuple(pile))]
    for action in log:
        state = apply(state, action).state
    while state.phase is not Phase.OVER:
        assert len(log) < 6000, "the game did not end"
        action = choose(rng, state)
        before = state
        state = apply(state, action).state
        log.append(action)
        check_invariants(state)
        check_extra(state)
        check_turned(state, before)
        check_secret(state)
    assert replay(setup, log) == state
    assert len(state.extra_available) >= min(len(EXTRA_KEYS), len(setup.extra_start) + 1)


@pytest.mark.parametrize("seed", seeds(0, GAMES, normal=12))
def test_random_playout_with_extra_genes_turned_over_keeps_every_invariant(seed):
    turned_playout(seed)


@pytest.mark.parametrize("seed", seeds(GAMES, GAMES + SHORT_GAMES, normal=16))
def test_short_playout_with_extra_genes_turned_over_keeps_every_invariant(seed):
    turned_playout(seed, short=True)
