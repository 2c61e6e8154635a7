"""A decisive moment of a game's story, as both games' stories tell it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion.tracker.msg import Msg


@dataclass(frozen=True)
class Moment:
    """A decisive moment: what happened, in a sentence, and the entry it happened at."""

    seq: int
    round: int  # Ursuppe's round, Urland's turn
    text: Msg


def bigger_advance(best: tuple[int, Moment] | None, moves: Iterable[tuple[Any, int]]):
    """The (color, spaces) of the move beyond `best`'s spaces (the biggest single advance so
    far), if one of `moves` (color, spaces gained) is; else None."""
    top = best[0] if best is not None else 0
    found = None
    for color, gained in moves:
        if gained > top:
            found, top = (color, gained), gained
    return found
