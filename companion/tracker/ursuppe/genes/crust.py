"""Hard Crust (003 §The Amoeba Advanced Genome Project): "If an amoeba being attacked,
doesn't defend itself, or loses despite it's efforts to defend itself, the attacker then has
to pay one more BP to carry through the attack. If it can't or won't pay, the attack is
unsuccessful, the attacker starves and the defender survives."

The companion's reading (shared EXTRA-GENES.md): asked each time an attack on the holder's
amoeba would succeed, in phase 1 and against Aggression in phase 5 (where giving up means
the strike fails); Camouflage does not switch it off; an attacker who gives up gets no
Persistence retry (it chose not to pay).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import Action
from companion.tracker.ursuppe.genes.actions import GiveUpAttack, PayHardCrust
from companion.tracker.ursuppe.genes.extra import HARD_CRUST
from companion.tracker.ursuppe.phases.base import Events, hand_on, say, who
from companion.tracker.ursuppe.state import GameState, Step

CRUST = "hard_crust"  # marks an attack whose extra BP was paid


def stands_in_the_way(state: GameState, events: Events) -> GameState | None:
    """Before an attack succeeds: the Hard Crust question, or None if it does not apply."""
    attack = state.cursor.attack
    if CRUST in attack.tried or not state.player(attack.target.color).holds(HARD_CRUST):
        return None
    if state.player(attack.attacker.color).bp < 1:
        text = msg(
            "{target}'s Hard Crust: {attacker} has no BP to pay for it, so the attack fails.",
            target=who(state, attack.target),
            attacker=who(state, attack.attacker),
        )
        return _fails(state, text, events)
    return state.with_cursor(step=Step.HARD_CRUST)


def choices(state: GameState) -> list[Action]:
    """Pay the extra BP, or give up."""
    color = state.cursor.attack.attacker.color
    return [PayHardCrust(color), GiveUpAttack(color)]


def asked(state: GameState) -> tuple:
    """The question to the attacker's owner."""
    attack = state.cursor.attack
    text: Msg = msg(
        "{attacker}'s attack on {target} would succeed, but it has Hard Crust: "
        "pay 1 BP more, or give up the attack?",
        attacker=who(state, attack.attacker),
        target=who(state, attack.target),
    )
    return attack.attacker.color, attack.attacker, text, sources.EXTRA_ATTACKS


def pay(state: GameState, action: PayHardCrust, events: Events) -> GameState:
    """The attacker pays 1 BP more and the attack goes through."""
    attack = state.cursor.attack
    player = state.player(action.color)
    state = state.with_player(replace(player, bp=player.bp - 1))
    text = nmsg(
        "{attacker} pays {n} BP more for {target}'s Hard Crust ({bp} BP left).",
        "{attacker} pays {n} BP more for {target}'s Hard Crust ({bp} BP left).",
        1,
        attacker=who(state, attack.attacker),
        target=who(state, attack.target),
        bp=player.bp - 1,
    )
    say(events, "attack", text, sources.EXTRA_ATTACKS)
    state = state.with_cursor(attack=replace(attack, tried=attack.tried + (CRUST,)))
    return hand_on("attack_succeeds", state, events)


def give_up(state: GameState, action: GiveUpAttack, events: Events) -> GameState:
    """The attacker does not pay: the attack fails and the victim survives."""
    attack = state.cursor.attack
    text = msg(
        "{attacker} does not pay for {target}'s Hard Crust: the attack fails.",
        attacker=who(state, attack.attacker),
        target=who(state, attack.target),
    )
    return _fails(state, text, events)


def _fails(state: GameState, text: Msg, events: Events) -> GameState:
    say(events, "attack", text, sources.CRUST_READING)
    return hand_on("attack_over_failed", state, events)
