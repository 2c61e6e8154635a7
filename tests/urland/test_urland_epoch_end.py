"""A finished Urland game names the epoch it ended in (issue 30, item 12; 002: "La partita
consiste in 2 o 3 epoche"): the eruption that places the last volcano tile, or a scoring that
brings a marker to 30, does not start another epoch."""

from __future__ import annotations

import pytest
from urland_helpers import playout, setup_for

from companion.tracker.urland import engine
from companion.tracker.urland.projection import project
from companion.tracker.urland.state import Step


@pytest.mark.parametrize("seed", range(12))
def test_a_finished_game_is_in_an_epoch_it_played(seed):
    seen = []

    def epochs(before, action, applied):
        if applied.state.step is not Step.OVER:
            seen.append(applied.state.epoch)

    state, _ = playout(setup_for(3 + seed % 3), seed, check=epochs)
    assert state.step is Step.OVER
    assert 1 <= state.epoch <= 3
    assert state.epoch == seen[-1]  # the status does not move on once the game is over
    assert project(state, None)["epoch"] == state.epoch


def test_the_last_tile_ends_the_game_in_its_own_epoch():
    """The tiles run out at the end of an epoch's eruptions: that epoch is the last."""
    for seed in range(40):
        state, log = playout(setup_for(3), seed)
        replayed = engine.new_game(setup_for(3))
        for action in log:
            result = engine.apply(replayed, action)
            ended = any(e.kind == "end" and "last volcano tile" in e.text for e in result.events)
            if ended:
                assert result.state.epoch == replayed.epoch
                return
            replayed = result.state
    pytest.skip("no seed ended by the last tile")
