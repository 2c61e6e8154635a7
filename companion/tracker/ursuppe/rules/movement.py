"""Phase 1 movement: drift, active moves by die, two dice, or choice (000 §Fase 1, §Brújula).

An obstacle (board edge, compass island) stops a drift or a move: the amoeba stays. Other
amoebas are never obstacles. A card with no drift leaves drifting amoebas in place (004).
"""

from __future__ import annotations

from companion.tracker.msg import P_, Term
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import (
    COMPASS,
    DIRECTION_NAMES,
    FREE_CHOICE,
    MOVEMENT_1,
    MOVEMENT_2,
    SPEED,
    STAY,
    STREAMLINING,
    Direction,
)
from companion.tracker.ursuppe.state import GameState, Player

ALL_DIRECTIONS = tuple(d.value for d in Direction)


STAY_WORD = P_("direction", "stay")


def direction_text(option: str) -> Term:
    """A direction option as players say it (a game word, translated where it is shown)."""
    if option == STAY:
        return Term("direction", STAY_WORD)
    return Term("direction", DIRECTION_NAMES[Direction(option)])


def move_cost(player: Player) -> int:
    """BP an active move costs: 1, or 0 with Streamlining (000 §Preguntas)."""
    return 0 if player.has(STREAMLINING) else 1


def dice_count(player: Player) -> int:
    """Dice rolled for a move: 2 with Movement I, 0 with Movement II (choice), else 1."""
    if player.holds(MOVEMENT_2):
        return 0
    return 2 if player.has(MOVEMENT_1) else 1


def free_choice_options(player: Player) -> tuple[str, ...]:
    """What Movement II lets a player choose: a direction or staying (German original)."""
    return ALL_DIRECTIONS + (STAY,)


def die_options(value: int) -> tuple[str, ...]:
    """What one die roll offers on the compass: a direction, stay, or free choice."""
    outcome = COMPASS[value]
    if outcome == FREE_CHOICE:
        return ALL_DIRECTIONS
    return (str(outcome),)


def roll_options(dice: tuple[int, ...]) -> tuple[str, ...]:
    """The choices offered by a roll (Movement I: either die's result)."""
    seen: list[str] = []
    for value in dice:
        for option in die_options(value):
            if option not in seen:
                seen.append(option)
    order = {o: i for i, o in enumerate(ALL_DIRECTIONS + (STAY,))}
    return tuple(sorted(seen, key=order.__getitem__))


def destination(state: GameState, space: int, option: str | None) -> int:
    """Where a drift or move in a direction ends: the next space, or here if blocked."""
    if option is None or option == STAY:
        return space
    target = state.setup.board.step(space, Direction(option))
    return space if target is None else target


def drift_option(state: GameState) -> str | None:
    """The current drift direction, or None for a no-drift card."""
    card = state.current_card()
    return card.drift.value if card and card.drift else None


def movement_source(dice: int) -> sources.Rule:
    """The rule a move's direction rests on."""
    return sources.COMPASS if dice == 1 else sources.MOVEMENT_GENES


def has_second_move(player: Player) -> bool:
    """Whether Speed (or Persistence, which works like Speed) gives a second move."""
    return player.has(SPEED)
