"""An immutable stack whose versions share their older part: push and pop cost O(1).

A game's history grows by one entry at a time and an undo drops the newest actions, so a
stack is all it needs. Every version stays valid (a refused trial shares everything with the
version it started from and changes nothing), and no operation copies the whole history:
replaying a log of n entries with undos in it costs O(n), however the undos are arranged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


class Chain:
    """A stack of items, oldest at the bottom; `EMPTY` is the empty one."""

    __slots__ = ("top", "below", "size")

    def __init__(self, top: Any, below: Chain | None, size: int) -> None:
        self.top = top
        self.below = below
        self.size = size

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def push(self, item: Any) -> Chain:
        """This stack with one more item on top."""
        return Chain(item, self, self.size + 1)

    def newest(self) -> Iterator[Any]:
        """The items, newest first (stops as soon as the caller stops)."""
        link: Chain | None = self
        while link is not None and link.size:
            yield link.top
            link = link.below

    def last(self, count: int) -> tuple[Any, ...]:
        """The newest `count` items (all of them if fewer), oldest first."""
        out = []
        for item in self.newest():
            if len(out) >= count:
                break
            out.append(item)
        out.reverse()
        return tuple(out)

    def items(self) -> tuple[Any, ...]:
        """Every item, oldest first."""
        return self.last(self.size)

    def cut(self, keep: int) -> tuple[Chain, tuple[Any, ...]]:
        """The bottom `keep` items, and the items above them (oldest first)."""
        if not 0 <= keep <= self.size:
            raise ValueError(f"cannot keep {keep} of {self.size} items")
        link, dropped = self, []
        while link.size > keep:
            dropped.append(link.top)
            link = link.below  # size > keep >= 0, so there is one below
        dropped.reverse()
        return link, tuple(dropped)


EMPTY = Chain(None, None, 0)
