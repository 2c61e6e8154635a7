"""Live updates: each game's revision, and streams that wake when it changes (SSE).

A stream sends `revision N` whenever the game changes, a comment every few seconds to keep
the connection (and the phone's sync badge) alive, and ends after a while so that waitress
threads are recycled; the browser reconnects and re-syncs by itself.

Every stream holds a server thread, so the hub keeps them few: at most `per_key` streams of
one link (a new one ends the oldest: a phone that woke up and reconnected), and at most
`max_streams` of all viewers together. A stream over the cap only says `busy` and ends, with
a long reconnection delay; the page polls meanwhile, as it always does. The referee's own
streams (`exempt`) do not count against the viewers' cap.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

from companion.serving import STREAMS_PER_TOKEN, THREADS, stream_cap

BUSY_RETRY_MS = 15000  # how long a refused or superseded stream waits before reconnecting
REVOKED = "event: revoked\ndata: this code was revoked\n\n"


@dataclass(eq=False)
class _Ticket:
    """One open stream; `ended` says why the hub ended it (superseded, revoked)."""

    key: str
    exempt: bool
    ended: str | None = None


class Hub:
    """Revision numbers per game, with waiting for a change, and the open streams."""

    def __init__(
        self, max_streams: int = stream_cap(THREADS), per_key: int = STREAMS_PER_TOKEN
    ) -> None:
        self._cond = threading.Condition()
        self._revisions: dict[str, int] = {}
        self._open: dict[str, list[_Ticket]] = {}
        self._revoked: set[str] = set()
        self.max_streams = max_streams
        self.per_key = per_key

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

    def revoke(self, key: str) -> None:
        """A link was revoked: its open streams say `revoked` and end now."""
        with self._cond:
            self._revoked.add(key)
            for ticket in self._open.pop(key, []):
                ticket.ended = "revoked"
            self._cond.notify_all()

    def open_streams(self, key: str | None = None) -> int:
        """How many streams are open (of one link, or of all viewers)."""
        with self._cond:
            if key is not None:
                return len(self._open.get(key, []))
            return sum(1 for ts in self._open.values() for t in ts if not t.exempt)

    def _admit(self, key: str, exempt: bool) -> _Ticket | None:
        """Register a new stream, ending the link's oldest if it has too many; None if full."""
        with self._cond:
            if key in self._revoked:
                return _Ticket(key, exempt, ended="revoked")
            mine = self._open.setdefault(key, [])
            replaces = len(mine) >= self.per_key
            viewers = sum(1 for ts in self._open.values() for t in ts if not t.exempt)
            if not exempt and not replaces and viewers >= self.max_streams:
                if not mine:
                    del self._open[key]
                return None
            while len(mine) >= self.per_key:
                mine.pop(0).ended = "superseded"
            ticket = _Ticket(key, exempt)
            mine.append(ticket)
            self._cond.notify_all()
            return ticket

    def _release(self, ticket: _Ticket) -> None:
        with self._cond:
            mine = self._open.get(ticket.key, [])
            if ticket in mine:
                mine.remove(ticket)
            if not mine:
                self._open.pop(ticket.key, None)

    def stream(
        self,
        game_id: str,
        current: int,
        heartbeat: float = 10.0,
        lifetime: float = 300.0,
        key: str = "",
        exempt: bool = False,
    ) -> Iterator[str]:
        """Server-sent events for one game: `revision` events and keep-alive comments."""
        ticket = self._admit(key or f"game:{game_id}", exempt)
        if ticket is None:
            yield f"retry: {BUSY_RETRY_MS}\nevent: busy\ndata: too many live views: poll\n\n"
            return
        if ticket.ended == "revoked":  # revoked between the link's check and this stream
            yield REVOKED
            return
        try:
            yield from self._follow(ticket, game_id, current, heartbeat, lifetime)
        finally:
            self._release(ticket)

    def _follow(
        self, ticket: _Ticket, game_id: str, current: int, heartbeat: float, lifetime: float
    ) -> Iterator[str]:
        with self._cond:
            self._revisions.setdefault(game_id, current)
        seen = current
        yield "retry: 1000\n\n"
        yield f"event: revision\ndata: {current}\n\n"
        waited = 0.0
        while waited < lifetime:
            with self._cond:
                self._cond.wait_for(
                    lambda seen=seen: ticket.ended or self._revisions.get(game_id) != seen,
                    timeout=heartbeat,
                )
                new, ended = self._revisions.get(game_id), ticket.ended
            if ended == "revoked":
                yield REVOKED
                return
            if ended:
                yield f"retry: {BUSY_RETRY_MS}\nevent: busy\ndata: a newer view took over\n\n"
                return
            if new != seen and new is not None:
                seen = new
                yield f"event: revision\ndata: {new}\n\n"
            else:
                waited += heartbeat
                yield ": alive\n\n"
