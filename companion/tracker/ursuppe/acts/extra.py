"""Handlers of extra-gene decisions: the turn-over (cards turned, a shuffle), Hard Crust."""

from __future__ import annotations

from companion.tracker.ursuppe.genes import crust as genes_crust
from companion.tracker.ursuppe.genes.actions import (
    GiveUpAttack,
    PayHardCrust,
    ShuffleExtraGenes,
    TurnExtraGene,
)
from companion.tracker.ursuppe.phases import p3_extra
from companion.tracker.ursuppe.phases.base import Events
from companion.tracker.ursuppe.state import GameState


def _turn_extra(state: GameState, action: TurnExtraGene, events: Events) -> GameState:
    return p3_extra.turn(state, action.gene, events)


def _shuffle_extra(state: GameState, action: ShuffleExtraGenes, events: Events) -> GameState:
    return p3_extra.shuffled(state, action, events)


def _pay_crust(state: GameState, action: PayHardCrust, events: Events) -> GameState:
    return genes_crust.pay(state, action, events)


def _give_up(state: GameState, action: GiveUpAttack, events: Events) -> GameState:
    return genes_crust.give_up(state, action, events)


HANDLERS = {
    PayHardCrust: _pay_crust,
    GiveUpAttack: _give_up,
    TurnExtraGene: _turn_extra,
    ShuffleExtraGenes: _shuffle_extra,
}
