"""The game state: frozen dataclasses of tuples, changed only with `dataclasses.replace`.

The setup (`setup.py`), the phases and steps (`steps.py`), the pieces (`pieces.py`) and the
cursor (`cursor.py`) live beside it; their names are
imported here too, where every module has always found them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache, cached_property
from typing import Any, TypeVar

from companion.tracker.colors import Color, color_ref
from companion.tracker.msg import Seq
from companion.tracker.ursuppe.cursor import AttackCtx as AttackCtx
from companion.tracker.ursuppe.cursor import Cursor as Cursor
from companion.tracker.ursuppe.cursor import MoveCtx as MoveCtx
from companion.tracker.ursuppe.cursor import MoveStep as MoveStep
from companion.tracker.ursuppe.data import (
    GENES_BY_KEY,
    PERSISTENCE,
    EnvironmentCard,
    GeneCard,
)
from companion.tracker.ursuppe.options import ExtraGenePrices
from companion.tracker.ursuppe.pieces import Amoeba as Amoeba
from companion.tracker.ursuppe.pieces import AmoebaId as AmoebaId
from companion.tracker.ursuppe.pieces import HeldGene as HeldGene
from companion.tracker.ursuppe.pieces import Player as Player
from companion.tracker.ursuppe.rules.people import (
    Person,
    partners,
    person_of,
    shares_records,
    turn_order,
)
from companion.tracker.ursuppe.setup import GameSetup as GameSetup
from companion.tracker.ursuppe.setup import Seat as Seat
from companion.tracker.ursuppe.setup import check_deck as check_deck
from companion.tracker.ursuppe.steps import PHASE_TITLES as PHASE_TITLES
from companion.tracker.ursuppe.steps import Phase as Phase
from companion.tracker.ursuppe.steps import Step as Step

T = TypeVar("T")


@dataclass(frozen=True)
class GameResult:
    """How a finished game ended: the ranking (best first), the winners, and why it ended."""

    ranking: tuple[Color, ...]
    winners: tuple[Color, ...]  # more than one when tied
    reason: str  # "end_zone" | "last_card"
    in_zone: tuple[Color, ...] = ()  # who reached the end zone


@dataclass(frozen=True)
class GameState:
    """One moment of a game; equal states compare equal."""

    setup: GameSetup
    round: int
    phase: Phase
    players: tuple[Player, ...]
    amoebas: tuple[Amoeba, ...]
    cubes: tuple[tuple[int, ...], ...]  # [space - 1][seat index]
    cursor: Cursor
    card: str | None = None
    turned: tuple[str, ...] = ()
    shuffled_order: tuple[str, ...] = ()  # the rest of a recorded shuffle, next first
    score_history: tuple[tuple[int, ...], ...] = ()
    start_markers: tuple[int, ...] = ()  # markers before round 1 was scored (the chart)
    box: tuple[int, ...] = ()  # cubes per seat color in the box, when corrected (else setup's)
    result: GameResult | None = None  # set when the game is over
    extra_available: tuple[str, ...] = ()  # extra genes face up (held or in the pool)
    extra_pile: tuple[str, ...] = ()  # the rest of a recorded shuffle of extra genes, next first
    toxic: tuple[tuple[int, int], ...] = ()  # Toxic Excretions: (space, DP tokens), by space
    revision: int = 0

    @cached_property
    def answers(self) -> dict[Any, Any]:
        """What was worked out about this very state (its legal actions, its prompt, a meal
        list): a tap asks the same questions of one state several times. Kept on the state,
        so it goes with it; never shared between states (`remember`, `carry_answers`)."""
        return {}

    # ----- lookups -------------------------------------------------------------------
    @property
    def colors(self) -> tuple[Color, ...]:
        """Colors in play in seat order."""
        return self.setup.colors

    @property
    def n_players(self) -> int:
        """Number of players."""
        return self.setup.players

    def seat(self, color: Color) -> int:
        """Seat index of a color."""
        return self.setup.seat_index(color)

    def player(self, color: Color) -> Player:
        """The player of a color."""
        return self.players[self.seat(color)]

    def amoeba(self, aid: AmoebaId) -> Amoeba | None:
        """The amoeba with this id, if on the board."""
        for a in self.amoebas:
            if a.color == aid.color and a.number == aid.number:
                return a
        return None

    def amoebas_of(self, color: Color) -> tuple[Amoeba, ...]:
        """A color's amoebas on the board, in numerical order."""
        return tuple(a for a in self.amoebas if a.color == color)

    def amoebas_on(self, space: int) -> tuple[Amoeba, ...]:
        """The amoebas on a space."""
        return tuple(a for a in self.amoebas if a.space == space)

    def toxic_on(self, space: int) -> int:
        """DP tokens lying on a space (Toxic Excretions)."""
        return dict(self.toxic).get(space, 0)

    def cubes_on(self, space: int) -> tuple[int, ...]:
        """Cubes per seat color on a space."""
        return self.cubes[space - 1]

    def box_of(self, color: Color) -> int:
        """Food cubes of a color the group owns (the setup's count unless corrected)."""
        return self.box[self.seat(color)] if self.box else self.setup.box_cubes

    def supply(self, color: Color) -> int:
        """Cubes of a color off the board."""
        i = self.seat(color)
        return self.box_of(color) - sum(row[i] for row in self.cubes)

    def gene(self, key: str) -> GeneCard:
        """The gene card data."""
        return GENES_BY_KEY[key]

    @property
    def italian_extra_prices(self) -> bool:
        """Whether extra genes use 001's price/MP (rule option `extra_gene_prices`)."""
        return self.setup.options.extra_gene_prices is ExtraGenePrices.ITALIAN

    def price_of(self, key: str) -> int:
        """A gene's printed price in this game (player count, rule options)."""
        return _printed_price(key, self.n_players, self.italian_extra_prices)

    def mp_of(self, key: str) -> int:
        """A gene's printed MP in this game (player count, rule options)."""
        return GENES_BY_KEY[key].mp_for(self.n_players, self.italian_extra_prices)

    def returned_value_of(self, key: str) -> int:
        """MP a gene balances when returned in phase 2 in this game."""
        return GENES_BY_KEY[key].value_when_returned(self.n_players, self.italian_extra_prices)

    def copies_total(self, key: str) -> int:
        """Copies of a gene in this game's deck (an extra gene: 1 once turned over)."""
        gene = GENES_BY_KEY[key]
        if gene.extra:
            return 1 if key in self.extra_available else 0
        if key == PERSISTENCE and self.n_players == 4:
            return self.setup.options.persistence_copies_4p
        return gene.copies_for(self.n_players)

    def copies_left(self, key: str) -> int:
        """Copies of a gene in the pool (not held by any player)."""
        return self.copies_total(key) - self._copies_held.get(key, 0)

    @cached_property  # a market asks it of every gene on offer; a state never changes
    def _copies_held(self) -> dict[str, int]:
        """How many players hold each gene (a double-play II partner's mirrored record once)."""
        held: dict[str, int] = {}
        for p in self.players:
            if not partners_before(self, p.color):
                for key in set(p.gene_keys):
                    held[key] = held.get(key, 0) + 1
        return held

    def remaining_cards(self) -> tuple[str, ...]:
        """Environment cards not yet turned, in deck order."""
        return tuple(c.id for c in self.setup.deck if c.id not in self.turned)

    def current_card(self) -> EnvironmentCard | None:
        """The face-up environment card."""
        return self.setup.cards.get(self.card) if self.card else None

    def ladder_order(self, descending: bool) -> tuple[Color, ...]:
        """Colors by ladder position (ascending: lowest marker first)."""
        return turn_order(self, descending)

    def with_player(self, player: Player) -> GameState:
        """A copy with one player replaced (and, in double play II, the purse, genes and
        marker mirrored on the partner color: `people.partners`)."""
        shared = partners(self.setup, player.color)
        if not shared:
            i = self.seat(player.color)
            return replace(self, players=self.players[:i] + (player,) + self.players[i + 1 :])
        mirror = {
            "bp": player.bp,
            "marker": player.marker,
            "genes": player.genes,
            "used_this_round": player.used_this_round,
        }
        players = tuple(
            player if p.color == player.color else replace(p, **mirror) if p.color in shared else p
            for p in self.players
        )
        return replace(self, players=players)

    def with_cursor(self, **changes: object) -> GameState:
        """A copy with the cursor changed."""
        return _copied(self, {"cursor": _copied(self.cursor, changes)})


def _copied(obj: GameState | Cursor, changes: dict[str, object]) -> Any:
    """`dataclasses.replace` for the two classes copied most (a cursor moves on every step):
    the same fields, copied one by one without `__init__`, in a fifth of the time. Both are
    frozen with plain fields (no `__post_init__`, defaults only for construction)."""
    names = _FIELDS[type(obj)]
    if not changes.keys() <= names:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(changes.keys() - names)}")
    new = object.__new__(type(obj))
    old, fresh = obj.__dict__, new.__dict__
    for name in names:
        fresh[name] = old[name]
    fresh.update(changes)
    return new


_FIELDS = {cls: frozenset(f.name for f in fields(cls)) for cls in (GameState, Cursor)}


def remember(state: GameState, question: Any, work: Callable[[], T]) -> T:
    """The answer to `question` about this state: worked out once, then kept on the state."""
    answers = state.answers
    found = answers.get(question, answers)  # the dict itself: nothing remembered
    if found is answers:
        found = answers[question] = work()
    return found


def carry_answers(old: GameState, new: GameState) -> None:
    """Hand what was worked out about `old` to `new`, a copy that differs only in what no
    question reads (its revision number)."""
    if "answers" in old.__dict__:
        new.__dict__["answers"] = old.__dict__["answers"]


def partners_before(state: GameState, color: Color) -> bool:
    """Whether a color's record mirrors an earlier seat's (counted once, double play II)."""
    return any(state.seat(c) < state.seat(color) for c in partners(state.setup, color))


def player_ref(game: GameState | GameSetup, color: Color) -> Seq:
    """A player as every screen names them: `Ben ▲ yellow` (name, shape glyph, color)."""
    setup = game.setup if isinstance(game, GameState) else game
    found = setup.player_refs.get(color)  # Urland's setup names its players alike
    return found if found is not None else color_ref(color)


def person_ref(game: GameState | GameSetup, person: Person) -> Seq:
    """A person as the ranking names them: `Ana ● red + ▲ yellow` in double play."""
    if len(person.colors) == 1:
        return player_ref(game, person.colors[0])
    return Seq((person.name, Seq(tuple(color_ref(c) for c in person.colors), " + ")))


def marker_ref(game: GameState | GameSetup, color: Color) -> Seq:
    """Who a ladder marker belongs to: the person in double play II (one marker for two
    colors, rolled for and placed by the person), else the player of the color."""
    setup = game.setup if isinstance(game, GameState) else game
    if shares_records(setup):
        return person_ref(game, person_of(setup, color))
    return player_ref(game, color)


def amoeba_ref(game: GameState | GameSetup, aid: AmoebaId) -> Seq:
    """An amoeba as every screen names it: `Ben ▲ yellow 3` (its player, its number)."""
    return Seq((player_ref(game, aid.color), aid.number))


def player_label(game: GameState | GameSetup, color: Color) -> str:
    """`player_ref` in English (for logs and tests; screens render the ref)."""
    return str(player_ref(game, color))


def amoeba_label(game: GameState | GameSetup, aid: AmoebaId) -> str:
    """`amoeba_ref` in English (for logs and tests; screens render the ref)."""
    return str(amoeba_ref(game, aid))


def new_players(setup: GameSetup, bp: int) -> tuple[Player, ...]:
    """Players at the start of a game."""
    return tuple(Player(color=s.color, name=s.name, bp=bp) for s in setup.seats)


@cache
def _printed_price(key: str, players: int, italian: bool) -> int:
    """A gene's printed price (the gene table never changes while the app runs)."""
    return GENES_BY_KEY[key].price_for(players, italian)
