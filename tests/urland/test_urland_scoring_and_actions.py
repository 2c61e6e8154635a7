"""Urland's actions and scoring, with the worked examples of its rulebook (002 §2.2, §2.3)."""

from __future__ import annotations

import pytest
from urland_helpers import started, with_counts, with_genes, with_markers

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.urland import cite, engine, ichto, scoring
from companion.tracker.urland.actions import (
    EndActions,
    KeepToken,
    Land,
    Proliferate,
    Retreat,
    Swim,
    UseDoubleTurn,
)
from companion.tracker.urland.genes import LEGS, MUSCLES, TURBO, WARM_BLOOD
from companion.tracker.urland.state import Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def at_actions(**counts):
    """Four players, tokens kept: green (the first Ichto player) acts with 2 actions."""
    state = engine.apply(started(4), KeepToken(1)).state
    assert state.step is Step.ACTIONS and state.actors[0] == GREEN
    return with_counts(state, counts) if counts else state


# ----- 002 §2.2 Prolificare -----------------------------------------------------------
def test_002_proliferation_example_six_three_two():
    # 002 §2.2 example: 6 black, 3 white, 2 grey: black +2, white +1, grey nothing.
    state = at_actions(C={GREEN: 6, YELLOW: 3, RED: 2, BLUE: 0})
    new = engine.apply(state, Proliferate("C")).state
    assert (new.count("C", GREEN), new.count("C", YELLOW), new.count("C", RED)) == (8, 4, 2)


def test_002_proliferation_only_where_your_own_color_proliferates():
    state = at_actions(C={GREEN: 2, YELLOW: 3})
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, Proliferate("C"))
    assert refused.value.source == cite.PROLIFERATE


def test_002_proliferation_stops_at_an_empty_reserve():
    state = at_actions(C={GREEN: 6, YELLOW: 6})
    from companion.tracker.urland.state import set_player

    state = set_player(state, YELLOW, reserve=1)
    new = engine.apply(state, Proliferate("C")).state
    assert new.count("C", YELLOW) == 7 and new.player(YELLOW).reserve == 0


def test_care_of_young_table():
    # 002 §5 Cura dei piccoli: 2-3 give 1, 4-5 give 2, 6+ give 3.
    assert [ichto.gain(n, True) for n in range(8)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [ichto.gain(n, False) for n in range(8)] == [0, 0, 0, 1, 1, 1, 2, 2]


# ----- 002 §2.2 the other actions ----------------------------------------------------
def test_landing_goes_to_a_bordering_region_only():
    state = at_actions()
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, Land("A", "12"))
    assert refused.value.source == cite.LAND
    new = engine.apply(state, Land("D", "12")).state
    assert new.count("12", GREEN) == state.count("12", GREEN) + 1


def test_legs_or_turbo_land_two():
    state = at_actions()
    with pytest.raises(IllegalAction):
        engine.apply(state, Land("D", "12", 2))
    new = engine.apply(with_genes(state, GREEN, TURBO), Land("D", "12", 2)).state
    assert new.count("D", GREEN) == state.count("D", GREEN) - 2


def test_swimming_reaches_a_bordering_ocean_or_any_with_turbo():
    state = at_actions()
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, Swim("A", "E", 2))
    assert refused.value.source == cite.SWIM
    assert (
        engine.apply(with_genes(state, GREEN, TURBO), Swim("A", "E", 2)).state.count("E", GREEN)
        == 5
    )


def test_a_retreat_takes_any_own_ichto_from_several_areas_at_once():
    state = at_actions()
    new = engine.apply(state, Retreat((("A", 3), ("B", 1)))).state
    assert new.player(GREEN).reserve == state.player(GREEN).reserve + 4


def test_two_actions_then_the_next_ichto_player():
    state = at_actions()
    state = engine.apply(state, Swim("A", "B", 1)).state
    state = engine.apply(state, Swim("A", "B", 1)).state
    # green has a double-turn token: it may spend it now, or end
    assert UseDoubleTurn() in engine.legal_actions(state)
    state = engine.apply(state, UseDoubleTurn()).state
    assert state.actions_left == 2 and state.double_used
    state = engine.apply(state, EndActions()).state
    assert state.actors[0] == YELLOW and state.actions_left == 2


def test_warm_blood_gives_one_more_action():
    state = engine.apply(with_genes(started(4), GREEN, WARM_BLOOD), KeepToken(1)).state
    assert state.actions_left == 3


def test_three_players_one_ichto_player_with_three_actions():
    state = engine.apply(started(3), KeepToken(1)).state
    assert len(state.actors) == 1 and state.actions_left == 3


# ----- 002 §2.3 Punteggio ------------------------------------------------------------
def test_002_competition_example_four_three_two_one():
    # 4 striped, 3 black, 2 grey, 1 white: white home; striped 3, black 2, grey 2.
    state = at_actions(**{"5": {RED: 4, YELLOW: 3, GREEN: 2, BLUE: 1}})
    kind, points, home = scoring.outcome(state, "5")
    assert kind == "competition" and home == (BLUE,)
    assert points == {RED: 3, YELLOW: 2, GREEN: 2}


def test_002_competition_variant_four_four_one_one():
    # With 4 black and 1 grey instead: white and grey home, striped and black 3 each.
    state = at_actions(**{"5": {RED: 4, YELLOW: 4, GREEN: 1, BLUE: 1}})
    kind, points, home = scoring.outcome(state, "5")
    assert set(home) == {GREEN, BLUE} and points == {RED: 3, YELLOW: 3}


def test_coexistence_monopoly_and_empty():
    state = at_actions(**{"5": {RED: 2, YELLOW: 2}, "6": {BLUE: 3}})
    assert scoring.outcome(state, "5") == ("coexistence", {RED: 2, YELLOW: 2}, ())
    assert scoring.outcome(state, "6") == ("monopoly", {BLUE: 3}, ())
    assert scoring.outcome(state, "7") == ("empty", {}, ())


def test_muscles_count_half_an_ichto_more_two_beat_two_not_three():
    state = with_genes(
        at_actions(**{"5": {RED: 2, YELLOW: 2}, "6": {RED: 2, YELLOW: 3}}), RED, MUSCLES
    )
    assert scoring.outcome(state, "5")[1:] == ({RED: 3}, (YELLOW,))
    assert scoring.outcome(state, "6")[1:] == ({YELLOW: 3}, (RED,))


def test_the_kept_token_is_scored_and_goes_on_its_volcano_spot():
    state = at_actions(**{"1": {RED: 1}})
    state = with_markers(state, {RED: 10, YELLOW: 3, GREEN: 2, BLUE: 1})
    state = engine.apply(state, EndActions()).state  # green
    applied = engine.apply(state, EndActions())  # yellow, the last Ichto player
    new = applied.state
    assert new.spots == (1,) and new.player(RED).marker == 13
    # red passed 12: a mutation follows this scoring (002 §2.3 Mutazione?)
    assert new.step is Step.BID and new.spaces_called == (12,)
    assert all(e.source is not None for e in applied.events)
    assert new.env_color == RED  # the dead (left of blue) is the next environment player


def test_every_refusal_names_its_rule():
    state = at_actions()
    for action in (Land("A", "12"), Swim("A", "A", 1), Retreat(()), Proliferate("1")):
        with pytest.raises(IllegalAction) as refused:
            engine.apply(state, action)
        assert refused.value.source is not None, action


def test_legs_walk_across_a_thin_water_strip():
    from companion.tracker.urland.actions import Walk

    state = with_genes(at_actions(**{"5": {GREEN: 1}}), GREEN, LEGS)
    assert engine.apply(state, Walk("5", "6")).state.count("6", GREEN) == 1
    with pytest.raises(IllegalAction):
        engine.apply(state, Walk("5", "9"))
