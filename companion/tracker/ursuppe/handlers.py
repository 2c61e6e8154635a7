"""Carry out an action already found legal, explaining each consequence with its source.

Each rule area's module in `acts/` has a table `HANDLERS` from an action type to its handler;
a new action (a gene's decision) adds one row to the table of the module of its rule.
"""

from __future__ import annotations

from companion.tracker.ursuppe.actions import Action
from companion.tracker.ursuppe.acts import attacks, extra, movement, phases, setup
from companion.tracker.ursuppe.genes import steps as genes_steps
from companion.tracker.ursuppe.phases.base import Events
from companion.tracker.ursuppe.state import GameState

_HANDLERS = {
    **setup.HANDLERS,
    **movement.HANDLERS,
    **attacks.HANDLERS,
    **phases.HANDLERS,
    **extra.HANDLERS,
    **genes_steps.HANDLERS,
}


def handle(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a legal action and run the automatic steps that follow it."""
    return _HANDLERS[type(action)](state, action, events)
