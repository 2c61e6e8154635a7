"""Extra genes in attacks: Threat Display, Camouflage I and II, Alarm, More than a Mouthful.

Checks 003 §The Amoeba Advanced Genome Project and 001 §LE CARTE GENE "NORMALE" /
"SUPERIORE" (Threat Display: attacked only by the same or a lower number; Camouflage I: the
attacker's die, 4-6 no Escape, Defence or Alarm; Camouflage II: never; Armour works as usual;
Alarm: after an amoeba is eaten in phase 1 the others gain Escape; More than a Mouthful: the
victim loses 1 DP, survives, the attacker feeds, no cubes appear) and the companion's readings
in EXTRA-GENES.md.
"""

from __future__ import annotations

from builders import aid, at_phase, at_phase_with_events, play, position, texts
from builders import refused_message as refused

from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import AcceptAttack, Attack, Defend, Drift, Escape, Strike
from companion.tracker.ursuppe.genes.actions import RollCamouflage
from companion.tracker.ursuppe.state import Phase, Step

RED1, RED2, RED3 = aid("red-1"), aid("red-2"), aid("red-3")
YELLOW1, YELLOW2 = aid("yellow-1"), aid("yellow-2")
STRUGGLE = "struggle_for_survival"
STARVING = {s: {"yellow": 0, "green": 0, "blue": 0} for s in (8, 9)}  # no meal for red


def hungry(amoebas, red=(), yellow=(), attacker=RED1, bp=10):
    """`attacker` (red, with Struggle for Survival) at its feeding step with no meal."""
    genes = {"red": [STRUGGLE, *red], "yellow": list(yellow)}
    state = position(4, amoebas=list(amoebas), genes=genes, cubes=STARVING, card="P9", bp=bp)
    state = at_phase(state, Phase.MOVEMENT)
    for a in sorted(
        (a for a in state.amoebas_of(Color.RED) if a.id.number <= attacker.number),
        key=lambda a: a.number,
    ):
        if state.cursor.amoeba == a.id and state.cursor.step is Step.MOVEMENT_CHOICE:
            state, _ = play(state, Drift(a.id))
    assert state.cursor.amoeba == attacker and prompt(state).step is Step.FEED
    return state


def attacks(state):
    return {a.target for a in legal_actions(state) if isinstance(a, Attack)}


# ----- Threat Display ------------------------------------------------------------------
def test_threat_display_shields_from_attackers_with_a_higher_number():
    state = hungry(
        ["red-2@8", "yellow-1@8", "yellow-2@8"], yellow=["threat_display"], attacker=RED2
    )

    assert attacks(state) == {YELLOW2}  # yellow-1 has a lower number than red-2


def test_threat_display_lets_the_same_or_a_lower_number_attack():
    state = hungry(["red-1@8", "yellow-1@8", "yellow-2@8"], yellow=["threat_display"])

    assert attacks(state) == {YELLOW1, YELLOW2}


def test_an_amoeba_left_without_targets_by_threat_display_is_told_why_it_starves():
    genes = {"red": [STRUGGLE], "yellow": ["threat_display"]}
    state = position(4, amoebas=["red-2@8", "yellow-1@8"], genes=genes, cubes=STARVING, card="P9")
    state = at_phase(state, Phase.MOVEMENT)

    state, events = play(state, Drift(RED2))  # then it starves: the only choice

    assert state.amoeba(RED2).dp == 1
    assert "shows its Threat Display" in texts(events)


def test_threat_display_also_shields_from_aggression():
    genes = {"red": ["aggression"], "yellow": ["threat_display"]}
    state = position(4, amoebas=["red-2@8", "yellow-1@8", "yellow-3@8"], genes=genes)
    state = at_phase(state, Phase.DEATHS)

    strikes = {a.target for a in legal_actions(state) if isinstance(a, Strike)}

    assert strikes == {aid("yellow-3")}


# ----- Camouflage ----------------------------------------------------------------------
def test_camouflage_1_rolls_a_die_when_the_victim_could_defend():
    state = hungry(["red-1@8", "yellow-1@8"], red=["camouflage_1"], yellow=["defense"])

    state, _ = play(state, Attack(RED1, YELLOW1))

    assert prompt(state).step is Step.CAMOUFLAGE_ROLL
    assert len(legal_actions(state)) == 6


def test_camouflage_1_on_4_to_6_leaves_the_victim_without_defence():
    state = hungry(["red-1@8", "yellow-1@8"], red=["camouflage_1"], yellow=["defense", "escape"])
    state, _ = play(state, Attack(RED1, YELLOW1))

    state, events = play(state, RollCamouflage(5))

    assert state.amoeba(YELLOW1) is None
    assert "the camouflage works" in texts(events)


def test_camouflage_1_on_1_to_3_lets_the_victim_defend_as_usual():
    state = hungry(["red-1@8", "yellow-1@8"], red=["camouflage_1"], yellow=["defense"])
    state, _ = play(state, Attack(RED1, YELLOW1))

    state, _ = play(state, RollCamouflage(2))

    assert prompt(state).step is Step.ATTACK_RESPONSE
    assert Defend() in legal_actions(state)


def test_camouflage_1_rolls_nothing_when_the_victim_has_no_defence():
    state = hungry(["red-1@8", "yellow-1@8"], red=["camouflage_1"])

    state, _ = play(state, Attack(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None


def test_camouflage_2_never_lets_the_victim_escape_defend_or_raise_the_alarm():
    state = hungry(
        ["red-1@8", "yellow-1@8"], red=["camouflage_2"], yellow=["defense", "escape", "alarm"]
    )

    state, events = play(state, Attack(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None
    assert "is camouflaged (Camouflage II)" in texts(events)


def test_camouflage_2_takes_away_the_escape_alarm_gives():
    state = hungry(
        ["red-1@8", "yellow-1@8", "red-2@9", "yellow-2@9"], red=["camouflage_2"], yellow=["alarm"]
    )
    state, _ = play(state, Attack(RED1, YELLOW1))  # yellow-1 is eaten: the alarm is raised

    state, events = play(state, Drift(RED2), Attack(RED2, YELLOW2))

    assert state.amoeba(YELLOW2) is None
    assert "cannot escape, defend or raise the alarm" in texts(events)


def test_armor_works_against_camouflage():
    state = hungry(["red-1@8", "yellow-1@8", "green-1@8"], red=["camouflage_2"], yellow=["armor"])

    assert attacks(state) == {aid("green-1")}


# ----- Alarm ---------------------------------------------------------------------------
def test_alarm_lets_the_other_amoebas_escape_after_one_is_eaten():
    state = hungry(["red-1@8", "yellow-1@8", "red-2@9", "yellow-2@9"], yellow=["alarm"])
    state, events = play(state, Attack(RED1, YELLOW1))
    assert "may now escape an attack" in texts(events)

    state, _ = play(state, Drift(RED2), Attack(RED2, YELLOW2))

    assert prompt(state).step is Step.ATTACK_RESPONSE
    assert Escape() in legal_actions(state)
    state, events = play(state, Escape())
    assert "can flee because one of its player's amoebas was eaten (Alarm)" in texts(events)


def test_alarm_gives_nothing_before_an_amoeba_is_eaten():
    state = hungry(["red-1@8", "yellow-1@8"], yellow=["alarm"])

    state, _ = play(state, Attack(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None  # no escape was offered: the attack went through


def test_alarm_does_not_count_as_holding_escape():
    state = hungry(["red-1@8", "yellow-1@8"], yellow=["alarm"])
    state, _ = play(state, Attack(RED1, YELLOW1))

    assert not state.player(Color.YELLOW).holds("escape")


# ----- More than a Mouthful ------------------------------------------------------------
def test_more_than_a_mouthful_survives_with_one_dp_and_places_no_cubes():
    state = hungry(["red-1@8", "yellow-1@8"], yellow=["more_than_a_mouthful"])

    state, events = play(state, Attack(RED1, YELLOW1))

    assert state.amoeba(YELLOW1).dp == 1
    assert state.amoeba(RED1).dp == 0  # the attacker fed
    assert sum(state.cubes_on(8)) == 2  # only red's own 2 cubes: nothing placed
    assert "more than a mouthful" in texts(events)


def test_more_than_a_mouthful_does_not_raise_the_alarm():
    state = hungry(["red-1@8", "yellow-1@8"], yellow=["more_than_a_mouthful", "alarm"])

    state, events = play(state, Attack(RED1, YELLOW1))

    assert "may now escape" not in texts(events)


def test_more_than_a_mouthful_does_not_stop_aggression_in_phase_5():
    genes = {"red": ["aggression"], "yellow": ["more_than_a_mouthful"]}
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes=genes)
    state = at_phase(state, Phase.DEATHS)

    state, _ = play(state, Strike(RED1, YELLOW1))

    assert state.amoeba(YELLOW1) is None


def test_an_accepted_attack_on_a_mouthful_ends_the_attacker_s_turn():
    state = hungry(["red-1@8", "yellow-1@8"], yellow=["more_than_a_mouthful", "defense"])
    state, _ = play(state, Attack(RED1, YELLOW1))

    state, _ = play(state, AcceptAttack())

    assert state.amoeba(YELLOW1).dp == 1 and state.cursor.amoeba != RED1


# ----- refusals name the gene ----------------------------------------------------------
def test_attacking_a_threat_display_amoeba_with_a_higher_number_is_refused_naming_the_gene():
    state = hungry(
        ["red-2@8", "yellow-1@8", "yellow-2@8"], yellow=["threat_display"], attacker=RED2
    )

    message = refused(state, Attack(RED2, YELLOW1))

    assert "Threat Display" in message and "numbered 1 or lower" in message


def test_aggression_left_without_targets_by_threat_display_is_told_why():
    genes = {"red": ["aggression"], "yellow": ["threat_display"]}
    state = position(4, amoebas=["red-2@8", "yellow-1@8"], genes=genes)

    state, events = at_phase_with_events(state, Phase.DEATHS)

    assert state.phase is not Phase.DEATHS  # nothing to strike: phase 6 follows
    assert "shows its Threat Display" in texts(events)
