"""A region's scoring and the track (002 §2.3 Punteggio).

Empty: nobody scores. One color: monopoly, 3 points. Several colors all equal: coexistence,
2 each, nobody goes home. Otherwise competition: the least numerous color(s) go home, the most
numerous score 3, every other color still there 2. Muscles count half an Ichto more (002 §5
Muscoli), so two of the holder's beat two but not three. Markers advance over free spaces,
the one furthest ahead first (`track.py`); reaching or passing a mutation space (12, 16, 21)
for the first time calls a mutation after the scoring; reaching the goal (30) ends the game
once the scoring is finished (002 §4).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker import track
from companion.tracker.citations import Rule
from companion.tracker.colors import Color
from companion.tracker.derivation import Derivation
from companion.tracker.msg import Msg, Param, msg, nmsg
from companion.tracker.urland import cite
from companion.tracker.urland.board import GOAL, MUTATION_SPACES
from companion.tracker.urland.genes import GENES_BY_KEY, MUSCLES, gene_term
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import UrlandState, add, player_ref, set_player
from companion.tracker.urland.words import area_ref, ichto, listed


def strength(state: UrlandState, region: str, color: Color) -> int:
    """Twice a color's Ichto in a region, plus 1 for Muscles (half an Ichto more)."""
    n = state.count(region, color)
    return 2 * n + (1 if n and state.has(color, MUSCLES) else 0)


def outcome(state: UrlandState, region: str) -> tuple[str, dict[Color, int], tuple[Color, ...]]:
    """(kind, points per color, colors going home) a scoring of the region would give now."""
    present = {c: strength(state, region, c) for c in state.colors if state.count(region, c)}
    if not present:
        return "empty", {}, ()
    if len(present) == 1:
        return "monopoly", {c: 3 for c in present}, ()
    if len(set(present.values())) == 1:
        return "coexistence", {c: 2 for c in present}, ()
    low, high = min(present.values()), max(present.values())
    home = tuple(c for c, s in present.items() if s == low)
    points = {c: 3 if s == high else 2 for c, s in present.items() if s != low}
    return "competition", points, home


KIND_RULES = {
    "empty": msg("an empty region scores nobody"),
    "monopoly": msg("one color alone (monopoly) scores 3"),
    "coexistence": msg("several colors, all equal (coexistence): 2 each, nobody goes home"),
    "competition": msg(
        "competition: the fewest go home, the most numerous score 3, every other color 2"
    ),
}


def region_scoring(state: UrlandState, region: str) -> Derivation:
    """What a scoring of this land region gives (now, or at the state given)."""
    kind, points, home = outcome(state, region)
    inputs: list[Msg] = []
    for c in state.colors:
        n = state.count(region, c)
        if not n:
            continue
        if state.has(c, MUSCLES):
            inputs.append(
                msg(
                    "{who}: {ichto}, with {gene} (counts half an Ichto more)",
                    who=player_ref(state, c),
                    ichto=ichto(n),
                    gene=gene_term(MUSCLES),
                )
            )
        else:
            inputs.append(msg("{who}: {ichto}", who=player_ref(state, c), ichto=ichto(n)))
    if points:
        scored = listed(
            [msg("{who} {n}", who=player_ref(state, c), n=n) for c, n in points.items()]
        )
        what = msg("{region} scores: {points}", region=area_ref(region), points=scored)
    else:
        what = msg("{region} scores nobody", region=area_ref(region))
    if home:
        names = listed([player_ref(state, c) for c in home])
        inputs.append(msg("the fewest go home: {who}", who=names))
    rule = msg(
        "{kind}; each point moves a marker one free space, the marker furthest ahead first",
        kind=KIND_RULES[kind],
    )
    return Derivation(what, tuple(inputs), rule, (), cite.SCORING)


def score_region(state: UrlandState, region: str, events: Events) -> UrlandState:
    """Score a land region: who goes home, the points, the markers moved (explained)."""
    kind, points, home = outcome(state, region)
    counts = listed(
        [
            msg("{who} {ichto}", who=player_ref(state, c), ichto=ichto(state.count(region, c)))
            for c in state.colors
            if state.count(region, c)
        ]
    )
    where = area_ref(region)
    why = region_scoring(state, region)  # what the log's scoring line opens, as it was then
    if kind == "empty":
        text = msg("{region} is empty: nobody scores.", region=where)
        say(events, "scoring", text, cite.SCORING, why=why)
        return state
    if kind == "monopoly":
        text = msg("{region} ({counts}): monopoly, 3 points.", region=where, counts=counts)
    elif kind == "coexistence":
        text = msg(
            "{region} ({counts}): coexistence, 2 points each; nobody goes home.",
            region=where,
            counts=counts,
        )
    else:
        text = msg(
            "{region} ({counts}): competition; the fewest go home: {home}.",
            region=where,
            counts=counts,
            home=listed([player_ref(state, c) for c in home]),
        )
    say(events, "scoring", text, cite.SCORING, why=why)
    muscled = [c for c in points if state.has(c, MUSCLES)] + [
        c for c in home if state.has(c, MUSCLES)
    ]
    if muscled:
        text = msg(
            "Muscles count half an Ichto more for {who}.",
            who=listed([player_ref(state, c) for c in muscled]),
        )
        say(events, "scoring", text, GENES_BY_KEY[MUSCLES].rule)
    for color in home:
        state = add(state, region, color, -state.count(region, color))
    return advance(state, points, events, cite.SCORING)


def advance(
    state: UrlandState, points: dict[Color, int], events: Events, source: Rule, final: bool = False
) -> UrlandState:
    """Move the scoring markers, leader first, over free spaces; note mutations and the end
    (not in the final scorings)."""
    markers, moves = track.advance_all(state.markers(), points, state.setup.board.track_length)
    reached: set[int] = set()
    for m in moves:
        color = m.who
        assert isinstance(color, Color)
        state = set_player(state, color, marker=markers[color])
        say(events, "track", move_text(state, color, m), source if final else cite.TRACK)
        reached |= set(track.reached(m, MUTATION_SPACES))
    if final:
        return state
    new = sorted(reached - set(state.spaces_called))
    if new:
        state = replace(
            state, spaces_called=tuple(sorted({*state.spaces_called, *new})), mutation_due=True
        )
        text = nmsg(
            "Mutation space {spaces} reached: a mutation follows this scoring.",
            "Mutation spaces {spaces} reached: a mutation follows this scoring.",
            len(new),
            spaces=listed(new),
        )
        say(events, "mutation", text, cite.MUTATION_DUE if len(new) == 1 else cite.ONE_MUTATION)
    if not state.ending and any(p.marker >= GOAL for p in state.players):
        state = replace(state, ending=True)
        say(
            events,
            "end",
            msg("A marker reached space {goal}: the game ends after this scoring.", goal=GOAL),
            cite.END,
        )
    return state


def move_text(state: UrlandState, color: Color, m: track.Move) -> Msg:
    """A marker's advance explained: points, from, to, occupied spaces jumped."""
    params: dict[str, Param] = {
        "who": player_ref(state, color),
        "points": nmsg("{n} point", "{n} points", m.steps),
        "start": m.start,
        "end": m.end,
    }
    if m.skipped:
        return msg(
            "{who} scores {points}: from {start} to {end}, skipping occupied {skipped}.",
            skipped=listed(m.skipped),
            **params,
        )
    return msg("{who} scores {points}: from {start} to {end}.", **params)
