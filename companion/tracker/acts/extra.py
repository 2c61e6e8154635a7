"""Handlers of the extra genes' turn-over (phase 3): a card the table turned, the app's shuffle."""

from __future__ import annotations

from companion.tracker.extra_actions import ShuffleExtraGenes, TurnExtraGene
from companion.tracker.phases import p3_extra
from companion.tracker.phases.base import Events
from companion.tracker.state import GameState


def _turn_extra(state: GameState, action: TurnExtraGene, events: Events) -> GameState:
    return p3_extra.turn(state, action.gene, events)


def _shuffle_extra(state: GameState, action: ShuffleExtraGenes, events: Events) -> GameState:
    return p3_extra.shuffled(state, action, events)


HANDLERS = {
    TurnExtraGene: _turn_extra,
    ShuffleExtraGenes: _shuffle_extra,
}
