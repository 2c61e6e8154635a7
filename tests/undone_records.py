"""Records made long by undo entries, for the tests of how long ones import, open and travel."""

from __future__ import annotations


def undo_and_reenter(data: dict, size: int) -> dict:
    """The whole game, each action undone and entered again (as bench/measure.py), up to
    about `size` entries."""
    base = data["actions"]
    actions = []
    for kept, action in enumerate(base, 1):
        actions.append(action)
        for _ in range((size - len(base)) // (2 * len(base))):
            actions += [{"type": "undo", "to": kept - 1}, action]
    return dict(data, actions=actions)
