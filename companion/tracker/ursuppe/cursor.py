"""What the engine is in the middle of: the step awaited, the turn order, the move or the
attack under way (the cursor, moved on every step)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.colors import Color
from companion.tracker.ursuppe.pieces import AmoebaId
from companion.tracker.ursuppe.steps import Step


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
