"""Referee corrections of the facts besides the counters
(tracker/ursuppe/record/corrections_table.py).

The rulebooks have no correction rule; each test checks the companion's contract against
the rule the corrected fact belongs to: the environment deck (000 §Fase 2: a card turned
each round, the game ends after the last), once-per-round uses (001 §NOTA and 003 Escape:
Defence and Escape once a round; 000 §Genes Avanzados: Aggression once a round), advanced
genes (000 §Genes Avanzados: the lower gene held since an earlier round), one marker per
ladder space (000 §Fase 6), the box's cubes (000 §Escasez de Material Alimenticio), and
that the engine continues from the corrected position as in play.
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, play, position, refused, setup_for

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe import Phase, apply, legal_actions, new_game, prompt
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe.actions import Correct, Escape, action_from_dict, action_to_dict
from companion.tracker.ursuppe.state import Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
RED1, YELLOW1 = aid("red-1"), aid("yellow-1")
WHY = "the table shows otherwise"
NO_FOOD = {8: {"yellow": 0, "green": 0, "blue": 0}}


def hungry(genes=None, **kw):
    """Red-1 (Struggle for Survival) on space 8 with no food, at its feeding step."""
    genes = {"red": ["struggle_for_survival"], **(genes or {})}
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes=genes, cubes=NO_FOOD, card="P9")
    state, _ = play(at_phase(state, Phase.MOVEMENT), A.Drift(RED1))
    assert prompt(state).step is Step.FEED
    return state


# ----- the environment cards (000 §Fase 2) ------------------------------------------------
def test_the_face_up_card_and_the_turned_cards_are_corrected_and_the_deck_follows():
    state = position(4, card="P1")
    fix = Correct("card", reason=WHY, card="P4", cards=("P2", "P3"))
    state, events = apply(state, fix)
    assert state.card == "P4"
    assert state.turned == ("P2", "P3", "P4")
    assert "P1" in state.remaining_cards() and "P4" not in state.remaining_cards()
    assert len(state.remaining_cards()) == 8
    assert "P4" in str(events[0].msg)


def test_a_card_correction_keeps_a_recorded_shuffle_and_puts_returned_cards_last():
    state = new_game(setup_for(4))
    order = ("P3", "P2", "P1", "P5", "P4", "P6", "P7", "P8", "P9", "P10", "P11")
    from companion.tracker.ursuppe.actions import ShuffleEnvironmentDeck

    state, _ = apply(state, ShuffleEnvironmentDeck(order))
    assert state.card == "P3"
    state, _ = apply(state, Correct("card", reason=WHY, card="P5"))
    assert state.shuffled_order[:3] == ("P2", "P1", "P4")
    assert state.shuffled_order[-1] == "P3"  # P3 was not turned after all: back, last
    assert set(state.shuffled_order) == set(state.remaining_cards())


def test_a_card_correction_refuses_an_unknown_or_twice_turned_card():
    state = position(4)
    error = refused(state, Correct("card", reason=WHY, card="Q1"), InvalidAction)
    assert "P11" in error.message  # it lists the deck's cards
    refused(state, Correct("card", reason=WHY, card="P2", cards=("P2",)))


def test_no_card_can_be_corrected_before_the_first_is_turned():
    state = new_game(setup_for(4))
    refused(state, Correct("card", reason=WHY, card="P2"))
    state, _ = apply(state, A.TurnEnvironmentCard("P1"))
    state, _ = apply(state, Correct("card", reason=WHY, card="P2"))
    assert state.turned == ("P2",)


# ----- once-per-round uses (001 §NOTA, 003 Escape, 000 §Genes Avanzados) ---------------
def test_a_used_escape_set_by_correction_leaves_the_attacked_amoeba_without_it():
    state = hungry(genes={"yellow": ["escape"]})
    state, _ = apply(state, Correct("uses", reason=WHY, color=YELLOW, uses=("escape",)))
    assert state.player(YELLOW).used_this_round == ("escape",)
    state, events = play(state, A.Attack(RED1, YELLOW1))
    assert Escape() not in legal_actions(state)
    assert state.amoeba(YELLOW1) is None  # no response left: the attack succeeds at once


def test_an_escape_given_back_by_correction_can_be_used_again():
    state = hungry(genes={"yellow": ["escape"]})
    state, _ = apply(state, Correct("uses", reason=WHY, color=YELLOW, uses=("escape",)))
    state, _ = apply(state, Correct("uses", reason=WHY, color=YELLOW, uses=()))
    state, _ = play(state, A.Attack(RED1, YELLOW1))
    assert set(legal_actions(state)) == {Escape(), A.AcceptAttack()}


def test_an_attack_already_made_leaves_starving_as_the_only_choice_and_the_engine_takes_it():
    """000 §EL PROYECTO GENOMA (Struggle for Survival): an amoeba attacks once in its turn;
    with no meal and no attack left it starves, taken at once as in play."""
    state = hungry()
    state, events = apply(state, Correct("uses", reason=WHY, color=RED, uses=("attack",)))
    assert [e.kind for e in events][:2] == ["correction", "forced"]
    assert state.amoeba(RED1).dp == 1  # starved: +1 DP


def test_an_attack_use_is_refused_outside_the_attackers_feeding_step():
    state = hungry()
    refused(state, Correct("uses", reason=WHY, color=YELLOW, uses=("attack",)))
    error = refused(state, Correct("uses", reason=WHY, color=RED, uses=("flight",)), InvalidAction)
    assert "escape" in error.message


# ----- a gene's held-since round (000 §Genes Avanzados) ----------------------------------
def test_a_gene_held_since_this_round_cannot_be_traded_for_an_advanced_gene():
    top = {"red": 4, "yellow": 3, "green": 2, "blue": 1}  # phase 3 buys in descending order
    state = position(4, genes={"red": ["defense"]}, round=2, markers=top)
    state = at_phase(state, Phase.GENES)
    buy = A.BuyGene(RED, "armor", give_up="defense")
    assert prompt(state).actor is RED
    assert buy in legal_actions(state)  # held since round 0
    state, events = apply(state, Correct("gene_since", 2, WHY, color=RED, gene="defense"))
    assert buy not in legal_actions(state)
    assert "since round 2" in str(events[0].msg)


def test_a_held_since_round_past_the_current_round_is_refused():
    state = position(4, genes={"red": ["defense"]}, round=2)
    refused(state, Correct("gene_since", 3, WHY, color=RED, gene="defense"))
    error = refused(state, Correct("gene_since", 1, WHY, color=RED, gene="escape"))
    assert "defense" in error.message  # names what Red holds


# ----- an amoeba put back on the board ----------------------------------------------------
def test_an_amoeba_put_on_the_board_by_correction_carries_the_dp_the_table_shows():
    state = position(4, amoebas=["red-1@5"])
    state, _ = apply(state, Correct("amoeba_space", 7, WHY, amoeba=aid("red-2"), dp=2))
    assert state.amoeba(aid("red-2")).dp == 2
    refused(state, Correct("amoeba_space", 6, WHY, amoeba=aid("red-2"), dp=1))


# ----- a marker swap (000 §Fase 6: one marker per space) ---------------------------------
def test_two_markers_swap_places_in_one_entry():
    state = position(4, markers={"red": 4, "yellow": 3, "green": 2, "blue": 1})
    refused(state, Correct("marker", 3, WHY, color=RED))  # occupied, even as half a swap
    state, events = apply(state, Correct("marker_swap", reason=WHY, color=RED, other=YELLOW))
    assert (state.player(RED).marker, state.player(YELLOW).marker) == (3, 4)
    assert "swapped" in str(events[0].msg)


# ----- a space's cubes and the box (000 §Escasez de Material Alimenticio) -----------------
def test_every_color_of_a_space_is_corrected_in_one_entry():
    state = position(4)
    state, _ = apply(
        state, Correct("space_cubes", reason=WHY, space=7, cubes=((RED, 1), (BLUE, 5)))
    )
    assert state.cubes_on(7) == (1, 0, 0, 5)
    assert state.supply(RED) == 55 - 37 and state.supply(BLUE) == 55 - 41


def test_a_box_with_fewer_cubes_limits_the_supply():
    state = position(4, setup=setup_for(4, box_cubes=50))
    assert state.supply(RED) == 50 - 38
    state, _ = apply(state, Correct("box_cubes", 45, WHY, color=RED))
    assert state.supply(RED) == 45 - 38 and state.supply(YELLOW) == 50 - 38
    refused(state, Correct("cubes", 10, WHY, color=RED, space=1))  # 45 - 38 + 2 < 10
    refused(state, Correct("box_cubes", 37, WHY, color=RED))  # fewer than on the board


def test_a_setup_whose_box_cannot_fill_the_soup_is_refused():
    with pytest.raises(InvalidAction):
        new_game(setup_for(4, box_cubes=30))


# ----- the record form ----------------------------------------------------------------
@pytest.mark.parametrize(
    "action",
    [
        Correct("card", reason=WHY, card="P4", cards=("P2", "P3")),
        Correct("uses", reason=WHY, color=YELLOW, uses=("escape", "defense")),
        Correct("marker_swap", reason=WHY, color=RED, other=GREEN),
        Correct("space_cubes", reason=WHY, space=3, cubes=((RED, 1), (GREEN, 4))),
        Correct("amoeba_space", 7, WHY, amoeba=aid("red-2"), dp=1),
        Correct("box_cubes", 53, WHY, color=BLUE),
    ],
)
def test_each_new_correction_round_trips_through_the_record(action):
    assert action_from_dict(action_to_dict(action)) == action


def test_an_unknown_correction_field_lists_the_fields():
    error = refused(position(4), Correct("ladder", 1, WHY), InvalidAction)
    assert "marker_swap" in error.message and "space_cubes" in error.message
