"""Live updates: each game's revision, and streams that wake when it changes (SSE).

A stream sends `revision N` whenever the game changes, a comment every few seconds to keep
the connection (and the phone's sync badge) alive, and ends after a while so that waitress
threads are recycled; the browser reconnects and re-syncs by itself.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator


class Hub:
    """Revision numbers per game, with waiting for a change."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._revisions: dict[str, int] = {}

    def notify(self, game_id: str, revision: int) -> None:
        """A game reached a new revision: wake every stream."""
        with self._cond:
            self._revisions[game_id] = revision
            self._cond.notify_all()

    def wait(self, game_id: str, seen: int | None, timeout: float) -> int | None:
        """Wait until the game's revision differs from `seen` (or timeout); return it."""
        with self._cond:
            self._cond.wait_for(lambda: self._revisions.get(game_id) != seen, timeout=timeout)
            return self._revisions.get(game_id)

    def stream(
        self, game_id: str, current: int, heartbeat: float = 10.0, lifetime: float = 300.0
    ) -> Iterator[str]:
        """Server-sent events for one game: `revision` events and keep-alive comments."""
        self._revisions.setdefault(game_id, current)
        seen = current
        yield "retry: 1000\n\n"
        yield f"event: revision\ndata: {current}\n\n"
        waited = 0.0
        while waited < lifetime:
            new = self.wait(game_id, seen, heartbeat)
            if new != seen and new is not None:
                seen = new
                yield f"event: revision\ndata: {new}\n\n"
            else:
                waited += heartbeat
                yield ": alive\n\n"
