"""The games kept in memory: the ones being played, bounded by count and by their entries.

A game's replayed history (every state, its log) is what a page of it needs at once, so the
store keeps it; but a laptop serving a club for weeks, or a page opening every past game,
would keep them all. The least recently used games go beyond `most` games or `most_entries`
entries in all (the newest always stays); one that is asked for again is replayed from the
database, as after a restart (docs/serving.md, "Memory").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

MOST_GAMES = 12  # a table plays one or two at a time; the others are history
MOST_ENTRIES = 40_000  # entries of all the games kept (a long game has about 700)


class GameCache:
    """A dict of games by id that forgets the least recently used ones past its bounds."""

    def __init__(self, most: int = MOST_GAMES, most_entries: int = MOST_ENTRIES) -> None:
        self.most, self.most_entries = most, most_entries
        self._games: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str, default: Any = None) -> Any:
        """The game, marked as just used; `default` if it is not kept."""
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                return default
            self._games.move_to_end(game_id)
            return game

    def __setitem__(self, game_id: str, game: Any) -> None:
        with self._lock:
            self._games[game_id] = game
            self._games.move_to_end(game_id)
            self._trim()

    def pop(self, game_id: str, default: Any = None) -> Any:
        """Forget a game (it is replayed from the database when next asked for)."""
        with self._lock:
            return self._games.pop(game_id, default)

    def clear(self) -> None:
        """Forget every game."""
        with self._lock:
            self._games.clear()

    def __len__(self) -> int:
        return len(self._games)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._games

    def entries(self) -> int:
        """The entries of all the games kept."""
        return sum(_size(g) for g in self._games.values())

    def _trim(self) -> None:
        total = sum(_size(g) for g in self._games.values())
        while len(self._games) > 1 and (len(self._games) > self.most or total > self.most_entries):
            _, gone = self._games.popitem(last=False)
            total -= _size(gone)


def _size(game: Any) -> int:
    return getattr(game, "revision", 0) or 0
