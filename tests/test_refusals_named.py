"""Refusals that say which condition failed, the rule and the option in force (issue: the
referee's desk, item 6). Rules: 000 §Fase 4 and 001 §Fase 4 (a new amoeba goes on a space
without one of its color, orthogonally next to one; with exactly one on the board the second
goes anywhere; with none, a free amoeba, an option), 003 §Placing Amoebas (amoebas 1-6 with
5-6 players), 001 §NOTA and 000 (Substitution with 4 players: 2:2:0 or 3:1:0, or 2:2:0 only),
Speed's own text in the gene table (000 §EL PROYECTO GENOMA DE AMEBA)."""

from __future__ import annotations

from builders import aid, at_phase, play, position, refused, setup_for

from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase, prompt, sources
from companion.tracker.ursuppe.actions import (
    Correct,
    Divide,
    Drift,
    Feed,
    Move,
    PlaceFreeAmoeba,
    RollMovement,
)
from companion.tracker.ursuppe.options import RuleOptions, Substitution4p

RED = Color.RED
OTHERS = ["yellow-1@19", "green-1@18", "blue-1@14"]


def red_divides(amoebas, n: int = 4, **kwargs):
    """Phase 4 with Red (highest marker) first to divide."""
    kwargs.setdefault("markers", {c.value: 10 - i for i, c in enumerate(list(Color)[:n])})
    return at_phase(position(n, amoebas=list(amoebas), **kwargs), Phase.DIVISION)


def test_a_space_holding_an_own_amoeba_says_so():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    error = refused(state, Divide(aid("red-3"), 6))
    assert "already holds an amoeba of Ana ● red" in error.message
    assert error.source == sources.PHASE_4


def test_a_diagonal_space_is_refused_as_not_orthogonally_next():
    state = red_divides(["red-1@7", "red-2@16", *OTHERS])  # 1 is diagonal to 7
    error = refused(state, Divide(aid("red-3"), 1))
    assert "not orthogonally next to" in error.message and "diagonal" in error.message


def test_the_second_amoeba_on_the_only_amoebas_space_is_told_to_go_elsewhere():
    state = red_divides(["red-1@7", *OTHERS])
    error = refused(state, Divide(aid("red-2"), 7))
    assert "only amoeba; the second may go on any other space" in error.message


def test_a_second_free_amoeba_says_how_many_amoebas_are_on_the_board():
    state = red_divides(["red-1@7", "red-2@8", *OTHERS])
    error = refused(state, PlaceFreeAmoeba(aid("red-3"), 1))
    assert "still has 2 amoebas on the board" in error.message
    assert "or the free amoeba option is off" not in error.message


def test_an_amoeba_number_beyond_the_colors_count_cites_the_5_6_player_rule():
    state = red_divides(["red-1@7", "yellow-1@19", "green-1@18", "blue-1@14", "white-1@1"], n=5)
    error = refused(state, Divide(aid("red-7"), 8))
    assert "numbered 1 to 6 in a game of 5 players, not 7" in error.message
    assert error.source == sources.PLACEMENT_5_6


def test_an_amoeba_number_past_the_last_names_the_count_not_a_missing_amoeba():
    mine = [f"red-{n}@{s}" for n, s in zip(range(1, 7), (1, 2, 3, 5, 6, 7), strict=True)]
    state = red_divides([*mine, *OTHERS], bp=99)
    error = refused(state, Divide(aid("red-8"), 8))
    assert "numbered 1 to 7 in a game of 4 players, not 8" in error.message
    assert error.source == sources.PLACEMENT


def test_a_meal_refused_under_the_2_2_0_option_names_the_option():
    options = RuleOptions(substitution_4p=Substitution4p.EVEN_ONLY)
    state = position(
        4,
        amoebas=["red-1@8"],
        genes={"red": ["substitution"]},
        cubes={8: {"yellow": 3, "green": 2, "blue": 1}},  # 1:1:1 or 2:2 here
        markers={"red": 1, "yellow": 2, "green": 3, "blue": 4},  # phase 1: ascending, red first
        card="P9",
        setup=setup_for(4, options=options),
    )
    state, _ = play(at_phase(state, Phase.MOVEMENT), Drift(aid("red-1")))
    error = refused(state, Feed(aid("red-1"), {"yellow": 3, "green": 1}))
    assert "Substitution with 4 players" in error.message and "2:2:0 only" in error.message


def test_speeds_second_move_cites_speeds_own_text():
    state = position(
        4,
        amoebas=["red-1@8"],
        genes={"red": ["speed"]},
        markers={"red": 1, "yellow": 2, "green": 3, "blue": 4},
        card="P9",
    )
    state, _ = play(at_phase(state, Phase.MOVEMENT), Move(aid("red-1")), RollMovement((3,)))
    assert prompt(state).source == sources.MOVEMENT_GENES
    error = refused(state, Drift(aid("red-1")))
    assert error.source == sources.MOVEMENT_GENES


def test_an_unknown_gene_key_in_a_correction_lists_the_keys():
    error = refused(position(4), Correct("gene", 1, "x", color=RED, gene="flying"), Exception)
    assert "struggle_for_survival" in error.message
