"""Extra genes about obstacles, damage and death: Rebound, Go Out With A Bang, Healing I and II.

Checks 003 §The Amoeba Advanced Genome Project and 001 §LE CARTE GENE "NORMALE" /
"SUPERIORE" (Rebound: bounce to the space beyond the obstacle, "assuming there is one" (003),
option 001: back the other way; Go Out With A Bang: every other amoeba on the space takes
1 DP, chain reactions; Healing I: 3 BP removes 1 DP in phase 4; Healing II: or the DP moves
onto another amoeba on the space, which dies at once (003), option 001: 4 BP and it dies only
at its limit) and the companion's readings in EXTRA-GENES.md.
"""

from __future__ import annotations

from dataclasses import replace

from builders import aid, at_phase, play, position, setup_for, texts
from builders import refused_message as refused

from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import Attack, Drift
from companion.tracker.ursuppe.genes.actions import Bounce, Heal, PayHardCrust, TransferDamage
from companion.tracker.ursuppe.options import HealingTransfer, ReboundReading, RuleOptions
from companion.tracker.ursuppe.state import Phase, Step
from companion.tracker.ursuppe.views.seat import seat_view

RED1, RED2, YELLOW1, GREEN1 = aid("red-1"), aid("red-2"), aid("yellow-1"), aid("green-1")


def drifting(start: int, card: str, genes=("rebound",), options=None, toxic=()):
    setup = setup_for(4, options=options) if options else None
    state = position(
        4, amoebas=[f"red-1@{start}"], genes={"red": list(genes)}, card=card, setup=setup
    )
    return at_phase(replace(state, toxic=toxic), Phase.MOVEMENT)


# ----- Rebound -------------------------------------------------------------------------
def test_rebound_bounces_past_the_compass_island():
    state = drifting(7, "P3")  # south of 7 lies the island, then 16

    state, _ = play(state, Drift(RED1))
    assert prompt(state).step is Step.REBOUND
    state, events = play(state, Bounce(RED1, True))

    assert state.amoeba(RED1).space == 16
    assert "bounces from space 7 to space 16 (Rebound)" in texts(events)


def test_rebound_may_be_declined():
    state = drifting(11, "P2")  # east of 11: the island, then 12

    state, _ = play(state, Drift(RED1), Bounce(RED1, False))

    assert state.amoeba(RED1).space == 11


def test_rebound_at_the_board_edge_finds_nothing_beyond_and_stays():
    state = drifting(1, "P1")  # north of 1: the edge

    state, _ = play(state, Drift(RED1))

    assert state.amoeba(RED1).space == 1
    assert prompt(state).step is not Step.REBOUND


def test_rebound_by_the_italian_option_bounces_back_the_other_way():
    state = drifting(1, "P1", options=RuleOptions(rebound=ReboundReading.ITALIAN))

    state, _ = play(state, Drift(RED1), Bounce(RED1, True))

    assert state.amoeba(RED1).space == 6  # one space south of 1


def test_a_bounce_onto_toxic_tokens_takes_them():
    state = drifting(7, "P3", toxic=((16, 1),))

    state, _ = play(state, Drift(RED1), Bounce(RED1, True))

    assert state.amoeba(RED1).dp == 1 and state.toxic_on(16) == 0


# ----- Go Out With A Bang --------------------------------------------------------------
def test_go_out_with_a_bang_chains_deaths_in_phase_5():
    genes = {"red": ["go_out_with_a_bang"]}
    state = position(4, amoebas=["red-1@8:2", "yellow-1@8:1", "green-1@8"], genes=genes)

    state = at_phase(state, Phase.DEATHS)

    assert state.amoeba(RED1) is None and state.amoeba(YELLOW1) is None  # 1 + 1 DP: dies too
    assert state.amoeba(GREEN1).dp == 1


def test_go_out_with_a_bang_chains_through_the_holder_s_own_amoebas():
    genes = {"red": ["go_out_with_a_bang"]}
    state = position(4, amoebas=["red-1@8:2", "red-2@8:1", "yellow-1@8:0"], genes=genes)

    state = at_phase(state, Phase.DEATHS)

    assert state.amoeba(RED2) is None  # dies of red-1's blast, and blasts in turn
    assert state.amoeba(YELLOW1) is None  # 0 + 1 + 1 DP: the chain reaches it too


def test_a_bang_after_a_phase_1_death_waits_for_phase_5():
    genes = {"red": ["struggle_for_survival"], "yellow": ["go_out_with_a_bang"]}
    starving = {8: {"yellow": 0, "green": 0, "blue": 0}}
    state = position(4, amoebas=["red-1@8:1", "yellow-1@8"], genes=genes, cubes=starving, card="P9")
    state = at_phase(state, Phase.MOVEMENT)

    state, events = play(state, Drift(RED1), Attack(RED1, YELLOW1))

    assert state.amoeba(RED1).dp == 2  # at its limit, but alive until phase 5
    assert "goes out with a bang" in texts(events)


# ----- Healing -------------------------------------------------------------------------
def dividing(genes, amoebas, options=None, bp=0):
    setup = setup_for(4, options=options) if options else None
    state = position(
        4,
        amoebas=amoebas,
        genes={"red": genes},
        markers={"red": 9},
        bp={"red": bp},
        setup=setup,
    )
    state = at_phase(state, Phase.DIVISION)
    assert state.cursor.actor is Color.RED
    return state


def test_healing_1_removes_a_dp_for_3_bp_once_per_amoeba():
    state = dividing(["healing_1"], ["red-1@8:1", "red-2@9:1"])

    state, events = play(state, Heal(RED1))

    assert state.amoeba(RED1).dp == 0
    assert state.player(Color.RED).bp == 10 - 3
    assert Heal(RED1) not in legal_actions(state) and Heal(RED2) in legal_actions(state)
    assert "heals 1 DP for 3 BP" in texts(events)


def test_healing_2_moves_the_dp_onto_another_amoeba_which_dies_at_once():
    state = dividing(["healing_2"], ["red-1@8:1", "yellow-1@8"])

    state, events = play(state, TransferDamage(RED1, YELLOW1))

    assert state.amoeba(RED1).dp == 0 and state.amoeba(YELLOW1) is None
    assert state.player(Color.RED).bp == 10 - 3
    assert "dies at once" in texts(events)


def test_healing_2_by_the_italian_option_costs_4_and_kills_only_at_the_limit():
    options = RuleOptions(healing_transfer=HealingTransfer.ITALIAN)
    state = dividing(["healing_2"], ["red-1@8:1", "yellow-1@8"], options=options)

    state, _ = play(state, TransferDamage(RED1, YELLOW1))

    assert state.amoeba(YELLOW1).dp == 1
    assert state.player(Color.RED).bp == 10 - 4


def test_healing_2_keeps_healing_1():
    state = dividing(["healing_2"], ["red-1@8:1"])

    assert Heal(RED1) in legal_actions(state)


def test_healing_needs_3_bp():
    state = dividing(["healing_1"], ["red-1@8:1", "red-2@9:1", "red-3@10:1", "red-4@11:1"])

    state, _ = play(state, Heal(RED1), Heal(RED2), Heal(aid("red-3")))  # 10 - 9 = 1 BP left

    assert not any(isinstance(a, Heal) for a in legal_actions(state))


# ----- refusals name the gene ----------------------------------------------------------
def test_healing_an_amoeba_twice_a_round_is_refused():
    state = dividing(["healing_1"], ["red-1@8:2"])
    state, _ = play(state, Heal(RED1))

    assert "already healed this round" in refused(state, Heal(RED1))


def test_passing_a_dp_without_healing_2_is_refused_naming_it():
    state = dividing(["healing_1"], ["red-1@8:1", "yellow-1@8"])

    assert "Healing II" in refused(state, TransferDamage(RED1, YELLOW1))


def test_a_healing_holder_s_phone_says_what_healing_costs_in_phase_4():
    state = dividing(["healing_1"], ["red-1@8:1"])

    offered = [str(m) for m in seat_view(state, Color.RED)["affordable"]]

    assert "heal 1 DP at 3 BP (Healing I)" in offered


# ----- with genesA's extra genes -------------------------------------------------------
def test_a_bang_kills_a_short_life_span_neighbour_at_one_dp_in_the_same_phase_5():
    genes = {"red": ["go_out_with_a_bang"], "yellow": ["short_life_span"]}
    state = position(4, amoebas=["red-1@8:2", "yellow-1@8"], genes=genes)

    state = at_phase(state, Phase.DEATHS)

    assert state.amoeba(RED1) is None and state.amoeba(YELLOW1) is None


def test_hard_crust_paid_then_more_than_a_mouthful_still_saves_the_victim():
    genes = {
        "red": ["struggle_for_survival"],
        "yellow": ["hard_crust", "more_than_a_mouthful"],
    }
    starving = {8: {"yellow": 0, "green": 0, "blue": 0}}
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes=genes, cubes=starving, card="P9")
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Drift(RED1), Attack(RED1, YELLOW1))
    assert prompt(state).step is Step.HARD_CRUST

    state, events = play(state, PayHardCrust(Color.RED))

    assert state.amoeba(YELLOW1).dp == 1
    assert state.player(Color.RED).bp == 10 - 2  # the attack and the crust
    assert "more than a mouthful" in texts(events)
