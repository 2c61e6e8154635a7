"""Who owns which color: persons of one or two colors, and the decoy (000 §Ursuppe para 2
jugadores).

The one place turn order, purses, genes and scoring read ownership from. A person is the
seats that share a name (double play: two colors each); with the decoy variant the last seat
is the decoy. In double play II a person's colors share one record: one BP purse, one set of
genes, one debt, one income and one ladder marker, held by the person's first color (its
`holder`) and mirrored on the other color by `GameState.with_player`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg
from companion.tracker.persons import Person

if TYPE_CHECKING:  # pragma: no cover
    from companion.tracker.ursuppe.state import GameSetup, GameState


class TwoPlayers(StrEnum):
    """How two people play (000 §Ursuppe para 2 jugadores); NONE: 3-6 players."""

    NONE = "none"
    DECOY = "decoy"  # a third color plays itself by fixed rules
    DOUBLE_1 = "double1"  # two colors each; a person ranks by the worse of them
    DOUBLE_2 = "double2"  # two colors each, one purse, genes, marker per person


def persons(setup: GameSetup) -> tuple[Person, ...]:
    """The persons in seat order of their first color (the decoy last)."""
    if setup.two_players in (TwoPlayers.DOUBLE_1, TwoPlayers.DOUBLE_2):
        names: dict[str, list[Color]] = {}
        for seat in setup.seats:
            names.setdefault(seat.name.strip(), []).append(seat.color)
        return tuple(Person(name, tuple(colors)) for name, colors in names.items())
    found = [Person(s.name.strip(), (s.color,)) for s in setup.seats]
    if setup.two_players is TwoPlayers.DECOY and found:
        found[-1] = Person(found[-1].name, found[-1].colors, decoy=True)
    return tuple(found)


def check(setup: GameSetup) -> Msg | None:
    """Why the seats do not fit the chosen way of playing, or None."""
    variant, n = setup.two_players, len(setup.seats)
    if variant is TwoPlayers.NONE:
        return None if 3 <= n <= 6 else msg("Ursuppe is played by 3 to 6 players, not {n}", n=n)
    if variant is TwoPlayers.DECOY:
        if n != 3:
            return msg("the decoy variant has two players and the decoy: 3 colors")
        return None
    shape = sorted(len(p.colors) for p in setup.people)
    if n != 4 or shape != [2, 2]:
        return msg("double play needs 4 colors: two people with two colors each")
    return None


def names_unique(setup: GameSetup) -> bool:
    """Whether every person has a different name (double play repeats a name per color)."""
    names = [p.name for p in setup.people]
    return len(names) == len(set(names))


def decoy(setup: GameSetup) -> Color | None:
    """The decoy's color, if the decoy plays."""
    return next((p.holder for p in setup.people if p.decoy), None)


def shares_records(setup: GameSetup) -> bool:
    """Whether a person's colors share one purse, genes and marker (double play II)."""
    return setup.two_players is TwoPlayers.DOUBLE_2


def person_of(setup: GameSetup, color: Color) -> Person:
    """The person who plays a color."""
    return next(p for p in setup.people if color in p.colors)


def partners(setup: GameSetup, color: Color) -> tuple[Color, ...]:
    """The other colors whose records mirror this color's (double play II), else none."""
    if not shares_records(setup):
        return ()
    return tuple(c for c in person_of(setup, color).colors if c != color)


def marker_colors(setup: GameSetup) -> tuple[Color, ...]:
    """The colors that hold a ladder marker of their own (one per person in double play II)."""
    if shares_records(setup):
        return tuple(p.holder for p in setup.people)
    return setup.colors


def scored_together(setup: GameSetup, color: Color) -> tuple[Color, ...]:
    """The colors whose amoebas advance this color's marker (both, in double play II)."""
    return person_of(setup, color).colors if shares_records(setup) else (color,)


def purse_colors(setup: GameSetup) -> tuple[Color, ...]:
    """The colors that pay debts, buy genes and receive income: one per purse, no decoy."""
    return tuple(c for c in marker_colors(setup) if c != decoy(setup))


def scorers(setup: GameSetup) -> tuple[Color, ...]:
    """The colors whose markers advance in phase 6 (the decoy only if agreed at setup)."""
    skip = None if setup.decoy_scores else decoy(setup)
    return tuple(c for c in marker_colors(setup) if c != skip)


def start_dp(setup: GameSetup) -> bool:
    """Whether the first placement gives 1 DP: 4+ colors, but never in double play II."""
    return setup.players >= 4 and not shares_records(setup)


def turn_order(state: GameState, descending: bool) -> tuple[Color, ...]:
    """Colors in turn order by the ladder (000 §Orden Ascendente/Descendente).

    Double play II, ascending (phase 1): the trailing person's first color, the leading
    person's two colors, then the trailing person's other color (000 §Ursuppe para 2
    jugadores, Fase 1); descending: the leader's two colors, then the other person's.
    """
    setup = state.setup
    if not shares_records(setup):
        ranked = sorted(state.players, key=lambda p: p.marker, reverse=descending)
        return tuple(p.color for p in ranked)
    people = sorted(setup.people, key=lambda p: state.player(p.holder).marker, reverse=True)
    if descending:
        return tuple(c for p in people for c in p.colors)
    lead, trail = people[0], people[1]
    return (trail.colors[0],) + lead.colors + trail.colors[1:]


@dataclass(frozen=True)
class Place:
    """A place in the final ranking: a person, the result ranked, and their markers."""

    person: Person
    result: int
    markers: tuple[int, ...]


def ranking(state: GameState) -> tuple[Place, ...]:
    """The final ranking of persons (000 §Ursuppe para 2 jugadores).

    Double play I: a person ranks by the worse of their two markers, ties by the better one.
    Double play II: one marker per person. A decoy that does not score is not ranked.
    """
    setup = state.setup
    places = []
    for person in setup.people:
        if person.decoy and not setup.decoy_scores:
            continue
        markers = tuple(state.player(c).marker for c in person.colors)
        if shares_records(setup):
            markers = markers[:1]
        places.append(Place(person, min(markers), markers))
    places.sort(key=lambda p: (p.result, max(p.markers)), reverse=True)
    return tuple(places)
