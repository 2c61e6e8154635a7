"""The answers to the last few questions asked about states, remembered (a pure memo).

A tap asks the same question of the same state several times (its validation, the next
prompt, the console's buttons), and the engine's last step only renumbers the state
(`carry_all` keeps each answer across that copy). A few answers are kept, not one: a server
with two consoles (two games, or a second referee tab) asks about their states in turn, and
the tap on one would otherwise forget what the other's next tap asks again (the legality
of a late gene purchase, two dozen offers, was worked out twice). One read and one write of
a single tuple per question: safe across the server's threads, and nothing a replay
depends on.
"""

from __future__ import annotations

from typing import Any

MISSING = object()  # what `get` says when it remembers nothing for the question
KEPT = 4  # answers kept per question, newest first
_ALL: list[LastAnswer] = []


class LastAnswer:
    """One question's last few (state, key, answer), newest first."""

    __slots__ = ("_recent",)

    def __init__(self) -> None:
        self._recent: tuple[tuple[Any, Any, Any], ...] = ()
        _ALL.append(self)

    def get(self, state: Any, key: Any = None) -> Any:
        """The remembered answer for this very state and an equal key, else `MISSING`."""
        for known, asked, answer in self._recent:
            if known is state and asked == key:
                return answer
        return MISSING

    def put(self, state: Any, key: Any, answer: Any) -> Any:
        """Remember `answer` for this state and key (the oldest answer goes); return it."""
        self._recent = ((state, key, answer), *self._recent[: KEPT - 1])
        return answer


def carry_all(old: Any, new: Any) -> None:
    """Keep every remembered answer about `old` for `new`, a copy that differs only in what
    no question reads (its revision number)."""
    for memo in _ALL:
        recent = memo._recent
        if any(known is old for known, _, _ in recent):
            memo._recent = tuple(
                (new if known is old else known, asked, answer) for known, asked, answer in recent
            )
