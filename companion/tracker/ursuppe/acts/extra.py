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


HANDLERS = {
    PayHardCrust: genes_crust.pay,
    GiveUpAttack: genes_crust.give_up,
    TurnExtraGene: _turn_extra,
    ShuffleExtraGenes: p3_extra.shuffled,
}
