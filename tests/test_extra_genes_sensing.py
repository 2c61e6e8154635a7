"""Migration Sensing and Environmental Sensing: the next environment card is private.

003 §The Amoeba Advanced Genome Project: Migration Sensing ("At the start of Phase 1 ... may
look at the environment card that will be turned over later ... may not tell their fellow
players"), Environmental Sensing ("Directly after turning over a new environment card in
Phase 2 ... may secretly look at the next environment card"). The app shows the card only
on the holder's own projection when it holds the shuffled order; no other projection (the
public board, the console, the standings, other seats) carries it.
"""

from __future__ import annotations

from dataclasses import replace

from builders import at_phase, play, position, setup_for

from companion.tracker.colors import Color
from companion.tracker.ursuppe.actions import Drift
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.state import AmoebaId, Phase
from companion.tracker.ursuppe.views.public import public_view
from companion.tracker.ursuppe.views.seat import seat_view

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
ORDER = ("P7", "P2", "P3", "P4", "P5", "P6", "P8", "P9", "P10", "P11")  # P1 is face up
SETUP = setup_for(4, extra_genes=ExtraGenesMode.START_AND_TURNED, extra_start=("social_gene",))


def sensed(gene="migration_sensing", shuffled=True, phase=Phase.MOVEMENT):
    state = position(4, setup=SETUP, amoebas=["red-1@8", "blue-1@3"], genes={"blue": [gene]})
    if shuffled:
        state = replace(state, shuffled_order=ORDER)
    return at_phase(state, phase)


def leaks(view) -> bool:
    """Whether a projection mentions the next card (P7) anywhere, in any field."""
    return "P7" in repr(view)


def test_migration_sensing_shows_the_next_card_on_the_holders_projection_only():
    state = sensed()
    mine = seat_view(state, BLUE)["secret"]
    assert mine["card"] == {"id": "P7", "drift": "S", "ozone": 13}
    assert "tell no one" in str(mine["note"])
    for color in (RED, YELLOW, GREEN):
        assert seat_view(state, color)["secret"] is None
        assert not leaks(seat_view(state, color))
    board = public_view(state)
    assert not leaks(board)
    assert [str(n) for n in board["sensing"]] == [
        "Dev ◆ blue may look at the next environment card on their phone."
    ]


def test_migration_sensing_looks_only_until_the_card_is_turned():
    state = sensed(phase=Phase.GENES)  # phase 3: the card of this round is already turned
    assert seat_view(state, BLUE)["secret"] is None
    assert public_view(state)["sensing"] == []


def test_environmental_sensing_looks_at_the_next_card_after_the_turn_too():
    state = sensed("environmental_sensing", phase=Phase.GENES)
    assert seat_view(state, BLUE)["secret"]["card"]["id"] == "P7"
    assert not leaks(public_view(state)) and not leaks(seat_view(state, RED))


def test_with_cards_drawn_at_the_table_nothing_hidden_is_tracked():
    state = sensed(shuffled=False)
    mine = seat_view(state, BLUE)["secret"]
    assert mine["card"] is None and "at the table" in str(mine["note"])
    assert "of the deck" in str(public_view(state)["sensing"][0])


def test_the_hidden_card_never_reaches_another_projection_during_a_turn():
    state = sensed()
    state, _ = play(state, Drift(AmoebaId(RED, 1)))
    for color in (RED, YELLOW, GREEN):
        assert not leaks(seat_view(state, color))
    assert not leaks(public_view(state))
