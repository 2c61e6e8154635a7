"""The pieces of a game: an amoeba (and its name, `red-3`), a gene card held, a player's
purse, marker and genes."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from companion.tracker.colors import Color
from companion.tracker.ursuppe.data import INCLUDED_ABILITIES


class AmoebaId(NamedTuple):
    """An amoeba by color and printed number, written `red-3`."""

    color: Color
    number: int

    def __str__(self) -> str:
        return f"{self.color.value}-{self.number}"

    @classmethod
    def parse(cls, text: str) -> AmoebaId:
        """Read `red-3`; raises ValueError."""
        color, _, number = str(text).rpartition("-")
        return cls(Color(color), int(number))


@dataclass(frozen=True)
class Amoeba:
    """An amoeba on the soup."""

    color: Color
    number: int
    space: int
    dp: int = 0

    @cached_property  # asked for thousands of times per replay; kept beside the fields
    def id(self) -> AmoebaId:
        """This amoeba's id."""
        return AmoebaId(self.color, self.number)


@dataclass(frozen=True)
class HeldGene:
    """A gene card held by a player since a round (advanced genes need an earlier round)."""

    key: str
    since_round: int


@dataclass(frozen=True)
class Player:
    """A player's tracked quantities."""

    color: Color
    name: str
    bp: int
    marker: int = 0  # ladder space; 0 until placed at setup
    genes: tuple[HeldGene, ...] = ()
    used_this_round: tuple[str, ...] = ()  # "defense", "escape", "aggression"

    @cached_property
    def gene_keys(self) -> tuple[str, ...]:
        """The keys of the genes held."""
        return tuple(g.key for g in self.genes)

    def holds(self, key: str) -> bool:
        """Whether the player holds this gene card."""
        return key in self.gene_keys

    def has(self, ability: str) -> bool:
        """Whether the player's amoebas have an ability, held directly or via an advanced gene."""
        for g in self.genes:
            if g.key == ability or ability in INCLUDED_ABILITIES.get(g.key, ()):
                return True
        return False
