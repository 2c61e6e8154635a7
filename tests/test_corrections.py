"""Referee corrections: set a tracked quantity to what the table shows, with a reason.

The rulebooks have no correction rule; these tests check the companion's own contract
(companion/tracker/ursuppe/record/corrections.py) against the conservation rules it must
keep: 55 cubes per color (000 §Preparación, 000 §Escasez de Material Alimenticio), one marker
per ladder space (000 §Fase 6, 001 §Fase 6: "non ci saranno mai due segnapunti nella stessa
casella"), gene copies by player count (000 §Fase 3: a gene whose copies are all held is
unavailable). A correction needs a reason, is recorded as an event, is allowed after the game
is over, and never changes what the engine awaits.
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, position, refused, setup_for

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe import Phase, apply, new_game, prompt
from companion.tracker.ursuppe.actions import Correct

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
WHY = "the table shows otherwise"


def board():
    """Round 1, phase 3, Red to buy, with a few amoebas and genes."""
    state = position(
        4,
        amoebas=["red-1@5", "red-2@6:1", "yellow-1@9"],
        genes={"yellow": ["streamlining"]},
        markers={"red": 4, "yellow": 3, "green": 2, "blue": 1},
    )
    return at_phase(state, Phase.GENES)


def over():
    """A game that just ended: Red reached the end zone."""
    state = position(
        4,
        amoebas=["red-1@1", "red-2@2", "red-3@3"],
        markers={"red": 40, "yellow": 30, "green": 20, "blue": 10},
    )
    state = at_phase(state, Phase.SCORING)
    assert state.phase is Phase.OVER
    return state


# ----- what can be corrected ---------------------------------------------------------
@pytest.mark.parametrize(("field", "value", "yellow"), [("bp", 7, 10), ("marker", 12, 3)])
def test_a_correction_sets_a_players_bp_or_marker(field, value, yellow):
    state, _ = apply(board(), Correct(field, value, WHY, color=RED))
    assert getattr(state.player(RED), field) == value
    assert getattr(state.player(YELLOW), field) == yellow  # the others' stay as they were


def test_a_correction_sets_an_amoebas_dp():
    state, _ = apply(board(), Correct("dp", 0, WHY, amoeba=aid("red-2")))
    assert state.amoeba(aid("red-2")).dp == 0
    state, _ = apply(state, Correct("dp", 3, WHY, amoeba=aid("red-1")))
    assert state.amoeba(aid("red-1")).dp == 3


def test_a_correction_sets_the_cubes_of_a_color_on_a_space():
    state = board()
    state, _ = apply(state, Correct("cubes", 5, WHY, color=GREEN, space=3))
    assert state.cubes_on(3) == (2, 2, 5, 2)
    assert state.supply(GREEN) == 55 - 38 - 3
    state, _ = apply(state, Correct("cubes", 0, WHY, color=RED, space=3))
    assert state.cubes_on(3) == (0, 2, 5, 2)
    assert state.supply(RED) == 55 - 38 + 2


def test_a_correction_moves_adds_and_removes_amoebas():
    state, _ = apply(board(), Correct("amoeba_space", 17, WHY, amoeba=aid("red-1")))
    assert state.amoeba(aid("red-1")).space == 17
    state, _ = apply(state, Correct("amoeba_space", 19, WHY, amoeba=aid("green-4")))
    assert state.amoeba(aid("green-4")).space == 19
    assert state.amoeba(aid("green-4")).dp == 0
    state, _ = apply(state, Correct("amoeba_space", 0, WHY, amoeba=aid("yellow-1")))
    assert state.amoeba(aid("yellow-1")) is None
    assert len(state.amoebas) == 3


def test_a_correction_gives_and_takes_genes():
    state = board()
    state, _ = apply(state, Correct("gene", 1, WHY, color=RED, gene="speed"))
    assert state.player(RED).holds("speed")
    assert state.copies_left("speed") == 1
    state, _ = apply(state, Correct("gene", 0, WHY, color=YELLOW, gene="streamlining"))
    assert not state.player(YELLOW).holds("streamlining")
    assert state.copies_left("streamlining") == 1


def test_a_correction_is_recorded_as_an_event_naming_the_reason():
    _, events = apply(board(), Correct("bp", 7, "Ana paid for Tentacle twice", color=RED))
    assert [e.kind for e in events] == ["correction"]
    assert "Reason: Ana paid for Tentacle twice" in events[0].text
    assert "from 10 to 7" in events[0].text
    assert events[0].source


# ----- what a correction refuses --------------------------------------------------------
@pytest.mark.parametrize("reason", ["", "   "])
def test_a_correction_needs_a_reason(reason):
    refused(board(), Correct("bp", 7, reason, color=RED), InvalidAction)


@pytest.mark.parametrize(
    "correction",
    [
        Correct("bp", -1, WHY, color=RED),
        Correct("dp", -1, WHY, amoeba=aid("red-1")),
        Correct("cubes", -1, WHY, color=GREEN, space=3),
        Correct("marker", -5, WHY, color=RED),
        Correct("amoeba_space", -1, WHY, amoeba=aid("red-1")),
    ],
)
def test_a_correction_refuses_negative_values(correction):
    refused(board(), correction)


def test_a_marker_cannot_be_corrected_onto_an_occupied_ladder_space():
    state = board()  # Yellow on 3
    error = refused(state, Correct("marker", 3, WHY, color=RED))
    assert "occupied" in error.message
    state, _ = apply(state, Correct("marker", 4, WHY, color=RED))  # its own space
    assert state.player(RED).marker == 4


@pytest.mark.parametrize("value", [0, 51])
def test_a_marker_stays_on_the_ladder(value):
    refused(board(), Correct("marker", value, WHY, color=RED))


def test_a_correction_cannot_put_more_than_55_cubes_of_a_color_in_the_game():
    state = board()
    assert state.supply(GREEN) == 17
    state19, _ = apply(state, Correct("cubes", 19, WHY, color=GREEN, space=3))  # all 55
    assert state19.supply(GREEN) == 0
    error = refused(state, Correct("cubes", 20, WHY, color=GREEN, space=3))
    assert "55" in error.message


def test_a_correction_cannot_give_a_gene_with_no_copy_left():
    # Streamlining has 1 copy with 4 players, held by Yellow.
    error = refused(board(), Correct("gene", 1, WHY, color=RED, gene="streamlining"))
    assert "Streamlining" in error.message


def test_a_correction_cannot_give_a_gene_not_in_this_decks_player_count():
    state = at_phase(position(3, markers={"red": 3, "yellow": 2, "green": 1}), Phase.GENES)
    error = refused(state, Correct("gene", 1, WHY, color=RED, gene="frugality"))
    assert "Frugality is not in the deck with 3 players" in error.message


def test_a_correction_giving_an_extra_gene_says_it_is_not_in_this_game():
    """003 §Play: extra genes are had only in a game that uses them (issue 30, item 17)."""
    error = refused(board(), Correct("gene", 1, WHY, color=RED, gene="glutton"))
    assert error.message == "extra genes are not used in this game"
    assert "already held" not in error.message


def test_a_correction_giving_a_face_down_extra_gene_says_it_is_not_face_up():
    """003 §Play: an extra gene is bought only once turned over; a correction says so as a
    purchase does (issue 30, item 17)."""
    from companion.tracker.ursuppe.options import ExtraGenesMode

    setup = setup_for(4, extra_genes=ExtraGenesMode.START_AND_TURNED, extra_start=("social_gene",))
    state = position(4, setup=setup)
    error = refused(state, Correct("gene", 1, WHY, color=RED, gene="glutton"))
    assert error.message == "Glutton has not been turned over"


def test_a_gene_correction_must_change_something():
    refused(board(), Correct("gene", 0, WHY, color=RED, gene="speed"))
    refused(board(), Correct("gene", 1, WHY, color=YELLOW, gene="streamlining"))
    refused(board(), Correct("gene", 2, WHY, color=RED, gene="speed"), InvalidAction)


def test_the_dp_of_an_amoeba_not_on_the_board_cannot_be_corrected():
    refused(board(), Correct("dp", 1, WHY, amoeba=aid("red-5")))


def test_a_correction_names_a_color_in_play():
    state = at_phase(position(3, markers={"red": 3, "yellow": 2, "green": 1}), Phase.GENES)
    refused(state, Correct("bp", 5, WHY, color=BLUE), InvalidAction)


def test_the_amoeba_whose_turn_it_is_cannot_be_removed():
    state = at_phase(position(4, amoebas=["red-1@5", "yellow-1@9"]), Phase.MOVEMENT)
    assert prompt(state).amoeba == aid("red-1")
    refused(state, Correct("amoeba_space", 0, WHY, amoeba=aid("red-1")))


# ----- when, and with what effect on the flow ---------------------------------------------
def test_a_correction_is_allowed_when_the_game_is_over():
    state = over()
    state, events = apply(state, Correct("marker", 44, "miscounted the last move", color=RED))
    assert state.phase is Phase.OVER
    assert state.player(RED).marker == 44
    assert events[0].kind == "correction"


def test_a_correction_keeps_the_turn_order_it_finds():
    state = board()
    assert prompt(state).actor is RED
    after, _ = apply(state, Correct("marker", 9, WHY, color=YELLOW))  # the ladder order changed
    assert after.cursor == state.cursor
    assert after.phase is state.phase and after.round == state.round
    assert prompt(after).actor is RED


def test_after_a_correction_a_step_with_one_legal_choice_is_taken_as_in_play():
    """000 §Fase 3: a player who can afford nothing buys nothing; the engine takes that
    only choice after a correction exactly as it would in play, and explains it."""
    state = board()
    after, events = apply(state, Correct("bp", 0, WHY, color=RED))
    assert [e.kind for e in events][:2] == ["correction", "forced"]
    assert "Only one choice is possible" in str(events[1].msg)
    assert prompt(after).actor is not RED
    assert after.player(RED).bp == 0


def test_a_correction_is_possible_at_setup():
    state = new_game(setup_for(4))
    state, _ = apply(state, Correct("bp", 6, WHY, color=GREEN))
    assert state.player(GREEN).bp == 6
    assert state.cursor == new_game(setup_for(4)).cursor
