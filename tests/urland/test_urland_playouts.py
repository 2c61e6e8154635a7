"""Random Urland games choosing only legal actions (chance shuffled), with the invariants
checked after every action: Ichto conserved between board and reserve (27 per color, the
28th is the marker, 002 "Contenuto"), one marker per track space (002 §2.3), at most one
Ichto per color where a volcano erupted (002 §3.3 Perdite), region tokens conserved, every
event explained with its source; at the end replay equals state and the dict round trip
holds. A few games in the normal run, more with `-m slow`."""

from __future__ import annotations

import pytest
from urland_helpers import playout, setup_for

from companion.tracker.urland import board, codec, engine, tokens
from companion.tracker.urland.state import ICHTO_PER_PLAYER, UNKNOWN, Step


def invariants(before, action, applied):
    state = applied.state
    for color in state.colors:
        assert state.on_board(color) + state.player(color).reserve == ICHTO_PER_PLAYER - 1
        assert state.player(color).reserve >= 0
    markers = [p.marker for p in state.players if p.marker]
    assert len(markers) == len(set(markers)), markers
    assert tokens.pile_size(state) >= 0
    known = [t for h in state.hands for t in h if t != UNKNOWN] + list(state.spots)
    known += [] if state.kept in (None, UNKNOWN) else [state.kept]
    assert len(known) == len(set(known)) and not set(known) & set(state.out)
    if state.epoch > before.epoch:
        for token in set(state.out) - set(before.out):
            region = board.home(state.merged, str(token))
            assert all(state.count(region, c) <= 1 for c in state.colors), region
    for event in applied.events:
        assert event.source is not None, event.text
    for area in board.REGIONS:
        if area not in board.live_regions(state.merged):
            assert state.total(area) == 0


def finished(setup, seed):
    state, log = playout(setup, seed, invariants)
    assert engine.replay(setup, log) == state
    assert codec.from_dict(codec.to_dict(state)) == state
    assert codec.setup_from_dict(codec.setup_to_dict(setup)) == setup
    return state


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_keep_the_invariants(n):
    state = finished(setup_for(n), seed=n)
    assert state.step is Step.OVER


def test_a_random_game_with_tokens_drawn_at_the_table():
    setup = setup_for(4, tokens_by_app=False, ichto_per_dealt_region=3)
    assert finished(setup, seed=7).step is Step.OVER


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_many_random_games_keep_the_invariants(n):
    for seed in range(100, 120):
        finished(setup_for(n, tokens_by_app=seed % 3 != 0), seed)
