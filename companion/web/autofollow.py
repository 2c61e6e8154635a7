"""The app rolls or draws by itself, for both games: after each recorded entry of a game set up
so, what chance decides is appended at once, each as its own entry marked in the log, for as
long as chance is awaited. Never after an undo: undoing a roll or a draw must not make it again
by itself (the console offers it again)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from typing import Any

from companion.store import Conflict, Game, SaveFailed
from companion.tracker.errors import ActionError
from companion.tracker.record_core import Undo
from companion.web.common import store

LIMIT = 100  # entries in a row at most (Ursuppe's fight ties re-rolled); the rules need few


def follow_chance(game: Game, entry: Any, next_action: Callable[[Game], Any]) -> Game:
    """After `entry` (None: the game's creation): append `next_action(game)` while it names
    one, if the game was set up so; returns the game as it is then."""
    if isinstance(entry, Undo) or not store().auto_roll(game.id):
        return game
    for _ in range(LIMIT):
        action = next_action(game)
        if action is None:
            break
        try:
            game = store().append_app_roll(game.id, action, game.revision)
        except (Conflict, ActionError):  # another device moved meanwhile: its view wins
            return store().get(game.id)
        except (SaveFailed, sqlite3.OperationalError):
            # The tapped entry is saved; the roll or draw is not, so the console offers it again.
            return store().get(game.id)
    return game
