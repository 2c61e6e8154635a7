"""Who sits at the table, shared by both games: a person and the colors they play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.tracker.colors import Color, color_ref
from companion.tracker.msg import Seq


@dataclass(frozen=True)
class Person:
    """Someone at the table (or Ursuppe's decoy) and the colors they play, in seat order."""

    name: str
    colors: tuple[Color, ...]
    decoy: bool = False

    @property
    def holder(self) -> Color:
        """The color whose record holds this person's shared purse, genes and marker."""
        return self.colors[0]


@dataclass(frozen=True)
class Seat:
    """A player at the table in either game: a name and a color (seats listed clockwise)."""

    name: str
    color: Color


def seat_refs(seats: Sequence[Seat]) -> dict[Color, Seq]:
    """Each color's player as every screen names them (`Ana ● red`), from a setup's seats (the
    first seat of a color names it)."""
    return {s.color: Seq((s.name, color_ref(s.color))) for s in reversed(seats)}
