"""The app draws by itself: a game set up so gets what chance decides (the first volcano, the
deal, the environment player's token, the genes turned, the erupting region scored) drawn at
once after each recorded entry, each as its own entry marked in the log, for as long as chance
is awaited: with the players choosing on their phones, nobody has to tap the laptop. Never
after an undo: undoing a draw must not draw again by itself (the console offers "Draw at
random")."""

from __future__ import annotations

import sqlite3

from companion.store import Conflict, Game, SaveFailed
from companion.tracker.errors import ActionError
from companion.tracker.record_core import Undo
from companion.web.common import store
from companion.web.urland.forms import shuffled

LIMIT = 100  # draws in a row at most; the rules need a handful


def follow(game: Game, entry=None) -> Game:
    """After an entry (or a game's creation): draw by itself while chance is awaited, if the
    game was set up so; returns the game as it is then."""
    if isinstance(entry, Undo) or not store().auto_roll(game.id):
        return game
    for _ in range(LIMIT):
        items = game.core.chance(game.state)
        if items is None:
            break
        try:
            action = game.core.from_shuffle(game.state, shuffled(items))
            game = store().append_app_roll(game.id, action, game.revision)
        except (Conflict, ActionError):  # another device moved meanwhile: its view wins
            return store().get(game.id)
        except (SaveFailed, sqlite3.OperationalError):
            # The entry tapped is saved; the draw is not, so "Draw at random" is offered again.
            return store().get(game.id)
    return game
