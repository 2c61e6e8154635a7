"""Extra genes in attacks: Threat Display, Camouflage I and II, Alarm, More than a Mouthful
(003 §The Amoeba Advanced Genome Project; 001 §LE CARTE GENE "NORMALE" / "SUPERIORE").

Threat Display: the holder's amoebas can only be attacked (phase 1 attacks and Aggression)
by amoebas with the same or a lower number. Camouflage I: the attacker rolls a die, 1-3 the
victim may use Escape, Defense or Alarm as usual, 4-6 it may not; Camouflage II: it never
may. Armor works as usual against both. Alarm: once one of the holder's amoebas is eaten in
phase 1, the holder's other amoebas may escape as with Escape for the rest of the round (it
is not holding Escape). More than a Mouthful: an amoeba attacked successfully in phase 1
survives with 1 DP; the attacker feeds, and no cubes are placed.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import ESCAPE
from companion.tracker.ursuppe.genes.extra import (
    ALARM,
    CAMOUFLAGE_1,
    CAMOUFLAGE_2,
    MORE_THAN_A_MOUTHFUL,
    THREAT_DISPLAY,
)
from companion.tracker.ursuppe.phases.base import Events, say, set_amoeba
from companion.tracker.ursuppe.state import (
    Amoeba,
    AttackCtx,
    GameState,
    Player,
    amoeba_ref,
    player_ref,
)

ALARM_RAISED = "alarm"  # in Player.used_this_round: one of the holder's amoebas was eaten
CAMOUFLAGE_WORKS = 4  # Camouflage I: a die of 4-6 leaves the victim without defence


def threatening(state: GameState, attacker: Amoeba, target: Amoeba) -> bool:
    """Whether Threat Display shields the target from this attacker (a higher number)."""
    return state.player(target.color).holds(THREAT_DISPLAY) and attacker.number > target.number


def camouflaged(state: GameState, attack: AttackCtx) -> bool:
    """Whether the attacker's camouflage leaves the victim no Escape, Defense or Alarm."""
    attacker = state.player(attack.attacker.color)
    return attacker.holds(CAMOUFLAGE_2) or (
        attacker.has(CAMOUFLAGE_1) and attack.camouflage >= CAMOUFLAGE_WORKS
    )


def camouflage_die_due(state: GameState, attack: AttackCtx) -> bool:
    """Whether the attacker still rolls its Camouflage I die for this attack."""
    attacker = state.player(attack.attacker.color)
    return attacker.has(CAMOUFLAGE_1) and not attacker.holds(CAMOUFLAGE_2) and not attack.camouflage


def camouflage_note(state: GameState, attack: AttackCtx, events: Events) -> None:
    """Explain that camouflage takes the victim's defences away."""
    attacker = state.player(attack.attacker.color)
    if attacker.holds(CAMOUFLAGE_2):
        text = msg(
            "{attacker} is camouflaged ({gene}): {target} cannot escape, defend or raise "
            "the alarm.",
            attacker=amoeba_ref(state, attack.attacker),
            gene=state.gene(CAMOUFLAGE_2).term,
            target=amoeba_ref(state, attack.target),
        )
        say(events, "attack", text, sources.EXTRA_ATTACKS_ADVANCED)


def camouflage_roll_message(state: GameState, attack: AttackCtx, die: int):
    """The Camouflage I die explained."""
    if die >= CAMOUFLAGE_WORKS:
        return msg(
            "{attacker} rolls {die} for {gene}: the camouflage works, {target} cannot escape, "
            "defend or raise the alarm.",
            attacker=amoeba_ref(state, attack.attacker),
            die=die,
            gene=state.gene(CAMOUFLAGE_1).term,
            target=amoeba_ref(state, attack.target),
        )
    return msg(
        "{attacker} rolls {die} for {gene}: {target} may defend itself as usual.",
        attacker=amoeba_ref(state, attack.attacker),
        die=die,
        gene=state.gene(CAMOUFLAGE_1).term,
        target=amoeba_ref(state, attack.target),
    )


def alarmed(player: Player) -> bool:
    """Whether Alarm lets this player's amoebas escape now (one of them was eaten)."""
    return player.holds(ALARM) and ALARM_RAISED in player.used_this_round


def raise_alarm(state: GameState, victim: Amoeba, events: Events) -> GameState:
    """Alarm: one of the holder's amoebas was eaten in phase 1; the others may flee."""
    player = state.player(victim.color)
    if not player.holds(ALARM) or ALARM_RAISED in player.used_this_round:
        return state
    used = player.used_this_round + (ALARM_RAISED,)
    state = state.with_player(replace(player, used_this_round=used))
    text = msg(
        "{gene}: {player}'s other amoebas may now escape an attack (like Escape) for the "
        "rest of this round.",
        gene=state.gene(ALARM).term,
        player=player_ref(state, victim.color),
    )
    say(events, "attack", text, sources.ALARM_READING)
    return state


def alarm_escape_note(state: GameState, attack: AttackCtx, events: Events) -> None:
    """Say that an escape comes from Alarm, when the victim's owner does not hold Escape."""
    player = state.player(attack.target.color)
    if alarmed(player) and not player.holds(ESCAPE):
        text = msg(
            "{who} can flee because one of its player's amoebas was eaten ({gene}).",
            who=amoeba_ref(state, attack.target),
            gene=state.gene(ALARM).term,
        )
        say(events, "attack", text, sources.ALARM_READING)


def survives_mouthful(state: GameState, attack: AttackCtx, events: Events) -> GameState | None:
    """More than a Mouthful: a phase 1 victim takes 1 DP instead of dying; None if not held."""
    target = state.amoeba(attack.target)
    if attack.kind != "struggle" or not state.player(target.color).holds(MORE_THAN_A_MOUTHFUL):
        return None
    state = set_amoeba(state, replace(target, dp=target.dp + 1))
    text = msg(
        "{target} is more than a mouthful: it survives with 1 DP more (now {dp}); "
        "{attacker} feeds, and no cubes are placed.",
        target=amoeba_ref(state, attack.target),
        dp=target.dp + 1,
        attacker=amoeba_ref(state, attack.attacker),
    )
    say(events, "attack", text, sources.MOUTHFUL_READING)
    return state


def shielded_note(
    state: GameState, attacker: Amoeba, events: Events, enemies_only: bool = False
) -> None:
    """Explain which amoebas on the space Threat Display shields from this attacker (only
    other colors' for Aggression)."""
    for target in state.amoebas_on(attacker.space):
        if enemies_only and target.color == attacker.color:
            continue
        if target.id != attacker.id and threatening(state, attacker, target):
            text = msg(
                "{target} shows its {gene}: {attacker} (a higher number) cannot attack it.",
                target=amoeba_ref(state, target.id),
                gene=state.gene(THREAT_DISPLAY).term,
                attacker=amoeba_ref(state, attacker.id),
            )
            say(events, "attack", text, sources.EXTRA_ATTACKS)
