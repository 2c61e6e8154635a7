"""Phase 2 gene defects: the MP sum against the new card's ozone, and the legal payments.

Checks 000 §Fase 2 and 001 §Fase 2 (from round 2, in descending order, a player whose MP sum
is greater than the ozone thickness of the new card pays the difference by returning gene
cards, which count their MP, and/or BP, 1 each; if the only way is to return more MP than
needed the excess is lost; returned cards go back to the pool and may be bought in phase 3),
the worked example of 001 §Perdita delle Carte Gene (Streamlining 4 + Division Rate 5 +
Speed 3 = 12 MP against ozone 6 owes 6: 6 BP, or Speed + 3 BP, or with no BP two genes worth
at least 6) and 000 §EL PROYECTO GENOMA DE AMEBA / 001 §LE CARTE GENE "NORMALE" (Ray Protection is
-2 MP and, returned, balances 4).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from builders import at_phase, play, position, refused, setup_for, texts

from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase, Step, apply, legal_actions, prompt
from companion.tracker.ursuppe.actions import BuyGene, PayDebt, TurnEnvironmentCard
from companion.tracker.ursuppe.data import PLACEHOLDER_DECK
from companion.tracker.ursuppe.rules import defects
from companion.tracker.ursuppe.rules.defects import Payment

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
EXAMPLE_GENES = ["streamlining", "division_rate", "speed"]  # 4 + 5 + 3 = 12 MP

# The placeholder deck with P6 at ozone 6 (the 001 example) and P10 at ozone 3.
DECK = tuple(replace(c, ozone={"P6": 6, "P10": 3}.get(c.id, c.ozone)) for c in PLACEHOLDER_DECK)
SETUP = setup_for(4, deck=DECK)


def turned(card: str = "P6", **kwargs):
    """Round 2 (unless given), phase 2, after turning `card`; returns the state and events."""
    kwargs.setdefault("round", 2)
    state = at_phase(position(4, setup=SETUP, **kwargs), Phase.ENVIRONMENT)
    state, events = apply(state, TurnEnvironmentCard(card))
    return state, list(events)


def example(bp: int = 10):
    """The 001 example: Red holds 12 MP against ozone 6."""
    return turned(bp={"red": bp}, genes={"red": EXAMPLE_GENES})


# ----- the MP sum against the new card ------------------------------------------------
def test_the_12_mp_debt_against_ozone_6_of_001():
    state, events = example()
    assert defects.mp_sum(state, RED) == 12
    assert defects.debt(state, RED) == 6
    assert "Ana ● red has 12 MP against ozone 6: owes 6" in texts(events)
    assert prompt(state).step is Step.PAY_DEBT
    assert prompt(state).actor is RED


def test_the_debt_is_measured_against_the_new_card_not_the_old_one():
    # The old card P7 has ozone 13: 12 MP would owe nothing against it.
    state, _ = turned(card="P6", genes={"red": EXAMPLE_GENES})
    state_old_card = position(4, setup=SETUP, card="P7", genes={"red": EXAMPLE_GENES})
    assert defects.debt(state_old_card, RED) == 0
    assert defects.debt(state, RED) == 6


@pytest.mark.parametrize(
    "genes, mp, owed",
    [
        (["speed", "intelligence"], 6, 0),  # equal to the ozone: nothing owed
        (["speed", "movement_1"], 5, 0),
        (["speed", "defense"], 7, 1),
        (EXAMPLE_GENES, 12, 6),
        (["ray_protection", "speed", "defense", "movement_1"], 7, 1),
    ],
)
def test_only_mp_above_the_ozone_are_owed(genes, mp, owed):
    state, _ = turned(genes={"red": genes})
    assert defects.mp_sum(state, RED) == mp
    assert defects.debt(state, RED) == owed


def test_a_player_whose_mp_equal_the_ozone_owes_nothing():
    state, events = turned(genes={"red": ["speed", "intelligence"]})  # 6 MP, ozone 6
    assert "Ana ● red has 6 MP against ozone 6: nothing owed" in texts(events)
    assert state.phase is Phase.GENES
    assert state.player(RED).gene_keys == ("speed", "intelligence")
    assert state.player(RED).bp == 10


# ----- the legal payments (001 §Perdita delle Carte Gene) -----------------------------
def test_the_001_example_can_be_paid_with_6_bp_or_speed_and_3_bp_or_two_genes():
    state, _ = example(bp=10)
    payments = set(defects.legal_payments(state, RED, 6))
    assert payments == {
        Payment((), 6, 0),
        Payment(("speed",), 3, 0),
        Payment(("streamlining",), 2, 0),
        Payment(("division_rate",), 1, 0),
        Payment(("speed", "streamlining"), 0, 1),
        Payment(("division_rate", "speed"), 0, 2),
        Payment(("division_rate", "streamlining"), 0, 3),
    }
    assert set(legal_actions(state)) == {PayDebt(RED, p.genes, p.bp) for p in payments}


def test_with_no_bp_the_001_example_is_paid_with_two_genes_worth_at_least_6():
    state, _ = example(bp=0)
    payments = defects.legal_payments(state, RED, 6)
    assert {p.genes for p in payments} == {
        ("speed", "streamlining"),
        ("division_rate", "speed"),
        ("division_rate", "streamlining"),
    }
    assert all(p.bp == 0 for p in payments)
    assert all(defects.returned_value(state, p.genes) >= 6 for p in payments)


def test_with_3_bp_the_6_bp_payment_is_not_possible():
    state, _ = example(bp=3)
    payments = defects.legal_payments(state, RED, 6)
    assert Payment((), 6, 0) not in payments
    assert Payment(("speed",), 3, 0) in payments
    assert len(payments) == 6
    refused(state, PayDebt(RED, bp=6))


def test_paying_6_bp_keeps_every_gene():
    state, _ = example(bp=10)
    state, events = apply(state, PayDebt(RED, bp=6))
    assert state.player(RED).bp == 4
    assert set(state.player(RED).gene_keys) == set(EXAMPLE_GENES)
    assert state.phase is Phase.GENES
    assert "Ana ● red pays 6 MP with 6 BP" in texts(list(events))


def test_paying_speed_and_3_bp():
    state, _ = example(bp=10)
    state, _ = apply(state, PayDebt(RED, genes=("speed",), bp=3))
    assert state.player(RED).bp == 7
    assert set(state.player(RED).gene_keys) == {"streamlining", "division_rate"}


def test_the_excess_mp_of_returned_genes_is_lost():
    state, _ = example(bp=0)
    state, events = apply(state, PayDebt(RED, genes=("streamlining", "division_rate")))
    assert state.player(RED).gene_keys == ("speed",)
    assert state.player(RED).bp == 0  # nothing refunded for the 3 MP paid too many
    assert "3 MP in excess are lost" in texts(list(events))


def test_no_returned_card_may_be_superfluous():
    state, _ = example(bp=0)
    # Streamlining + Division Rate already pay 9 of 6: Speed would be superfluous.
    refused(state, PayDebt(RED, genes=tuple(EXAMPLE_GENES)))
    # With BP, Division Rate alone leaves 1 BP; adding Speed would be superfluous.
    state, _ = example(bp=10)
    refused(state, PayDebt(RED, genes=("division_rate", "speed", "streamlining"), bp=0))


@pytest.mark.parametrize(
    "genes, bp",
    [
        ((), 7),  # more BP than owed
        (("speed",), 4),  # more BP than Speed leaves
        (("streamlining", "division_rate"), 1),  # the genes already cover the debt
        (("division_rate",), 2),
    ],
)
def test_bp_only_pay_what_the_genes_leave(genes, bp):
    state, _ = example(bp=10)
    error = refused(state, PayDebt(RED, genes=genes, bp=bp))
    assert "owes 6" in error.message


@pytest.mark.parametrize("genes, bp", [((), 5), (("speed",), 2), (("streamlining",), 0)])
def test_a_payment_must_cover_the_whole_debt(genes, bp):
    state, _ = example(bp=10)
    refused(state, PayDebt(RED, genes=genes, bp=bp))


def test_a_gene_not_held_cannot_be_returned():
    state, _ = example(bp=10)
    refused(state, PayDebt(RED, genes=("life_expectancy",), bp=1))


# ----- Ray Protection -----------------------------------------------------------------
def test_ray_protection_is_minus_2_mp_and_balances_4_when_returned():
    genes = ["ray_protection", "division_rate", "life_expectancy", "tentacle"]  # -2+5+5+4
    state, events = turned(card="P3", bp={"red": 10}, genes={"red": genes})  # ozone 8
    assert "Ana ● red has 12 MP against ozone 8: owes 4" in texts(events)
    assert Payment(("ray_protection",), 0, 0) in defects.legal_payments(state, RED, 4)
    state, events = apply(state, PayDebt(RED, genes=("ray_protection",)))
    assert state.player(RED).bp == 10
    assert set(state.player(RED).gene_keys) == {"division_rate", "life_expectancy", "tentacle"}
    assert "excess" not in texts(list(events))


def test_ray_protection_returned_for_a_3_mp_debt_loses_1():
    genes = ["ray_protection", "division_rate", "life_expectancy", "intelligence"]  # 11 MP
    state, _ = turned(card="P3", bp={"red": 0}, genes={"red": genes})  # ozone 8: owes 3
    payments = defects.legal_payments(state, RED, 3)
    assert Payment(("ray_protection",), 0, 1) in payments
    assert Payment(("intelligence",), 0, 0) in payments
    # Ray Protection (4) with Intelligence (3): either alone pays 3, so neither may be added.
    assert all(len(p.genes) == 1 for p in payments)


# ----- the pool ----------------------------------------------------------------------
def test_returned_genes_go_back_to_the_pool_and_can_be_bought_in_phase_3_the_same_round():
    # Streamlining has 1 copy with 4 players: held by Red, nobody else can have it.
    state, _ = turned(bp={"red": 0, "blue": 10}, genes={"red": EXAMPLE_GENES})
    assert state.copies_left("streamlining") == 0
    assert state.copies_left("division_rate") == 1
    state, events = apply(state, PayDebt(RED, genes=("streamlining", "division_rate")))
    assert state.copies_left("streamlining") == 1
    assert state.copies_left("division_rate") == 2
    assert "go back to the pool" in texts(list(events))
    assert state.phase is Phase.GENES and state.round == 2
    assert prompt(state).actor is BLUE
    state, _ = apply(state, BuyGene(BLUE, "streamlining"))
    assert state.player(BLUE).holds("streamlining")
    assert state.player(BLUE).bp == 5
    assert state.copies_left("streamlining") == 0


def test_a_returned_advanced_gene_is_available_again_at_once():
    genes = ["armor", "division_rate", "life_expectancy"]  # 6 + 5 + 5 = 16 MP
    state, _ = turned(
        card="P3", bp={"red": 0, "blue": 10}, genes={"red": genes, "blue": ["defense"]}
    )
    assert state.copies_left("armor") == 0
    state, _ = apply(state, PayDebt(RED, genes=("armor", "division_rate")))
    assert state.copies_left("armor") == 1
    state, _ = apply(state, BuyGene(BLUE, "armor", give_up="defense"))
    assert state.player(BLUE).gene_keys == ("armor",)


# ----- order and automatic payment -----------------------------------------------------
def test_debts_are_settled_in_descending_order():
    # Blue (marker 4) is highest although Red sits first.
    genes = {"red": EXAMPLE_GENES, "blue": ["life_expectancy", "tentacle", "intelligence"]}
    state, events = turned(genes=genes)
    lines = [e.text for e in events if e.kind == "defects"]
    assert lines[0].startswith("Dev ◆ blue has 12 MP")
    assert prompt(state).actor is BLUE
    refused(state, PayDebt(RED, bp=6))
    state, events = apply(state, PayDebt(BLUE, bp=6))
    assert "Ana ● red has 12 MP against ozone 6: owes 6" in texts(list(events))
    assert prompt(state).actor is RED
    assert state.player(BLUE).bp == 4


def test_the_order_follows_the_ladder_not_the_seats():
    genes = {"red": EXAMPLE_GENES, "blue": ["life_expectancy", "tentacle", "intelligence"]}
    markers = {"red": 9, "yellow": 2, "green": 3, "blue": 1}
    state, _ = turned(genes=genes, markers=markers)
    assert prompt(state).actor is RED
    state, _ = apply(state, PayDebt(RED, bp=6))
    assert prompt(state).actor is BLUE


def test_a_single_legal_payment_is_applied_automatically():
    # Division Rate (5 MP) against ozone 3 owes 2; with no BP the card must go.
    state, events = turned(card="P10", bp={"red": 0}, genes={"red": ["division_rate"]})
    assert "Ana ● red has 5 MP against ozone 3: owes 2" in texts(events)
    assert any(e.kind == "forced" for e in events)
    assert "Ana ● red pays 2 MP with Division Rate; 3 MP in excess are lost" in texts(events)
    assert state.player(RED).gene_keys == ()
    assert state.player(RED).bp == 0
    assert state.phase is Phase.GENES


def test_a_choice_of_payments_is_left_to_the_player():
    state, events = turned(card="P10", bp={"red": 2}, genes={"red": ["division_rate"]})
    assert not any(e.kind == "forced" for e in events)
    assert set(legal_actions(state)) == {
        PayDebt(RED, bp=2),
        PayDebt(RED, genes=("division_rate",)),
    }


def test_the_debt_counts_5_6_player_mp():
    # 003: Streamlining has 5 MP with 5-6 players.
    setup = setup_for(5, deck=DECK)
    state = at_phase(
        position(5, setup=setup, round=2, genes={"red": EXAMPLE_GENES}), Phase.ENVIRONMENT
    )
    state, events = play(state, TurnEnvironmentCard("P6"))
    assert "Ana ● red has 13 MP against ozone 6: owes 7" in texts(events)
