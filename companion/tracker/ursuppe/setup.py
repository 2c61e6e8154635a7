"""What is fixed before the first action: the seats, the group's box (deck, board, ladder,
cubes) and the rule options; and the check of a deck the group typed."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from companion.tracker.citations import Book
from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Seq, msg, nmsg
from companion.tracker.persons import Seat, seat_refs
from companion.tracker.ursuppe.data import (
    ENVIRONMENT_CARDS,
    FOOD_CUBES_PER_COLOR,
    LADDER_LENGTH,
    PLACEHOLDER_DECK,
    EnvironmentCard,
)
from companion.tracker.ursuppe.options import ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.rules.board import Board, BoardFlip, make_board
from companion.tracker.ursuppe.rules.people import Person, TwoPlayers, persons


@dataclass(frozen=True)
class GameSetup:
    """Everything fixed before the first action: seats, the group's box, the rule options."""

    seats: tuple[Seat, ...]
    deck: tuple[EnvironmentCard, ...] = PLACEHOLDER_DECK
    deck_is_placeholder: bool = True
    board_flip: BoardFlip = BoardFlip.NONE
    ladder_length: int = LADDER_LENGTH
    options: RuleOptions = field(default_factory=RuleOptions)
    rulebook: Book = Book.SPANISH  # the printed rules the group holds, cited in its words
    two_players: TwoPlayers = TwoPlayers.NONE  # 000 §Ursuppe para 2 jugadores
    decoy_scores: bool = True  # whether the decoy's marker advances (a setup agreement)
    box_cubes: int = FOOD_CUBES_PER_COLOR  # food cubes of each color in the group's box
    extra_genes: ExtraGenesMode = ExtraGenesMode.NONE  # how extra genes enter (003 §Play)
    extra_start: tuple[str, ...] = ()  # the starting set (or the fixed list) of extra genes
    # Who enters the players' choices: their phones (the laptop can always step in), or the
    # referee alone. It changes who may submit, never a result (a record without it: phones).
    phones: bool = True

    @property
    def players(self) -> int:
        """Number of players."""
        return len(self.seats)

    @cached_property
    def colors(self) -> tuple[Color, ...]:
        """Colors in play, in seat order."""
        return tuple(s.color for s in self.seats)

    @cached_property
    def people(self) -> tuple[Person, ...]:
        """Who plays which colors (`people.persons`)."""
        return persons(self)

    @cached_property
    def _seat_of(self) -> dict[Color, int]:
        return {s.color: i for i, s in enumerate(self.seats)}

    @cached_property
    def player_refs(self) -> dict[Color, Seq]:
        """Each color's player as every screen names them, made once per game (a screen
        names the players on every tap)."""
        return seat_refs(self.seats)

    @property
    def end_zone_start(self) -> int:
        """The first ladder space of the end zone."""
        start = self.options.end_zone_start
        return start if start is not None else self.ladder_length - 9

    @cached_property
    def board(self) -> Board:
        """The soup as the group confirmed it."""
        return make_board(self.board_flip)

    @cached_property
    def cards(self) -> dict[str, EnvironmentCard]:
        """The environment deck by card id."""
        return {c.id: c for c in self.deck}

    def seat_index(self, color: Color) -> int:
        """The index of the seat playing a color."""
        return self._seat_of[color]


def check_deck(deck: tuple[EnvironmentCard, ...]) -> Msg | None:
    """Why a deck is not usable, or None."""
    if len(deck) != ENVIRONMENT_CARDS:
        count = nmsg("{n} card", "{n} cards", len(deck))
        return msg("the environment deck has {count}; the game has 11", count=count)
    if len({c.id for c in deck}) != len(deck):
        return msg("two environment cards share an id")
    return None
