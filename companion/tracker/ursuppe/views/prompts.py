"""What the engine awaits now, said for the table: who acts, with which amoeba, and the rule."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.citations import Rule
from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Param, Seq, Told, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.choices import start_roll_group
from companion.tracker.ursuppe.data import (
    AGGRESSION,
    GENES_BY_KEY,
    HOLDING,
    MOVEMENT_1,
    PERSISTENCE,
    SPEED,
    TENTACLE,
    tentacle_capacity,
)
from companion.tracker.ursuppe.genes import crust as genes_crust
from companion.tracker.ursuppe.genes import steps as genes_steps
from companion.tracker.ursuppe.genes.extra import FAST_FOOD
from companion.tracker.ursuppe.phases import p3_extra
from companion.tracker.ursuppe.rules import attacks, defects, division, movement
from companion.tracker.ursuppe.rules.people import marker_colors
from companion.tracker.ursuppe.state import (
    AmoebaId,
    GameState,
    Phase,
    Step,
    amoeba_ref,
    marker_ref,
    player_ref,
    remember,
)
from companion.tracker.ursuppe.views.labels import bp


@dataclass(frozen=True)
class Prompt(Told):
    """What is awaited: the step, the acting color and amoeba, a message, and its source."""

    step: Step
    actor: Color | None
    amoeba: AmoebaId | None
    msg: Msg
    source: Rule | None


def _gene(key: str) -> Param:
    return GENES_BY_KEY[key].term


def prompt(state: GameState) -> Prompt:
    """The prompt for the current state."""
    # the console's view and its prompt line both ask it, every tap
    return remember(state, prompt, lambda: _prompt(state))


def _prompt(state: GameState) -> Prompt:
    if state.phase is Phase.OVER:
        return Prompt(state.cursor.step, None, None, msg("The game is over."), sources.GAME_END)
    build = _BY_STEP.get(state.cursor.step)
    if build is None:
        return Prompt(state.cursor.step, None, None, msg("Nothing is awaited."), None)
    actor, amoeba, text, source = build(state)
    return Prompt(state.cursor.step, actor, amoeba, text, source)


Asked = tuple[Color | None, AmoebaId | None, Msg, Rule | None]


def _turn_card(state: GameState) -> Asked:
    left = len(state.remaining_cards())
    if state.phase is Phase.SETUP:
        text = nmsg(
            "Turn the first environment card ({n} left).",
            "Turn the first environment card ({n} left).",
            left,
        )
        return None, None, text, sources.SETUP
    text = nmsg(
        "Turn the next environment card ({n} left).",
        "Turn the next environment card ({n} left).",
        left,
    )
    return None, None, text, sources.PHASE_2


def _start_rolls(state: GameState) -> Asked:
    rolled = dict(state.cursor.start_rolls)
    waiting = [col for col in start_roll_group(state) if col not in rolled]
    actor = waiting[0] if waiting else None
    who = marker_ref(state, actor) if actor else player_ref(state, actor)
    text = msg("{player} rolls two dice for the start order.", player=who)
    return actor, None, text, sources.START_ORDER


def _start_space(state: GameState) -> Asked:
    actor = state.cursor.start_order[state.cursor.index]
    who, last = marker_ref(state, actor), len(marker_colors(state.setup))
    text = msg("{player} picks a ladder start space (1-{last}).", player=who, last=last)
    return actor, None, text, sources.START_ORDER_5_6 if last >= 5 else sources.START_ORDER


def _place(state: GameState) -> Asked:
    c = state.cursor
    who = player_ref(state, c.actor)
    if c.placement_round == 1 and state.n_players >= 4:
        text = msg("{player} places an amoeba on an empty space with 1 DP.", player=who)
    else:
        text = msg("{player} places an amoeba on an empty space.", player=who)
    return c.actor, None, text, sources.PLACEMENT


def _movement_choice(state: GameState) -> Asked:
    a = state.amoeba(state.cursor.amoeba)
    player = state.player(a.color)
    drift = movement.drift_option(state)
    opts: list[Param] = [
        msg("drift {direction}", direction=movement.direction_text(drift))
        if drift
        else msg("drift (no drift: stays)")
    ]
    cost = movement.move_cost(player)
    if player.bp >= cost:
        opts.append(msg("move ({cost})", cost=bp(cost)) if cost else msg("move (free)"))
    if player.has(HOLDING):
        opts.append(msg("stay ({gene})", gene=_gene(HOLDING)))
    if genes_steps.feed_first_actions(state, a.id):
        opts.append(msg("feed first ({gene})", gene=_gene(FAST_FOOD)))
    # TRANSLATORS: {options} lists what the amoeba may do: drift, move, stay.
    text = msg(
        "{amoeba} on space {space}: {options}.",
        amoeba=amoeba_ref(state, a.id),
        space=a.space,
        options=Seq(tuple(opts), ", "),
    )
    return a.color, a.id, text, sources.PHASE_1


def _move_roll(state: GameState) -> Asked:
    mover = state.cursor.move.mover
    who = amoeba_ref(state, mover)
    if movement.dice_count(state.player(mover.color)) == 2:
        text = msg(
            "Roll two dice ({gene}) for {amoeba}: 1 west, 2 north, 3 east, 4 south, "
            "5 stay, 6 free choice.",
            gene=_gene(MOVEMENT_1),
            amoeba=who,
        )
    else:
        text = msg(
            "Roll a die for {amoeba}: 1 west, 2 north, 3 east, 4 south, 5 stay, 6 free choice.",
            amoeba=who,
        )
    return mover.color, mover, text, sources.COMPASS


def _move_direction(state: GameState) -> Asked:
    move = state.cursor.move
    offered = Seq(tuple(movement.direction_text(o) for o in move.options), ", ")
    who = amoeba_ref(state, move.mover)
    text = msg("Choose where {amoeba} moves: {options}.", amoeba=who, options=offered)
    return move.mover.color, move.mover, text, sources.COMPASS


def _carry(state: GameState) -> Asked:
    head = state.cursor.move.queue[0]
    text = nmsg(
        "{amoeba} may carry up to {n} cube from space {origin} to space {destination} ({gene}).",
        "{amoeba} may carry up to {n} cubes from space {origin} to space {destination} ({gene}).",
        tentacle_capacity(state.n_players),
        amoeba=amoeba_ref(state, head.amoeba),
        origin=head.origin,
        destination=head.destination,
        gene=_gene(TENTACLE),
    )
    return head.amoeba.color, head.amoeba, text, sources.MOVEMENT_GENES


def _ride_along(state: GameState) -> Asked:
    head = state.cursor.move.queue[0]
    text = msg(
        "{amoeba} may ride along to space {destination} ({gene}).",
        amoeba=amoeba_ref(state, head.amoeba),
        destination=head.destination,
        gene=_gene(HOLDING),
    )
    return head.amoeba.color, head.amoeba, text, sources.MOVEMENT_GENES


def _second_move(state: GameState) -> Asked:
    mover = state.cursor.move.mover
    who = amoeba_ref(state, mover)
    text = msg("{amoeba} may make a second, free move ({gene}).", amoeba=who, gene=_gene(SPEED))
    return mover.color, mover, text, sources.MOVEMENT_GENES


def _feed(state: GameState) -> Asked:
    a = state.amoeba(state.cursor.amoeba)
    who = amoeba_ref(state, a.id)
    text = msg("{amoeba} feeds on space {space}.", amoeba=who, space=a.space)
    return a.color, a.id, text, sources.FEEDING_5_6 if state.n_players >= 5 else sources.FEEDING


def _attack_response(state: GameState) -> Asked:
    attack = state.cursor.attack
    options = attacks.responses(state, attack)
    target, attacker = amoeba_ref(state, attack.target), amoeba_ref(state, attack.attacker)
    if attacks.DEFEND in options and attacks.FLEE in options:
        text = msg(
            "{target} is attacked by {attacker}: defend (1 BP) or escape, or accept.",
            target=target,
            attacker=attacker,
        )
    elif attacks.DEFEND in options:
        text = msg(
            "{target} is attacked by {attacker}: defend (1 BP), or accept.",
            target=target,
            attacker=attacker,
        )
    else:
        text = msg(
            "{target} is attacked by {attacker}: escape, or accept.",
            target=target,
            attacker=attacker,
        )
    return attack.target.color, attack.target, text, sources.ATTACKS


def _fight_roll(state: GameState) -> Asked:
    attack = state.cursor.attack
    text = msg(
        "Fight: {attacker} and {target} each roll a die; ties roll again.",
        attacker=amoeba_ref(state, attack.attacker),
        target=amoeba_ref(state, attack.target),
    )
    return attack.target.color, attack.target, text, sources.ATTACKS


def _defense_retry(state: GameState) -> Asked:
    t = state.cursor.attack.target
    text = msg(
        "{amoeba} lost the fight: fight once more for free ({gene})?",
        amoeba=amoeba_ref(state, t),
        gene=_gene(PERSISTENCE),
    )
    return t.color, t, text, sources.ADVANCED_ATTACKS


def _attack_retry(state: GameState) -> Asked:
    a = state.cursor.attack.attacker
    text = msg(
        "{amoeba}'s attack failed: try once more for free ({gene})?",
        amoeba=amoeba_ref(state, a),
        gene=_gene(PERSISTENCE),
    )
    return a.color, a, text, sources.ADVANCED_ATTACKS


def _pay_debt(state: GameState) -> Asked:
    color = state.cursor.actor
    mp = defects.mp_sum(state, color)
    # TRANSLATORS: {mp} are the player's mutation points ("12 MP"); {debt} is a number of MP.
    text = msg(
        "{player} has {mp} against ozone {ozone}: pays {debt} with genes and/or BP.",
        player=player_ref(state, color),
        mp=nmsg("{n} MP", "{n} MP", mp),
        ozone=state.current_card().ozone,
        debt=defects.debt(state, color),
    )
    return color, None, text, sources.PHASE_2


def _buy(state: GameState) -> Asked:
    color = state.cursor.actor
    who, has = player_ref(state, color), bp(state.player(color).bp)
    return color, None, msg("{player} ({bp}) may buy genes.", player=who, bp=has), sources.PHASE_3


def _divide(state: GameState) -> Asked:
    color = state.cursor.actor
    who = player_ref(state, color)
    if division.free_amoeba_due(state, color):
        text = msg("{player} has no amoeba on the board: place one free, anywhere.", player=who)
        return color, None, text, sources.FREE_AMOEBA
    # TRANSLATORS: {rule} says where the new amoebas may go.
    text = msg(
        "{player} ({bp}) may divide: {cost} per amoeba; {rule}.",
        player=who,
        bp=bp(state.player(color).bp),
        cost=bp(division.division_cost(state, color)),
        rule=division.division_rule(state, color),
    )
    return color, None, text, sources.PHASE_4


def _aggression(state: GameState) -> Asked:
    color = state.cursor.actor
    who = player_ref(state, color)
    text = msg("{player} may strike once with {gene} (1 BP).", player=who, gene=_gene(AGGRESSION))
    return color, None, text, sources.ADVANCED_ATTACKS


def _turn_extra(state: GameState) -> Asked:
    return None, None, p3_extra.asked(state), sources.EXTRA_PLAY


_BY_STEP = {
    Step.TURN_EXTRA: _turn_extra,
    Step.HARD_CRUST: genes_crust.asked,
    Step.TURN_CARD: _turn_card,
    Step.START_ROLLS: _start_rolls,
    Step.START_SPACE: _start_space,
    Step.PLACE: _place,
    Step.MOVEMENT_CHOICE: _movement_choice,
    Step.MOVE_ROLL: _move_roll,
    Step.MOVE_DIRECTION: _move_direction,
    Step.CARRY: _carry,
    Step.RIDE_ALONG: _ride_along,
    Step.SECOND_MOVE: _second_move,
    Step.FEED: _feed,
    Step.ATTACK_RESPONSE: _attack_response,
    Step.FIGHT_ROLL: _fight_roll,
    Step.DEFENSE_RETRY: _defense_retry,
    Step.ATTACK_RETRY: _attack_retry,
    Step.PAY_DEBT: _pay_debt,
    Step.BUY: _buy,
    Step.DIVIDE: _divide,
    Step.AGGRESSION: _aggression,
    **genes_steps.PROMPTS,
}
