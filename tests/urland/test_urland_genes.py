"""The gene actions and automatic genes (002 §5 Geni), each refusal naming the gene's rule,
and hostile input: malformed actions are refused, never crash the engine."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest
from urland_helpers import erupting, started, with_counts, with_genes

from companion.tracker.colors import Color
from companion.tracker.errors import ActionError, IllegalAction
from companion.tracker.urland import engine
from companion.tracker.urland.actions import (
    ACTIONS,
    Assimilate,
    Bite,
    ChooseOcean,
    Egg,
    Fly,
    KeepToken,
    RevealToken,
    ScoreVolcano,
    Stink,
)
from companion.tracker.urland.codec import action_from_dict
from companion.tracker.urland.genes import (
    ASSIMILATION,
    EARS,
    EGG,
    GENES_BY_KEY,
    STINKGLANDS,
    TEETH,
    WINGS,
)
from companion.tracker.urland.state import UNKNOWN, Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def acting(gene: str, **counts):
    state = engine.apply(with_genes(started(4), GREEN, gene), KeepToken(1)).state
    return with_counts(state, counts)


def test_assimilation_two_of_another_color_become_one_of_yours_for_two_actions():
    state = acting(ASSIMILATION, **{"5": {GREEN: 1, RED: 2}})
    new = engine.apply(state, Assimilate("5", RED)).state
    assert (new.count("5", GREEN), new.count("5", RED)) == (2, 0)
    assert new.actions_left == 0 and new.actors[0] == GREEN  # may still spend a double turn
    with pytest.raises(IllegalAction) as refused:
        engine.apply(acting(ASSIMILATION, **{"5": {GREEN: 1, RED: 1}}), Assimilate("5", RED))
    assert refused.value.source == GENES_BY_KEY[ASSIMILATION].rule


def test_egg_costs_two_actions_or_one_with_two_of_yours_there():
    state = acting(EGG, **{"5": {GREEN: 2}})
    new = engine.apply(state, Egg("5")).state
    assert new.count("5", GREEN) == 3 and new.actions_left == 1
    new = engine.apply(state, Egg("6")).state
    assert new.count("6", GREEN) == 1 and new.actions_left == 0


def test_wings_carry_one_or_two_from_land_to_any_area():
    state = acting(WINGS, **{"5": {GREEN: 2}})
    assert engine.apply(state, Fly("5", "12", 2)).state.count("12", GREEN) == 2
    with pytest.raises(IllegalAction):
        engine.apply(state, Fly("A", "5", 1))


def test_stinkglands_drive_every_other_ichto_to_an_adjacent_area():
    state = acting(STINKGLANDS, **{"6": {GREEN: 1, RED: 2, BLUE: 1}})
    new = engine.apply(state, Stink("6", "C")).state
    assert new.total("6") == 1 and new.count("C", RED) == state.count("C", RED) + 2
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, Stink("6", "E"))
    assert refused.value.source == GENES_BY_KEY[STINKGLANDS].rule


def test_teeth_bite_but_ears_on_land_are_immune():
    state = acting(TEETH, **{"5": {GREEN: 1, RED: 1}})
    assert engine.apply(state, Bite("5", RED)).state.count("5", RED) == 0
    assert engine.apply(state, Bite("A", RED)).state.count("A", RED) == 2
    deaf = with_genes(state, RED, EARS)
    with pytest.raises(IllegalAction) as refused:
        engine.apply(deaf, Bite("5", RED))
    assert refused.value.source == GENES_BY_KEY[EARS].rule
    assert engine.apply(deaf, Bite("A", RED)).state.count("A", RED) == 2  # not in an ocean


def test_ears_save_the_excess_of_an_eruption_into_a_chosen_ocean():
    state = erupting({"10": {GREEN: 2}, "11": {GREEN: 3}}, pair=(11, 7))
    state = with_genes(state, GREEN, EARS)
    state = engine.apply(state, ScoreVolcano("7")).state
    assert state.step is Step.DIVE_OCEAN  # region 10 (with 11) borders oceans D and E
    before = state.count("E", GREEN)
    state = engine.apply(state, ChooseOcean("E")).state
    assert state.count("10", GREEN) == 1 and state.count("E", GREEN) == before + 4


def test_tokens_drawn_at_the_table_are_revealed_at_scoring():
    state = started(4, tokens_by_app=False)
    assert state.kept == UNKNOWN and state.step is Step.ACTIONS
    for _ in range(2):
        state = engine.apply(state, engine.legal_actions(state)[0]).state  # end actions
    assert state.step is Step.REVEAL
    with pytest.raises(IllegalAction):
        engine.apply(state, RevealToken(11))  # out of the game (the first volcano)
    state = engine.apply(state, RevealToken(5)).state
    assert state.spots == (5,) and state.step is Step.DRAW


WEIRD = [None, True, -1, 0, 1, 2, 99, "", "A", "5", "Z", "red", [], [[1]], [["A", 1]], {}, 1.5]


def test_hostile_actions_are_refused_never_crash():
    rng = random.Random(5)
    states = [started(4), engine.apply(started(4), KeepToken(2)).state]
    states.append(replace(started(4), step=Step.BID, turn=1))
    for _ in range(3000):
        cls = rng.choice(list(ACTIONS.values()))
        data = {"type": cls.kind, **{f.name: rng.choice(WEIRD) for f in fields(cls)}}
        try:
            action = action_from_dict(data)
            engine.apply(rng.choice(states), action)
        except ActionError:
            pass
