"""Urland's game state: frozen data, JSON-friendly, hidden information kept apart.

Seats are listed clockwise: each seat is the left neighbour of the one before, so the
environment role passes to the left (the dead becomes the next environment player, 002
§2.4) and the Ichto players act counterclockwise (002 §2.2, "in senso antiorario").

Region tokens are numbers 1-12, the Panic token is `PANIC`; a token the app has not seen
(drawn at the table, face down) is `UNKNOWN`. Hands, the kept token, the pile's order and
unrevealed bids are hidden: only `projection.py` decides who sees them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from functools import cached_property

from companion.tracker.citations import UrlandBook
from companion.tracker.colors import Color, color_ref
from companion.tracker.msg import Seq
from companion.tracker.persons import Person, Seat, seat_refs
from companion.tracker.urland.board import AREAS, DEFAULT_BOARD, BoardData, Merged, home

PANIC = 0
UNKNOWN = -1
ICHTO_PER_PLAYER = 28  # 002 "Contenuto": 28 Ichto per color, one of them the score marker
ICHTO_PER_OCEAN = 3  # 002 §1 step 1


class Step(StrEnum):
    """What the engine awaits."""

    FIRST_VOLCANO = "first_volcano"  # the token drawn for the first volcano (chance)
    DEAL = "deal"  # the region tokens dealt and passed (chance)
    TURN_GENES = "turn_genes"  # the genes turned face up (chance)
    DRAW = "draw"  # the environment player draws a token (chance)
    KEEP = "keep"  # the environment player keeps one token
    ACTIONS = "actions"  # an Ichto player's actions
    REVEAL = "reveal"  # the kept token, as revealed at the table
    VOLCANO_SCORED = "volcano_scored"  # which of the two erupting regions scores (chance)
    BID = "bid"  # sealed bids
    BUY = "buy"  # a bidder takes a gene or passes
    PAY = "pay"  # the buyer takes Ichto off the board
    PANIC_REGION = "panic_region"  # the last player picks among the fullest regions
    PANIC_OCEAN = "panic_ocean"  # the last player picks the ocean
    EARS = "ears"  # an Ears holder says how many dive
    DIVE_OCEAN = "dive_ocean"  # an Ears holder picks the ocean its excess dives into
    RESUME = "resume"  # internal: an event is over, the turn goes on (never awaited)
    OVER = "over"


@dataclass(frozen=True)
class Options:
    """The group's choices: Ichto per dealt region (1, or 3 as the text says); whether the
    app draws the tokens (else the table draws and the referee enters what it saw); whether
    bids are sealed on the phones (else the referee enters the fists as they open)."""

    ichto_per_dealt_region: int = 1
    tokens_by_app: bool = True
    bids_on_phones: bool = True


@dataclass(frozen=True)
class UrlandSetup:
    """Everything fixed before the first action."""

    seats: tuple[Seat, ...]
    board: BoardData = DEFAULT_BOARD
    options: Options = Options()
    rulebook: UrlandBook = UrlandBook.ITALIAN
    # Who enters the players' choices: their phones (the laptop can always step in), or the
    # referee alone. It changes who may submit, never a result (a record without it: phones).
    phones: bool = True
    # Whether a choice that can only be one thing is taken by itself, explained in the log
    # (`forced.py`): set for every game the app creates; a record without it was written
    # before, with those choices entered one by one, and replays as it was written.
    take_forced: bool = False

    @property
    def people(self) -> tuple[Person, ...]:
        """Who plays which color: one person per seat (the shell hands out one code each)."""
        return tuple(Person(seat.name, (seat.color,)) for seat in self.seats)

    @cached_property
    def player_refs(self) -> dict[Color, Seq]:
        """Each color's player as every screen names them, made once per game."""
        return seat_refs(self.seats)


@dataclass(frozen=True)
class Player:
    """One color: its marker, reserve, genes and double-turn tokens."""

    color: Color
    marker: int = 0
    reserve: int = 0
    genes: tuple[str, ...] = ()
    double_turns: int = 0


@dataclass(frozen=True)
class Auction:
    """A mutation in progress (002 §3.1)."""

    bids: tuple[tuple[Color, int], ...] = ()
    ranking: tuple[Color, ...] = ()  # bidders still to choose, best first (after the reveal)
    bought: int = 0
    must_buy: bool = True
    paying: int = 0  # Ichto the buyer still takes off the board


@dataclass(frozen=True)
class Panic:
    """A panic in progress (002 §3.2): the region, the ocean, Ears holders still to choose."""

    region: str = ""
    ocean: str = ""
    ears: tuple[Color, ...] = ()


@dataclass(frozen=True)
class UrlandState:
    """A whole game at one point; `counts[area][seat]` are the Ichto of a color in an area."""

    setup: UrlandSetup
    step: Step
    counts: tuple[tuple[int, ...], ...]
    players: tuple[Player, ...]
    merged: Merged = ()
    out: tuple[int, ...] = ()  # region tokens out of the game (erupted)
    spots: tuple[int, ...] = ()  # scored tokens on their volcano spots this epoch
    hands: tuple[tuple[int, ...], ...] = ()  # per seat, face down
    kept: int | None = None  # the environment player's kept token, face down
    panic_in_pile: bool = False
    face_up: tuple[str, ...] = ()
    gene_deck: tuple[str, ...] = ()  # genes not yet turned (order unknown: a set)
    env: int = 0
    actors: tuple[Color, ...] = ()  # Ichto players still to act, the first acting now
    actions_left: int = 0
    double_used: bool = False
    epoch: int = 1
    turn: int = 0
    tiles_left: int = 7
    spaces_called: tuple[int, ...] = ()  # mutation spaces already reached
    mutation_due: bool = False
    erupting: tuple[str, ...] = ()  # the two regions of an epoch's end
    dives: tuple[tuple[Color, str, int], ...] = ()  # Ears: (color, region, Ichto) to dive
    ending: bool = False  # a marker reached the goal: finish and score the end
    auction: Auction = field(default_factory=Auction)
    panic: Panic = field(default_factory=Panic)
    revision: int = 0

    @property
    def colors(self) -> tuple[Color, ...]:
        """The colors in seat order (clockwise)."""
        return tuple(s.color for s in self.setup.seats)

    @property
    def n(self) -> int:
        """How many play."""
        return len(self.setup.seats)

    def seat(self, color: Color) -> int:
        """A color's seat index (ValueError for a color not in the game)."""
        for i, s in enumerate(self.setup.seats):
            if s.color == color:
                return i
        raise ValueError(color)

    def player(self, color: Color) -> Player:
        """A color's player."""
        return self.players[self.seat(color)]

    def count(self, area: str, color: Color) -> int:
        """Ichto of a color in an area."""
        return self.counts[AREAS.index(area)][self.seat(color)]

    def total(self, area: str) -> int:
        """All Ichto in an area."""
        return sum(self.counts[AREAS.index(area)])

    def on_board(self, color: Color) -> int:
        """A color's Ichto on the board (land and oceans)."""
        i = self.seat(color)
        return sum(row[i] for row in self.counts)

    def markers(self) -> dict[Color, int]:
        """Each color's track space."""
        return {p.color: p.marker for p in self.players}

    def has(self, color: Color, gene: str) -> bool:
        """Whether a color holds a gene."""
        return gene in self.player(color).genes

    @property
    def env_color(self) -> Color:
        """The environment player's color."""
        return self.colors[self.env]

    @property
    def dead_color(self) -> Color:
        """The dead's color: the environment player's left neighbour."""
        return self.colors[(self.env + 1) % self.n]


def player_ref(state: UrlandState | UrlandSetup, color: Color) -> Seq:
    """A player as every screen names them: `Ana ● red`."""
    setup = state.setup if isinstance(state, UrlandState) else state
    found = setup.player_refs.get(color)
    return found if found is not None else color_ref(color)


def region_home(state: UrlandState, token: int) -> str:
    """The land region a token names now (an erupted neighbour is part of it)."""
    return home(state.merged, str(token))


def add(state: UrlandState, area: str, color: Color, n: int) -> UrlandState:
    """Put n Ichto of a color from its reserve into an area (negative n: back to reserve)."""
    a, i = AREAS.index(area), state.seat(color)
    rows = [list(r) for r in state.counts]
    rows[a][i] += n
    assert rows[a][i] >= 0, (area, color, n)
    player = state.players[i]
    assert player.reserve - n >= 0, (color, n)
    players = list(state.players)
    players[i] = replace(player, reserve=player.reserve - n)
    return replace(state, counts=tuple(tuple(r) for r in rows), players=tuple(players))


def move(state: UrlandState, source: str, target: str, color: Color, n: int) -> UrlandState:
    """Move n Ichto of a color between areas."""
    a, b, i = AREAS.index(source), AREAS.index(target), state.seat(color)
    rows = [list(r) for r in state.counts]
    rows[a][i] -= n
    rows[b][i] += n
    assert rows[a][i] >= 0, (source, color, n)
    return replace(state, counts=tuple(tuple(r) for r in rows))


def set_player(state: UrlandState, color: Color, **changes: object) -> UrlandState:
    """Change one player's fields."""
    players = list(state.players)
    i = state.seat(color)
    players[i] = replace(players[i], **changes)
    return replace(state, players=tuple(players))


def set_hand(state: UrlandState, color: Color, hand: tuple[int, ...]) -> UrlandState:
    """Set one seat's face-down tokens."""
    hands = list(state.hands)
    hands[state.seat(color)] = hand
    return replace(state, hands=tuple(hands))
