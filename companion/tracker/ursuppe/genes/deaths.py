"""Extra genes about damage and death: Go Out With A Bang, Healing I and II
(003 §The Amoeba Advanced Genome Project; 001 §LE CARTE GENE "NORMALE" / "SUPERIORE").

Go Out With A Bang: whenever one of the holder's amoebas dies (any death), every other amoeba
on that space takes 1 DP. In phase 5 an amoeba that reaches its limit that way dies in the
same phase 5, chains following in descending then numerical order; after a death in another
phase the DP waits for phase 5 like any DP. Healing I: in phase 4, at their turn, the holder
may pay 3 BP to remove 1 DP from an amoeba, once per amoeba a round. Healing II: as Healing I,
or move that DP onto another amoeba on the same space, which dies at once (003, default); by
option (001) the move costs 4 BP and the other amoeba dies only if the DP reaches its limit.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Seq, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import Action
from companion.tracker.ursuppe.genes.actions import Heal, TransferDamage
from companion.tracker.ursuppe.genes.extra import (
    GO_OUT_WITH_A_BANG,
    HEALING_1,
    HEALING_2,
    healed_mark,
)
from companion.tracker.ursuppe.options import HealingTransfer
from companion.tracker.ursuppe.phases.base import Events, say, set_amoeba
from companion.tracker.ursuppe.rules import deaths
from companion.tracker.ursuppe.state import Amoeba, AmoebaId, GameState, Phase, Player, amoeba_ref

HEAL_COST = 3


def blast(state: GameState, dead: Amoeba, events: Events) -> GameState:
    """Go Out With A Bang: every other amoeba on the dead amoeba's space takes 1 DP."""
    others = state.amoebas_on(dead.space)
    if not others or not state.player(dead.color).holds(GO_OUT_WITH_A_BANG):
        return state
    for other in others:
        state = set_amoeba(state, replace(other, dp=other.dp + 1))
    text = msg(
        "{who} goes out with a bang: every other amoeba on space {space} takes 1 DP ({hit}).",
        who=amoeba_ref(state, dead.id),
        space=dead.space,
        hit=Seq(tuple(amoeba_ref(state, a.id) for a in others), ", "),
    )
    say(events, "death", text, sources.EXTRA_DEATHS)
    return state


def natural_deaths(state: GameState, events: Events) -> tuple[GameState, bool]:
    """Phase 5: every amoeba at its DP limit dies, descending then numerical order; a blast
    that brings others to their limit kills them in the same phase (chains follow)."""
    order = state.cursor.order or state.ladder_order(descending=True)
    died = False
    while True:
        doomed = [a for color in order for a in deaths.doomed(state, color)]
        if not doomed:
            return state, died
        for amoeba in doomed:
            limit = deaths.dp_limit(state, amoeba.color)
            state, placed = deaths.remove_amoeba(state, amoeba, deaths.NATURAL_DEATH_CUBES)
            died = True
            text = nmsg(
                "{who} has {n} DP (dies at {limit}) and dies, leaving {cubes} on space {space}.",
                "{who} has {n} DP (dies at {limit}) and dies, leaving {cubes} on space {space}.",
                amoeba.dp,
                who=amoeba_ref(state, amoeba.id),
                limit=limit,
                cubes=placed,
                space=amoeba.space,
            )
            say(events, "death", text, sources.PHASE_5)
            state = blast(state, amoeba, events)


def after_death(state: GameState, dead: Amoeba, events: Events) -> GameState:
    """What follows any death: the blast, and in phase 5 the deaths it causes at once."""
    state = blast(state, dead, events)
    if state.phase is Phase.DEATHS:
        state, _ = natural_deaths(state, events)
    return state


# ----- Healing -------------------------------------------------------------------------
def healed(player: Player, aid: AmoebaId) -> bool:
    """Whether this amoeba was already healed this round (Healing: once per amoeba)."""
    return healed_mark(aid.number) in player.used_this_round


def transfer_cost(state: GameState) -> int:
    """BP Healing II's transfer costs: 3 (003), or 4 by option (001)."""
    return 4 if state.setup.options.healing_transfer is HealingTransfer.ITALIAN else HEAL_COST


def healing_actions(state: GameState, color: Color) -> list[Action]:
    """Healing I and II at this player's phase 4 turn: each damaged amoeba once a round."""
    player = state.player(color)
    if not player.has(HEALING_1):
        return []
    found: list[Action] = []
    for amoeba in state.amoebas_of(color):
        if not amoeba.dp or healed(player, amoeba.id):
            continue
        if player.bp >= HEAL_COST:
            found.append(Heal(amoeba.id))
        if player.holds(HEALING_2) and player.bp >= transfer_cost(state):
            found += [
                TransferDamage(amoeba.id, other.id)
                for other in state.amoebas_on(amoeba.space)
                if other.id != amoeba.id
            ]
    return found


def healing_note(state: GameState, color: Color) -> list[Msg]:
    """What Healing offers this player now, for their phone: `heal 1 DP at 3 BP (Healing I)`."""
    if not any(isinstance(a, Heal) for a in healing_actions(state, color)):
        return []
    gene = HEALING_2 if state.player(color).holds(HEALING_2) else HEALING_1
    return [
        nmsg(
            "heal 1 DP at {n} BP ({gene})",
            "heal 1 DP at {n} BP ({gene})",
            HEAL_COST,
            gene=state.gene(gene).term,
        )
    ]


def _cure(state: GameState, aid: AmoebaId, cost: int) -> tuple[GameState, Amoeba]:
    """Pay, take 1 DP off the amoeba, and mark it healed for this round."""
    player = state.player(aid.color)
    used = player.used_this_round + (healed_mark(aid.number),)
    state = state.with_player(replace(player, bp=player.bp - cost, used_this_round=used))
    amoeba = state.amoeba(aid)
    amoeba = replace(amoeba, dp=amoeba.dp - 1)
    return set_amoeba(state, amoeba), amoeba


def heal(state: GameState, aid: AmoebaId, events: Events) -> GameState:
    """Healing: 3 BP, 1 DP off."""
    state, amoeba = _cure(state, aid, HEAL_COST)
    text = nmsg(
        "{who} heals 1 DP for {n} BP (now {dp} DP; {left}).",
        "{who} heals 1 DP for {n} BP (now {dp} DP; {left}).",
        HEAL_COST,
        who=amoeba_ref(state, aid),
        dp=amoeba.dp,
        left=nmsg("{n} BP left", "{n} BP left", state.player(aid.color).bp),
    )
    say(events, "heal", text, sources.EXTRA_DIVISION)
    return state


def transfer(state: GameState, aid: AmoebaId, target: AmoebaId, events: Events) -> GameState:
    """Healing II: 1 DP moves onto another amoeba on the same space, which may die at once."""
    cost = transfer_cost(state)
    state, _ = _cure(state, aid, cost)
    receiver = state.amoeba(target)
    receiver = replace(receiver, dp=receiver.dp + 1)
    state = set_amoeba(state, receiver)
    text = nmsg(
        "{who} passes 1 DP onto {target} for {n} BP ({gene}).",
        "{who} passes 1 DP onto {target} for {n} BP ({gene}).",
        cost,
        who=amoeba_ref(state, aid),
        target=amoeba_ref(state, target),
        gene=state.gene(HEALING_2).term,
    )
    say(events, "heal", text, sources.EXTRA_DIVISION_ADVANCED)
    italian = state.setup.options.healing_transfer is HealingTransfer.ITALIAN
    if italian and receiver.dp < deaths.dp_limit(state, receiver.color):
        return state
    state, placed = deaths.remove_amoeba(state, receiver, deaths.NATURAL_DEATH_CUBES)
    text = msg(
        "{target} dies at once, leaving {cubes} on space {space}.",
        target=amoeba_ref(state, target),
        cubes=placed,
        space=receiver.space,
    )
    say(events, "death", text, sources.EXTRA_DIVISION_ADVANCED)
    return after_death(state, receiver, events)


def heal_label(state: GameState, action: Action):
    """The button labels of Healing's actions."""
    if isinstance(action, Heal):
        return msg(
            "{amoeba} heals 1 DP ({cost})",
            amoeba=amoeba_ref(state, action.amoeba),
            cost=nmsg("{n} BP", "{n} BP", HEAL_COST),
        )
    return msg(
        "{amoeba} passes 1 DP onto {target} ({cost})",
        amoeba=amoeba_ref(state, action.amoeba),
        target=amoeba_ref(state, action.target),
        cost=nmsg("{n} BP", "{n} BP", transfer_cost(state)),
    )
