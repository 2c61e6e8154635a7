"""Handlers of feeding and attacks: meals, starving, attacks and the answers to them."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import flow, sources
from companion.tracker.ursuppe.actions import (
    AcceptAttack,
    Attack,
    DeclineRetry,
    Defend,
    Escape,
    Feed,
    FightRoll,
    RetryAttack,
    RetryDefense,
    Starve,
    Strike,
)
from companion.tracker.ursuppe.data import PARASITISM, PERSISTENCE, STREAMLINING
from companion.tracker.ursuppe.genes import attacks as genes_attacks
from companion.tracker.ursuppe.genes import feeding as genes_feeding
from companion.tracker.ursuppe.phases.base import Events, say, who
from companion.tracker.ursuppe.rules import attacks, feeding, movement
from companion.tracker.ursuppe.state import AttackCtx, GameState, MoveCtx, Step
from companion.tracker.ursuppe.views.phrases import gene


def _feed(state: GameState, action: Feed, events: Events) -> GameState:
    amoeba = state.amoeba(action.amoeba)
    meal = next(
        m
        for m in feeding.legal_meals(state, amoeba)
        if m.cubes == action.cubes and m.parasite == action.parasite
    )
    state, placed = genes_feeding.eat(state, amoeba, meal, events)
    return flow.amoeba_done(state, events) if placed else state


def _starve(state: GameState, action: Starve, events: Events) -> GameState:
    amoeba = state.amoeba(action.amoeba)
    if state.cursor.may_attack and attacks.can_struggle(state, amoeba):
        genes_attacks.shielded_note(state, amoeba, events)
    declined = bool(feeding.legal_meals(state, amoeba))  # only Parasitism meals were left
    state = flow.set_amoeba(state, replace(amoeba, dp=amoeba.dp + 1))
    if declined:
        text = msg(
            "{who} does not use {gene}: it starves and takes 1 DP (now {dp}).",
            who=who(state, amoeba.id),
            gene=gene(PARASITISM),
            dp=amoeba.dp + 1,
        )
        say(events, "starve", text, sources.OPTIONAL_FEEDING_GENES)
        return flow.amoeba_done(state, events)
    text = msg(
        "{who} finds no meal on space {space}: it starves and takes 1 DP (now {dp}).",
        who=who(state, amoeba.id),
        space=amoeba.space,
        dp=amoeba.dp + 1,
    )
    say(events, "starve", text, sources.FEEDING)
    return flow.amoeba_done(state, events)


def _attack(state: GameState, action: Attack, events: Events) -> GameState:
    state = flow.pay(state, action.amoeba.color, 1)
    space = state.amoeba(action.amoeba).space
    attack = AttackCtx("struggle", action.amoeba, action.target, space)
    return flow.begin_attack(state, attack, events)


def _strike(state: GameState, action: Strike, events: Events) -> GameState:
    player = state.player(action.amoeba.color)
    state = state.with_player(
        replace(player, bp=player.bp - 1, used_this_round=player.used_this_round + ("aggression",))
    )
    space = state.amoeba(action.amoeba).space
    return flow.begin_attack(
        state, AttackCtx("aggression", action.amoeba, action.target, space), events
    )


def _use(state: GameState, color: Color, response: str, cost: int) -> GameState:
    player = state.player(color)
    return state.with_player(
        replace(player, bp=player.bp - cost, used_this_round=player.used_this_round + (response,))
    )


def _defend(state: GameState, action: Defend, events: Events) -> GameState:
    attack = state.cursor.attack
    state = _use(state, attack.target.color, attacks.DEFEND, 1)
    text = msg("{who} defends (1 BP): both roll a die.", who=who(state, attack.target))
    say(events, "attack", text, sources.ATTACKS)
    attack = replace(attack, tried=attack.tried + (attacks.DEFEND,))
    return state.with_cursor(step=Step.FIGHT_ROLL, attack=attack)


def _escape(state: GameState, action: Escape, events: Events) -> GameState:
    attack = state.cursor.attack
    cost = movement.move_cost(state.player(attack.target.color))
    state = _use(state, attack.target.color, attacks.FLEE, cost)
    name = who(state, attack.target)
    if cost:
        text = nmsg(
            "{who} tries to escape (paying {n} BP).",
            "{who} tries to escape (paying {n} BP).",
            cost,
            who=name,
        )
    else:
        text = msg("{who} tries to escape (free: {gene}).", who=name, gene=gene(STREAMLINING))
    say(events, "attack", text, sources.ATTACKS)
    genes_attacks.alarm_escape_note(state, attack, events)
    attack = replace(attack, tried=attack.tried + (attacks.FLEE,))
    state = state.with_cursor(attack=attack)
    ctx = MoveCtx(mover=attack.target, purpose="escape", active=True)
    return flow.start_active_move(state, ctx, events)


def _accept(state: GameState, action: AcceptAttack, events: Events) -> GameState:
    return flow.attack_succeeds(state, events)


def _fight(state: GameState, action: FightRoll, events: Events) -> GameState:
    attack = state.cursor.attack
    a, d = action.attacker, action.defender
    if a == d:
        text = msg(
            "The fight dice tie ({attacker} - {defender}): roll again.", attacker=a, defender=d
        )
        say(events, "roll", text, sources.ATTACKS)
        return state
    if a > d:
        text = msg(
            "{who} wins the fight {high} - {low}.", who=who(state, attack.attacker), high=a, low=d
        )
        say(events, "roll", text, sources.ATTACKS)
        if attacks.can_retry_defense(state, attack):
            return state.with_cursor(step=Step.DEFENSE_RETRY)
        return flow.ask_response(state, events)  # Escape may still follow (any order)
    text = msg(
        "{who} wins the fight {high} - {low}; no cubes are placed.",
        who=who(state, attack.target),
        high=d,
        low=a,
    )
    say(events, "roll", text, sources.ATTACKS_QA)
    return flow.attack_fails(state, events)


def _retry_defense(state: GameState, action: RetryDefense, events: Events) -> GameState:
    attack = replace(state.cursor.attack, defender_retried=True)
    text = msg(
        "{who} fights once more, free ({gene}).",
        who=who(state, attack.target),
        gene=gene(PERSISTENCE),
    )
    say(events, "attack", text, sources.ADVANCED_ATTACKS)
    return state.with_cursor(step=Step.FIGHT_ROLL, attack=attack)


def _retry_attack(state: GameState, action: RetryAttack, events: Events) -> GameState:
    old = state.cursor.attack
    text = msg(
        "{who} tries once more, free ({gene}).",
        who=who(state, old.attacker),
        gene=gene(PERSISTENCE),
    )
    say(events, "attack", text, sources.ADVANCED_ATTACKS)
    space = state.amoeba(old.attacker).space
    attack = AttackCtx(old.kind, old.attacker, action.target, space, attacker_retried=True)
    return flow.begin_attack(state, attack, events)


def _decline_retry(state: GameState, action: DeclineRetry, events: Events) -> GameState:
    if state.cursor.step is Step.DEFENSE_RETRY:
        return flow.ask_response(state, events)  # Escape may still follow (any order)
    return flow.attack_over_failed(state, events)


HANDLERS = {
    Feed: _feed,
    Starve: _starve,
    Attack: _attack,
    Strike: _strike,
    Defend: _defend,
    Escape: _escape,
    AcceptAttack: _accept,
    FightRoll: _fight,
    RetryDefense: _retry_defense,
    RetryAttack: _retry_attack,
    DeclineRetry: _decline_retry,
}
