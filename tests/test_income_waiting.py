"""Phase 4's BP column (issue 30, item 4; 000 §Fase 4: each player receives 10 BP at their own
turn, 11 with 5-6 players, in descending order): the players still to take their turn are
shown the income they will receive, so their BP does not look wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.state import Phase
from companion.tracker.ursuppe.views.public import income_waiting, table_view

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def phase_4_states(name: str):
    """Every state of an example game in phase 4, in order."""
    record = record_from_dict(json.loads((EXAMPLES / f"{name}.json").read_text()))
    state = new_game(record.setup)
    for action in record.entries:
        state = apply(state, action).state
        if state.phase is Phase.DIVISION:
            yield state


@pytest.mark.parametrize("name, gain", [("four-players", 10), ("six-players", 11)])
def test_those_still_to_divide_wait_for_their_income(name, gain):
    state = next(phase_4_states(name))
    order, at = state.cursor.order, state.cursor.index
    waiting = income_waiting(state)
    assert waiting == {c: gain for c in order[at + 1 :]}
    assert order[at] not in waiting  # the acting player has received it
    rows = {r["color"]: r["income_due"] for r in table_view(state)["players"]}
    assert rows[order[-1].value] == gain and rows[order[at].value] == 0


def test_the_last_to_divide_leaves_nobody_waiting():
    last = None
    for state in phase_4_states("four-players"):
        if state.cursor.index == len(state.cursor.order) - 1:
            last = state
            break
    assert last is not None and income_waiting(last) == {}


def test_outside_phase_4_nobody_waits_for_income():
    record = record_from_dict(json.loads((EXAMPLES / "four-players.json").read_text()))
    assert income_waiting(new_game(record.setup)) == {}
