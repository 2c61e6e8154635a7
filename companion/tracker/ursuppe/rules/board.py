"""The soup: 19 spaces around the compass island, orthogonal steps (000 §Tablero de Juego).

Spaces are numbered 1-19 in reading order (north to south, west to east) of the board as
the group confirmed it (the default mask, mirrored east-west, or turned 180 degrees).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from companion.tracker.ursuppe.data import BOARD_MASK, DIRECTION_STEPS, Direction


class BoardFlip(StrEnum):
    """How the group's board differs from the default outline (COMPONENTS.md, confirm)."""

    NONE = "none"
    MIRROR = "mirror"  # mirrored east-west
    ROTATE = "rotate180"  # turned 180 degrees


@dataclass(frozen=True)
class Board:
    """The confirmed outline: which cells are spaces, and their numbers."""

    rows: tuple[str, ...]
    cells: tuple[tuple[int, int], ...]  # (row, col) of space n at index n-1

    def __post_init__(self) -> None:
        # Lookups asked thousands of times a game, computed once (not fields: equality,
        # hashing and the record are unchanged).
        numbers = {cell: n for n, cell in enumerate(self.cells, start=1)}
        steps = {}
        for n, (row, col) in enumerate(self.cells, start=1):
            for d in Direction:
                dr, dc = DIRECTION_STEPS[d]
                steps[n, d] = numbers.get((row + dr, col + dc))
        around = {
            n: tuple(sorted(s for d in Direction if (s := steps[n, d]) is not None))
            for n in numbers.values()
        }
        object.__setattr__(self, "_numbers", numbers)
        object.__setattr__(self, "_steps", steps)
        object.__setattr__(self, "_around", around)

    @property
    def size(self) -> int:
        """Number of spaces (19 on the real board)."""
        return len(self.cells)

    def space_at(self, row: int, col: int) -> int | None:
        """The number of the space at (row, col), or None for edge and island."""
        return self._numbers.get((row, col))

    def cell(self, space: int) -> tuple[int, int]:
        """The (row, col) of a space."""
        return self.cells[space - 1]

    def step(self, space: int, direction: Direction) -> int | None:
        """The neighbouring space in a direction, or None if an obstacle is in the way."""
        return self._steps[space, direction]

    def neighbours(self, space: int) -> tuple[int, ...]:
        """Orthogonally adjacent spaces."""
        return self._around[space]

    def spaces(self) -> range:
        """All space numbers."""
        return range(1, self.size + 1)

    def island(self) -> tuple[int, int] | None:
        """The (row, col) of the compass island."""
        for r, line in enumerate(self.rows):
            if "C" in line:
                return (r, line.index("C"))
        return None


def flipped_mask(flip: BoardFlip, mask: tuple[str, ...] = BOARD_MASK) -> tuple[str, ...]:
    """The mask as the group's board shows it."""
    if flip is BoardFlip.MIRROR:
        return tuple(line[::-1] for line in mask)
    if flip is BoardFlip.ROTATE:
        return tuple(line[::-1] for line in reversed(mask))
    return tuple(mask)


@cache
def make_board(flip: BoardFlip = BoardFlip.NONE, mask: tuple[str, ...] = BOARD_MASK) -> Board:
    """Build the board for a flip of the mask."""
    rows = flipped_mask(flip, mask)
    cells = tuple((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#")
    return Board(rows=rows, cells=cells)
