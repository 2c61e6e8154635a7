"""A decisive moment of a game's story, as both games' stories tell it."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.msg import Msg


@dataclass(frozen=True)
class Moment:
    """A decisive moment: what happened, in a sentence, and the entry it happened at."""

    seq: int
    round: int  # Ursuppe's round, Urland's turn
    text: Msg
