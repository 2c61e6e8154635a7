"""The outcome of a finished game as data: the ranking, the winners and why it ended
(000 §FINAL DEL JUEGO: the game ends after the round in which a marker reached the end zone
or the last environment card was turned; the highest marker wins)."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.ursuppe.rules import people
from companion.tracker.ursuppe.state import GameResult, GameState, Phase

END_ZONE = "end_zone"
LAST_CARD = "last_card"


def result(state: GameState, in_zone: tuple[Color, ...], reason: str | None = None) -> GameResult:
    """The result from the markers now, by person (`people.ranking`: 000 §Ursuppe para 2
    jugadores ranks double play I by a person's worse color and leaves out a decoy that does
    not score): each person's colors together, best first; every color of the persons tied
    on the top place wins."""
    places = people.ranking(state)
    top = (places[0].result, max(places[0].markers))
    if reason is None:
        reason = END_ZONE if in_zone else LAST_CARD
    return GameResult(
        ranking=tuple(c for p in places for c in p.person.colors),
        winners=tuple(
            c for p in places if (p.result, max(p.markers)) == top for c in p.person.colors
        ),
        reason=reason,
        in_zone=in_zone,
    )


def refreshed(state: GameState) -> GameState:
    """A finished game's result after a correction (the ranking follows corrected markers)."""
    if state.phase is not Phase.OVER or state.result is None:
        return state
    zone = state.setup.end_zone_start
    in_zone = tuple(p.color for p in state.players if p.marker >= zone)
    return replace(state, result=result(state, in_zone, state.result.reason))
