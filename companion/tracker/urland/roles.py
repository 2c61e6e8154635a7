"""Roles each turn (002 §2 "Ruolo dei Giocatori"; §2.2): environment player, dead, Ichto players.

The starting player is the first environment player; the player at their left is the dead;
everyone else is an Ichto player, acting counterclockwise from the environment player's right
(a companion reading: 002 says "in senso antiorario" without naming who begins). Each Ichto
player has 2 actions, 3 when they are the only one (3 players), one more with Warm Blood.
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.urland.genes import WARM_BLOOD
from companion.tracker.urland.state import UrlandState


def ichto_players(state: UrlandState) -> tuple[Color, ...]:
    """The Ichto players this turn, in the order they act."""
    n, env = state.n, state.env
    return tuple(state.colors[(env - k) % n] for k in range(1, n - 1))


def allowance(state: UrlandState, color: Color) -> int:
    """Actions an Ichto player has: 2, or 3 as the only one; Warm Blood adds 1 (002 §5)."""
    base = 3 if state.n == 3 else 2
    return base + (1 if state.has(color, WARM_BLOOD) else 0)


def double_turns(n_players: int) -> int:
    """Double-turn tokens per player: 2, or 1 with 3 players (002 §1 step 2)."""
    return 1 if n_players == 3 else 2


def role_of(state: UrlandState, color: Color) -> str:
    """`environment`, `dead` or `ichto`."""
    if color == state.env_color:
        return "environment"
    if color == state.dead_color:
        return "dead"
    return "ichto"
