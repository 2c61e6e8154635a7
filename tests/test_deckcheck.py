"""Reading: a typed environment deck is accepted with a warning when it has no no-drift card
(004 §Fase 1 "no hay deriva"; the German box has one) or an ozone of 0 or above 20
(RULES.md decisions). The group plays its own box: the game starts all the same."""

from __future__ import annotations

from dataclasses import replace

from builders import setup_for

from companion.tracker.ursuppe import new_game
from companion.tracker.ursuppe.data import PLACEHOLDER_DECK
from companion.tracker.ursuppe.rules.deckcheck import deck_warnings


def typed(deck):
    return setup_for(4, deck=tuple(deck), deck_is_placeholder=False)


def test_reading_a_typed_deck_without_a_no_drift_card_is_warned_about_and_played():
    deck = [replace(c, drift=c.drift or PLACEHOLDER_DECK[0].drift) for c in PLACEHOLDER_DECK]
    setup = typed(deck)
    (warning,) = deck_warnings(setup)
    assert "no no-drift card" in str(warning)
    assert new_game(setup).setup.deck == setup.deck  # the group goes on


def test_reading_an_ozone_of_0_or_above_20_is_warned_about_and_played():
    deck = list(PLACEHOLDER_DECK)
    deck[0] = replace(deck[0], ozone=0)
    deck[1] = replace(deck[1], ozone=21)
    setup = typed(deck)
    (warning,) = deck_warnings(setup)
    assert f"{deck[0].id}, {deck[1].id}" in str(warning)
    new_game(setup)


def test_a_usual_typed_deck_and_the_placeholder_deck_carry_no_warning():
    assert deck_warnings(typed(PLACEHOLDER_DECK)) == ()
    assert deck_warnings(setup_for(4)) == ()
