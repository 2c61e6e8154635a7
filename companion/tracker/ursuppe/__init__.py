"""Ursuppe's rules engine: a pure functional core (no web, database, randomness or clock).

Public API: `new_game`, `legal_actions`, `apply`, `replay`, `prompt`, `to_dict`, `from_dict`.
"""

from companion.tracker.errors import ActionError, IllegalAction, InvalidAction
from companion.tracker.ursuppe.actions import Action, action_from_dict, action_to_dict
from companion.tracker.ursuppe.engine import (
    Applied,
    apply,
    legal_actions,
    new_game,
    replay,
    replay_events,
)
from companion.tracker.ursuppe.flow import Event
from companion.tracker.ursuppe.record.codec import from_dict, to_dict
from companion.tracker.ursuppe.state import AmoebaId, GameSetup, GameState, Phase, Seat, Step
from companion.tracker.ursuppe.views.labels import describe
from companion.tracker.ursuppe.views.prompts import Prompt, prompt

__all__ = [
    "Action",
    "ActionError",
    "AmoebaId",
    "Applied",
    "Event",
    "GameSetup",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "Phase",
    "Prompt",
    "Seat",
    "Step",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "describe",
    "from_dict",
    "legal_actions",
    "new_game",
    "prompt",
    "replay",
    "replay_events",
    "to_dict",
]
