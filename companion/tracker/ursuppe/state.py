"""The game state: frozen dataclasses of tuples, changed only with `dataclasses.replace`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from functools import cache, cached_property
from typing import Any, NamedTuple, TypeVar

from companion.tracker.citations import Book
from companion.tracker.colors import Color, color_ref
from companion.tracker.msg import Msg, Seq, msg, nmsg
from companion.tracker.persons import seat_refs
from companion.tracker.ursuppe.data import (
    ENVIRONMENT_CARDS,
    FOOD_CUBES_PER_COLOR,
    GENES_BY_KEY,
    INCLUDED_ABILITIES,
    LADDER_LENGTH,
    PERSISTENCE,
    PLACEHOLDER_DECK,
    EnvironmentCard,
    GeneCard,
)
from companion.tracker.ursuppe.options import ExtraGenePrices, ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.rules.board import Board, BoardFlip, make_board
from companion.tracker.ursuppe.rules.people import (
    Person,
    TwoPlayers,
    partners,
    person_of,
    persons,
    shares_records,
    turn_order,
)

T = TypeVar("T")


class Phase(StrEnum):
    """Where the game is: setup, one of the six phases of a round, or over."""

    SETUP = "setup"
    MOVEMENT = "movement"
    ENVIRONMENT = "environment"
    GENES = "genes"
    DIVISION = "division"
    DEATHS = "deaths"
    SCORING = "scoring"
    OVER = "over"

    @property
    def number(self) -> int:
        """The phase number 1-6 (0 for setup, 7 when over)."""
        return list(Phase).index(self)


PHASE_TITLES = {
    Phase.SETUP: msg("Setup"),
    Phase.MOVEMENT: msg("Phase 1: movement and feeding"),
    Phase.ENVIRONMENT: msg("Phase 2: environment and gene defects"),
    Phase.GENES: msg("Phase 3: new genes"),
    Phase.DIVISION: msg("Phase 4: cell division"),
    Phase.DEATHS: msg("Phase 5: deaths"),
    Phase.SCORING: msg("Phase 6: scoring"),
    Phase.OVER: msg("Game over"),
}


class Step(StrEnum):
    """What the engine awaits from the table."""

    TURN_CARD = "turn_card"
    START_ROLLS = "start_rolls"
    START_SPACE = "start_space"
    PLACE = "place"
    MOVEMENT_CHOICE = "movement_choice"
    MOVE_ROLL = "move_roll"
    MOVE_DIRECTION = "move_direction"
    CARRY = "carry"
    RIDE_ALONG = "ride_along"
    SECOND_MOVE = "second_move"
    FEED = "feed"
    ATTACK_RESPONSE = "attack_response"
    FIGHT_ROLL = "fight_roll"
    DEFENSE_RETRY = "defense_retry"
    ATTACK_RETRY = "attack_retry"
    PAY_DEBT = "pay_debt"
    BUY = "buy"
    DIVIDE = "divide"
    AGGRESSION = "aggression"
    TURN_EXTRA = "turn_extra"
    HARD_CRUST = "hard_crust"  # Hard Crust: the attacker pays 1 BP more or gives up
    EXCRETE = "excrete"  # Cleanliness: where the excreta go
    CAMOUFLAGE_ROLL = "camouflage_roll"  # Camouflage I: the attacker's die
    REBOUND = "rebound"  # Rebound: bounce past the obstacle, or stay
    NONE = "none"


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
class Seat:
    """A player at the table: a name and a color."""

    name: str
    color: Color


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


@dataclass(frozen=True)
class MoveStep:
    """A pending follow-up of a move: an amoeba may carry cubes, or ride along."""

    kind: str  # "carry" | "ride"
    amoeba: AmoebaId
    origin: int
    destination: int


@dataclass(frozen=True)
class MoveCtx:
    """An active move, drift or escape in progress."""

    mover: AmoebaId
    purpose: str  # "turn" (phase 1 own move) | "escape" (fleeing an attack)
    active: bool  # an active move (not a drift)
    moves: int = 0  # active moves completed
    origin: int = 0
    options: tuple[str, ...] = ()  # directions to choose from (MOVE_DIRECTION)
    dice: tuple[int, ...] = ()
    queue: tuple[MoveStep, ...] = ()
    rebound: int = 0  # Rebound: the space a blocked amoeba may bounce to (0: none pending)


@dataclass(frozen=True)
class AttackCtx:
    """An attack in progress: Struggle for Survival (phase 1) or Aggression (phase 5)."""

    kind: str  # "struggle" | "aggression"
    attacker: AmoebaId
    target: AmoebaId
    space: int
    tried: tuple[str, ...] = ()  # responses already met in this attack
    attacker_retried: bool = False
    defender_retried: bool = False
    camouflage: int = 0  # Camouflage I: the attacker's die (0: not rolled)


@dataclass(frozen=True)
class Cursor:
    """The position of play: what is awaited, whose turn, and work in progress."""

    step: Step
    order: tuple[Color, ...] = ()
    index: int = 0
    amoeba: AmoebaId | None = None
    acted: tuple[AmoebaId, ...] = ()
    move: MoveCtx | None = None
    attack: AttackCtx | None = None
    may_attack: bool = True
    fast_food: str = ""  # Fast Food: "eat_first" (feeding before moving) | "then_move"
    placement_round: int = 0
    start_groups: tuple[tuple[Color, ...], ...] = ()
    start_rolls: tuple[tuple[Color, int], ...] = ()
    start_order: tuple[Color, ...] = ()
    to_turn: int = 0  # extra genes still to turn over now (phase 3, after the leader)
    exploding: bool = False  # Population Explosion: the actor places free amoebas (phase 4)

    @property
    def actor(self) -> Color | None:
        """The color whose turn it is in the current order, if any."""
        if 0 <= self.index < len(self.order):
            return self.order[self.index]
        return None


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


def check_deck(deck: tuple[EnvironmentCard, ...]) -> Msg | None:
    """Why a deck is not usable, or None."""
    if len(deck) != ENVIRONMENT_CARDS:
        count = nmsg("{n} card", "{n} cards", len(deck))
        return msg("the environment deck has {count}; the game has 11", count=count)
    if len({c.id for c in deck}) != len(deck):
        return msg("two environment cards share an id")
    return None


@cache
def _printed_price(key: str, players: int, italian: bool) -> int:
    """A gene's printed price (the gene table never changes while the app runs)."""
    return GENES_BY_KEY[key].price_for(players, italian)
