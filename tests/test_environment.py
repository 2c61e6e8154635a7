"""The environment deck: turning cards, a recorded shuffle, no defects in round 1, game end.

Checks 000 §Preparación (one card face up at setup), 000 §Fase 2 (a new card every round;
no gene defects in the first round, 001 §Fase 2: "Nel primo Round non ci sarà la perdita
dei Geni") and 000 §FINAL DEL JUEGO / 001 §Fine della Partita (the game also ends after
phase 6 of the round in which the last environment card was turned: 1 card at setup + 1
per round makes round 10 the last).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from builders import at_phase, at_phase_with_events, position, refused, setup_for, texts

from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase, Step, apply, legal_actions, new_game, prompt
from companion.tracker.ursuppe.actions import (
    EndPurchases,
    RollForStartOrder,
    ShuffleEnvironmentDeck,
    TurnEnvironmentCard,
)
from companion.tracker.ursuppe.data import PLACEHOLDER_DECK
from companion.tracker.ursuppe.options import RuleOptions, ZeroAmoebas

ALL_IDS = tuple(c.id for c in PLACEHOLDER_DECK)
QUIET = setup_for(4, options=RuleOptions(zero_amoebas=ZeroAmoebas.NONE))


def quiet(round: int = 1, bp: int = 0):
    """Four players with no amoebas, genes or free amoebas: rounds run by themselves except
    for phase 3 purchases when someone has BP."""
    return position(4, bp=bp, round=round, setup=QUIET)


def end_purchases_until_over(state, limit: int = 200):
    """Decline every purchase until the game ends; returns the state and all events."""
    events = []
    for _ in range(limit):
        if state.phase is Phase.OVER:
            return state, events
        assert prompt(state).step is Step.BUY, prompt(state).text
        state, new = apply(state, EndPurchases(prompt(state).actor))
        events.extend(new)
    raise AssertionError("the game did not end")


# ----- turning cards ------------------------------------------------------------------
def test_phase_2_offers_every_card_not_yet_turned():
    state = at_phase(position(4, card="P3", round=2), Phase.ENVIRONMENT)
    assert prompt(state).step is Step.TURN_CARD
    assert set(legal_actions(state)) == {TurnEnvironmentCard(i) for i in ALL_IDS if i != "P3"}


def test_a_card_already_turned_cannot_be_turned_again():
    state = at_phase(position(4, card="P3", round=2), Phase.ENVIRONMENT)
    error = refused(state, TurnEnvironmentCard("P3"))
    assert error.source


def test_a_card_turned_in_an_earlier_round_cannot_be_turned_again():
    state = replace(position(4, card="P3", round=3), turned=("P5", "P3"))
    state = at_phase(state, Phase.ENVIRONMENT)
    refused(state, TurnEnvironmentCard("P5"))
    state, _ = apply(state, TurnEnvironmentCard("P8"))
    assert state.card == "P8"
    assert state.turned == ("P5", "P3", "P8")
    assert len(state.remaining_cards()) == 8


def test_a_card_not_in_the_deck_cannot_be_turned():
    state = at_phase(position(4, card="P3", round=2), Phase.ENVIRONMENT)
    refused(state, TurnEnvironmentCard("P12"))


def test_the_new_card_replaces_the_old_one_on_the_compass():
    state = at_phase(position(4, card="P3", round=2), Phase.ENVIRONMENT)
    state, events = apply(state, TurnEnvironmentCard("P7"))
    assert state.card == "P7"
    assert state.current_card().ozone == 13
    assert "9 cards left" in texts(list(events))


# ----- a recorded shuffle -------------------------------------------------------------
@pytest.mark.parametrize(
    "order",
    [
        ALL_IDS[1:],  # one card missing
        ALL_IDS + ("P1",),  # one card twice
        ALL_IDS[:-1] + ("P1",),  # one card twice, one missing
        ALL_IDS + ("P12",),  # a card not in the deck
    ],
)
def test_a_shuffle_must_list_every_remaining_card_exactly_once(order):
    refused(new_game(setup_for(4)), ShuffleEnvironmentDeck(order))


def test_a_shuffle_may_not_list_a_card_already_turned():
    state = at_phase(position(4, card="P3", round=2), Phase.ENVIRONMENT)
    refused(state, ShuffleEnvironmentDeck(ALL_IDS))
    state, _ = apply(state, ShuffleEnvironmentDeck(tuple(i for i in ALL_IDS if i != "P3")))
    assert state.card == "P1"


def test_a_shuffle_is_recorded_only_when_a_card_is_to_be_turned():
    state, _ = apply(new_game(setup_for(4)), TurnEnvironmentCard("P2"))
    assert prompt(state).step is Step.START_ROLLS
    refused(state, ShuffleEnvironmentDeck(tuple(i for i in ALL_IDS if i != "P2")))


def test_a_shuffle_at_setup_turns_its_first_card_at_once():
    order = ("P6", "P2", "P9", "P1", "P11", "P3", "P4", "P10", "P5", "P8", "P7")
    state, _ = apply(new_game(setup_for(4)), ShuffleEnvironmentDeck(order))
    assert state.card == "P6"
    assert state.turned == ("P6",)
    assert state.shuffled_order == order[1:]
    assert prompt(state).step is Step.START_ROLLS
    state, _ = apply(state, RollForStartOrder(Color.RED, 7))  # the game goes on
    assert state.card == "P6"


def test_shuffled_cards_are_turned_automatically_in_that_order_in_later_phase_2s():
    state = at_phase(quiet(), Phase.ENVIRONMENT)
    order = ("P5", "P3", "P11", "P2", "P9", "P4", "P10", "P6", "P8", "P7")
    state, events = apply(state, ShuffleEnvironmentDeck(order))
    # Round 1: P5 at once. Nobody has BP or amoebas: round 2 runs up to phase 3 by itself,
    # turning P3 in its phase 2 without being asked.
    assert "Environment card P5 is turned" in texts(list(events))
    assert state.round == 2 and state.phase is Phase.GENES
    assert state.card == "P3"
    assert state.turned == ("P1", "P5", "P3")
    cards = [state.card]
    while state.phase is not Phase.OVER:
        round_before = state.round
        state, _ = apply(state, EndPurchases(prompt(state).actor))
        if state.round != round_before:
            cards.append(state.card)
    assert cards == list(order[1:])


# ----- round 1 -----------------------------------------------------------------------
GENES_23_MP = ["division_rate", "life_expectancy", "frugality", "streamlining", "tentacle"]


def ozone_7_turned_in_round(round: int):
    """Red holding 23 MP of genes, the ozone 7 card (P6) turned in `round`: state, events."""
    state = position(4, round=round, genes={"red": GENES_23_MP})
    state = at_phase(state, Phase.ENVIRONMENT)
    return apply(state, TurnEnvironmentCard("P6"))


def test_there_are_no_gene_defects_in_round_1():
    state, events = ozone_7_turned_in_round(1)
    assert "No gene defects in the first round" in texts(list(events))
    assert state.phase is Phase.GENES
    assert state.player(Color.RED).gene_keys == tuple(GENES_23_MP)
    assert state.player(Color.RED).bp == 10


def test_gene_defects_start_in_round_2():
    state, events = ozone_7_turned_in_round(2)
    assert "Ana ● red has 23 MP against ozone 7: owes 16" in texts(list(events))
    assert state.phase is Phase.ENVIRONMENT and prompt(state).step is Step.PAY_DEBT


# ----- game end ----------------------------------------------------------------------
def test_the_game_ends_after_phase_6_of_round_10_when_the_last_card_is_turned():
    state = at_phase(quiet(), Phase.ENVIRONMENT)
    state, _ = apply(state, ShuffleEnvironmentDeck(ALL_IDS[1:]))
    state, events = end_purchases_until_over(state)
    assert state.phase is Phase.OVER
    assert state.round == 10
    assert state.remaining_cards() == ()
    assert len(state.turned) == 11
    assert len(state.score_history) == 10  # phase 6 of round 10 was played
    assert "the last environment card was turned this round" in texts(events)
    assert "Round 11" not in texts(events)


def test_the_game_goes_on_while_a_card_remains():
    state = replace(quiet(round=9), turned=ALL_IDS[:9], card=ALL_IDS[8])
    state = at_phase(state, Phase.ENVIRONMENT)
    state, events = apply(state, TurnEnvironmentCard("P10"))
    assert state.phase is not Phase.OVER
    assert state.round == 10
    assert state.remaining_cards() == ("P11",)
    assert "The game ends" not in texts(list(events))


def test_the_round_in_which_the_last_card_is_turned_is_played_to_its_end():
    state = replace(quiet(round=10), turned=ALL_IDS[:10], card=ALL_IDS[9])
    state = at_phase(state, Phase.ENVIRONMENT)
    state, events = apply(state, TurnEnvironmentCard("P11"))
    assert state.phase is Phase.OVER
    phases = [e.text for e in events if e.kind == "phase"]
    assert [t.split(":")[0] for t in phases] == [
        "Round 10, phase 3",
        "Round 10, phase 4",
        "Round 10, phase 5",
        "Round 10, phase 6",
    ]
    assert [e.kind for e in events][-1] == "end"


def test_the_last_card_ends_the_game_even_with_no_marker_near_the_end_zone():
    state = replace(quiet(round=10), turned=ALL_IDS[:10], card=ALL_IDS[9])
    state, events = at_phase_with_events(state, Phase.ENVIRONMENT)
    state, more = apply(state, TurnEnvironmentCard("P11"))
    assert max(p.marker for p in state.players) == 4
    assert state.phase is Phase.OVER
    assert "the last environment card was turned" in texts(events + list(more))
    refused(state, TurnEnvironmentCard("P1"))
