"""Phase 1 movement rules.

Checks 000 §Fase 1 (drift, moving by itself, obstacles, ascending and numerical order),
000 §Brújula (the compass die), 004 §Fase 1 (cards with no drift; staying put only with a 5,
an obstacle, no drift, or Holding), the gene table 000 §EL PROYECTO GENOMA DE AMEBA and
001 §LE CARTE GENE "NORMALE" (Movement I, Speed, Streamlining, Tentacle, Holding),
000 §Genes Avanzados (Movement II, Persistence) and 000 §Preguntas (Speed's second move is
optional; Movement II still costs 1 BP).
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, at_phase_with_events, play, position, texts
from builders import refused_message as refused

from companion.tracker.colors import Color
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import ChooseDirection, Drift, Move, RollMovement, Stay
from companion.tracker.ursuppe.data import Direction
from companion.tracker.ursuppe.state import Phase, Step

N, E, S, W = Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST
RED1 = aid("red-1")
YELLOW1 = aid("yellow-1")


def space_of(state, amoeba: str) -> int:
    return state.amoeba(aid(amoeba)).space


def step(state, space: int, direction: Direction) -> int | None:
    return state.setup.board.step(space, direction)


def cubes(state, space: int, color: str) -> int:
    return state.cubes_on(space)[state.seat(Color(color))]


# ----- the board -----------------------------------------------------------------------
def test_the_compass_island_borders_spaces_7_11_12_and_16():
    state = position(4)
    board = state.setup.board
    assert board.size == 19
    assert board.step(7, S) is None
    assert board.step(11, E) is None
    assert board.step(12, W) is None
    assert board.step(16, N) is None
    # across the edge
    assert board.step(1, N) is None and board.step(1, W) is None
    assert board.step(19, E) is None and board.step(19, S) is None


# ----- drift ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("card", "direction"), [("P1", N), ("P2", E), ("P3", S), ("P4", W)], ids=["N", "E", "S", "W"]
)
def test_drift_moves_one_space_in_the_card_direction(card, direction):
    state = at_phase(position(4, amoebas=["red-1@8"], card=card), Phase.MOVEMENT)
    target = step(state, 8, direction)
    assert target is not None

    state, events = play(state, Drift(RED1))

    assert space_of(state, "red-1") == target
    assert f"from space 8 to space {target}" in texts(events)


@pytest.mark.parametrize(
    ("start", "card"),
    [(7, "P3"), (11, "P2"), (12, "P4"), (16, "P1")],
    ids=["south-of-7", "east-of-11", "west-of-12", "north-of-16"],
)
def test_drift_into_the_island_stays_put(start, card):
    state = at_phase(position(4, amoebas=[f"red-1@{start}"], card=card), Phase.MOVEMENT)

    state, events = play(state, Drift(RED1))

    assert space_of(state, "red-1") == start
    assert "blocks" in texts(events)


@pytest.mark.parametrize(
    ("start", "card"), [(1, "P1"), (5, "P4"), (4, "P2"), (19, "P3")], ids=["N", "W", "E", "S"]
)
def test_drift_against_the_board_edge_stays_put(start, card):
    state = at_phase(position(4, amoebas=[f"red-1@{start}"], card=card), Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert space_of(state, "red-1") == start


def test_a_card_without_drift_leaves_drifting_amoebas_in_place():
    state = at_phase(position(4, amoebas=["red-1@8"], card="P9"), Phase.MOVEMENT)

    state, events = play(state, Drift(RED1))

    assert space_of(state, "red-1") == 8
    assert "no drift" in texts(events)


def test_other_amoebas_are_no_obstacle_to_a_drift():
    state = position(4, amoebas=["red-1@8", "yellow-1@3", "green-1@3"], card="P1")
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert space_of(state, "red-1") == 3


def test_drifting_is_free():
    state = at_phase(position(4, amoebas=["red-1@8"], bp=5), Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert state.player(Color.RED).bp == 5


# ----- moving by itself: the compass die ------------------------------------------------
@pytest.mark.parametrize(
    ("die", "direction"),
    [(1, W), (2, N), (3, E), (4, S), (5, None)],
    ids=["1W", "2N", "3E", "4S", "5"],
)
def test_the_compass_die_sends_the_amoeba_1_west_2_north_3_east_4_south_5_nowhere(die, direction):
    state = at_phase(position(4, amoebas=["red-1@8"], card="P9"), Phase.MOVEMENT)
    target = 8 if direction is None else step(state, 8, direction)

    state, _ = play(state, Move(RED1))
    assert prompt(state).step is Step.MOVE_ROLL
    assert len(legal_actions(state)) == 6  # one die
    state, _ = play(state, RollMovement((die,)))

    assert space_of(state, "red-1") == target


def test_a_six_on_the_compass_die_gives_a_free_choice_of_direction():
    state = at_phase(position(4, amoebas=["red-1@8"]), Phase.MOVEMENT)
    state, _ = play(state, Move(RED1), RollMovement((6,)))

    assert prompt(state).step is Step.MOVE_DIRECTION
    assert set(legal_actions(state)) == {ChooseDirection(d.value) for d in Direction}
    refused(state, ChooseDirection("stay"))
    state, _ = play(state, ChooseDirection("E"))

    assert space_of(state, "red-1") == step(state, 8, E)


def test_a_move_into_the_island_does_not_happen_but_is_paid():
    state = at_phase(position(4, amoebas=["red-1@7"], bp=10), Phase.MOVEMENT)

    state, events = play(state, Move(RED1), RollMovement((4,)))  # 4: south, the island

    assert space_of(state, "red-1") == 7
    assert state.player(Color.RED).bp == 9
    assert "blocks" in texts(events)


def test_a_move_costs_one_bp():
    state = at_phase(position(4, amoebas=["red-1@8"], bp=3), Phase.MOVEMENT)

    state, _ = play(state, Move(RED1))

    assert state.player(Color.RED).bp == 2


def test_a_move_is_free_with_streamlining():
    state = position(4, amoebas=["red-1@8"], bp=3, genes={"red": ["streamlining"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Move(RED1), RollMovement((2,)))

    assert state.player(Color.RED).bp == 3
    assert space_of(state, "red-1") == step(state, 8, N)


def test_streamlining_lets_an_amoeba_without_bp_move():
    state = position(4, amoebas=["red-1@8"], bp=0, genes={"red": ["streamlining"]})
    state = at_phase(state, Phase.MOVEMENT)

    assert Move(RED1) in legal_actions(state)


def test_an_amoeba_without_bp_is_forced_to_drift():
    state = position(4, amoebas=["red-1@8", "red-2@14"], bp=0, card="P1")

    state, events = at_phase_with_events(state, Phase.MOVEMENT)

    assert space_of(state, "red-1") == step(state, 8, N)
    forced = [e for e in events if e.kind == "forced"]
    assert forced and "drift" in forced[0].text.lower()


def _holding_amoeba_without_bp():
    # Holding gives a second option, so the drift is not taken automatically.
    state = position(4, amoebas=["red-1@8"], bp=0, genes={"red": ["holding"]})
    return at_phase(state, Phase.MOVEMENT)


def test_moving_without_bp_is_refused():
    state = _holding_amoeba_without_bp()
    assert set(legal_actions(state)) == {Drift(RED1), Stay(RED1)}

    refused(state, Move(RED1))


def test_refusing_a_move_without_bp_explains_that_moving_costs_bp():
    message = refused(_holding_amoeba_without_bp(), Move(RED1))

    assert "costs 1 BP" in message


# ----- movement genes ------------------------------------------------------------------
def test_movement_1_rolls_two_dice_and_chooses_among_their_results():
    state = position(4, amoebas=["red-1@8"], genes={"red": ["movement_1"]})
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Move(RED1))
    assert state.player(Color.RED).bp == 9  # the cost does not change
    assert len(legal_actions(state)) == 36  # two dice

    state, _ = play(state, RollMovement((1, 3)))  # west or east

    assert prompt(state).step is Step.MOVE_DIRECTION
    assert set(legal_actions(state)) == {ChooseDirection("W"), ChooseDirection("E")}
    refused(state, ChooseDirection("N"))
    state, _ = play(state, ChooseDirection("W"))
    assert space_of(state, "red-1") == step(state, 8, W)


@pytest.mark.parametrize(
    ("dice", "offered"),
    [
        ((2, 2), None),  # both north: no choice, the move happens
        ((5, 4), {"S", "stay"}),
        ((6, 1), {"N", "E", "S", "W"}),
    ],
)
def test_movement_1_offers_the_union_of_both_dice(dice, offered):
    state = position(4, amoebas=["red-1@8"], genes={"red": ["movement_1"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Move(RED1), RollMovement(dice))

    if offered is None:
        assert space_of(state, "red-1") == step(state, 8, N)
    else:
        assert {a.direction for a in legal_actions(state)} == offered


def test_movement_2_chooses_a_direction_or_stays_and_still_pays():
    state = position(4, amoebas=["red-1@8"], genes={"red": ["movement_2"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Move(RED1))

    assert prompt(state).step is Step.MOVE_DIRECTION  # no die is rolled
    assert {a.direction for a in legal_actions(state)} == {"N", "E", "S", "W", "stay"}
    assert state.player(Color.RED).bp == 9
    moved, _ = play(state, ChooseDirection("S"))
    stayed, _ = play(state, ChooseDirection("stay"))
    assert space_of(moved, "red-1") == step(state, 8, S)
    assert space_of(stayed, "red-1") == 8


@pytest.mark.parametrize("gene", ["speed", "persistence"])
def test_speed_gives_an_optional_free_second_move(gene):
    state = position(4, amoebas=["red-1@8"], bp=5, genes={"red": [gene]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Move(RED1), RollMovement((2,)))  # north to 3

    assert prompt(state).step is Step.SECOND_MOVE
    assert set(legal_actions(state)) == {A.MoveAgain(), A.EndMovement()}
    again, _ = play(state, A.MoveAgain())
    assert prompt(again).step is Step.MOVE_ROLL  # chosen the same way: a die
    again, _ = play(again, RollMovement((3,)))  # east to 4
    assert space_of(again, "red-1") == step(state, step(state, 8, N), E)
    assert again.player(Color.RED).bp == 4  # only the first move was paid

    stopped, _ = play(state, A.EndMovement())
    assert space_of(stopped, "red-1") == step(state, 8, N)
    assert stopped.player(Color.RED).bp == 4


def test_speed_gives_no_second_move_after_a_drift():
    state = position(4, amoebas=["red-1@8", "red-2@14"], genes={"red": ["speed"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert prompt(state).step is not Step.SECOND_MOVE
    assert prompt(state).amoeba == aid("red-2")


def test_without_speed_there_is_no_second_move():
    state = at_phase(position(4, amoebas=["red-1@8", "red-2@14"]), Phase.MOVEMENT)

    state, _ = play(state, Move(RED1), RollMovement((2,)))

    assert prompt(state).amoeba == aid("red-2")
    refused(state, A.MoveAgain())


# ----- Holding -------------------------------------------------------------------------
def test_holding_lets_an_amoeba_stay_instead_of_drifting():
    state = position(4, amoebas=["red-1@8"], bp=3, genes={"red": ["holding"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Stay(RED1))

    assert space_of(state, "red-1") == 8
    assert state.player(Color.RED).bp == 3


def test_without_holding_an_amoeba_cannot_choose_to_stay():
    state = at_phase(position(4, amoebas=["red-1@8"]), Phase.MOVEMENT)

    refused(state, Stay(RED1))


def test_refusing_to_stay_without_holding_names_the_ways_to_stay_put():
    state = at_phase(position(4, amoebas=["red-1@8"]), Phase.MOVEMENT)

    message = refused(state, Stay(RED1))

    assert "Holding" in message


@pytest.mark.parametrize("go", [True, False])
def test_a_holding_amoeba_on_the_origin_may_ride_along(go):
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes={"yellow": ["holding"]})
    state = at_phase(state, Phase.MOVEMENT)
    target = step(state, 8, N)

    state, _ = play(state, Drift(RED1))
    assert prompt(state).step is Step.RIDE_ALONG
    assert prompt(state).actor is Color.YELLOW
    state, _ = play(state, A.RideAlong(YELLOW1, go))

    assert space_of(state, "red-1") == target
    assert space_of(state, "yellow-1") == (target if go else 8)


def test_a_holding_amoeba_may_ride_along_with_an_active_move():
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes={"yellow": ["holding"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Move(RED1), RollMovement((3,)), A.RideAlong(YELLOW1, True))

    assert space_of(state, "red-1") == space_of(state, "yellow-1") == step(state, 8, E)


def test_an_amoeba_without_holding_does_not_ride_along():
    state = at_phase(position(4, amoebas=["red-1@8", "yellow-1@8"]), Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert prompt(state).step is not Step.RIDE_ALONG
    assert space_of(state, "yellow-1") == 8


# ----- Tentacle ------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "capacity"), [(3, 2), (4, 3), (5, 4), (6, 5)])
def test_tentacle_carries_up_to_one_cube_fewer_than_the_players(players, capacity):
    state = position(players, amoebas=["red-1@8"], genes={"red": ["tentacle"]})
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert prompt(state).step is Step.CARRY
    loads = [sum(n for _, n in a.cubes) for a in legal_actions(state)]
    assert max(loads) == capacity
    assert 0 in loads  # carrying nothing is allowed
    too_many = {"yellow": 2, "green": 2} if players == 3 else {"yellow": 2, "green": capacity - 1}
    refused(state, A.CarryCubes(RED1, too_many))


def test_tentacle_cubes_move_from_origin_to_destination():
    state = position(4, amoebas=["red-1@8"], genes={"red": ["tentacle"]}, card="P2")
    state = at_phase(state, Phase.MOVEMENT)
    target = step(state, 8, E)

    state, events = play(state, Drift(RED1), A.CarryCubes(RED1, {"yellow": 2, "blue": 1}))

    assert space_of(state, "red-1") == target
    assert cubes(state, 8, "yellow") == 0
    assert cubes(state, 8, "blue") == 1
    assert cubes(state, 8, "green") == 2
    # red then eats 1 yellow + 1 green + 1 blue on the destination and excretes 2 red
    assert cubes(state, target, "yellow") == 2 + 2 - 1
    assert cubes(state, target, "blue") == 2 + 1 - 1
    assert cubes(state, target, "green") == 2 - 1
    assert "carries 2 ▲ yellow + 1 ◆ blue" in texts(events)


def test_tentacle_cannot_carry_cubes_that_are_not_on_the_origin():
    state = position(4, amoebas=["red-1@8"], genes={"red": ["tentacle"]}, cubes={8: {"yellow": 1}})
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Drift(RED1))

    refused(state, A.CarryCubes(RED1, {"yellow": 2}))


# ----- order ---------------------------------------------------------------------------
def test_players_move_in_ascending_ladder_order_and_amoebas_in_numerical_order():
    state = position(
        4,
        amoebas=["red-1@1", "yellow-2@5", "yellow-1@9", "green-3@14", "green-1@18", "blue-1@19"],
        markers={"red": 4, "yellow": 1, "green": 2, "blue": 3},
        card="P9",
    )
    state = at_phase(state, Phase.MOVEMENT)
    seen = []
    while state.phase is Phase.MOVEMENT:
        current = prompt(state).amoeba
        seen.append(str(current))
        state, _ = play(state, Drift(current))

    assert seen == ["yellow-1", "yellow-2", "green-1", "green-3", "blue-1", "red-1"]


def test_acting_out_of_turn_is_refused():
    state = at_phase(position(4, amoebas=["red-1@8", "red-2@14", "yellow-1@3"]), Phase.MOVEMENT)

    refused(state, Drift(aid("red-2")))
    refused(state, Drift(YELLOW1))
