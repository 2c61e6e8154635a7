"""Attacks: Struggle for Survival (phase 1) and Aggression (phase 5), and the defences.

Struggle for Survival: instead of starving, attack another amoeba on the same space (any
color, 1 BP); Armor makes an amoeba unattackable in phase 1. Aggression: once a round in
phase 5, after natural deaths, kill an enemy amoeba on the same space (1 BP); Armor turns the
kill into 1 DP. Defense (1 BP) turns an attack into a fight; Escape (1 BP unless
Streamlining) flees with all movement genes. Each is usable once a round per player; by
default both may meet one attack (001, 003; option: only one, 000). Persistence gives a free
second try to a failed attack or a lost Defense fight (000 §Genes Avanzados).
"""

from __future__ import annotations

from companion.tracker.ursuppe.data import AGGRESSION, ARMOR, DEFENSE, ESCAPE, PERSISTENCE, STRUGGLE
from companion.tracker.ursuppe.genes.attacks import alarmed, camouflaged, threatening
from companion.tracker.ursuppe.rules.movement import move_cost
from companion.tracker.ursuppe.state import Amoeba, AttackCtx, GameState

DEFEND = "defense"
FLEE = "escape"


def armored(state: GameState, amoeba: Amoeba) -> bool:
    """Whether the amoeba's owner holds Armor."""
    return state.player(amoeba.color).holds(ARMOR)


def can_struggle(state: GameState, amoeba: Amoeba) -> bool:
    """Whether this amoeba's owner has Struggle for Survival (or Aggression) and 1 BP."""
    player = state.player(amoeba.color)
    return player.has(STRUGGLE) and player.bp >= 1


def struggle_targets(state: GameState, attacker: Amoeba) -> tuple[Amoeba, ...]:
    """Amoebas a phase 1 attacker may attack: on its space, not itself, not armoured, not
    shielded by Threat Display."""
    return tuple(
        a
        for a in state.amoebas_on(attacker.space)
        if a.id != attacker.id and not armored(state, a) and not threatening(state, attacker, a)
    )


def aggression_targets(state: GameState, attacker: Amoeba) -> tuple[Amoeba, ...]:
    """Enemy amoebas an Aggression amoeba may strike: other colors on its space, not shielded
    by Threat Display."""
    return tuple(
        a
        for a in state.amoebas_on(attacker.space)
        if a.color != attacker.color and not threatening(state, attacker, a)
    )


def can_strike(state: GameState, color) -> bool:
    """Whether a player may still use Aggression this round (holds it, unused, 1 BP)."""
    player = state.player(color)
    return (
        player.holds(AGGRESSION) and "aggression" not in player.used_this_round and player.bp >= 1
    )


def retry_targets(state: GameState, attack: AttackCtx) -> tuple[Amoeba, ...]:
    """Targets a Persistence retry may choose."""
    attacker = state.amoeba(attack.attacker)
    if attacker is None:
        return ()
    if attack.kind == "struggle":
        return struggle_targets(state, attacker)
    return aggression_targets(state, attacker)


def can_retry_attack(state: GameState, attack: AttackCtx) -> bool:
    """Whether the attacker gets a free Persistence retry now."""
    player = state.player(attack.attacker.color)
    return (
        player.holds(PERSISTENCE)
        and not attack.attacker_retried
        and bool(retry_targets(state, attack))
    )


def can_retry_defense(state: GameState, attack: AttackCtx) -> bool:
    """Whether the defender gets a free Persistence retry of a lost fight."""
    return state.player(attack.target.color).holds(PERSISTENCE) and not attack.defender_retried


def responses(state: GameState, attack: AttackCtx) -> tuple[str, ...]:
    """The defences the attacked amoeba's owner may use now (none against camouflage)."""
    return () if camouflaged(state, attack) else defences(state, attack)


def defences(state: GameState, attack: AttackCtx) -> tuple[str, ...]:
    """The defences the attacked amoeba's owner could still use against this attack (Escape
    also by Alarm), whatever the attacker's camouflage."""
    player = state.player(attack.target.color)
    if attack.tried and not state.setup.options.defense_and_escape_both:
        return ()
    found = []
    if (
        player.holds(DEFENSE)
        and DEFEND not in player.used_this_round
        and DEFEND not in attack.tried
        and player.bp >= 1
    ):
        found.append(DEFEND)
    if (
        (player.holds(ESCAPE) or alarmed(player))
        and FLEE not in player.used_this_round
        and FLEE not in attack.tried
        and player.bp >= move_cost(player)
    ):
        found.append(FLEE)
    return tuple(found)
