"""The app draws by itself: a game set up so gets what chance decides (the first volcano, the
deal, the environment player's token, the genes turned, the erupting region scored) drawn at
once after each recorded entry, each as its own entry marked in the log, for as long as chance
is awaited: with the players choosing on their phones, nobody has to tap the laptop. Never
after an undo: undoing a draw must not draw again by itself (the console offers "Draw at
random")."""

from __future__ import annotations

from companion.store import Game
from companion.web.autofollow import follow_chance
from companion.web.urland.forms import shuffled


def follow(game: Game, entry=None) -> Game:
    """After an entry (or a game's creation): draw by itself while chance is awaited, if the
    game was set up so; returns the game as it is then."""
    return follow_chance(game, entry, _drawn)


def _drawn(game: Game):
    items = game.core.chance(game.state)
    return None if items is None else game.core.from_shuffle(game.state, shuffled(items))
