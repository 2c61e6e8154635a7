"""The answer to the last question asked about a state, remembered (a pure memo).

A tap asks the same question of the same state several times (its validation, the next
prompt, the console's buttons), and the engine's last step only renumbers the state
(`carry_all` keeps each answer across that copy). One read and one write of a single tuple
per question: safe across the server's threads, and nothing a replay depends on.
"""

from __future__ import annotations

from typing import Any

MISSING = object()  # what `get` says when it remembers nothing for the question
_ALL: list[LastAnswer] = []


class LastAnswer:
    """One question's last (state, key) and its answer."""

    __slots__ = ("_last",)

    def __init__(self) -> None:
        self._last: tuple[Any, Any, Any] = (None, None, MISSING)
        _ALL.append(self)

    def get(self, state: Any, key: Any = None) -> Any:
        """The remembered answer for this very state and an equal key, else `MISSING`."""
        last = self._last
        if last[0] is state and last[1] == key:
            return last[2]
        return MISSING

    def put(self, state: Any, key: Any, answer: Any) -> Any:
        """Remember `answer` for this state and key; return it."""
        self._last = (state, key, answer)
        return answer


def carry_all(old: Any, new: Any) -> None:
    """Keep every remembered answer about `old` for `new`, a copy that differs only in what
    no question reads (its revision number)."""
    for memo in _ALL:
        last = memo._last
        if last[0] is old:
            memo._last = (new, last[1], last[2])
