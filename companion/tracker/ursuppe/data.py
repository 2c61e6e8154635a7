"""Rules data in one place: board, compass, ladder, tables, meals, gene cards, placeholder deck.

Values marked CONFIRM are not stated by any rulebook (shared/COMPONENTS.md): the group
confirms them against its own box at setup (board flip, ladder length, environment deck).
Gene values follow the German reference sheet "Version 10.98" as transcribed in
shared/COMPONENTS.md; 5-6 player prices and copies follow 003 and 001's combined column.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from companion.tracker.msg import N_, P_
from companion.tracker.ursuppe.genes.card import GeneCard
from companion.tracker.ursuppe.genes.extra import EXTRA_GENES, EXTRA_INCLUDED_ABILITIES


class Direction(StrEnum):
    """A compass direction on the soup."""

    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"


DIRECTION_NAMES = {
    Direction.NORTH: P_("direction", "north"),
    Direction.EAST: P_("direction", "east"),
    Direction.SOUTH: P_("direction", "south"),
    Direction.WEST: P_("direction", "west"),
}

# (row, col) offsets; rows run north to south, columns west to east.
DIRECTION_STEPS = {
    Direction.NORTH: (-1, 0),
    Direction.EAST: (0, 1),
    Direction.SOUTH: (1, 0),
    Direction.WEST: (0, -1),
}

# 000 §Brújula: 1 West, 2 North, 3 East, 4 South, 5 stay, 6 free choice.
STAY = "stay"
FREE_CHOICE = "free"
COMPASS: dict[int, str] = {
    1: Direction.WEST,
    2: Direction.NORTH,
    3: Direction.EAST,
    4: Direction.SOUTH,
    5: STAY,
    6: FREE_CHOICE,
}

# CONFIRM: the soup outline. '#' a space, 'C' the compass island, '.' not part of the soup.
BOARD_MASK = (
    ".####",
    "#####",
    "##C##",
    "#####",
    "...#.",
)

# Ladder defaults (CONFIRM length; the end zone is the last 10 spaces).
LADDER_LENGTH = 50
END_ZONE_SIZE = 10

FOOD_CUBES_PER_COLOR = 55
START_CUBES_PER_SPACE = 2
START_BP = 4


def amoebas_per_color(players: int) -> int:
    """Amoebas per color: 1-7, or 1-6 in a 5-6 player game (003 §Placing Amoebas)."""
    return 6 if players >= 5 else 7


def division_income(players: int) -> int:
    """BP received in phase 4: 10, or 11 with 5-6 players (003 §Phase 4)."""
    return 11 if players >= 5 else 10


def tentacle_capacity(players: int) -> int:
    """Cubes Tentacle carries: 2/3/4/5 with 3/4/5/6 players (000 and 001 gene tables)."""
    return players - 1


@dataclass(frozen=True)
class BaseMeal:
    """An unmutated meal: `cubes` cubes spread one or more per color over `colors` colors."""

    cubes: int
    colors: int


# 000 §Fase 1 (3-4 players), 003 §Feeding and Excretion (5-6 players).
BASE_MEALS = {
    3: BaseMeal(cubes=3, colors=2),  # 2 of one other color + 1 of the other
    4: BaseMeal(cubes=3, colors=3),  # 1 of each other color
    5: BaseMeal(cubes=4, colors=4),  # 1 of each of the 4 other colors
    6: BaseMeal(cubes=4, colors=4),  # 4 of the 5 other colors, one may be ignored
}

EXCRETION_CUBES = 2

# Advance tables (000 §Fase 6; 003 §Phase 6). Index = count, clamped to the last entry.
AMOEBA_ADVANCE_3_4 = (0, 0, 0, 1, 2, 4, 5, 6)
AMOEBA_ADVANCE_5_6 = (0, 0, 1, 2, 3, 4, 5)  # 003
AMOEBA_ADVANCE_5_6_ALT = (0, 0, 1, 2, 4, 5, 6)  # 001 §3.5
GENE_ADVANCE = (0, 0, 0, 1, 2, 3, 4)  # 000, 001 summary, 003
GENE_ADVANCE_ALT = (0, 0, 0, 1, 2, 4, 5)  # 001 §Fase 6 main text


# Gene keys, used in actions and records.
INTELLIGENCE = "intelligence"
MOVEMENT_1 = "movement_1"
SPORES = "spores"
SPEED = "speed"
DEFENSE = "defense"
ESCAPE = "escape"
SUBSTITUTION = "substitution"
RAY_PROTECTION = "ray_protection"
STREAMLINING = "streamlining"
TENTACLE = "tentacle"
HOLDING = "holding"
LIFE_EXPECTANCY = "life_expectancy"
FRUGALITY = "frugality"
STRUGGLE = "struggle_for_survival"
PARASITISM = "parasitism"
DIVISION_RATE = "division_rate"
PERSISTENCE = "persistence"
MOVEMENT_2 = "movement_2"
AGGRESSION = "aggression"
ARMOR = "armor"

# Base and advanced genes. 5-6 player copies are 001's combined column (4-player deck plus
# 003's expansion cards); 5-6 player price/MP changes are 003's printed values.
GENES: tuple[GeneCard, ...] = (
    GeneCard(
        INTELLIGENCE,
        P_("gene", "Intelligence"),
        2,
        3,
        (1, 2, 5, 5),
        effect=N_("Useless in the soup, but counts on the advance table."),
    ),
    GeneCard(
        MOVEMENT_1,
        P_("gene", "Movement I"),
        3,
        2,
        (2, 2, 5, 5),
        effect=N_("Phase 1: roll 2 dice instead of 1 and choose one result; still 1 BP."),
    ),
    GeneCard(
        SPORES,
        P_("gene", "Spores"),
        3,
        3,
        (1, 1, 3, 3),
        effect=N_("Phase 4: a new amoeba may go on any space without an amoeba of its color."),
    ),
    GeneCard(
        SPEED,
        P_("gene", "Speed"),
        4,
        3,
        (1, 2, 4, 4),
        effect=N_("Phase 1: after an active move, may make a second, free, active move."),
    ),
    GeneCard(
        DEFENSE,
        P_("gene", "Defense"),
        4,
        4,
        (1, 1, 3, 3),
        effect=N_("Turn an attack into a fight for 1 BP: both roll, the higher die wins."),
    ),
    GeneCard(
        ESCAPE,
        P_("gene", "Escape"),
        4,
        4,
        (1, 2, 4, 4),
        effect=N_("Flee an attack by moving away (1 BP), using all movement genes."),
    ),
    GeneCard(
        SUBSTITUTION,
        P_("gene", "Substitution"),
        4,
        4,
        (1, 1, 3, 3),
        effect=N_("Phase 1: eat one color fewer, but one cube more."),
    ),
    GeneCard(
        RAY_PROTECTION,
        P_("gene", "Ray Protection"),
        5,
        -2,
        (1, 2, 4, 4),
        returned_value=4,
        scoring_cards=0,
        effect=N_("MP -2; returned in phase 2 it balances 4. Counts 0 for scoring."),
    ),
    GeneCard(
        STREAMLINING,
        P_("gene", "Streamlining"),
        5,
        4,
        (1, 1, 3, 3),
        mp_5_6=5,
        effect=N_("Moves (and Escape) cost no BP."),
    ),
    GeneCard(
        TENTACLE,
        P_("gene", "Tentacle"),
        5,
        4,
        (1, 2, 4, 4),
        effect=N_("Phase 1: carry up to 2/3/4/5 cubes (3/4/5/6 players) along a drift or move."),
    ),
    GeneCard(
        HOLDING,
        P_("gene", "Holding"),
        5,
        4,
        (1, 1, 2, 2),
        effect=N_(
            "Phase 1: may stay instead of drifting; may ride along with an amoeba "
            "leaving its space."
        ),
    ),
    GeneCard(
        LIFE_EXPECTANCY,
        P_("gene", "Life Expectancy"),
        5,
        5,
        (1, 2, 4, 4),
        effect=N_("Phase 5: amoebas die only with 3 DP."),
    ),
    GeneCard(
        FRUGALITY,
        P_("gene", "Frugality"),
        6,
        5,
        (0, 1, 3, 3),
        price_5_6=5,
        effect=N_("Phase 1: eat one cube fewer; excretion is normal."),
    ),
    GeneCard(
        STRUGGLE,
        P_("gene", "Struggle for Survival"),
        6,
        4,
        (2, 2, 5, 5),
        mp_5_6=5,
        effect=N_("Phase 1: instead of starving, attack an amoeba on the same space (1 BP)."),
    ),
    GeneCard(
        PARASITISM,
        P_("gene", "Parasitism"),
        6,
        5,
        (0, 1, 3, 3),
        effect=N_("Phase 1: need 1 cube fewer; an amoeba's owner on the space pays 1 BP."),
    ),
    GeneCard(
        DIVISION_RATE,
        P_("gene", "Division Rate"),
        6,
        5,
        (1, 2, 4, 4),
        effect=N_("Phase 4: division costs 4 BP instead of 6."),
    ),
    GeneCard(
        PERSISTENCE,
        P_("gene", "Persistence"),
        4,
        4,
        (1, 1, 2, 2),
        replaces=(SPEED,),
        effect=N_("Like Speed; a free second try for Struggle for Survival, Defense, Aggression."),
    ),
    GeneCard(
        MOVEMENT_2,
        P_("gene", "Movement II"),
        5,
        5,
        (1, 2, 4, 4),
        replaces=(MOVEMENT_1,),
        effect=N_("Phase 1: choose the direction (or stay) instead of rolling; still 1 BP."),
    ),
    GeneCard(
        AGGRESSION,
        P_("gene", "Aggression"),
        5,
        5,
        (1, 1, 2, 2),
        replaces=(STRUGGLE,),
        effect=N_(
            "Like Struggle for Survival; once a round in phase 5, kill an enemy "
            "amoeba on the same space (1 BP)."
        ),
    ),
    GeneCard(
        ARMOR,
        P_("gene", "Armor"),
        6,
        6,
        (1, 1, 2, 2),
        replaces=(DEFENSE, ESCAPE),
        effect=N_("Cannot be attacked in phase 1; in phase 5 Aggression only adds 1 DP."),
    ),
)

# Every gene card the app knows: the base and advanced genes, then the 26 extra genes.
ALL_GENES: tuple[GeneCard, ...] = GENES + EXTRA_GENES

GENES_BY_KEY: dict[str, GeneCard] = {g.key: g for g in ALL_GENES}

# Abilities an advanced gene keeps from the lower gene it replaced (RULES §Genes, German
# original): Persistence works like Speed, Aggression like Struggle for Survival, Movement II
# chooses freely. Armor does NOT grant Defense or Escape.
INCLUDED_ABILITIES: dict[str, tuple[str, ...]] = {
    PERSISTENCE: (SPEED,),
    AGGRESSION: (STRUGGLE,),
    MOVEMENT_2: (MOVEMENT_1,),
    **EXTRA_INCLUDED_ABILITIES,
}

# While an advanced gene is held, these lower genes cannot be bought (000 §Genes Avanzados;
# RULES §Decisions: while Armor is held neither Defense nor Escape can be bought).
BLOCKED_BY_ADVANCED: dict[str, tuple[str, ...]] = {
    g.key: g.replaces for g in ALL_GENES if g.advanced
}


@dataclass(frozen=True)
class EnvironmentCard:
    """An environment card: its id, drift direction (None: no drift) and ozone thickness."""

    id: str
    drift: Direction | None
    ozone: int


# A PLACEHOLDER deck: no published source lists the 11 cards (COMPONENTS.md). It is shown
# as a placeholder wherever it is used, until the group types its own cards.
PLACEHOLDER_DECK: tuple[EnvironmentCard, ...] = (
    EnvironmentCard("P1", Direction.NORTH, 10),
    EnvironmentCard("P2", Direction.EAST, 12),
    EnvironmentCard("P3", Direction.SOUTH, 8),
    EnvironmentCard("P4", Direction.WEST, 11),
    EnvironmentCard("P5", Direction.NORTH, 9),
    EnvironmentCard("P6", Direction.EAST, 7),
    EnvironmentCard("P7", Direction.SOUTH, 13),
    EnvironmentCard("P8", Direction.WEST, 9),
    EnvironmentCard("P9", None, 10),
    EnvironmentCard("P10", Direction.EAST, 8),
    EnvironmentCard("P11", Direction.SOUTH, 11),
)
ENVIRONMENT_CARDS = 11
