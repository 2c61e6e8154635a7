"""Records made long by undo entries, for the tests of how long ones import, open and travel
and for the bench's records of many undos (bench/measure.py): each up to the 20,000 entries a
record may hold (`MAX_ENTRIES`), built from a recorded game."""

from __future__ import annotations

from typing import Any

from companion.tracker.game import game_of
from companion.tracker.record_core import MAX_ENTRIES


def undo(to: int) -> dict[str, Any]:
    """An undo entry that keeps the first `to` effective actions."""
    return {"type": "undo", "to": to}


def card_turns_and_undos(data: dict, size: int = MAX_ENTRIES) -> dict:
    """The first card turned and taken back, over and over."""
    cards = [card["id"] for card in data["setup"]["deck"]]
    turns = [{"type": "turn_card", "card": cards[n % len(cards)]} for n in range(size // 2)]
    return dict(data, actions=[entry for turn in turns for entry in (turn, undo(0))])


def undo_and_reenter(data: dict, size: int = MAX_ENTRIES) -> dict:
    """The whole game, each action undone and entered again, up to about `size` entries."""
    base = data["actions"]
    repeat = (size - len(base)) // (2 * len(base))
    return dict(data, actions=[e for k, a in enumerate(base) for e in [a] + [undo(k), a] * repeat])


def other_choices(data: dict, tried: int = 6) -> dict:
    """Before each action of the game, up to `tried` other legal choices, each undone."""
    core = game_of(data)
    state, actions = core.new_game(core.setup_from_dict(data["setup"])), []
    for kept, entry in enumerate(data["actions"]):
        action = core.action_from_dict(entry)
        others = [a for a in core.legal_actions(state) if a != action][:tried]
        actions += [e for a in others for e in (core.action_to_dict(a), undo(kept))] + [entry]
        state = core.apply(state, action)[0]
    return dict(data, actions=actions)
