"""The recorded Urland game (examples/urland/four-players.json), for the tests that start
from one of its moments."""

from __future__ import annotations

import json
from pathlib import Path

from companion.tracker.record_core import effective_actions
from companion.tracker.urland import engine
from companion.tracker.urland import record as urland_record
from companion.tracker.urland.state import Step

URLAND_4P = Path(__file__).resolve().parents[1] / "examples" / "urland" / "four-players.json"


def urland_example():
    """The setup and the actions in force of examples/urland/four-players.json."""
    data = json.loads(URLAND_4P.read_text(encoding="utf-8"))
    setup, entries = urland_record.record_from_dict(data)
    return setup, list(effective_actions(entries))


def urland_index(setup, actions, step: Step, after: int = 0) -> int:
    """The index of the example's first action made at `step` (from index `after` on)."""
    state = engine.new_game(setup)
    for i, action in enumerate(actions):
        if state.step is step and i >= after:
            return i
        state = engine.apply(state, action).state
    raise AssertionError(f"the example never reaches {step}")
