"""The end of the game (002 §4 Fine del gioco).

When a marker reaches or passes 30, the scoring in progress is finished (a volcano scoring
still erupts). Then two final scorings, markers over free spaces as usual, leader first:
total (most Ichto on the board, land and oceans: 3 points, shared among the tied, rounded
down) and land (most Ichto on land: 2 points, shared, rounded down; a player who alone took
the 3 total points does not take part). Muscles do not count here (002 §5 Muscoli). The
marker furthest ahead wins.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.tracker import track
from companion.tracker.colors import Color
from companion.tracker.msg import Param, msg
from companion.tracker.urland import board as geo
from companion.tracker.urland import cite, scoring
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import Step, UrlandState, player_ref
from companion.tracker.urland.words import listed


def shares(counts: dict[Color, int], points: int) -> dict[Color, int]:
    """Points for the most numerous, shared among the tied and rounded down."""
    top = max(counts.values(), default=0)
    best = [c for c, n in counts.items() if n == top and n > 0]
    return {c: points // len(best) for c in best} if best else {}


def final_points(state: UrlandState) -> tuple[dict[Color, int], dict[Color, int]]:
    """(total, land) points of the final scorings."""
    total = shares({c: state.on_board(c) for c in state.colors}, 3)
    land_counts = {
        c: sum(state.count(r, c) for r in geo.live_regions(state.merged)) for c in state.colors
    }
    if len(total) == 1:
        (alone,) = total
        land_counts.pop(alone)
    return total, shares(land_counts, 2)


def _said(state: UrlandState, points: dict[Color, int]) -> Param:
    parts = [msg("{who} {n}", who=player_ref(state, c), n=n) for c, n in points.items()]
    return listed(parts) if parts else msg("nobody")


def finish(state: UrlandState, events: Events) -> UrlandState:
    """The two final scorings and the winner."""
    total, land = final_points(state)
    scorings = (
        (total, msg("Final scoring, Ichto on the board: {points}.", points=_said(state, total))),
        (land, msg("Final scoring, Ichto on land: {points}.", points=_said(state, land))),
    )
    for points, text in scorings:
        say(events, "end", text, cite.FINAL)
        state = scoring.advance(state, points, events, cite.FINAL, final=True)
    winner = track.leader_first(state.markers())[0]
    say(
        events,
        "end",
        msg("{who} is furthest ahead on the track and wins.", who=player_ref(state, winner)),
        cite.WINNER,
    )
    return replace(state, step=Step.OVER, mutation_due=False)


def winner(state: UrlandState) -> Color | None:
    """The winner once the game is over."""
    return track.leader_first(state.markers())[0] if state.step is Step.OVER else None


def result(state: UrlandState) -> dict[str, Any] | None:
    """A finished game's result as data (None while it runs): the winner, the places furthest
    ahead first with each marker and the final scorings' points as the board stands, and why
    it ended (a marker at the goal, or the last volcano tile)."""
    if state.step is not Step.OVER:
        return None
    total, land = final_points(state)
    live = geo.live_regions(state.merged)
    order = track.leader_first(state.markers())
    places = [
        {
            "place": place,
            "color": color.value,
            "name": state.setup.seats[state.seat(color)].name,
            "marker": state.player(color).marker,
            "final_total": total.get(color, 0),
            "final_land": land.get(color, 0),
            "on_board": state.on_board(color),
            "on_land": sum(state.count(r, color) for r in live),
        }
        for place, color in enumerate(order, 1)
    ]
    reason = "volcano_tiles" if not state.tiles_left else "goal"
    return {"winners": [order[0].value], "reason": reason, "places": places}
