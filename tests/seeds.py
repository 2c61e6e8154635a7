"""Seeds of the random playouts, split between the normal run and the slow run (-m slow).

The normal run plays the first few seeds of each playout test, enough to touch every rule on
each player count; the slow run (CI's second pass) plays the rest. The test ids stay
`test_x[seed]` whichever run a seed is in.
"""

from __future__ import annotations

import pytest


def seeds(start: int, stop: int, normal: int) -> list:
    """Seeds start..stop-1; past the first `normal` of them, each is marked slow."""
    return [
        seed if seed < start + normal else pytest.param(seed, marks=pytest.mark.slow)
        for seed in range(start, stop)
    ]
