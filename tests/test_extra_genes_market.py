"""The 26 extra genes: their values, and how the market knows them.

Checks the table of 003 §The Amoeba Advanced Genome Project (price, then MP; the advanced
genes give up PhD: Intelligence, Environmental Sensing: Migration Sensing, Camouflage II:
Camouflage I, Healing II: Healing I, Suction II: Suction I), 001 §LE CARTE GENE "NORMALE" /
"SUPERIORE" (the printing chosen by the rule option `extra_gene_prices`), 003 §Play / 001
§4.2 Il Gioco (a starting set is available from round 1, the others only once turned over;
one copy of each), Flexible ("New genes cost 1 BP less") and Social Gene (only the player in
last place may buy it: 4 BP from the bank, 2 BP to its holder).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from builders import at_phase, play, position, refused, setup_for, texts

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe import (
    Phase,
    Step,
    action_from_dict,
    action_to_dict,
    describe,
    from_dict,
    legal_actions,
    prompt,
    to_dict,
)
from companion.tracker.ursuppe.actions import BuyGene, EndPurchases
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.engine import new_game
from companion.tracker.ursuppe.genes.actions import ShuffleExtraGenes, TurnExtraGene
from companion.tracker.ursuppe.genes.extra import EXTRA_GENES, EXTRA_KEYS, RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenePrices, ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.rules import market

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE

# EXTRA-GENES.md §Values: key -> (003 price, 003 MP, 001 price, 001 MP, gives up).
TABLE = {
    "doris_frank": (2, 3, 2, 3, None),
    "glutton": (3, -2, 3, -2, None),
    "alarm": (3, 3, 3, 3, None),
    "cleanliness": (3, 3, 3, 3, None),
    "hard_crust": (3, 3, 3, 3, None),
    "migration_sensing": (3, 3, 3, 3, None),
    "social_gene": (4, 3, 3, 4, None),
    "fast_food": (4, 3, 3, 4, None),
    "highly_adaptable": (4, 3, 3, 4, None),
    "more_than_a_mouthful": (4, 3, 3, 4, None),
    "camouflage_1": (4, 4, 4, 4, None),
    "suction_1": (4, 4, 4, 4, None),
    "threat_display": (4, 4, 4, 4, None),
    "flexible": (5, 4, 5, 4, None),
    "healing_1": (5, 4, 5, 4, None),
    "rebound": (5, 4, 5, 4, None),
    "go_out_with_a_bang": (5, 5, 5, 5, None),
    "short_life_span": (5, 5, 5, 5, None),
    "toxic_excretions": (5, 5, 5, 5, None),
    "population_explosion": (6, 5, 6, 5, None),
    "energy_conservation": (6, 6, 6, 6, None),
    "phd": (3, 4, 3, 4, "intelligence"),
    "environmental_sensing": (4, 3, 4, 3, "migration_sensing"),
    "camouflage_2": (5, 5, 5, 4, "camouflage_1"),
    "healing_2": (5, 5, 5, 5, "healing_1"),
    "suction_2": (6, 6, 6, 6, "suction_1"),
}


def with_extra(n=4, start=RECOMMENDED_START, mode=ExtraGenesMode.START_AND_TURNED, **options):
    return setup_for(n, extra_genes=mode, extra_start=start, options=RuleOptions(**options))


def genes_market(n=4, start=RECOMMENDED_START, options=None, mode=None, **kwargs):
    """Phase 3 with Red (highest marker) to buy first, extra genes `start` face up."""
    mode = mode or ExtraGenesMode.START_AND_TURNED
    setup = with_extra(n, start, mode, **(options or {}))
    kwargs.setdefault("markers", {c.value: 10 - i for i, c in enumerate(list(Color)[:n])})
    state = position(n, setup=setup, **kwargs)
    return at_phase(replace(state, extra_available=start), Phase.GENES)


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_the_26_extra_genes_have_the_values_003_prints(n):
    assert len(EXTRA_GENES) == 26 and set(EXTRA_KEYS) == set(TABLE)
    state = position(n, setup=with_extra(n))
    for key, (price, mp, _, _, gives_up) in TABLE.items():
        card = GENES_BY_KEY[key]
        assert card.extra and card.copies_for(n) == 1
        assert (state.price_of(key), state.mp_of(key)) == (price, mp), key
        assert card.replaces == ((gives_up,) if gives_up else ())
        assert card.cards_for_scoring() == (2 if gives_up else 1)
    assert state.returned_value_of("short_life_span") == 4  # 003: "only counts as 4"


def test_the_rule_option_takes_001s_values_where_the_printings_differ():
    state = position(4, setup=with_extra(extra_gene_prices=ExtraGenePrices.ITALIAN))
    for key, (_, _, price, mp, _) in TABLE.items():
        assert (state.price_of(key), state.mp_of(key)) == (price, mp), key
    assert state.price_of("speed") == 4  # base genes are not touched


def test_the_starting_set_is_buyable_and_other_extra_genes_are_not_yet():
    state = genes_market(bp=20)
    assert state.copies_total("population_explosion") == 1
    assert state.copies_total("glutton") == 0
    assert BuyGene(RED, "population_explosion") in legal_actions(state)
    error = refused(state, BuyGene(RED, "glutton"))
    assert "Glutton has not been turned over" in error.message


def test_without_extra_genes_none_can_be_bought():
    state = at_phase(position(4, bp=20, markers={"red": 9}), Phase.GENES)
    error = refused(state, BuyGene(RED, "population_explosion"))
    assert "extra genes are not used in this game" in error.message
    assert not any(
        isinstance(a, BuyGene) and GENES_BY_KEY[a.gene].extra for a in legal_actions(state)
    )


def test_one_copy_of_each_extra_gene():
    state = genes_market(bp=20, genes={"yellow": ["population_explosion"]})
    assert state.copies_left("population_explosion") == 0
    error = refused(state, BuyGene(RED, "population_explosion"))
    assert "every copy of Population Explosion is held" in error.message


def test_flexible_takes_one_bp_off_every_gene_bought():
    state = genes_market(bp={"red": 20}, genes={"red": ["flexible"]})
    assert market.price_for(state, RED, "population_explosion") == 5
    state, events = play(state, BuyGene(RED, "speed"))
    assert state.player(RED).bp == 17  # Speed costs 4, 3 with Flexible
    assert "buys Speed for 3 BP" in events[-1].text


def test_social_gene_is_bought_only_by_the_player_in_last_place():
    state = genes_market(bp=20)  # Red leads, Blue is last
    error = refused(state, BuyGene(RED, "social_gene"))
    assert "only the player in last place may buy Social Gene" in error.message


def test_the_starting_set_must_name_extra_genes_once():
    with pytest.raises(InvalidAction):
        new_game(with_extra(start=("speed",)))
    with pytest.raises(InvalidAction):
        new_game(with_extra(start=("glutton", "glutton")))
    with pytest.raises(InvalidAction):
        new_game(with_extra(start=("glutton",), mode=ExtraGenesMode.ALL_RANDOM))
    with pytest.raises(InvalidAction):
        new_game(with_extra(start=(), mode=ExtraGenesMode.FIXED_LIST))
    assert new_game(with_extra()).extra_available == RECOMMENDED_START


# ----- the turn-over (003 §Play, 001 §4.2 Il Gioco) ------------------------------------
def test_after_the_leader_has_bought_n_extra_genes_are_turned_over_then_the_second_buys():
    state = genes_market(bp=20)
    state, _ = play(state, EndPurchases(RED))
    asked = prompt(state)
    assert asked.step is Step.TURN_EXTRA and "2 still to turn" in asked.text
    assert TurnExtraGene("glutton") in legal_actions(state)
    assert TurnExtraGene("social_gene") not in legal_actions(state)  # already face up
    refused(state, BuyGene(YELLOW, "speed"))  # the second player waits for the turn-over
    state, events = play(state, TurnExtraGene("glutton"), TurnExtraGene("alarm"))
    assert "Extra gene Glutton is turned over: 3 BP, -2 MP." in texts(events)
    assert state.extra_available == RECOMMENDED_START + ("glutton", "alarm")
    assert prompt(state).step is Step.BUY and prompt(state).actor is YELLOW
    assert BuyGene(YELLOW, "glutton") in legal_actions(state)


@pytest.mark.parametrize("n", [1, 3])
def test_the_number_turned_per_round_is_the_rule_option(n):
    state = genes_market(bp=20, options={"extra_genes_per_round": n})
    state, _ = play(state, EndPurchases(RED))
    for key in ("glutton", "alarm", "rebound")[:n]:
        state, _ = play(state, TurnExtraGene(key))
    assert len(state.extra_available) == 2 + n and prompt(state).actor is YELLOW


def test_the_apps_recorded_shuffle_turns_the_extra_genes_over_by_itself():
    state = genes_market(bp=20)
    down = [k for k in EXTRA_KEYS if k not in RECOMMENDED_START]
    order = tuple(reversed(down))
    refused(state, ShuffleExtraGenes(order[1:]))  # every face-down gene, once
    state, events = play(state, ShuffleExtraGenes(order), EndPurchases(RED))
    assert state.extra_available == RECOMMENDED_START + order[:2]
    assert state.extra_pile == order[2:]
    assert prompt(state).actor is YELLOW
    refused(state, ShuffleExtraGenes(order[2:]))  # shuffled once


def test_a_fixed_list_turns_nothing_over():
    state = genes_market(start=("glutton",), mode=ExtraGenesMode.FIXED_LIST)
    state, _ = play(state, EndPurchases(RED))
    assert prompt(state).actor is YELLOW and state.extra_available == ("glutton",)


def test_the_turned_extra_genes_survive_the_record_round_trip():
    state = genes_market(bp=20)
    state, _ = play(state, EndPurchases(RED), TurnExtraGene("glutton"))
    assert from_dict(to_dict(state)) == state
    action = action_from_dict(action_to_dict(TurnExtraGene("alarm")))
    assert action == TurnExtraGene("alarm")
    assert describe(state, action).__str__() == "turn over Alarm"
