"""What a gene card is: price, MP, copies by player count, the lower gene it replaces."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from companion.tracker.msg import Term


@dataclass(frozen=True)
class GeneCard:
    """A gene card: price, mutation points and copies by player count."""

    key: str
    name: str
    price: int
    mp: int
    copies: tuple[int, int, int, int]  # players 3, 4, 5, 6
    replaces: tuple[str, ...] = ()  # the lower gene(s) an advanced gene is traded for
    price_5_6: int | None = None
    mp_5_6: int | None = None
    returned_value: int | None = None  # MP balanced when returned in phase 2
    scoring_cards: int | None = None  # cards counted on the advance table
    effect: str = ""
    extra: bool = False  # an extra gene of the Advanced Genome Project (EXTRA-GENES.md)
    price_001: int | None = None  # an extra gene's price as 001 prints it, where it differs
    mp_001: int | None = None  # an extra gene's MP as 001 prints it, where it differs

    @cached_property
    def term(self) -> Term:
        """The gene's name as a game word, as the group's printed cards say it (made once:
        every view names genes)."""
        return Term("gene", self.name)

    @property
    def advanced(self) -> bool:
        """Whether this is an advanced gene (bought by giving up a lower gene)."""
        return bool(self.replaces)

    def price_for(self, players: int, italian: bool = False) -> int:
        """The price in BP with this many players (`italian`: 001's extra-gene values)."""
        if italian and self.price_001 is not None:
            return self.price_001
        return self.price_5_6 if players >= 5 and self.price_5_6 is not None else self.price

    def mp_for(self, players: int, italian: bool = False) -> int:
        """The mutation points with this many players (`italian`: 001's extra-gene values)."""
        if italian and self.mp_001 is not None:
            return self.mp_001
        return self.mp_5_6 if players >= 5 and self.mp_5_6 is not None else self.mp

    def copies_for(self, players: int) -> int:
        """Copies of the card in a game of this many players."""
        return self.copies[players - 3]

    def value_when_returned(self, players: int, italian: bool = False) -> int:
        """MP this card balances when returned in phase 2."""
        if self.returned_value is not None:
            return self.returned_value
        return self.mp_for(players, italian)

    def cards_for_scoring(self) -> int:
        """How many cards this gene counts on the advance table."""
        if self.scoring_cards is not None:
            return self.scoring_cards
        return 2 if self.advanced else 1
