"""Phase 6 scoring: the advance tables and the ladder (000 §Fase 6; 001 §Fase 6; 003).

Advance = amoeba table + gene table; advanced genes count 2 cards, Ray Protection 0. The
marker moves that many FREE spaces: occupied spaces are skipped (001 §Fase 6: a marker
advancing 7 reaches 25 after jumping occupied spaces). A marker that would pass the last
space stops on the furthest free space (RULES §Decisions).
"""

from __future__ import annotations

from companion.tracker.data import (
    AMOEBA_ADVANCE_3_4,
    AMOEBA_ADVANCE_5_6,
    AMOEBA_ADVANCE_5_6_ALT,
    GENE_ADVANCE,
    GENE_ADVANCE_ALT,
    GENES_BY_KEY,
    Color,
)
from companion.tracker.options import AmoebaAdvance56, GeneAdvanceTable
from companion.tracker.state import GameState


def _lookup(table: tuple[int, ...], count: int) -> int:
    return table[min(count, len(table) - 1)]


def amoeba_table(state: GameState) -> tuple[int, ...]:
    """The amoeba advance table for this game (player count and option)."""
    if state.n_players <= 4:
        return AMOEBA_ADVANCE_3_4
    if state.setup.options.amoeba_advance_5_6 is AmoebaAdvance56.ITALIAN:
        return AMOEBA_ADVANCE_5_6_ALT
    return AMOEBA_ADVANCE_5_6


def gene_table(state: GameState) -> tuple[int, ...]:
    """The gene advance table for this game (option)."""
    if state.setup.options.gene_advance_table is GeneAdvanceTable.ITALIAN_MAIN_TEXT:
        return GENE_ADVANCE_ALT
    return GENE_ADVANCE


def gene_cards(state: GameState, color: Color) -> int:
    """Gene cards counted for scoring: advanced 2, Ray Protection 0."""
    return sum(GENES_BY_KEY[k].cards_for_scoring() for k in state.player(color).gene_keys)


def advance(state: GameState, color: Color) -> tuple[int, int, int]:
    """(total, from amoebas, from genes) this color would advance now."""
    from_amoebas = _lookup(amoeba_table(state), len(state.amoebas_of(color)))
    from_genes = _lookup(gene_table(state), gene_cards(state, color))
    return from_amoebas + from_genes, from_amoebas, from_genes


def move_marker(
    start: int, steps: int, occupied: set[int], last: int
) -> tuple[int, tuple[int, ...]]:
    """Advance `steps` free spaces from `start`; returns (end, skipped occupied spaces)."""
    position, counted, skipped, end = start, 0, [], start
    while counted < steps and position < last:
        position += 1
        if position in occupied:
            skipped.append(position)
            continue
        counted += 1
        end = position
    return end, tuple(s for s in skipped if s < end)
