"""Attacks: Struggle for Survival (phase 1), Aggression (phase 5), Defense, Escape, Armor.

Checks the gene tables 000 §EL PROYECTO GENOMA DE AMEBA and 001 §LE CARTE GENE "NORMALE"
(Struggle for Survival, Defense, Escape), 000 §Genes Avanzados (Persistence, Aggression,
Armor), 000 §Muerte (a violent death leaves 1 cube of each color, a natural death 2),
000 §Preguntas (a defender who wins places no cubes; an attacker riding along with Holding
ends the attack but may still feed; Aggression once a round), 001 §NOTA and 003 (Defense and
Escape both against one attack, each once a round; option: only one, 000) and the
companion's decisions in RULES.md (Armor absorbing Aggression counts as a success).
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, at_phase_with_events, play, position, setup_for, texts
from builders import refused_message as refused

from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import (
    AcceptAttack,
    Attack,
    DeclineAggression,
    DeclineRetry,
    Defend,
    Drift,
    Escape,
    FightRoll,
    MoveAgain,
    RetryAttack,
    RetryDefense,
    RideAlong,
    RollMovement,
    Starve,
    Strike,
)
from companion.tracker.ursuppe.options import ArmorVsAggression, RuleOptions
from companion.tracker.ursuppe.state import Phase, Step

RED1, RED2 = aid("red-1"), aid("red-2")
YELLOW1, YELLOW2 = aid("yellow-1"), aid("yellow-2")
GREEN1 = aid("green-1")
STRUGGLE = "struggle_for_survival"
NO_FOOD = {8: {"yellow": 0, "green": 0, "blue": 0}}  # red's own 2 cubes stay on space 8


def cubes(state, space: int) -> dict[str, int]:
    return {c.value: n for c, n in zip(state.colors, state.cubes_on(space))}


def bp(state, color: str) -> int:
    return state.player(Color(color)).bp


def hungry(
    amoebas=("red-1@8", "yellow-1@8"),
    genes=None,
    options: RuleOptions | None = None,
    cube_spec=None,
    **kw,
):
    """Red-1 on space 8 with no food for it, at its feeding step (card P9: no drift)."""
    genes = {"red": [STRUGGLE], **(genes or {})}
    setup = setup_for(4, options=options) if options else None
    state = position(
        4,
        amoebas=list(amoebas),
        genes=genes,
        cubes=cube_spec if cube_spec is not None else NO_FOOD,
        card="P9",
        setup=setup,
        **kw,
    )
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Drift(RED1))
    assert prompt(state).step is Step.FEED
    return state


# ----- Struggle for Survival -----------------------------------------------------------
def test_a_starving_amoeba_may_attack_instead_of_starving():
    state = hungry()

    assert set(legal_actions(state)) == {Attack(RED1, YELLOW1), Starve(RED1)}


def test_an_amoeba_with_a_meal_cannot_attack():
    state = position(3, amoebas=["red-1@8", "yellow-1@8"], genes={"red": [STRUGGLE]}, card="P9")
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Drift(RED1))  # two meals on space 8: red must choose one
    assert prompt(state).step is Step.FEED

    message = refused(state, Attack(RED1, YELLOW1))

    assert "otherwise starve" in message
    assert all(a.kind == "feed" for a in legal_actions(state))


def test_a_successful_attack_is_a_violent_death():
    state = hungry(amoebas=("red-1@8", "yellow-1@8", "green-1@3"))

    state, events = play(state, Attack(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None
    attacker = state.amoeba(RED1)
    assert (attacker.space, attacker.dp) == (8, 0)  # it fed: no starving
    assert bp(state, "red") == 9  # the attack costs 1 BP
    # instead of excreting, 1 cube of each color in play
    assert cubes(state, 8) == {"red": 3, "yellow": 1, "green": 1, "blue": 1}
    assert "violent death" in texts(events)
    assert prompt(state).amoeba == GREEN1  # the dead amoeba no longer acts


def test_an_amoeba_may_attack_one_of_its_own_color():
    state = hungry(amoebas=("red-1@8", "red-2@8"))
    assert Attack(RED1, RED2) in legal_actions(state)

    state, _ = play(state, Attack(RED1, RED2))

    assert state.amoeba(RED2) is None
    assert cubes(state, 8) == {"red": 3, "yellow": 1, "green": 1, "blue": 1}


def test_aggression_includes_struggle_for_survival():
    state = position(
        4,
        amoebas=["red-1@8", "yellow-1@8"],
        genes={"red": ["aggression"]},
        cubes=NO_FOOD,
        card="P9",
    )
    state = at_phase(state, Phase.MOVEMENT)
    state, _ = play(state, Drift(RED1))

    assert Attack(RED1, YELLOW1) in legal_actions(state)


@pytest.mark.parametrize(
    ("genes", "money"),
    [({"red": []}, 10), ({"red": [STRUGGLE]}, 0)],
    ids=["without-the-gene", "without-bp"],
)
def test_an_amoeba_that_cannot_attack_starves(genes, money):
    state = position(
        4,
        amoebas=["red-1@8", "yellow-1@8"],
        genes=genes,
        cubes=NO_FOOD,
        card="P9",
        bp={"red": money},
    )

    state, events = at_phase_with_events(state, Phase.MOVEMENT)
    if prompt(state).amoeba == RED1:  # with BP red chooses to drift; without, it must
        state, more = play(state, Drift(RED1))
        events += more

    assert state.amoeba(RED1).dp == 1
    assert state.amoeba(YELLOW1) is not None
    assert any(e.kind == "forced" and "starve" in e.text for e in events)


def test_an_armored_amoeba_cannot_be_attacked_in_phase_1():
    state = hungry(amoebas=("red-1@8", "yellow-1@8", "green-1@8"), genes={"yellow": ["armor"]})

    assert Attack(RED1, YELLOW1) not in legal_actions(state)
    assert Attack(RED1, GREEN1) in legal_actions(state)
    message = refused(state, Attack(RED1, YELLOW1))
    assert "Armor" in message


def test_with_only_armored_neighbours_the_amoeba_starves():
    state = position(
        4,
        amoebas=["red-1@8", "yellow-1@8"],
        genes={"red": [STRUGGLE], "yellow": ["armor"]},
        cubes=NO_FOOD,
        card="P9",
    )
    state = at_phase(state, Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert state.amoeba(RED1).dp == 1
    assert state.amoeba(YELLOW1) is not None


def test_a_violent_death_places_cubes_only_from_the_supply():
    # 55 yellow cubes in all: none on space 8, 2 on 17 other spaces, the rest on space 1
    heap = 55 - 2 * 17
    state = hungry(cube_spec={8: {"yellow": 0, "green": 0, "blue": 0}, 1: {"yellow": heap}})
    assert state.supply(Color.YELLOW) == 0

    state, _ = play(state, Attack(RED1, YELLOW1))

    assert cubes(state, 8) == {"red": 3, "yellow": 0, "green": 1, "blue": 1}


def test_attacking_an_amoeba_on_another_space_is_refused():
    state = hungry(amoebas=("red-1@8", "yellow-1@8", "green-1@3"))

    refused(state, Attack(RED1, GREEN1))


# ----- Defense -------------------------------------------------------------------------
def test_defense_costs_one_bp_and_turns_the_attack_into_a_fight():
    state = hungry(genes={"yellow": ["defense"]})
    state, _ = play(state, Attack(RED1, YELLOW1))
    assert prompt(state).step is Step.ATTACK_RESPONSE
    assert prompt(state).actor is Color.YELLOW
    assert set(legal_actions(state)) == {Defend(), AcceptAttack()}

    state, _ = play(state, Defend())

    assert prompt(state).step is Step.FIGHT_ROLL
    assert bp(state, "yellow") == 9
    assert FightRoll(1, 6) in legal_actions(state)


def test_a_tied_fight_is_rolled_again():
    state = hungry(genes={"yellow": ["defense"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Defend())

    after, events = play(state, FightRoll(4, 4))

    assert prompt(after).step is Step.FIGHT_ROLL
    assert after.amoebas == state.amoebas and after.cubes == state.cubes
    assert "roll again" in texts(events)


def test_the_attacker_winning_the_fight_eats_the_defender():
    state = hungry(genes={"yellow": ["defense"]})

    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(5, 2))

    assert state.amoeba(YELLOW1) is None
    assert state.amoeba(RED1).dp == 0
    assert cubes(state, 8) == {"red": 3, "yellow": 1, "green": 1, "blue": 1}


def test_the_defender_winning_the_fight_makes_the_attacker_starve_and_places_no_cubes():
    state = hungry(genes={"yellow": ["defense"]})

    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(2, 5))

    assert state.amoeba(YELLOW1) is not None
    assert state.amoeba(RED1).dp == 1
    assert cubes(state, 8) == {"red": 2, "yellow": 0, "green": 0, "blue": 0}
    assert (bp(state, "red"), bp(state, "yellow")) == (9, 9)


def test_defense_is_used_once_per_round_per_player():
    state = hungry(
        amoebas=("red-1@8", "red-2@8", "yellow-1@8", "yellow-2@8"), genes={"yellow": ["defense"]}
    )
    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(1, 6))
    assert state.amoeba(RED1).dp == 1
    state, _ = play(state, Drift(RED2))

    state, _ = play(state, Attack(RED2, YELLOW2))  # yellow has used its Defense this round

    assert state.amoeba(YELLOW2) is None
    assert bp(state, "yellow") == 9


@pytest.mark.parametrize("gene", ["defense", "escape"])
def test_a_defender_without_bp_cannot_respond(gene):
    state = hungry(genes={"yellow": [gene]}, bp={"red": 10, "yellow": 0})

    state, _ = play(state, Attack(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None
    assert state.amoeba(RED1).dp == 0


# ----- Escape --------------------------------------------------------------------------
def test_escape_pays_one_bp_and_moves_the_defender_away_so_the_attacker_starves():
    state = hungry(genes={"yellow": ["escape"]})
    state, _ = play(state, Attack(RED1, YELLOW1))
    assert set(legal_actions(state)) == {Escape(), AcceptAttack()}

    state, _ = play(state, Escape())
    assert prompt(state).step is Step.MOVE_ROLL  # an ordinary move with the die
    state, events = play(state, RollMovement((2,)))  # north to 3

    assert state.amoeba(YELLOW1).space == 3
    assert state.amoeba(RED1).dp == 1
    assert bp(state, "yellow") == 9
    assert cubes(state, 8) == {"red": 2, "yellow": 0, "green": 0, "blue": 0}
    assert "escaped" in texts(events)


def test_escape_is_free_with_streamlining():
    state = hungry(genes={"yellow": ["escape", "streamlining"]})

    state, _ = play(state, Attack(RED1, YELLOW1), Escape(), RollMovement((3,)))

    assert bp(state, "yellow") == 10
    assert state.amoeba(YELLOW1).space == 9


def test_escape_uses_the_defenders_movement_genes():
    state = hungry(genes={"yellow": ["escape", "movement_2"]})

    state, _ = play(state, Attack(RED1, YELLOW1), Escape())

    assert prompt(state).step is Step.MOVE_DIRECTION
    assert {a.direction for a in legal_actions(state)} == {"N", "E", "S", "W", "stay"}


@pytest.mark.parametrize("roll", [(5,), (4,)], ids=["rolls-5", "blocked-by-island"])
def test_an_escape_that_leaves_the_defender_on_the_space_does_not_stop_the_attack(roll):
    # space 7: south is the compass island
    state = hungry(
        amoebas=("red-1@7", "yellow-1@7"),
        genes={"yellow": ["escape"]},
        cube_spec={7: {"yellow": 0, "green": 0, "blue": 0}},
    )

    state, events = play(state, Attack(RED1, YELLOW1), Escape(), RollMovement(roll))

    assert state.amoeba(YELLOW1) is None
    assert state.amoeba(RED1).dp == 0
    assert "did not get away" in texts(events)


def test_an_escape_with_speed_that_returns_to_the_space_is_caught():
    state = hungry(genes={"yellow": ["escape", "speed"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Escape(), RollMovement((2,)))
    assert prompt(state).step is Step.SECOND_MOVE

    state, _ = play(state, MoveAgain(), RollMovement((4,)))  # back south to 8

    assert state.amoeba(YELLOW1) is None


# ----- Holding attacker riding along ---------------------------------------------------
def test_an_attacker_riding_along_with_the_escapee_ends_the_attack_and_feeds_there():
    state = hungry(genes={"red": [STRUGGLE, "holding"], "yellow": ["escape"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Escape(), RollMovement((2,)))
    assert prompt(state).step is Step.RIDE_ALONG
    assert prompt(state).amoeba == RED1

    state, events = play(state, RideAlong(RED1, True))

    assert state.amoeba(RED1).space == state.amoeba(YELLOW1).space == 3
    assert state.amoeba(RED1).dp == 0  # it fed on space 3 (1 of each other color)
    assert cubes(state, 3) == {"red": 4, "yellow": 1, "green": 1, "blue": 1}
    assert "rode along" in texts(events)


def test_an_attacker_riding_along_may_not_attack_again():
    state = hungry(
        genes={"red": [STRUGGLE, "holding"], "yellow": ["escape"]},
        cube_spec={**NO_FOOD, 3: {"yellow": 0, "green": 0, "blue": 0}},
    )

    state, _ = play(
        state, Attack(RED1, YELLOW1), Escape(), RollMovement((2,)), RideAlong(RED1, True)
    )

    assert state.amoeba(YELLOW1).space == 3  # still alive beside it
    assert state.amoeba(RED1).space == 3
    assert state.amoeba(RED1).dp == 1


def test_an_attacker_that_stays_behind_starves():
    state = hungry(genes={"red": [STRUGGLE, "holding"], "yellow": ["escape"]})

    state, _ = play(
        state, Attack(RED1, YELLOW1), Escape(), RollMovement((2,)), RideAlong(RED1, False)
    )

    assert state.amoeba(RED1).space == 8
    assert state.amoeba(RED1).dp == 1


# ----- Defense and Escape together ---------------------------------------------------------
def test_by_default_defense_may_follow_a_failed_escape():
    state = hungry(genes={"yellow": ["defense", "escape"]})
    state, _ = play(state, Attack(RED1, YELLOW1))
    assert set(legal_actions(state)) == {Defend(), Escape(), AcceptAttack()}

    state, _ = play(state, Escape(), RollMovement((5,)))

    assert prompt(state).step is Step.ATTACK_RESPONSE
    assert set(legal_actions(state)) == {Defend(), AcceptAttack()}
    state, _ = play(state, Defend(), FightRoll(1, 6))
    assert state.amoeba(YELLOW1) is not None
    assert state.amoeba(RED1).dp == 1
    assert bp(state, "yellow") == 8  # 1 for the escape, 1 for the defense


def test_with_the_000_option_only_one_of_defense_and_escape_meets_an_attack():
    options = RuleOptions(defense_and_escape_both=False)
    state = hungry(genes={"yellow": ["defense", "escape"]}, options=options)
    state, _ = play(state, Attack(RED1, YELLOW1))
    assert set(legal_actions(state)) == {Defend(), Escape(), AcceptAttack()}

    state, _ = play(state, Escape(), RollMovement((5,)))

    assert state.amoeba(YELLOW1) is None  # no Defense after the failed escape


# ----- Persistence ---------------------------------------------------------------------
def test_persistence_gives_the_attacker_a_free_retry_after_a_failure():
    state = hungry(genes={"red": [STRUGGLE, "persistence"], "yellow": ["defense"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(1, 6))
    assert prompt(state).step is Step.ATTACK_RETRY
    assert set(legal_actions(state)) == {RetryAttack(YELLOW1), DeclineRetry()}
    assert state.amoeba(RED1).dp == 0

    retried, _ = play(state, RetryAttack(YELLOW1))
    declined, _ = play(state, DeclineRetry())

    # the retry meets no Defense (used this round) and succeeds, for free
    assert retried.amoeba(YELLOW1) is None
    assert bp(retried, "red") == 9
    assert declined.amoeba(RED1).dp == 1
    assert declined.amoeba(YELLOW1) is not None


def test_persistence_may_retry_on_another_amoeba_after_an_escape():
    state = hungry(
        amoebas=("red-1@8", "yellow-1@8", "green-1@8"),
        genes={"red": [STRUGGLE, "persistence"], "yellow": ["escape"]},
    )
    state, _ = play(state, Attack(RED1, YELLOW1), Escape(), RollMovement((2,)))
    assert set(legal_actions(state)) == {RetryAttack(GREEN1), DeclineRetry()}

    state, _ = play(state, RetryAttack(GREEN1))

    assert state.amoeba(GREEN1) is None
    assert state.amoeba(YELLOW1).space == 3
    assert state.amoeba(RED1).dp == 0
    assert bp(state, "red") == 9


def test_without_persistence_a_failed_attack_gets_no_retry():
    state = hungry(genes={"yellow": ["defense"]})

    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(1, 6))

    assert prompt(state).step is not Step.ATTACK_RETRY
    refused(state, RetryAttack(YELLOW1))


def test_persistence_gives_the_defender_a_free_second_fight():
    state = hungry(genes={"yellow": ["defense", "persistence"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(6, 1))
    assert prompt(state).step is Step.DEFENSE_RETRY
    assert set(legal_actions(state)) == {RetryDefense(), DeclineRetry()}

    won, _ = play(state, RetryDefense(), FightRoll(1, 6))
    gave_up, _ = play(state, DeclineRetry())

    assert won.amoeba(YELLOW1) is not None
    assert won.amoeba(RED1).dp == 1
    assert bp(won, "yellow") == 9  # the second fight is free
    assert gave_up.amoeba(YELLOW1) is None


# ----- Aggression (phase 5) ------------------------------------------------------------
def deaths(amoebas, genes, **kw):
    state = position(4, amoebas=list(amoebas), genes=genes, **kw)
    return at_phase(state, Phase.DEATHS)


def test_aggression_kills_an_enemy_on_the_same_space_for_one_bp_leaving_two_cubes_each():
    state = deaths(["red-1@8", "yellow-1@8"], {"red": ["aggression"]})
    assert prompt(state).step is Step.AGGRESSION
    assert set(legal_actions(state)) == {Strike(RED1, YELLOW1), DeclineAggression(Color.RED)}

    state, _ = play(state, Strike(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None
    assert bp(state, "red") == 9
    assert cubes(state, 8) == {"red": 4, "yellow": 4, "green": 4, "blue": 4}


def test_aggression_strikes_only_once_per_round():
    state = deaths(["red-1@8", "red-2@14", "yellow-1@8", "green-1@14"], {"red": ["aggression"]})
    assert Strike(RED2, GREEN1) in legal_actions(state)

    state, _ = play(state, Strike(RED1, YELLOW1))

    assert state.amoeba(GREEN1) is not None
    refused(state, Strike(RED2, GREEN1))


def test_aggression_strikes_only_enemy_amoebas_on_its_space():
    state = deaths(["red-1@8", "red-2@8", "yellow-1@8", "green-1@3"], {"red": ["aggression"]})

    assert {a for a in legal_actions(state) if isinstance(a, Strike)} == {
        Strike(RED1, YELLOW1),
        Strike(RED2, YELLOW1),
    }
    refused(state, Strike(RED1, RED2))
    refused(state, Strike(RED1, GREEN1))


def test_aggression_without_bp_cannot_strike():
    state = deaths(["red-1@8", "yellow-1@8"], {"red": ["aggression"]}, bp=0)

    assert state.amoeba(YELLOW1) is not None
    assert not any(isinstance(a, Strike) for a in legal_actions(state))


def test_natural_deaths_happen_before_aggression():
    state = deaths(["red-1@8", "yellow-1@8:2", "green-1@8"], {"red": ["aggression"]})

    assert state.amoeba(YELLOW1) is None
    assert cubes(state, 8) == {"red": 4, "yellow": 4, "green": 4, "blue": 4}
    assert {a for a in legal_actions(state) if isinstance(a, Strike)} == {Strike(RED1, GREEN1)}


@pytest.mark.parametrize(
    ("dp", "life_expectancy", "survives"),
    [(0, False, True), (1, False, False), (1, True, True), (2, True, False)],
)
def test_an_armored_amoeba_struck_by_aggression_takes_1_dp_and_dies_at_its_limit(
    dp, life_expectancy, survives
):
    yellow = ["armor"] + (["life_expectancy"] if life_expectancy else [])
    state = deaths(["red-1@8", f"yellow-1@8:{dp}"], {"red": ["aggression"], "yellow": yellow})
    assert state.amoeba(YELLOW1) is not None  # it survived the natural deaths

    state, _ = play(state, Strike(RED1, YELLOW1))

    assert bp(state, "red") == 9
    if survives:
        assert state.amoeba(YELLOW1).dp == dp + 1
        assert cubes(state, 8) == {"red": 2, "yellow": 2, "green": 2, "blue": 2}
    else:
        assert state.amoeba(YELLOW1) is None
        assert cubes(state, 8) == {"red": 4, "yellow": 4, "green": 4, "blue": 4}


@pytest.mark.parametrize(
    ("option", "retry"), [(ArmorVsAggression.SUCCESS, False), (ArmorVsAggression.FAILURE, True)]
)
def test_armor_absorbing_aggression_gives_persistence_a_retry_only_with_the_failure_option(
    option, retry
):
    state = deaths(
        ["red-1@8", "yellow-1@8"],
        {"red": ["aggression", "persistence"], "yellow": ["armor"]},
        setup=setup_for(4, options=RuleOptions(armor_vs_aggression=option)),
    )

    state, _ = play(state, Strike(RED1, YELLOW1))

    assert state.amoeba(YELLOW1).dp == 1
    assert (prompt(state).step is Step.ATTACK_RETRY) is retry


def test_defense_against_aggression_won_by_the_defender_places_no_cubes():
    state = deaths(["red-1@8", "yellow-1@8"], {"red": ["aggression"], "yellow": ["defense"]})
    state, _ = play(state, Strike(RED1, YELLOW1))
    assert set(legal_actions(state)) == {Defend(), AcceptAttack()}

    state, _ = play(state, Defend(), FightRoll(2, 5))

    assert state.amoeba(YELLOW1) is not None
    assert state.amoeba(RED1).dp == 0  # no starving outside phase 1
    assert cubes(state, 8) == {"red": 2, "yellow": 2, "green": 2, "blue": 2}
    assert (bp(state, "red"), bp(state, "yellow")) == (9, 9)


def test_escape_from_aggression_in_phase_5():
    state = deaths(["red-1@8", "yellow-1@8"], {"red": ["aggression"], "yellow": ["escape"]})

    state, _ = play(state, Strike(RED1, YELLOW1), Escape(), RollMovement((3,)))

    assert state.amoeba(YELLOW1).space == 9
    assert bp(state, "yellow") == 9
    assert cubes(state, 8) == {"red": 2, "yellow": 2, "green": 2, "blue": 2}


# ----- reading: Defense and Escape in any order (RULES.md decisions) -------------------------
def test_reading_after_a_lost_defense_fight_the_attacked_amoeba_may_still_escape():
    """001 §NOTA, 003 Escape: Defense and Escape both against one attack, "in any order",
    each once a round. The fight is lost, but Escape is held and unused: it may still flee;
    only then is it eaten."""
    state = hungry(genes={"yellow": ["defense", "escape"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(6, 1))

    assert prompt(state).step is Step.ATTACK_RESPONSE
    assert set(legal_actions(state)) == {Escape(), AcceptAttack()}
    state, _ = play(state, Escape(), RollMovement((2,)))  # north to 3

    assert state.amoeba(YELLOW1).space == 3
    assert state.amoeba(RED1).dp == 1  # the attack failed: red starves
    assert bp(state, "yellow") == 8  # 1 for the defense, 1 for the escape


def test_reading_a_lost_fight_without_escape_left_is_a_violent_death():
    state = hungry(genes={"yellow": ["defense", "escape"]})
    state, _ = play(state, Attack(RED1, YELLOW1), Escape(), RollMovement((5,)))  # stays
    state, _ = play(state, Defend(), FightRoll(6, 1))  # Escape already used this round

    assert state.amoeba(YELLOW1) is None


def test_reading_with_the_000_option_a_lost_fight_offers_no_escape():
    options = RuleOptions(defense_and_escape_both=False)
    state = hungry(genes={"yellow": ["defense", "escape"]}, options=options)
    state, _ = play(state, Attack(RED1, YELLOW1), Defend(), FightRoll(6, 1))

    assert state.amoeba(YELLOW1) is None
