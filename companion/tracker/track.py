"""The score track both games share: one marker per space, occupied spaces skipped.

Ursuppe (000 §Fase 6; 001 §Fase 6) and Urland (002 §2.3 Punteggio, "Percorso Segnapunti")
count only free spaces when a marker advances, so no two markers ever share a space. Urland
adds that when several players score at once the marker furthest ahead moves first; the
same order serves any game that scores several players in one step. A marker that would pass
the last space stops on the furthest free space it reaches.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import NamedTuple, TypeVar

K = TypeVar("K", bound=Hashable)


class Move(NamedTuple):
    """One marker's advance: who, how many free spaces, from, to, occupied spaces jumped."""

    who: Hashable
    steps: int
    start: int
    end: int
    skipped: tuple[int, ...]


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


def leader_first(markers: Mapping[K, int]) -> list[K]:
    """Players by marker, furthest ahead first (002 §2.3: the leader moves first)."""
    return sorted(markers, key=lambda k: -markers[k])


def last_on_track(markers: Mapping[K, int]) -> K:
    """The player whose marker is furthest back (it breaks Urland's ties, 002 §3.1, §3.2)."""
    return min(markers, key=lambda k: markers[k])


def advance_all(
    markers: Mapping[K, int], gains: Mapping[K, int], last: int
) -> tuple[dict[K, int], tuple[Move, ...]]:
    """Move every scoring marker, leader first, each over free spaces only."""
    now = dict(markers)
    moves = []
    for who in leader_first({k: now[k] for k in gains if gains[k] > 0}):
        occupied = {v for k, v in now.items() if k != who}
        end, skipped = move_marker(now[who], gains[who], occupied, last)
        moves.append(Move(who, gains[who], now[who], end, skipped))
        now[who] = end
    return now, tuple(moves)


def reached(move: Move, spaces: tuple[int, ...]) -> tuple[int, ...]:
    """The spaces of `spaces` a move reached or passed (002 §2.3: "raggiungono o superano")."""
    return tuple(s for s in spaces if move.start < s <= move.end)
