"""Region tokens: which are in play, held, on the board, or still face down in the pile.

12 region tokens and the Panic token (002 "Contenuto"). The first volcano's token and every
erupted region's token leave the game (002 §1 step 3; §3.3 "Nuove epoche"); a scored token
lies on its volcano spot until the epoch ends (002 §2.3 "Gettoni"). The pile is what is left:
its order is unknown to the app, which learns a token only when it is drawn.
"""

from __future__ import annotations

from companion.tracker.urland.state import PANIC, UNKNOWN, UrlandState


def in_play(state: UrlandState) -> tuple[int, ...]:
    """Region tokens still in the game."""
    return tuple(t for t in range(1, 13) if t not in state.out)


def held(state: UrlandState) -> int:
    """Region tokens in hands or kept face down."""
    return sum(len(h) for h in state.hands) + (state.kept is not None)


def pile_size(state: UrlandState) -> int:
    """Region tokens still face down in the pile (the Panic token aside)."""
    return len(in_play(state)) - len(state.spots) - held(state)


def pile_regions(state: UrlandState) -> tuple[int, ...]:
    """The region tokens that may lie in the pile (exactly the pile when the app draws)."""
    known = {t for h in state.hands for t in h} | {state.kept}
    return tuple(t for t in in_play(state) if t not in state.spots and t not in known)


def drawable(state: UrlandState) -> tuple[int, ...]:
    """What the next draw may give: region tokens (UNKNOWN at the table) and the Panic."""
    panic = (PANIC,) if state.panic_in_pile else ()
    if not pile_size(state):
        return panic
    if state.setup.options.tokens_by_app:
        return pile_regions(state) + panic
    return (UNKNOWN,) + panic


def unseen(state: UrlandState) -> tuple[int, ...]:
    """Region tokens neither on the board nor known to the app (a revealed token is one)."""
    return pile_regions(state)
