"""What every phase step shares: explained events, small state edits, and the hand-offs
between phases.

A phase hands the game on to another without importing it (so the phase machine has no
import circle): each step another module continues with registers itself by name
(`@continued`), and the one that hands on names it (`hand_on("begin_round", state, events)`).
`flow` imports every phase, so all are registered before the engine runs a step; the table
is filled while the modules load and never changes after.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.tracker.citations import Rule
from companion.tracker.msg import Msg, Seq, as_msg
from companion.tracker.ursuppe.rules import people
from companion.tracker.ursuppe.state import Amoeba, AmoebaId, Cursor, GameState, Phase, amoeba_ref


@dataclass(frozen=True)
class Event:
    """Something the engine computed, as a message a player understands, with its source."""

    kind: str
    msg: Msg
    source: Rule | None = None

    @property
    def text(self) -> str:
        """The event in English (the shell renders `msg` in its reader's language)."""
        return str(self.msg)


Events = list[Event]
Continuation = Callable[[GameState, Events], GameState]

# The steps one phase hands the game on to, by name (see the module's docstring).
CONTINUATIONS: dict[str, Continuation] = {}


def continued(step: Continuation) -> Continuation:
    """Register a step that another phase hands the game on to (by its name)."""
    CONTINUATIONS[step.__name__] = step
    return step


def hand_on(name: str, state: GameState, events: Events) -> GameState:
    """Continue with the step registered as `name` (a step of another phase)."""
    return CONTINUATIONS[name](state, events)


def say(events: Events, kind: str, text: Msg | str, source: Rule | None = None) -> None:
    """Record an explained event (a message; a plain string is shown verbatim)."""
    events.append(Event(kind, as_msg(text), source))


def begin_phase(
    state: GameState, events: Events, phase: Phase, cursor: Cursor, text: Msg, source: Rule
) -> GameState:
    """Enter a phase of the round at `cursor`, announced by `text`."""
    say(events, "phase", text, source)
    return replace(state, phase=phase, cursor=cursor)


def who(state: GameState, aid: AmoebaId) -> Seq:
    """An amoeba as players call it: `Ben ▲ yellow 3` (a ref; `str()` is the English)."""
    return amoeba_ref(state, aid)


def set_amoeba(state: GameState, amoeba: Amoeba) -> GameState:
    """Replace (or add) an amoeba, keeping seat then numerical order."""
    color, number = amoeba.color, amoeba.number
    amoebas = state.amoebas
    for i, a in enumerate(amoebas):
        if a.number == number and a.color == color:  # it keeps its place in the order
            return replace(state, amoebas=amoebas[:i] + (amoeba,) + amoebas[i + 1 :])
    others = [*amoebas, amoeba]
    others.sort(key=lambda a: (state.seat(a.color), a.number))
    return replace(state, amoebas=tuple(others))


def add_cubes(state: GameState, space: int, color_index: int, n: int) -> GameState:
    """Add (or with negative n remove) cubes of one color on a space."""
    row = list(state.cubes[space - 1])
    row[color_index] += n
    return replace(state, cubes=state.cubes[: space - 1] + (tuple(row),) + state.cubes[space:])


def pay(state: GameState, color, bp: int) -> GameState:
    """Take BP from a player."""
    player = state.player(color)
    return state.with_player(replace(player, bp=player.bp - bp))


def place_new_amoeba(state: GameState, aid: AmoebaId, space: int, dp: int = 0) -> GameState:
    """Put an amoeba on the board."""
    return set_amoeba(state, Amoeba(aid.color, aid.number, space, dp))


def purse_order(state: GameState) -> tuple:
    """Descending order of the colors that pay debts and buy genes (one per purse)."""
    payers = people.purse_colors(state.setup)
    return tuple(c for c in state.ladder_order(descending=True) if c in payers)
