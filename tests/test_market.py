"""Phase 3 new genes: order, prices, copies, advanced genes, 5-6 player prices.

Checks 000 §Fase 3 and 001 §Fase 3 (descending order, each player once buys any genes
they can pay; a gene whose copies are all held is unavailable; nobody holds two copies),
000 §Genes Avanzados / 001 §LE CARTE GENE "SUPERIORE" (an advanced gene costs its price AND
the lower gene, held since at least the previous round; the lower gene cannot be bought
while its advanced gene is held; Armor is bought giving up Defense or Escape), the card
counts of 000 §EL PROYECTO GENOMA DE AMEBA (the 3-player deck has 20 cards, the 4-player
deck 30; Frugality and Parasitism are not in the 3-player deck), 003 §The Amoeba Genome
Project, 5-6 Players (Frugality costs 5 BP) and the rule option on Persistence's copies
with 4 players (001 and the German sheet: 1; 000: 2).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from builders import at_phase, play, position, refused, setup_for

from companion.tracker.citations import citation_text, cite
from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase, Step, apply, legal_actions, prompt
from companion.tracker.ursuppe.actions import BuyGene, EndPurchases
from companion.tracker.ursuppe.data import GENES, GENES_BY_KEY
from companion.tracker.ursuppe.options import RuleOptions
from companion.tracker.ursuppe.rules import market
from companion.tracker.ursuppe.state import HeldGene

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
RED_FIRST = {"red": 4, "yellow": 3, "green": 2, "blue": 1}


def market_for_red(n: int = 4, **kwargs):
    """Phase 3 with Red (highest marker) to buy first."""
    kwargs.setdefault("markers", {c.value: 10 - i for i, c in enumerate(list(Color)[:n])})
    return at_phase(position(n, **kwargs), Phase.GENES)


# ----- order -------------------------------------------------------------------------
def test_purchases_are_in_descending_order():
    state = at_phase(
        position(4, markers={"red": 2, "yellow": 9, "green": 5, "blue": 1}), Phase.GENES
    )
    order = []
    for _ in range(4):
        order.append(prompt(state).actor)
        state, _ = apply(state, EndPurchases(prompt(state).actor))
    assert order == [YELLOW, GREEN, RED, BLUE]
    assert state.phase is Phase.DIVISION


def test_a_player_not_on_turn_cannot_buy():
    state = market_for_red()
    error = refused(state, BuyGene(YELLOW, "intelligence"))
    assert "Ana ● red" in error.message


def test_a_player_buys_any_number_of_genes_then_ends():
    state = market_for_red(bp={"red": 20})
    state, events = play(
        state,
        BuyGene(RED, "intelligence"),
        BuyGene(RED, "speed"),
        BuyGene(RED, "division_rate"),
    )
    assert state.player(RED).gene_keys == ("intelligence", "speed", "division_rate")
    assert state.player(RED).bp == 20 - 2 - 4 - 6
    assert prompt(state).actor is RED
    state, _ = apply(state, EndPurchases(RED))
    assert prompt(state).actor is YELLOW
    refused(state, BuyGene(RED, "movement_1"))  # each player buys once a round


def test_the_price_is_paid_in_bp():
    state = market_for_red(bp={"red": 10})
    state, events = apply(state, BuyGene(RED, "tentacle"))
    assert state.player(RED).bp == 5
    assert "buys Tentacle for 5 BP (5 BP left)" in events[-1].text


def test_a_gene_costing_more_than_the_bp_held_cannot_be_bought():
    state = market_for_red(bp={"red": 5})
    error = refused(state, BuyGene(RED, "division_rate"))
    assert "6 BP" in error.message
    assert BuyGene(RED, "tentacle") in legal_actions(state)
    assert BuyGene(RED, "division_rate") not in legal_actions(state)


def test_when_nothing_is_affordable_the_purchases_end_automatically():
    state = market_for_red(bp={"red": 1, "yellow": 10})
    assert prompt(state).actor is YELLOW
    assert state.player(RED).bp == 1


# ----- duplicates and copies ----------------------------------------------------------
def test_no_player_may_hold_two_copies_of_a_gene():
    state = market_for_red(genes={"red": ["speed"]})
    assert state.copies_left("speed") == 1
    error = refused(state, BuyGene(RED, "speed"))
    assert "Speed" in error.message and error.source


def test_a_gene_whose_copies_are_all_held_is_unavailable():
    # Streamlining has 1 copy with 4 players.
    state = market_for_red(genes={"yellow": ["streamlining"]})
    assert state.copies_left("streamlining") == 0
    error = refused(state, BuyGene(RED, "streamlining"))
    assert "every copy" in error.message
    assert BuyGene(RED, "streamlining") not in legal_actions(state)


def test_the_second_copy_can_be_bought_while_the_first_is_held():
    state = market_for_red(genes={"yellow": ["speed"]})  # 2 copies with 4 players
    state, _ = apply(state, BuyGene(RED, "speed"))
    assert state.copies_left("speed") == 0
    state, _ = apply(state, EndPurchases(RED))
    refused(state, BuyGene(YELLOW, "speed"))
    state, _ = apply(state, EndPurchases(YELLOW))
    refused(state, BuyGene(GREEN, "speed"))


def test_the_3_player_deck_has_20_cards_and_the_4_player_deck_30():
    assert sum(g.copies_for(3) for g in GENES) == 20
    assert sum(g.copies_for(4) for g in GENES) == 30
    three = position(3)
    four = position(4)
    assert sum(three.copies_total(g.key) for g in GENES) == 20
    assert sum(four.copies_total(g.key) for g in GENES) == 30


@pytest.mark.parametrize(
    "gene, three, four",
    [
        ("intelligence", 1, 2),
        ("movement_1", 2, 2),
        ("spores", 1, 1),
        ("speed", 1, 2),
        ("defense", 1, 1),
        ("escape", 1, 2),
        ("substitution", 1, 1),
        ("ray_protection", 1, 2),
        ("streamlining", 1, 1),
        ("tentacle", 1, 2),
        ("holding", 1, 1),
        ("life_expectancy", 1, 2),
        ("frugality", 0, 1),
        ("struggle_for_survival", 2, 2),
        ("parasitism", 0, 1),
        ("division_rate", 1, 2),
        ("persistence", 1, 1),
        ("movement_2", 1, 2),
        ("aggression", 1, 1),
        ("armor", 1, 1),
    ],
)
def test_copies_by_player_count(gene, three, four):
    assert position(3).copies_total(gene) == three
    assert position(4).copies_total(gene) == four


@pytest.mark.parametrize("gene", ["frugality", "parasitism"])
def test_frugality_and_parasitism_are_not_in_the_3_player_deck(gene):
    state = market_for_red(3, bp={"red": 20})
    assert state.copies_total(gene) == 0
    error = refused(state, BuyGene(RED, gene))
    assert "3 players" in error.message
    assert all(a.gene != gene for a in legal_actions(state) if isinstance(a, BuyGene))


@pytest.mark.parametrize("gene", ["frugality", "parasitism"])
def test_frugality_and_parasitism_can_be_bought_with_4_players(gene):
    state = market_for_red(4, bp={"red": 6})
    state, _ = apply(state, BuyGene(RED, gene))
    assert state.player(RED).holds(gene)
    assert state.player(RED).bp == 0


# ----- advanced genes -----------------------------------------------------------------
@pytest.mark.parametrize(
    "advanced, lower, price",
    [
        ("persistence", "speed", 4),
        ("movement_2", "movement_1", 5),
        ("aggression", "struggle_for_survival", 5),
        ("armor", "defense", 6),
        ("armor", "escape", 6),
    ],
)
def test_an_advanced_gene_costs_its_price_and_the_lower_gene(advanced, lower, price):
    state = market_for_red(round=3, bp={"red": 10}, genes={"red": [lower, "intelligence"]})
    state, _ = apply(state, BuyGene(RED, advanced, give_up=lower))
    assert state.player(RED).gene_keys == ("intelligence", advanced)
    assert state.player(RED).bp == 10 - price
    assert state.copies_left(lower) == state.copies_total(lower)  # back in the pool


def test_an_advanced_gene_needs_the_lower_gene():
    state = market_for_red(bp={"red": 10})
    error = refused(state, BuyGene(RED, "persistence", give_up="speed"))
    assert "Speed" in error.message


def test_an_advanced_gene_must_name_the_lower_gene_given_up():
    state = market_for_red(bp={"red": 10}, genes={"red": ["speed"]})
    refused(state, BuyGene(RED, "persistence"))
    refused(state, BuyGene(RED, "persistence", give_up="movement_1"))
    refused(state, BuyGene(RED, "intelligence", give_up="speed"))  # not advanced


def test_the_lower_gene_cannot_be_bought_and_traded_the_same_round():
    state = market_for_red(round=4, bp={"red": 20})
    state, _ = apply(state, BuyGene(RED, "speed"))
    assert state.player(RED).genes == (HeldGene("speed", 4),)
    error = refused(state, BuyGene(RED, "persistence", give_up="speed"))
    assert "earlier round" in error.message
    assert BuyGene(RED, "persistence", "speed") not in legal_actions(state)


def test_the_lower_gene_held_since_the_previous_round_can_be_traded():
    state = position(4, round=4, bp={"red": 10}, markers=RED_FIRST)
    red = state.player(RED)
    state = state.with_player(replace(red, genes=(HeldGene("speed", 3),)))
    state = at_phase(state, Phase.GENES)
    state, _ = apply(state, BuyGene(RED, "persistence", give_up="speed"))
    assert state.player(RED).gene_keys == ("persistence",)


def test_a_lower_gene_held_since_the_current_round_cannot_be_traded():
    state = position(4, round=4, bp={"red": 10}, markers=RED_FIRST)
    red = state.player(RED)
    state = state.with_player(replace(red, genes=(HeldGene("speed", 4),)))
    state = at_phase(state, Phase.GENES)
    refused(state, BuyGene(RED, "persistence", give_up="speed"))


@pytest.mark.parametrize(
    "advanced, lower",
    [
        ("persistence", "speed"),
        ("movement_2", "movement_1"),
        ("aggression", "struggle_for_survival"),
    ],
)
def test_the_lower_gene_cannot_be_bought_while_holding_its_advanced_gene(advanced, lower):
    state = market_for_red(bp={"red": 20}, genes={"red": [advanced]})
    assert state.copies_left(lower) >= 1
    error = refused(state, BuyGene(RED, lower))
    assert GENES_BY_KEY[advanced].name in error.message


def test_armor_is_bought_giving_up_defense_or_escape():
    state = market_for_red(bp={"red": 20}, genes={"red": ["defense", "escape"]})
    assert {a for a in legal_actions(state) if getattr(a, "gene", None) == "armor"} == {
        BuyGene(RED, "armor", "defense"),
        BuyGene(RED, "armor", "escape"),
    }
    state, _ = apply(state, BuyGene(RED, "armor", give_up="escape"))
    assert state.player(RED).gene_keys == ("defense", "armor")  # Defense is kept
    assert state.player(RED).bp == 14


@pytest.mark.parametrize("lower", ["defense", "escape"])
def test_armor_blocks_buying_defense_and_escape(lower):
    state = market_for_red(bp={"red": 20}, genes={"red": ["armor"]})
    error = refused(state, BuyGene(RED, lower))
    assert "Armor" in error.message


def test_armor_bought_for_defense_blocks_buying_escape_the_same_round():
    state = market_for_red(bp={"red": 20}, genes={"red": ["defense"]})
    state, _ = apply(state, BuyGene(RED, "armor", give_up="defense"))
    refused(state, BuyGene(RED, "escape"))
    refused(state, BuyGene(RED, "defense"))


def test_an_advanced_gene_counts_against_its_own_copies():
    # Armor has 1 copy with 4 players.
    state = market_for_red(bp={"red": 20}, genes={"red": ["defense"], "yellow": ["armor"]})
    error = refused(state, BuyGene(RED, "armor", give_up="defense"))
    assert "every copy" in error.message


# ----- 5-6 players and the Persistence option ------------------------------------------
@pytest.mark.parametrize("n", [5, 6])
def test_frugality_costs_5_bp_with_5_or_6_players(n):
    state = market_for_red(n, bp={"red": 5})
    assert market.Offer("frugality", 5) in market.offers(state, RED)
    state, _ = apply(state, BuyGene(RED, "frugality"))
    assert state.player(RED).holds("frugality")
    assert state.player(RED).bp == 0


def test_frugality_costs_6_bp_with_4_players():
    state = market_for_red(4, bp={"red": 5})
    error = refused(state, BuyGene(RED, "frugality"))
    assert "6 BP" in error.message


def test_persistence_has_1_copy_with_4_players_by_default():
    state = market_for_red(
        bp={"red": 10, "yellow": 10}, genes={"red": ["speed"], "yellow": ["speed"]}
    )
    assert state.copies_total("persistence") == 1
    state, _ = play(state, BuyGene(RED, "persistence", give_up="speed"), EndPurchases(RED))
    assert prompt(state).actor is YELLOW
    error = refused(state, BuyGene(YELLOW, "persistence", give_up="speed"))
    assert "every copy" in error.message


def test_persistence_has_2_copies_with_4_players_under_the_000_option():
    setup = setup_for(4, options=RuleOptions(persistence_copies_4p=2))
    state = market_for_red(
        setup=setup, bp={"red": 10, "yellow": 10}, genes={"red": ["speed"], "yellow": ["speed"]}
    )
    assert state.copies_total("persistence") == 2
    assert sum(state.copies_total(g.key) for g in GENES) == 31
    state, _ = play(state, BuyGene(RED, "persistence", give_up="speed"), EndPurchases(RED))
    state, _ = apply(state, BuyGene(YELLOW, "persistence", give_up="speed"))
    assert state.player(YELLOW).gene_keys == ("persistence",)


@pytest.mark.parametrize("copies", [1, 2])
def test_the_persistence_option_does_not_change_3_player_copies(copies):
    setup = setup_for(3, options=RuleOptions(persistence_copies_4p=copies))
    assert position(3, setup=setup).copies_total("persistence") == 1


# ----- refusals ----------------------------------------------------------------------
def test_an_unknown_gene_is_refused():
    state = market_for_red()
    refused(state, BuyGene(RED, "telepathy"))


def test_refusals_name_the_rule_they_rest_on():
    state = market_for_red(bp={"red": 4}, genes={"red": ["speed"], "yellow": ["streamlining"]})
    for action, source in (
        (BuyGene(RED, "speed"), "Spanish rules, Fase 3: Nuevos Genes"),
        (BuyGene(RED, "streamlining"), "Spanish rules, Fase 3: Nuevos Genes"),
        (BuyGene(RED, "tentacle"), "Spanish rules, Fase 3: Nuevos Genes"),
        (BuyGene(RED, "persistence", give_up="movement_1"), "Spanish rules, Genes Avanzados"),
    ):
        error = refused(state, action)
        assert citation_text(cite(error.source)) == source


def test_buying_outside_phase_3_is_refused():
    state = at_phase(position(4, bp=20, markers=RED_FIRST), Phase.DIVISION)
    assert state.phase is Phase.DIVISION
    refused(state, BuyGene(RED, "intelligence"))


def test_the_step_is_buy_during_phase_3():
    state = market_for_red()
    assert prompt(state).step is Step.BUY
    assert EndPurchases(RED) in legal_actions(state)
