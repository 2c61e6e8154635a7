"""Game start through the public API: first card, start order, start spaces, placement.

Checks 000 §Preparación (4 BP, 2 cubes of each color in play on every space, the first
environment card), 000 §Determinar el Jugador de Comienzo (two dice, ties re-roll among the
tied, the winner picks a ladder start space 1..N), 000 §Colocar Amebas (ascending order, an
empty space, 1 DP with 4 or more players; then descending order, no DP) and 003 §Placing
Amoebas (amoebas 1-6 in a 5-6 player game); `new_game` refuses a setup the game cannot use.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from builders import aid, play, refused, setup_for, texts

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe import Phase, Step, apply, legal_actions, new_game, prompt
from companion.tracker.ursuppe.actions import (
    ChooseStartSpace,
    PlaceAmoeba,
    RollForStartOrder,
    SetStartSpaces,
    TurnEnvironmentCard,
)
from companion.tracker.ursuppe.data import PLACEHOLDER_DECK, EnvironmentCard
from companion.tracker.ursuppe.state import GameSetup, Seat

RED, YELLOW, GREEN, BLUE, WHITE = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE, Color.WHITE)


def rolled(n: int = 4):
    """A new game with the first environment card turned, awaiting the start rolls."""
    state, _ = apply(new_game(setup_for(n)), TurnEnvironmentCard("P4"))
    return state


def after_rolls(red: int, yellow: int, green: int, blue: int):
    """The four start rolls made, in seat order."""
    state, _ = play(
        rolled(),
        RollForStartOrder(RED, red),
        RollForStartOrder(YELLOW, yellow),
        RollForStartOrder(GREEN, green),
        RollForStartOrder(BLUE, blue),
    )
    return state


def with_start_spaces(n: int, spaces: dict[Color, int]):
    """A new game at the first placement, start spaces set directly."""
    state, _ = play(new_game(setup_for(n)), TurnEnvironmentCard("P1"), SetStartSpaces(spaces))
    return state


# ----- new_game refuses what the game cannot use ---------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_a_game_is_for_3_to_6_players(n):
    state = new_game(setup_for(n))
    assert state.n_players == n
    assert state.phase is Phase.SETUP


def test_two_players_are_refused():
    with pytest.raises(InvalidAction) as caught:
        new_game(setup_for(2))
    assert "3 to 6" in caught.value.message


def test_seven_players_are_refused():
    seats = tuple(Seat(f"P{i}", color) for i, color in enumerate(Color)) + (Seat("P7", Color.RED),)
    with pytest.raises(InvalidAction) as caught:
        new_game(GameSetup(seats=seats))
    assert "3 to 6" in caught.value.message


def test_two_players_may_not_share_a_color():
    seats = (Seat("Ana", RED), Seat("Ben", YELLOW), Seat("Cleo", RED))
    with pytest.raises(InvalidAction) as caught:
        new_game(GameSetup(seats=seats))
    assert caught.value.message.strip()


@pytest.mark.parametrize("size", [10, 12])
def test_the_environment_deck_must_hold_11_cards(size):
    deck = (PLACEHOLDER_DECK + (EnvironmentCard("X12", None, 9),))[:size]
    with pytest.raises(InvalidAction) as caught:
        new_game(setup_for(4, deck=deck))
    assert "11" in caught.value.message


# ----- 000 §Preparación ----------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_every_player_starts_with_4_bp_and_2_cubes_of_every_color_on_each_of_19_spaces(n):
    state = new_game(setup_for(n))
    assert [p.bp for p in state.players] == [4] * n
    assert len(state.cubes) == 19
    assert all(row == (2,) * n for row in state.cubes)
    assert all(state.supply(c) == 55 - 38 for c in state.colors)
    assert state.amoebas == ()


def test_the_first_environment_card_is_turned_first():
    state = new_game(setup_for(4))
    assert prompt(state).step is Step.TURN_CARD
    assert set(legal_actions(state)) == {TurnEnvironmentCard(c.id) for c in PLACEHOLDER_DECK}
    refused(state, RollForStartOrder(RED, 7))
    refused(state, SetStartSpaces({RED: 1, YELLOW: 2, GREEN: 3, BLUE: 4}))


def test_turning_the_first_card_puts_it_face_up_and_asks_for_start_rolls():
    state, events = apply(new_game(setup_for(4)), TurnEnvironmentCard("P4"))
    assert state.card == "P4"
    assert state.turned == ("P4",)
    assert state.remaining_cards() == tuple(c.id for c in PLACEHOLDER_DECK if c.id != "P4")
    assert state.round == 0 and state.phase is Phase.SETUP
    assert prompt(state).step is Step.START_ROLLS
    assert "10 cards left" in texts(list(events))


# ----- 000 §Determinar el Jugador de Comienzo -----------------------------------------
def test_start_rolls_are_made_one_player_at_a_time_in_seat_order():
    state = rolled()
    assert set(legal_actions(state)) == {RollForStartOrder(RED, t) for t in range(2, 13)}
    refused(state, RollForStartOrder(YELLOW, 7))
    state, _ = apply(state, RollForStartOrder(RED, 7))
    assert prompt(state).actor is YELLOW
    refused(state, RollForStartOrder(RED, 9))


@pytest.mark.parametrize("total", [1, 13])
def test_a_two_dice_total_is_2_to_12(total):
    refused(rolled(), RollForStartOrder(RED, total))


def test_the_highest_roll_picks_first():
    state = after_rolls(6, 11, 3, 9)  # no tie: yellow, blue, red, green
    assert prompt(state).step is Step.START_SPACE
    assert state.cursor.start_order == (YELLOW, BLUE, RED, GREEN)
    assert prompt(state).actor is YELLOW


def test_ties_re_roll_only_among_the_tied():
    state, events = play(
        rolled(),
        RollForStartOrder(RED, 8),
        RollForStartOrder(YELLOW, 10),
        RollForStartOrder(GREEN, 8),
        RollForStartOrder(BLUE, 5),
    )
    assert "Ana ● red and Cleo ■ green tie and roll again" in texts(events)
    assert prompt(state).step is Step.START_ROLLS
    assert set(legal_actions(state)) == {RollForStartOrder(RED, t) for t in range(2, 13)}
    refused(state, RollForStartOrder(YELLOW, 12))
    refused(state, RollForStartOrder(BLUE, 12))
    state, _ = apply(state, RollForStartOrder(RED, 9))
    assert prompt(state).actor is GREEN
    refused(state, RollForStartOrder(BLUE, 12))


def test_the_tied_group_keeps_its_place_whatever_the_re_roll():
    # Red and Green tied for second place; their re-rolls (3 and 2) are below Blue's 5,
    # but they only decide the order between the two of them.
    state, _ = play(
        after_rolls(8, 10, 8, 5), RollForStartOrder(RED, 2), RollForStartOrder(GREEN, 3)
    )
    assert state.cursor.start_order == (YELLOW, GREEN, RED, BLUE)


def test_a_tie_in_the_re_roll_is_rolled_again():
    state, events = play(
        rolled(3),
        RollForStartOrder(RED, 7),
        RollForStartOrder(YELLOW, 7),
        RollForStartOrder(GREEN, 7),
        RollForStartOrder(RED, 4),
        RollForStartOrder(YELLOW, 4),
        RollForStartOrder(GREEN, 9),
    )
    assert "Ana ● red and Ben ▲ yellow tie and roll again" in texts(events)
    state, _ = play(state, RollForStartOrder(RED, 5), RollForStartOrder(YELLOW, 6))
    assert state.cursor.start_order == (GREEN, YELLOW, RED)


def test_start_spaces_are_chosen_in_roll_order_among_1_to_n():
    state = after_rolls(6, 11, 3, 9)  # no tie: yellow, blue, red, green
    assert set(legal_actions(state)) == {ChooseStartSpace(YELLOW, s) for s in (1, 2, 3, 4)}
    refused(state, ChooseStartSpace(BLUE, 1))
    refused(state, ChooseStartSpace(YELLOW, 5))
    state, _ = apply(state, ChooseStartSpace(YELLOW, 4))
    assert prompt(state).actor is BLUE
    refused(state, ChooseStartSpace(BLUE, 4))  # one marker per space
    state, events = play(state, ChooseStartSpace(BLUE, 1), ChooseStartSpace(RED, 3))
    # Green's only space left is taken automatically (a single choice, no chance).
    assert "Cleo ■ green starts on ladder space 2" in texts(events)
    assert {p.color: p.marker for p in state.players} == {YELLOW: 4, BLUE: 1, RED: 3, GREEN: 2}
    assert prompt(state).step is Step.PLACE


@pytest.mark.parametrize("n", [3, 5, 6])
def test_the_start_spaces_are_1_to_n(n):
    colors = list(Color)[:n]
    state = rolled(n)
    for i, color in enumerate(colors):
        state, _ = apply(state, RollForStartOrder(color, 12 - i))
    assert {a.space for a in legal_actions(state)} == set(range(1, n + 1))
    refused(state, ChooseStartSpace(colors[0], n + 1))


def test_start_spaces_may_be_set_directly_before_any_roll():
    state, _ = apply(rolled(), SetStartSpaces({RED: 2, YELLOW: 4, GREEN: 1, BLUE: 3}))
    assert {p.color: p.marker for p in state.players} == {RED: 2, YELLOW: 4, GREEN: 1, BLUE: 3}
    assert prompt(state).step is Step.PLACE


@pytest.mark.parametrize(
    "spaces",
    [
        {RED: 1, YELLOW: 1, GREEN: 3, BLUE: 4},  # a shared space
        {RED: 1, YELLOW: 2, GREEN: 3, BLUE: 5},  # beyond N
        {RED: 1, YELLOW: 2, GREEN: 3},  # a player missing
    ],
)
def test_directly_set_start_spaces_must_be_1_to_n_once_each(spaces):
    refused(rolled(), SetStartSpaces(spaces))


def test_start_spaces_cannot_be_set_directly_after_a_roll():
    state, _ = apply(rolled(), RollForStartOrder(RED, 7))
    refused(state, SetStartSpaces({RED: 1, YELLOW: 2, GREEN: 3, BLUE: 4}))


def test_start_spaces_cannot_be_set_directly_while_a_tie_is_re_rolled():
    state = after_rolls(8, 10, 8, 5)
    refused(state, SetStartSpaces({RED: 1, YELLOW: 2, GREEN: 3, BLUE: 4}))


# ----- 000 §Colocar Amebas ------------------------------------------------------------
def test_first_placement_is_in_ascending_order_with_1_dp_on_an_empty_space():
    state = with_start_spaces(4, {RED: 3, YELLOW: 4, GREEN: 1, BLUE: 2})
    assert prompt(state).actor is GREEN  # lowest marker first
    refused(state, PlaceAmoeba(aid("blue-1"), 5))  # not Blue's turn yet
    state, events = apply(state, PlaceAmoeba(aid("green-1"), 5))
    assert state.amoeba(aid("green-1")).space == 5
    assert state.amoeba(aid("green-1")).dp == 1
    assert "with 1 DP" in texts(list(events))
    assert prompt(state).actor is BLUE
    refused(state, PlaceAmoeba(aid("blue-1"), 5))  # space 5 holds an amoeba
    assert all(a.space != 5 for a in legal_actions(state))
    state, _ = play(state, PlaceAmoeba(aid("blue-1"), 6), PlaceAmoeba(aid("red-1"), 7))
    assert prompt(state).actor is YELLOW
    assert [a.dp for a in state.amoebas] == [1, 1, 1]


def test_second_placement_is_in_descending_order_without_dp_on_an_empty_space():
    state = with_start_spaces(4, {RED: 3, YELLOW: 4, GREEN: 1, BLUE: 2})
    state, _ = play(
        state,
        PlaceAmoeba(aid("green-1"), 1),
        PlaceAmoeba(aid("blue-1"), 2),
        PlaceAmoeba(aid("red-1"), 3),
        PlaceAmoeba(aid("yellow-1"), 4),
    )
    assert prompt(state).actor is YELLOW  # highest marker first
    refused(state, PlaceAmoeba(aid("yellow-2"), 4))  # its own first amoeba is there
    refused(state, PlaceAmoeba(aid("yellow-2"), 1))
    refused(state, PlaceAmoeba(aid("yellow-1"), 10))  # already on the board
    order = []
    for color, space in ((YELLOW, 10), (RED, 11), (BLUE, 12), (GREEN, 13)):
        order.append(prompt(state).actor)
        state, _ = apply(state, PlaceAmoeba(aid(f"{color.value}-2"), space))
    assert order == [YELLOW, RED, BLUE, GREEN]
    second = [a for a in state.amoebas if a.number == 2]
    assert [a.dp for a in second] == [0, 0, 0, 0]
    assert len({a.space for a in state.amoebas}) == 8  # never two on one space
    assert state.phase is Phase.MOVEMENT and state.round == 1


def test_with_3_players_the_first_amoebas_get_no_dp():
    state = with_start_spaces(3, {RED: 1, YELLOW: 2, GREEN: 3})
    state, events = play(
        state,
        PlaceAmoeba(aid("red-1"), 1),
        PlaceAmoeba(aid("yellow-1"), 2),
        PlaceAmoeba(aid("green-1"), 3),
    )
    assert [a.dp for a in state.amoebas] == [0, 0, 0]
    assert "with 1 DP" not in texts(events)


@pytest.mark.parametrize("n", [5, 6])
def test_the_first_amoebas_get_1_dp_with_5_or_6_players(n):
    colors = list(Color)[:n]
    state = with_start_spaces(n, {c: i + 1 for i, c in enumerate(colors)})
    state, _ = apply(state, PlaceAmoeba(aid("red-1"), 1))
    assert state.amoeba(aid("red-1")).dp == 1


def test_any_amoeba_number_may_be_placed_at_setup():
    state = with_start_spaces(4, {RED: 1, YELLOW: 2, GREEN: 3, BLUE: 4})
    assert {a.amoeba.number for a in legal_actions(state)} == set(range(1, 8))
    state, _ = apply(state, PlaceAmoeba(aid("red-5"), 9))
    assert state.amoeba(aid("red-5")).space == 9


@pytest.mark.parametrize("n", [5, 6])
def test_a_5_or_6_player_game_uses_amoebas_1_to_6_only(n):
    colors = list(Color)[:n]
    state = with_start_spaces(n, {c: i + 1 for i, c in enumerate(colors)})
    assert {a.amoeba.number for a in legal_actions(state)} == set(range(1, 7))
    refused(state, PlaceAmoeba(aid("red-7"), 1))


def test_a_full_setup_leaves_the_cubes_and_bp_untouched():
    state = with_start_spaces(4, {RED: 1, YELLOW: 2, GREEN: 3, BLUE: 4})
    for color, space in ((RED, 1), (YELLOW, 2), (GREEN, 3), (BLUE, 4)):
        state, _ = apply(state, PlaceAmoeba(aid(f"{color.value}-1"), space))
    for color, space in ((BLUE, 5), (GREEN, 6), (YELLOW, 7), (RED, 8)):
        state, _ = apply(state, PlaceAmoeba(aid(f"{color.value}-2"), space))
    assert state.phase is Phase.MOVEMENT and state.round == 1
    assert [p.bp for p in state.players] == [4, 4, 4, 4]
    assert all(row == (2, 2, 2, 2) for row in state.cubes)
    assert len(state.amoebas) == 8
    assert state.card == "P1"


def test_a_setup_with_a_custom_deck_turns_its_cards():
    deck = tuple(replace(c, id=f"K{i}") for i, c in enumerate(PLACEHOLDER_DECK, 1))
    state = new_game(setup_for(3, deck=deck, deck_is_placeholder=False))
    refused(state, TurnEnvironmentCard("P1"))
    state, _ = apply(state, TurnEnvironmentCard("K7"))
    assert state.card == "K7"
