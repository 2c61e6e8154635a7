"""Extra genes refereed by the engine (genesA's part): Short Life Span, Energy Conservation,
Social Gene, Doris & Frank Gene, PhD, Highly Adaptable, Population Explosion, Hard Crust.

Each test cites 003 §The Amoeba Advanced Genome Project (the gene's text) and, where the book
is loose, the companion's reading in shared EXTRA-GENES.md (§Readings).
"""

from __future__ import annotations

from dataclasses import replace

from builders import (
    aid,
    at_phase,
    at_phase_with_events,
    play,
    position,
    refused_message,
    setup_for,
    texts,
)

from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import (
    AcceptAttack,
    Attack,
    BuyGene,
    Divide,
    Drift,
    EndDivision,
    EndPurchases,
    Move,
    Strike,
)
from companion.tracker.ursuppe.genes.actions import Explode, GiveUpAttack, PayHardCrust, SwapGene
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.rules.scoring import advance
from companion.tracker.ursuppe.state import Phase, Step
from companion.tracker.ursuppe.views.seat import seat_view

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
RED1, YELLOW1 = aid("red-1"), aid("yellow-1")
ALL_FACE_UP = setup_for(4, extra_genes=ExtraGenesMode.FIXED_LIST, extra_start=EXTRA_KEYS)


def game(**kwargs):
    """A position whose setup has every extra gene face up (a fixed list of all 26)."""
    state = position(4, setup=ALL_FACE_UP, **kwargs)
    return replace(state, extra_available=EXTRA_KEYS)


# ----- Short Life Span (003: "Amoebae die with just 1 DP rather than 2 ... only 4 BPs") ---
def test_short_life_span_kills_at_one_dp_and_two_with_life_expectancy():
    state = game(
        amoebas=["red-1@3:1", "yellow-1@5:1", "green-1@7:1", "green-2@9:2"],
        genes={"red": ["short_life_span"], "green": ["short_life_span", "life_expectancy"]},
    )
    state = at_phase(state, Phase.DEATHS)
    assert state.amoeba(RED1) is None  # 1 DP is enough
    assert state.amoeba(YELLOW1) is not None  # no gene: still 2
    assert state.amoeba(aid("green-1")) is not None  # Life Expectancy: 2
    assert state.amoeba(aid("green-2")) is None


def test_short_life_span_makes_division_cost_four_bp_and_four_with_division_rate_too():
    state = game(
        amoebas=["red-1@3", "yellow-1@5"],
        genes={"red": ["short_life_span", "division_rate"], "yellow": ["short_life_span"]},
        markers={"red": 9, "yellow": 8},
    )
    state = at_phase(state, Phase.DIVISION)
    state, events = play(state, Divide(aid("red-2"), 4))
    assert "for 4 BP" in texts(events)
    state, _ = play(state, EndDivision(RED))
    state, events = play(state, Divide(aid("yellow-2"), 4))
    assert "for 4 BP" in texts(events)


def test_short_life_span_returned_balances_only_four():
    state = game(genes={"red": ["short_life_span"]})
    assert state.returned_value_of("short_life_span") == 4 and state.mp_of("short_life_span") == 5


# ----- Energy Conservation (003: "Amoeba which drift in Phase 1, earn their owner 1 BP") -
def test_energy_conservation_earns_one_bp_per_drift():
    state = game(amoebas=["red-1@8"], genes={"red": ["energy_conservation"]}, bp={"red": 3})
    state = at_phase(state, Phase.MOVEMENT)
    state, events = play(state, Drift(RED1))
    assert "Energy Conservation earns 1 BP (now 4)" in texts(events)


def test_energy_conservation_pays_nothing_for_an_active_move():
    state = game(amoebas=["red-1@8"], genes={"red": ["energy_conservation"]}, bp={"red": 3})
    state = at_phase(state, Phase.MOVEMENT)
    state, events = play(state, Move(RED1))
    assert "Energy Conservation" not in texts(events) and state.player(RED).bp == 2


# ----- Social Gene (003: 1 BP from every player 6 or more spaces ahead, in phase 6) ------
def test_social_gene_collects_one_bp_from_every_player_six_or_more_spaces_ahead():
    state = game(
        genes={"blue": ["social_gene"]},
        markers={"red": 30, "yellow": 20, "green": 12, "blue": 10},
        bp={"red": 5, "yellow": 0, "green": 5, "blue": 1},
    )
    # No amoeba and no gene scores: the markers stay, so Blue (10) sees Red 20 and Yellow
    # 10 spaces ahead, Green only 2.
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert [p.marker for p in state.players] == [30, 20, 12, 10]
    assert state.player(BLUE).bp == 2 and state.player(RED).bp == 4
    assert state.player(YELLOW).bp == 0  # a player with 0 BP pays nothing
    assert state.player(GREEN).bp == 5
    assert "Social Gene: Dev ◆ blue receives 1 BP from Ana ● red" in texts(events)


def test_social_gene_is_bought_from_its_holder_for_two_bp_paid_to_the_holder():
    state = game(
        genes={"red": ["social_gene"]},
        markers={"red": 12, "yellow": 11, "green": 10, "blue": 3},
        bp=10,
    )
    state = at_phase(state, Phase.GENES)
    for color in (RED, YELLOW, GREEN):
        state, _ = play(state, EndPurchases(color))
    assert prompt(state).actor is BLUE
    state, events = play(state, BuyGene(BLUE, "social_gene"))
    assert "buys Social Gene from Ana ● red for 2 BP, paid to Ana ● red" in texts(events)
    assert state.player(BLUE).holds("social_gene") and not state.player(RED).holds("social_gene")
    assert (state.player(BLUE).bp, state.player(RED).bp) == (8, 12)


# ----- Doris & Frank Gene and PhD ---------------------------------------------------------
def test_the_doris_and_frank_holder_is_named_at_the_game_end():
    state = game(genes={"green": ["doris_frank"]}, markers={"red": 48})
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert state.phase is Phase.OVER
    assert "Cleo ■ green holds the Doris & Frank Gene and decides what the group plays next" in (
        texts(events)
    )


def test_phd_is_bought_giving_up_intelligence_and_counts_two_cards():
    state = game(genes={"red": ["intelligence", "speed"]}, markers={"red": 9}, bp=10)
    state = at_phase(state, Phase.GENES)
    state, _ = play(state, BuyGene(RED, "phd", "intelligence"))
    assert state.player(RED).gene_keys == ("speed", "phd")
    assert advance(state, RED)[0] >= 0
    assert sum(state.gene(k).cards_for_scoring() for k in state.player(RED).gene_keys) == 3


# ----- Highly Adaptable (003: swap a held gene, pay the difference, no change back) -----
def test_highly_adaptable_swaps_a_gene_paying_only_the_difference():
    state = game(genes={"red": ["highly_adaptable", "intelligence"]}, markers={"red": 9}, bp=5)
    state = at_phase(state, Phase.GENES)
    assert SwapGene(RED, "intelligence", "tentacle") in legal_actions(state)
    state, events = play(state, SwapGene(RED, "intelligence", "tentacle"))  # 5 - 2 = 3 BP
    assert state.player(RED).bp == 2
    assert "swaps Intelligence for Tentacle (Highly Adaptable) and pays 3 BP" in texts(events)
    state, _ = play(state, SwapGene(RED, "highly_adaptable", "intelligence"))  # cheaper: free
    assert state.player(RED).bp == 2 and state.player(RED).gene_keys == ("tentacle", "intelligence")
    assert not any(isinstance(a, SwapGene) for a in legal_actions(state))  # no longer held


def test_a_gene_taken_by_a_swap_is_kept_this_turn_and_advanced_genes_are_not_swapped_for():
    state = game(genes={"red": ["highly_adaptable", "speed"]}, markers={"red": 9}, bp=20)
    state = at_phase(state, Phase.GENES)
    state, _ = play(state, SwapGene(RED, "speed", "tentacle"))
    message = refused_message(state, SwapGene(RED, "tentacle", "spores"))
    assert "taken by a swap this turn" in message
    assert "only bought, never swapped for" in refused_message(
        state, SwapGene(RED, "highly_adaptable", "armor")
    )


# ----- Population Explosion (003: place amoebas up to the leader's count, give up BP) ----
def test_population_explosion_places_free_amoebas_up_to_the_leaders_count():
    state = game(
        amoebas=["red-1@1", "red-2@2", "red-3@3", "red-4@4", "blue-1@10"],
        genes={"blue": ["population_explosion"]},
        markers={"red": 20, "yellow": 15, "green": 12, "blue": 5},
        bp={"blue": 7},
    )
    state = at_phase(state, Phase.DIVISION)
    for color in (RED, YELLOW, GREEN):
        state, _ = play(state, EndDivision(color))
    assert Explode(BLUE) in legal_actions(state)
    state, events = play(state, Explode(BLUE))
    assert "gives up 17 BP" in texts(events)  # 7 held + this round's income of 10
    assert state.player(BLUE).bp == 0
    assert [str(m) for m in seat_view(state, BLUE)["affordable"]] == ["3 new amoebas at 0 BP"]
    for n, space in ((2, 9), (3, 11), (4, 14)):
        state, events = play(state, Divide(aid(f"blue-{n}"), space))
        placed = f"Population Explosion: Dev ◆ blue {n} is placed on space {space} (free; "
        assert placed in texts(events) and "born" not in texts(events)
    assert len(state.amoebas_of(BLUE)) == 4  # the leader's count: the turn ends by itself
    assert state.phase is not Phase.DIVISION


def test_population_explosion_is_not_offered_to_the_leader():
    state = game(
        amoebas=["red-1@1", "blue-1@10", "blue-2@11"],
        genes={"red": ["population_explosion"]},
        markers={"red": 20},
    )
    state = at_phase(state, Phase.DIVISION)
    assert Explode(RED) not in legal_actions(state)


# ----- Hard Crust (003: the attacker pays one more BP, or the attack fails) -------------
NO_FOOD = {8: {"yellow": 0, "green": 0, "blue": 0}}


def hungry_red(bp=10):
    state = game(
        amoebas=["red-1@8", "yellow-1@8"],
        genes={"red": ["struggle_for_survival"], "yellow": ["hard_crust"]},
        cubes=NO_FOOD,
        card="P9",
        bp={"red": bp},
    )
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Drift(RED1), Attack(RED1, YELLOW1))
    return state


def test_hard_crust_makes_the_attacker_pay_one_bp_more():
    state = hungry_red()
    if prompt(state).step is Step.ATTACK_RESPONSE:
        state, _ = play(state, AcceptAttack())
    assert prompt(state).step is Step.HARD_CRUST and prompt(state).actor is RED
    before = state.player(RED).bp
    state, events = play(state, PayHardCrust(RED))
    assert state.player(RED).bp == before - 1 and state.amoeba(YELLOW1) is None


def test_hard_crust_giving_up_means_the_attacker_starves_and_the_victim_survives():
    state = hungry_red()
    state, events = play(state, GiveUpAttack(RED))
    assert state.amoeba(YELLOW1) is not None
    assert state.amoeba(RED1).dp == 1
    assert "does not pay for" in texts(events)


def test_hard_crust_without_bp_the_attack_fails_at_once():
    state = hungry_red(bp=1)  # the attack itself costs the 1 BP
    assert state.amoeba(YELLOW1) is not None and state.amoeba(RED1).dp == 1


def test_hard_crust_also_stands_against_aggression_in_phase_5():
    state = game(
        amoebas=["red-1@8", "yellow-1@8"],
        genes={"red": ["aggression"], "yellow": ["hard_crust"]},
    )
    state = at_phase(state, Phase.DEATHS)
    state, _ = play(state, Strike(RED1, aid("yellow-1")))
    assert prompt(state).step is Step.HARD_CRUST
    state, events = play(state, GiveUpAttack(RED))
    assert state.amoeba(YELLOW1) is not None and "Aggression failed" in texts(events)


def test_an_explosion_refused_says_why():
    state = game(
        amoebas=["red-1@1", "red-2@2", "red-3@3", "blue-1@10"],
        genes={"blue": ["population_explosion"]},
        markers={"red": 20, "yellow": 15, "green": 12, "blue": 5},
    )
    state = at_phase(state, Phase.DIVISION)
    assert "only a holder of Population Explosion may explode" in refused_message(
        state, Explode(RED)
    )
    for color in (RED, YELLOW, GREEN):
        state, _ = play(state, EndDivision(color))
    state, _ = play(state, Divide(aid("blue-2"), 9))
    assert "the explosion replaces division" in refused_message(state, Explode(BLUE))


def test_flexible_lowers_social_gene_from_its_holder_and_a_swap_by_one_bp():
    # EXTRA-GENES.md: "Flexible lowers both prices by 1"; "swaps included".
    state = game(
        genes={"red": ["social_gene"], "blue": ["flexible", "highly_adaptable", "intelligence"]},
        markers={"red": 12, "yellow": 11, "green": 10, "blue": 3},
        bp={"blue": 10, "red": 0},
    )
    state = at_phase(state, Phase.GENES)
    while prompt(state).actor is not BLUE:
        state, _ = play(state, EndPurchases(prompt(state).actor))
    state, _ = play(state, BuyGene(BLUE, "social_gene"))
    assert (state.player(BLUE).bp, state.player(RED).bp) == (9, 1)
    state, events = play(state, SwapGene(BLUE, "intelligence", "tentacle"))  # 5 - 1 - 2
    assert state.player(BLUE).bp == 7 and "pays 2 BP" in texts(events)
