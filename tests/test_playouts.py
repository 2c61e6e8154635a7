"""Seeded random playouts, 3-6 players, choosing only legal actions, checking invariants.

After every action: cubes per color are conserved (board + supply = 55, never negative),
one marker per ladder space, no negative BP or DP, gene copies conserved and never
duplicated, the prompt names a legal next step, every action survives its JSON record
form, and the step is reproducible from the
dict round trip of the previous state (apply(from_dict(to_dict(prev)), a) == state). By
induction that makes replay(log) == state after every action; the full replay is also
checked at the end of every game and at random checkpoints.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from builders import setup_for
from playout import choose

from companion.tracker.colors import Color
from companion.tracker.ursuppe import (
    action_from_dict,
    action_to_dict,
    apply,
    from_dict,
    legal_actions,
    new_game,
    prompt,
    replay,
    to_dict,
)
from companion.tracker.ursuppe.data import FOOD_CUBES_PER_COLOR, GENES
from companion.tracker.ursuppe.state import GameState, Phase

# About 0.7 s of CPU each: the normal run plays 12 games a player count, the slow run the rest.
NORMAL_GAMES = 48
SLOW_GAMES = 1052


def check_invariants(state: GameState) -> None:
    """Every invariant a state must keep, whatever happened."""
    for i, color in enumerate(state.colors):
        on_board = sum(row[i] for row in state.cubes)
        assert all(row[i] >= 0 for row in state.cubes)
        assert 0 <= on_board <= FOOD_CUBES_PER_COLOR
        assert on_board + state.supply(color) == FOOD_CUBES_PER_COLOR
    placed = [p.marker for p in state.players if p.marker]
    assert len(placed) == len(set(placed)), "two markers share a ladder space"
    assert all(0 <= m <= state.setup.ladder_length for m in placed)
    assert all(p.bp >= 0 for p in state.players), "negative BP"
    assert all(a.dp >= 0 for a in state.amoebas)
    ids = [a.id for a in state.amoebas]
    assert len(ids) == len(set(ids)), "an amoeba is on the board twice"
    held_by_key = Counter(k for p in state.players for k in p.gene_keys)
    for card in GENES:
        held, total = held_by_key[card.key], state.copies_total(card.key)
        assert held + state.copies_left(card.key) == total
        assert 0 <= held <= total
    for p in state.players:
        assert len(p.gene_keys) == len(set(p.gene_keys)), "a duplicate gene is held"
    if state.phase is not Phase.OVER:
        assert legal_actions(state), f"nothing legal at {prompt(state).text}"


def playout(players: int, seed: int, max_actions: int = 4000) -> tuple[GameState, list]:
    """Play one game to its end; checks invariants after every action."""
    rng = random.Random(seed)
    colors = list(Color)
    rng.shuffle(colors)  # seats need not follow any color order
    setup = setup_for(players, colors=tuple(colors))
    state = new_game(setup)
    log = []
    checkpoints = set(rng.sample(range(1, 300), 2))
    while state.phase is not Phase.OVER:
        assert len(log) < max_actions, "the game did not end"
        action = choose(rng, state)
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
        previous = state
        state = apply(state, action).state
        log.append(action)
        check_invariants(state)
        assert apply(from_dict(to_dict(previous)), action).state == state
        if len(log) in checkpoints:
            assert replay(setup, log) == state
    assert replay(setup, log) == state
    assert from_dict(to_dict(state)) == state
    assert state.score_history[-1] == tuple(p.marker for p in state.players)
    return state, log


@pytest.mark.parametrize("seed", range(NORMAL_GAMES))
def test_random_playout_keeps_every_invariant(seed):
    playout(3 + seed % 4, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(NORMAL_GAMES, NORMAL_GAMES + SLOW_GAMES))
def test_random_playout_keeps_every_invariant_long_run(seed):
    playout(3 + seed % 4, seed)
