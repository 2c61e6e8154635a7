"""Phase 4 cell division: income, price, legal spaces, free amoeba, Spores, amoeba limit.

Checks 000 §Fase 4 and 001 §Fase 4 (descending order; each player receives 10 BP; a new
amoeba costs 6 BP and goes on a space with no amoeba of its color, orthogonally adjacent to
a space holding one, one just placed counting; with exactly one amoeba on the board the
second goes anywhere at the normal price; with none, one amoeba is placed free anywhere,
001 §Fase 4 "IMPORTANTE" and 004 §Fase 4, a rule option since 000 is silent),
003 §Phase 4: Cell Division (11 BP with 5-6 players), 003 §Placing Amoebas (amoebas 1-6 in
a 5-6 player game), the gene table of 000 §EL PROYECTO GENOMA DE AMEBA (Division Rate: 4 BP;
Spores: any space without an amoeba of that color) and 000 §Orden Numérico (any free
amoeba number may be used).
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, at_phase_with_events, play, position, refused, setup_for, texts

from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase, Step, apply, legal_actions, prompt, sources
from companion.tracker.ursuppe.actions import Divide, EndDivision, PlaceFreeAmoeba
from companion.tracker.ursuppe.options import RuleOptions, ZeroAmoebas
from companion.tracker.ursuppe.rules import division

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
ALL_SPACES = tuple(range(1, 20))
# Yellow, Green and Blue each have an amoeba somewhere out of the way.
OTHERS = ["yellow-1@19", "green-1@18", "blue-1@14"]


def red_divides(amoebas=(), n: int = 4, **kwargs):
    """Phase 4 with Red (highest marker) first to divide."""
    kwargs.setdefault("markers", {c.value: 10 - i for i, c in enumerate(list(Color)[:n])})
    return at_phase(position(n, amoebas=list(amoebas), **kwargs), Phase.DIVISION)


def red_spaces(state) -> set[int]:
    return {a.space for a in state.amoebas_of(RED)}


# ----- income and order ---------------------------------------------------------------
def test_each_player_receives_10_bp_at_the_start_of_their_turn():
    state, events = at_phase_with_events(
        position(
            4,
            amoebas=["red-1@1", *OTHERS],
            bp=3,
            markers={"red": 4, "yellow": 3, "green": 2, "blue": 1},
        ),
        Phase.DIVISION,
    )
    assert prompt(state).actor is RED
    assert state.player(RED).bp == 13
    assert state.player(YELLOW).bp == 3  # not yet Yellow's turn
    assert "Ana ● red receives 10 BP (now 13)" in texts(events)
    state, events = apply(state, EndDivision(RED))
    assert prompt(state).actor is YELLOW
    assert state.player(YELLOW).bp == 13
    assert state.player(RED).bp == 13
    assert "Ben ▲ yellow receives 10 BP (now 13)" in texts(list(events))


@pytest.mark.parametrize("n", [5, 6])
def test_each_player_receives_11_bp_with_5_or_6_players(n):
    state = red_divides(["red-1@1"], n=n, bp=0)
    assert state.player(RED).bp == 11


def test_division_is_in_descending_order():
    markers = {"red": 2, "yellow": 9, "green": 5, "blue": 1}
    state = at_phase(
        position(
            4, amoebas=["red-1@1", "yellow-1@2", "green-1@3", "blue-1@4"], bp=0, markers=markers
        ),
        Phase.DIVISION,
    )
    order = []
    while state.phase is Phase.DIVISION:
        order.append(prompt(state).actor)
        state, _ = apply(state, EndDivision(prompt(state).actor))
    assert order == [YELLOW, GREEN, RED, BLUE]
    assert [p.bp for p in state.players] == [10, 10, 10, 10]


def test_a_player_not_on_turn_cannot_divide():
    state = red_divides(["red-1@1", *OTHERS])
    error = refused(state, Divide(aid("yellow-2"), 15))
    assert "Ana ● red" in error.message


# ----- price -------------------------------------------------------------------------
def test_a_new_amoeba_costs_6_bp_and_has_no_dp():
    state = red_divides(["red-1@6:1", "red-2@1", *OTHERS], bp=0)
    state, events = apply(state, Divide(aid("red-3"), 7))
    assert state.amoeba(aid("red-3")).space == 7
    assert state.amoeba(aid("red-3")).dp == 0
    assert "for 6 BP" in texts(list(events))
    # 4 BP left: no second amoeba, so Red's turn ends by itself.
    assert state.player(RED).bp == 4
    assert prompt(state).actor is YELLOW


def test_a_new_amoeba_costs_4_bp_with_division_rate():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS], bp=0, genes={"red": ["division_rate"]})
    assert division.division_cost(state, RED) == 4
    state, _ = play(state, Divide(aid("red-3"), 7), Divide(aid("red-4"), 8))
    assert state.player(RED).bp == 2
    assert len(state.amoebas_of(RED)) == 4
    assert prompt(state).actor is YELLOW


def test_as_many_amoebas_as_the_player_can_pay_for():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS], bp=8)  # 18 after income
    state, _ = play(
        state, Divide(aid("red-3"), 7), Divide(aid("red-4"), 8), Divide(aid("red-5"), 9)
    )
    assert state.player(RED).bp == 0
    assert red_spaces(state) == {1, 6, 7, 8, 9}
    assert prompt(state).actor is YELLOW


# ----- legal spaces -------------------------------------------------------------------
def test_a_new_amoeba_goes_next_to_an_amoeba_of_its_color_on_a_space_without_one():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    assert division.legal_spaces(state, RED) == (2, 5, 7, 11)
    divides = {a for a in legal_actions(state) if isinstance(a, Divide)}
    assert {a.space for a in divides} == {2, 5, 7, 11}
    assert {a.amoeba.number for a in divides} == {3, 4, 5, 6, 7}


@pytest.mark.parametrize("space", [1, 6])
def test_a_new_amoeba_cannot_go_on_a_space_with_an_amoeba_of_its_color(space):
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    error = refused(state, Divide(aid("red-3"), space))
    assert error.source == sources.PHASE_4


@pytest.mark.parametrize("space", [3, 8, 12, 19])
def test_a_new_amoeba_cannot_go_on_a_space_not_adjacent_to_its_color(space):
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    refused(state, Divide(aid("red-3"), space))


def test_diagonal_spaces_are_not_adjacent():
    # Space 7 is diagonal to spaces 1 and 3 (rows 0-1): only 2, 6 and 8 touch it.
    state = red_divides(["red-1@7", "red-2@16", *OTHERS])
    assert 1 not in division.legal_spaces(state, RED)
    assert 3 not in division.legal_spaces(state, RED)
    assert {2, 6, 8} <= set(division.legal_spaces(state, RED))


def test_amoebas_of_other_colors_do_not_block_a_space():
    state = red_divides(["red-1@6", "red-2@1", "yellow-1@7", "yellow-2@2", *OTHERS[1:]])
    state, _ = apply(state, Divide(aid("red-3"), 7))
    assert state.amoeba(aid("red-3")).space == 7
    assert state.amoeba(aid("yellow-1")).space == 7


def test_an_amoeba_just_placed_counts_for_adjacency():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS], bp=20)
    refused(state, Divide(aid("red-4"), 8))
    state, _ = apply(state, Divide(aid("red-3"), 7))
    assert 8 in division.legal_spaces(state, RED)
    state, _ = apply(state, Divide(aid("red-4"), 8))
    assert state.amoeba(aid("red-4")).space == 8


def test_the_island_is_not_a_space():
    # Space 8 and space 12 are both beside the island; the island itself is no space.
    state = red_divides(["red-1@8", "red-2@12", *OTHERS])
    assert division.legal_spaces(state, RED) == (3, 7, 9, 13, 17)


# ----- one amoeba on the board, or none ------------------------------------------------
def test_with_exactly_one_amoeba_the_second_goes_anywhere_at_the_normal_price():
    state = red_divides(["red-1@1", *OTHERS], bp=0)
    assert division.legal_spaces(state, RED) == ALL_SPACES[1:]
    state, _ = apply(state, Divide(aid("red-2"), 19))
    assert state.amoeba(aid("red-2")).space == 19
    assert state.player(RED).bp == 4


def test_the_third_amoeba_goes_next_to_one_of_the_first_two_again():
    state = red_divides(["red-1@1", *OTHERS], bp=10)
    state, _ = apply(state, Divide(aid("red-2"), 19))
    assert division.legal_spaces(state, RED) == (2, 6, 17)
    refused(state, Divide(aid("red-3"), 10))


def test_with_no_amoeba_on_the_board_one_is_placed_free_anywhere():
    state = red_divides(OTHERS, bp=0)
    placements = {a for a in legal_actions(state) if isinstance(a, PlaceFreeAmoeba)}
    assert {a.space for a in placements} == set(ALL_SPACES)
    assert not any(isinstance(a, Divide) for a in legal_actions(state))
    error = refused(state, Divide(aid("red-1"), 5))
    assert error.source == sources.FREE_AMOEBA
    state, events = apply(state, PlaceFreeAmoeba(aid("red-4"), 19))
    assert state.amoeba(aid("red-4")).space == 19
    assert state.player(RED).bp == 10  # free
    assert "free on space 19" in texts(list(events))


def test_after_the_free_amoeba_more_are_bought_as_usual():
    state = red_divides(OTHERS, bp=0)
    state, _ = apply(state, PlaceFreeAmoeba(aid("red-4"), 19))
    refused(state, PlaceFreeAmoeba(aid("red-5"), 1))  # only one free amoeba
    state, _ = apply(state, Divide(aid("red-1"), 2))  # the second anywhere, 6 BP
    assert state.player(RED).bp == 4
    assert red_spaces(state) == {2, 19}


def test_a_player_with_amoebas_places_no_free_amoeba():
    state = red_divides(["red-1@1", "red-2@2", *OTHERS])
    assert not any(isinstance(a, PlaceFreeAmoeba) for a in legal_actions(state))
    refused(state, PlaceFreeAmoeba(aid("red-3"), 3))


def test_without_the_free_amoeba_option_a_player_with_no_amoeba_gets_none():
    setup = setup_for(4, options=RuleOptions(zero_amoebas=ZeroAmoebas.NONE))
    state, events = at_phase_with_events(
        position(
            4,
            amoebas=OTHERS,
            bp=0,
            setup=setup,
            markers={"red": 4, "yellow": 3, "green": 2, "blue": 1},
        ),
        Phase.DIVISION,
    )
    assert state.amoebas_of(RED) == ()
    assert state.player(RED).bp == 10
    assert prompt(state).actor is YELLOW  # Red had nothing to do
    assert any(e.kind == "forced" for e in events)


# ----- Spores ------------------------------------------------------------------------
def test_spores_place_a_new_amoeba_on_any_space_without_one_of_its_color():
    state = red_divides(["red-1@1", "red-2@2", *OTHERS], genes={"red": ["spores"]})
    assert division.legal_spaces(state, RED) == ALL_SPACES[2:]
    state, _ = apply(state, Divide(aid("red-3"), 19))
    assert state.amoeba(aid("red-3")).space == 19
    assert state.player(RED).bp == 14
    refused(state, Divide(aid("red-4"), 2))


# ----- the amoebas of a color -----------------------------------------------------------
def test_at_most_7_amoebas_of_a_color():
    seven = [f"red-{i}@{i}" for i in range(1, 8)]
    state = red_divides([*seven, *OTHERS], bp=30)
    assert division.free_numbers(state, RED) == ()
    assert len(state.amoebas_of(RED)) == 7
    assert state.player(RED).bp == 40
    assert prompt(state).actor is YELLOW  # nothing to place: Red's turn ended by itself


def test_the_seventh_amoeba_is_the_last():
    six = [f"red-{i}@{i}" for i in range(1, 7)]
    state = red_divides([*six, *OTHERS], bp=30)
    assert {a.amoeba for a in legal_actions(state) if isinstance(a, Divide)} == {aid("red-7")}
    state, _ = apply(state, Divide(aid("red-7"), 7))
    assert len(state.amoebas_of(RED)) == 7
    assert prompt(state).actor is YELLOW


@pytest.mark.parametrize("n", [5, 6])
def test_at_most_6_amoebas_of_a_color_with_5_or_6_players(n):
    five = [f"red-{i}@{i}" for i in range(1, 6)]
    state = red_divides(five, n=n, bp=30)
    assert division.free_numbers(state, RED) == (6,)
    refused(state, Divide(aid("red-7"), 6))
    state, _ = apply(state, Divide(aid("red-6"), 6))
    assert len(state.amoebas_of(RED)) == 6
    assert prompt(state).actor is not RED


def test_any_free_amoeba_number_may_be_used():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    state, _ = apply(state, Divide(aid("red-6"), 5))
    assert state.amoeba(aid("red-6")).space == 5
    assert division.free_numbers(state, RED) == (3, 4, 5, 7)


def test_an_amoeba_already_on_the_board_cannot_be_placed_again():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    refused(state, Divide(aid("red-1"), 5))


def test_phase_4_awaits_division():
    state = red_divides(["red-1@6", "red-2@1", *OTHERS])
    assert state.phase is Phase.DIVISION
    assert prompt(state).step is Step.DIVIDE
    assert EndDivision(RED) in legal_actions(state)
