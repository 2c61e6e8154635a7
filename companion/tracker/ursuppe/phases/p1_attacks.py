"""Attacks: Struggle for Survival (phase 1) and Aggression (phase 5) in progress."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.genes import attacks as genes_attacks
from companion.tracker.ursuppe.genes import crust as genes_crust
from companion.tracker.ursuppe.genes import deaths as genes_deaths
from companion.tracker.ursuppe.options import ArmorVsAggression
from companion.tracker.ursuppe.phases.base import Events, continued, hand_on, say, set_amoeba, who
from companion.tracker.ursuppe.rules import attacks, deaths
from companion.tracker.ursuppe.state import AttackCtx, GameState, Step


def begin_attack(state: GameState, attack: AttackCtx, events: Events) -> GameState:
    """An attack is declared: the defender may respond."""
    text = msg(
        "{attacker} attacks {target} on space {space}.",
        attacker=who(state, attack.attacker),
        target=who(state, attack.target),
        space=attack.space,
    )
    say(events, "attack", text, sources.ATTACKS)
    state = state.with_cursor(attack=attack)
    return ask_response(state, events)


def ask_response(state: GameState, events: Events) -> GameState:
    """Ask the defender's owner for Defense or Escape, or resolve if there is none."""
    attack = state.cursor.attack
    if attacks.defences(state, attack):
        if genes_attacks.camouflage_die_due(state, attack):
            return state.with_cursor(step=Step.CAMOUFLAGE_ROLL)
        if attacks.responses(state, attack):
            return state.with_cursor(step=Step.ATTACK_RESPONSE)
        genes_attacks.camouflage_note(state, attack, events)
    return attack_succeeds(state, events)


@continued
def attack_succeeds(state: GameState, events: Events) -> GameState:
    """The attack gets through: a violent death, or Aggression's kill (Armor: 1 DP); Hard
    Crust first asks the attacker for 1 BP more."""
    crust = genes_crust.stands_in_the_way(state, events)
    if crust is not None:
        return crust
    attack = state.cursor.attack
    target = state.amoeba(attack.target)
    name, by = who(state, attack.target), who(state, attack.attacker)
    if attack.kind == "struggle":
        survived = genes_attacks.survives_mouthful(state, attack, events)
        if survived is not None:
            return hand_on("amoeba_done", survived.with_cursor(attack=None), events)
        state, placed = deaths.remove_amoeba(state, target, deaths.VIOLENT_DEATH_CUBES)
        text = msg(
            "{target} dies a violent death: {attacker} eats it and, instead of excreting, "
            "leaves 1 cube of each color ({cubes}) on space {space}.",
            target=name,
            attacker=by,
            cubes=placed,
            space=attack.space,
        )
        say(events, "death", text, sources.VIOLENT_DEATH)
        state = genes_attacks.raise_alarm(state, target, events)
        state = genes_deaths.after_death(state, target, events)
        state = state.with_cursor(attack=None)
        return hand_on("amoeba_done", state, events)
    if attacks.armored(state, target):
        target = replace(target, dp=target.dp + 1)
        state = set_amoeba(state, target)
        limit = deaths.dp_limit(state, target.color)
        text = msg(
            "{target}'s Armor absorbs the Aggression: it takes 1 DP (now {dp}).",
            target=name,
            dp=target.dp,
        )
        say(events, "attack", text, sources.ADVANCED_ATTACKS)
        if target.dp >= limit:
            state, placed = deaths.remove_amoeba(state, target, deaths.NATURAL_DEATH_CUBES)
            text = nmsg(
                "{target} reaches {n} DP and dies at once, leaving {cubes} on space {space}.",
                "{target} reaches {n} DP and dies at once, leaving {cubes} on space {space}.",
                limit,
                target=name,
                cubes=placed,
                space=target.space,
            )
            say(events, "death", text, sources.ARMOR_DEATH)
            state = genes_deaths.after_death(state, target, events)
        elif state.setup.options.armor_vs_aggression is ArmorVsAggression.FAILURE:
            return attack_fails(state, events)
        return aggression_done(state, events)
    state, placed = deaths.remove_amoeba(state, target, deaths.NATURAL_DEATH_CUBES)
    text = msg(
        "{attacker}'s Aggression kills {target}, leaving {cubes} on space {space}.",
        attacker=by,
        target=name,
        cubes=placed,
        space=target.space,
    )
    say(events, "death", text, sources.ADVANCED_ATTACKS)
    state = genes_deaths.after_death(state, target, events)
    return aggression_done(state, events)


def attack_fails(state: GameState, events: Events) -> GameState:
    """The attack failed: Persistence may retry; otherwise a phase 1 attacker starves."""
    attack = state.cursor.attack
    if attacks.can_retry_attack(state, attack):
        return state.with_cursor(step=Step.ATTACK_RETRY)
    return attack_over_failed(state, events)


@continued
def attack_over_failed(state: GameState, events: Events) -> GameState:
    """No more tries: the phase 1 attacker starves (1 DP); Aggression is spent."""
    attack = state.cursor.attack
    if attack.kind == "struggle":
        attacker = state.amoeba(attack.attacker)
        state = set_amoeba(state, replace(attacker, dp=attacker.dp + 1))
        text = msg(
            "{who}'s attack failed: it starves and takes 1 DP (now {dp}).",
            who=who(state, attack.attacker),
            dp=attacker.dp + 1,
        )
        say(events, "starve", text, sources.ATTACKS_QA)
        return hand_on("amoeba_done", state.with_cursor(attack=None), events)
    text = msg("{who}'s Aggression failed.", who=who(state, attack.attacker))
    say(events, "attack", text, sources.ADVANCED_ATTACKS)
    return aggression_done(state, events)


@continued
def escape_done(state: GameState, events: Events) -> GameState:
    """After an escape move: escaped, ridden along, or still caught."""
    attack = state.cursor.attack
    target = state.amoeba(attack.target)
    if target.space == attack.space:
        text = msg("{who} did not get away.", who=who(state, attack.target))
        say(events, "attack", text, sources.ATTACKS)
        return ask_response(state, events)
    attacker = state.amoeba(attack.attacker)
    if attacker.space == target.space:
        rider = who(state, attack.attacker)
        if attack.kind == "struggle":
            text = msg(
                "{who} rode along: the attack is over, and it may still feed here.", who=rider
            )
        else:
            text = msg("{who} rode along: the attack is over.", who=rider)
        say(events, "attack", text, sources.ATTACKS_QA)
        if attack.kind == "struggle":
            return state.with_cursor(attack=None, step=Step.FEED, may_attack=False)
        return aggression_done(state, events)
    text = msg("{who} escaped to space {space}.", who=who(state, attack.target), space=target.space)
    say(events, "attack", text, sources.ATTACKS)
    return attack_fails(state, events)


def aggression_done(state: GameState, events: Events) -> GameState:
    """This player's Aggression turn is over."""
    state = state.with_cursor(attack=None, move=None, index=state.cursor.index + 1)
    return hand_on("next_aggressor", state, events)
