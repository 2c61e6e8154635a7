"""Phase 5 deaths: who dies of DP, and the cubes a dead amoeba leaves (000 §Fase 5, §Muerte).

Amoebas with 2 DP die (3 with Life Expectancy), in descending order, each player's in
numerical order (000 §Preguntas). A dead amoeba is replaced by 2 cubes of each color in
play (a violent death in phase 1: 1 of each), limited by the supply.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.msg import Seq
from companion.tracker.ursuppe.actions import cubes_ref
from companion.tracker.ursuppe.data import LIFE_EXPECTANCY
from companion.tracker.ursuppe.genes.extra import SHORT_LIFE_SPAN
from companion.tracker.ursuppe.state import Amoeba, GameState

NATURAL_DEATH_CUBES = 2
VIOLENT_DEATH_CUBES = 1


def dp_limit(state: GameState, color: Color) -> int:
    """DP at which this color's amoebas die: 2, or 3 with Life Expectancy; one fewer with
    Short Life Span, which is compulsory (003 §The Amoeba Advanced Genome Project)."""
    player = state.player(color)
    limit = 3 if player.has(LIFE_EXPECTANCY) else 2
    return limit - 1 if player.has(SHORT_LIFE_SPAN) else limit


def doomed(state: GameState, color: Color) -> tuple[Amoeba, ...]:
    """This color's amoebas that die of DP now, in numerical order."""
    limit = dp_limit(state, color)
    return tuple(a for a in state.amoebas_of(color) if a.dp >= limit)


def remove_amoeba(state: GameState, amoeba: Amoeba, cubes_each: int) -> tuple[GameState, Seq]:
    """Take an amoeba off the board and leave cubes of each color (supply-limited).

    Returns the new state and the cubes left, as players read them: `2 ● red, 2 ▲ yellow`.
    """
    row = list(state.cubes_on(amoeba.space))
    placed = []
    for i, color in enumerate(state.colors):
        n = min(cubes_each, state.supply(color))
        row[i] += n
        placed.append(cubes_ref(((color, n),)))
    cubes = state.cubes[: amoeba.space - 1] + (tuple(row),) + state.cubes[amoeba.space :]
    amoebas = tuple(a for a in state.amoebas if a.id != amoeba.id)
    return replace(state, amoebas=amoebas, cubes=cubes), Seq(tuple(placed), ", ")
