"""Urland's board as data: land regions, oceans, shores, currents, water strips, volcanoes.

002 §1 shows the board only in figures (3 continents, 12 land regions numbered 1-12, 5
oceans, the score track round the edge, mutation spaces 12, 16 and 21, the end at 30). No
source lists which region borders which ocean, so `DEFAULT_BOARD` is the companion's default,
to be confirmed against the group's board and edited like Ursuppe's board and deck. Its one
printed fact is kept: region 11's volcano joins it to 10, and the enlarged region 10 borders
two oceans (002 §1 step 3, example).

Areas are strings: a land region is its number (`"10"`), an ocean its letter (`"A"`). An
erupted region joins its volcano neighbour (`merged`: region -> the region it joined), and
the enlarged region keeps the neighbour's number (002 §1 step 3; §3.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.tracker.msg import Msg, msg

REGIONS = tuple(str(n) for n in range(1, 13))
OCEANS = ("A", "B", "C", "D", "E")
AREAS = REGIONS + OCEANS
MUTATION_SPACES = (12, 16, 21)  # 002 §2.3 "Mutazione?"
GOAL = 30  # 002 §4
VOLCANO_TILES = 7  # 002 "Contenuto"


@dataclass(frozen=True)
class BoardData:
    """The group's board: shores (region -> oceans), currents (ocean pairs), thin water
    strips (region pairs, for Legs), each region's volcano neighbour, the track's length."""

    shores: tuple[tuple[str, tuple[str, ...]], ...]
    currents: tuple[tuple[str, str], ...]
    strips: tuple[tuple[str, str], ...]
    volcanoes: tuple[tuple[str, str], ...]
    track_length: int = 40

    def problem(self) -> Msg | None:
        """What makes this board unusable (the setup refuses it), or None."""
        shores = dict(self.shores)
        if len(self.shores) != len(REGIONS) or set(shores) != set(REGIONS):
            return msg("every land region 1-12 needs its shores")
        if any(not oceans or set(oceans) - set(OCEANS) for oceans in shores.values()):
            return msg("every land region borders at least one ocean")
        if any(a == b or {a, b} - set(OCEANS) for a, b in self.currents):
            return msg("a current joins two different oceans")
        if any(a == b or {a, b} - set(REGIONS) for a, b in self.strips):
            return msg("a water strip joins two different land regions")
        volcanoes = dict(self.volcanoes)
        if len(self.volcanoes) != len(REGIONS) or set(volcanoes) != set(REGIONS):
            return msg("every land region needs its volcano neighbour")
        if any(r == n or n not in REGIONS for r, n in volcanoes.items()):
            return msg("a volcano joins a region to another land region")
        if not 35 <= self.track_length <= 60:
            return msg("the track has 35 to 60 spaces")
        return None


# The companion's default (confirm against your board): West 1-4, North 5-8, East 9-12.
DEFAULT_BOARD = BoardData(
    shores=(
        ("1", ("A", "B")),
        ("2", ("A",)),
        ("3", ("A", "D")),
        ("4", ("C", "D")),
        ("5", ("B",)),
        ("6", ("B", "C")),
        ("7", ("B", "E")),
        ("8", ("C", "E")),
        ("9", ("E",)),
        ("10", ("D", "E")),
        ("11", ("D",)),
        ("12", ("C", "D")),
    ),
    currents=(
        ("A", "B"),
        ("A", "C"),
        ("A", "D"),
        ("B", "C"),
        ("B", "E"),
        ("C", "D"),
        ("C", "E"),
        ("D", "E"),
    ),
    strips=(
        ("1", "2"),
        ("2", "3"),
        ("3", "4"),
        ("5", "6"),
        ("6", "7"),
        ("7", "8"),
        ("9", "10"),
        ("10", "11"),
        ("11", "12"),
    ),
    volcanoes=(
        ("1", "2"),
        ("2", "1"),
        ("3", "2"),
        ("4", "3"),
        ("5", "6"),
        ("6", "5"),
        ("7", "6"),
        ("8", "7"),
        ("9", "10"),
        ("10", "9"),
        ("11", "10"),
        ("12", "11"),
    ),
)

Merged = tuple[tuple[str, str], ...]


def is_ocean(area: str) -> bool:
    """Whether an area is an ocean (else a land region)."""
    return area in OCEANS


@lru_cache(maxsize=4096)
def home(merged: Merged, region: str) -> str:
    """The land region a printed region now belongs to (itself, or the enlarged one)."""
    joined = dict(merged)
    seen = set()
    while region in joined and region not in seen:
        seen.add(region)
        region = joined[region]
    return region


@lru_cache(maxsize=4096)
def live_regions(merged: Merged) -> tuple[str, ...]:
    """The land regions on the board now (erupted ones are part of their neighbour)."""
    gone = {r for r, _ in merged}
    return tuple(r for r in REGIONS if r not in gone)


@lru_cache(maxsize=4096)
def members(merged: Merged, region: str) -> tuple[str, ...]:
    """The printed regions an (enlarged) land region is made of."""
    return tuple(r for r in REGIONS if home(merged, r) == region)


@lru_cache(maxsize=4096)
def shores(board: BoardData, merged: Merged, region: str) -> tuple[str, ...]:
    """The oceans a land region (enlarged or not) borders."""
    table = dict(board.shores)
    found = {o for r in members(merged, region) for o in table[r]}
    return tuple(o for o in OCEANS if o in found)


@lru_cache(maxsize=4096)
def coasts(board: BoardData, ocean: str, merged: Merged) -> tuple[str, ...]:
    """The land regions an ocean borders."""
    return tuple(r for r in live_regions(merged) if ocean in shores(board, merged, r))


@lru_cache(maxsize=4096)
def currents(board: BoardData, ocean: str) -> tuple[str, ...]:
    """The oceans bordering an ocean (where Ichto swim)."""
    found = {b for a, b in board.currents if a == ocean} | {
        a for a, b in board.currents if b == ocean
    }
    return tuple(o for o in OCEANS if o in found)


@lru_cache(maxsize=4096)
def across_strips(board: BoardData, merged: Merged, region: str) -> tuple[str, ...]:
    """The land regions across a thin water strip from a region (Legs, 002 §5 Zampe)."""
    found = set()
    for a, b in board.strips:
        ha, hb = home(merged, a), home(merged, b)
        if ha != hb and region in (ha, hb):
            found.add(hb if ha == region else ha)
    return tuple(r for r in live_regions(merged) if r in found)


@lru_cache(maxsize=4096)
def neighbours(board: BoardData, merged: Merged, area: str) -> tuple[str, ...]:
    """The areas next to an area: an ocean's coasts and currents; a region's shores and
    the regions across its strips (Stinkglands' "adjacent area", a companion reading)."""
    if is_ocean(area):
        return coasts(board, area, merged) + currents(board, area)
    return shores(board, merged, area) + across_strips(board, merged, area)


@lru_cache(maxsize=4096)
def volcano_target(board: BoardData, merged: Merged, region: str) -> str:
    """The land region an erupting region joins: its volcano neighbour's region now."""
    return home(merged, dict(board.volcanoes)[region])
