"""The shell's memo of the last few answers asked about an object (a drawing's digest of a
view's rows): one read and one write of a single tuple per question, safe across the
server's threads. The pure core keeps no such memo: what it works out about a state is kept
on the state itself (`GameState.answers`)."""

from __future__ import annotations

from typing import Any

MISSING = object()  # what `get` says when it remembers nothing for the question
KEPT = 4  # answers kept per question, newest first


class LastAnswer:
    """One question's last few (object, key, answer), newest first."""

    __slots__ = ("_recent",)

    def __init__(self) -> None:
        self._recent: tuple[tuple[Any, Any, Any], ...] = ()

    def get(self, asked_of: Any, key: Any = None) -> Any:
        """The remembered answer for this very object and an equal key, else `MISSING`."""
        for known, asked, answer in self._recent:
            if known is asked_of and asked == key:
                return answer
        return MISSING

    def put(self, asked_of: Any, key: Any, answer: Any) -> Any:
        """Remember `answer` for this object and key (the oldest answer goes); return it."""
        self._recent = ((asked_of, key, answer), *self._recent[: KEPT - 1])
        return answer
