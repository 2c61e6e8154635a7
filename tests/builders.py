"""Scenario builders for rule tests: start from a given mid-game position, then act.

state = position(4, amoebas=["red-1@7", "yellow-2@7:1"], genes={"red": ["speed"]})
state = at_phase(state, Phase.MOVEMENT)          # round starts, cursor on the first amoeba
state, events = play(state, Drift(aid("red-1")))
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.ursuppe import apply
from companion.tracker.ursuppe.actions import Action
from companion.tracker.ursuppe.data import FOOD_CUBES_PER_COLOR
from companion.tracker.ursuppe.engine import _forced
from companion.tracker.ursuppe.flow import (
    Event,
    begin_deaths,
    begin_division,
    begin_environment,
    begin_genes,
    begin_round,
    begin_scoring,
    start,
)
from companion.tracker.ursuppe.state import (
    Amoeba,
    AmoebaId,
    Cursor,
    GameSetup,
    GameState,
    HeldGene,
    Phase,
    Seat,
    Step,
)

COLORS = tuple(Color)
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay")


def aid(text: str) -> AmoebaId:
    """`red-3` as an AmoebaId."""
    return AmoebaId.parse(text)


def setup_for(n: int = 4, colors: tuple[Color, ...] = COLORS, **changes: Any) -> GameSetup:
    """A setup for n players (Ana red, Ben yellow, Cleo green, Dev blue, Eli white, Fay black)."""
    seats = tuple(Seat(NAMES[i], Color(colors[i])) for i in range(n))
    return replace(GameSetup(seats=seats), **changes)


def _amoeba(spec: str) -> Amoeba:
    """`red-3@7` (on space 7) or `red-3@7:1` (with 1 DP)."""
    ident, _, rest = spec.partition("@")
    space, _, dp = rest.partition(":")
    a = aid(ident)
    return Amoeba(a.color, a.number, int(space), int(dp or 0))


def position(
    n: int = 4,
    *,
    amoebas: list[str] = (),
    cubes: dict[int, dict[str, int]] | None = None,
    empty_soup: bool = False,
    bp: int | dict[str, int] = 10,
    genes: dict[str, list[str]] | None = None,
    markers: dict[str, int] | None = None,
    round: int = 1,
    card: str | None = "P1",
    setup: GameSetup | None = None,
) -> GameState:
    """A mid-game position. Cubes default to 2 of every color per space (0 with empty_soup);
    `cubes` overrides given spaces. Genes are held since round 0. Markers default 1..n."""
    setup = setup or setup_for(n)
    state = start(setup)
    colors = setup.colors
    rows = []
    for space in setup.board.spaces():
        row = [0 if empty_soup else 2] * n
        for color, count in (cubes or {}).get(space, {}).items():
            row[colors.index(Color(color))] = count
        rows.append(tuple(row))
    players = []
    for i, p in enumerate(state.players):
        money = bp if isinstance(bp, int) else bp.get(p.color.value, 10)
        held = tuple(HeldGene(k, 0) for k in (genes or {}).get(p.color.value, []))
        marker = (markers or {}).get(p.color.value, i + 1)
        players.append(replace(p, bp=money, genes=held, marker=marker))
    parsed = sorted((_amoeba(s) for s in amoebas), key=lambda a: (colors.index(a.color), a.number))
    turned = (card,) if card else ()
    state = replace(
        state,
        players=tuple(players),
        amoebas=tuple(parsed),
        cubes=tuple(rows),
        round=round,
        phase=Phase.MOVEMENT,
        card=card,
        turned=turned,
        cursor=Cursor(step=Step.NONE),
    )
    for color in colors:
        assert state.supply(color) >= 0, f"more than {FOOD_CUBES_PER_COLOR} {color} cubes"
    return state


def at_phase(state: GameState, phase: Phase) -> GameState:
    """Start a phase of the position's round (phase 1 starts the round), as the engine would."""
    return at_phase_with_events(state, phase)[0]


def at_phase_with_events(state: GameState, phase: Phase) -> tuple[GameState, list[Event]]:
    """Like at_phase, also returning the events of the automatic steps."""
    events: list[Event] = []
    starters = {
        Phase.ENVIRONMENT: begin_environment,
        Phase.GENES: begin_genes,
        Phase.DIVISION: begin_division,
        Phase.DEATHS: begin_deaths,
        Phase.SCORING: begin_scoring,
    }
    if phase is Phase.MOVEMENT:
        state = begin_round(replace(state, round=state.round - 1), events)
    else:
        state = starters[phase](state, events)
    return _forced(state, events), events


def play(state: GameState, *actions: Action) -> tuple[GameState, list[Event]]:
    """Apply actions in order; returns the final state and all their events."""
    events: list[Event] = []
    for action in actions:
        state, new = apply(state, action)
        events.extend(new)
    return state, events


def texts(events: list[Event]) -> str:
    """All event sentences joined, for `in` checks."""
    return "\n".join(e.text for e in events)


def refused(state: GameState, action: Action, error: type = IllegalAction):
    """Apply an action that must be refused; the state must be left as it was. Returns the error."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as caught:
        apply(state, action)
    assert caught.value.message.strip()
    assert state == before
    return caught.value


def refused_message(state: GameState, action: Action) -> str:
    """The message of an action that must be refused (the state is left as it was)."""
    return refused(state, action).message
