"""Where a game stands: the phase of the round (or setup, or over) and the step the engine
awaits from the table."""

from __future__ import annotations

from enum import StrEnum

from companion.tracker.msg import msg


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
