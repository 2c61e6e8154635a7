"""Who sits at the table, shared by both games: a person and the colors they play."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.colors import Color


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
