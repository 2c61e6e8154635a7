"""Urland's story page: its core's story (`tracker/urland/story.py`) as charts with their
tables, the Ichto at each volcano scoring, the bids of each mutation and the genes bought."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Game
from companion.tracker.urland import board as geo
from companion.tracker.urland.genes import gene_term
from companion.tracker.urland.story import Story, region_ref
from companion.tracker.urland.story import story as core_story
from companion.web import storyparts as parts


def story(game: Game) -> dict[str, Any]:
    """The story so far (whole once the game is over), in the reader's words."""
    told = _told(game)
    names = parts.names_of(game.setup.player_refs)
    colors = told.colors
    turn = _("Turn")
    charts = []
    if told.turns:
        charts.append(
            parts.player_chart(
                "track",
                _("Track position, turn by turn"),
                turn,
                _("Space"),
                told.turns,
                colors,
                names,
                told.track,
            )
        )
    for i, scoring in enumerate(told.scorings, 1):
        regions = [r for r, _counts in scoring.regions]  # the numbers printed on the board
        counts = {c: tuple(row[j] for _r, row in scoring.regions) for j, c in enumerate(colors)}
        title = _(
            "Volcano scoring %(n)s (epoch %(epoch)s): Ichto per region, %(region)s scored",
            n=i,
            epoch=scoring.epoch,
            region=t(region_ref(scoring.scored)),
        )
        charts.append(
            parts.player_chart(
                f"volcano-{i}",
                title,
                _("Region"),
                _("Ichto"),
                regions,
                colors,
                names,
                counts,
                kind="bar",
            )
        )
    bids = [
        [i, m.epoch, *(dict(m.bids).get(c, "") for c in colors)]
        for i, m in enumerate(told.mutations, 1)
    ]
    bought = [
        [i, names[buyer], t(gene_term(gene)), price]
        for i, m in enumerate(told.mutations, 1)
        for buyer, gene, price, _seq, _turn in m.bought
    ]
    tables = [
        parts.table(
            "bids",
            _("Bids of each mutation, as the fists opened"),
            [_("Mutation"), _("Epoch"), *(names[c] for c in colors)],
            bids,
        ),
        parts.table(
            "mutations",
            _("Genes bought"),
            [_("Mutation"), _("Player"), _("Gene"), _("Price (Ichto)")],
            bought,
        ),
    ]
    markers = {p.color: p.marker for p in game.state.players}
    return {
        "over": told.over,
        "unit": turn,
        "ranking": parts.ranking(told.ranking, names, lambda c: _("space %(n)s", n=markers[c])),
        "charts": charts,
        "tables": tables,
        "moments": parts.moments(told.moments),
    }


def summary(game: Game) -> dict[str, Any]:
    """What the group's history keeps of a finished game: each player's place and the
    regions they hold at the end, most Ichto there or tied for most (JSON, stored once)."""
    state = game.state
    markers = {p.color: p.marker for p in state.players}
    ranking = sorted(state.colors, key=lambda c: -markers[c])
    places = parts.places(ranking, markers)
    held: dict = {c: [] for c in state.colors}
    for region in geo.live_regions(state.merged):
        counts = {c: state.count(region, c) for c in state.colors}
        most = max(counts.values())
        for c, n in counts.items():
            if most and n == most:
                held[c].append(region)
    names = {seat.color: seat.name for seat in game.setup.seats}
    return {
        "players": [
            {
                "name": names[c],
                "place": places[c],
                "of": len(ranking),
                "genes": [],
                "regions": held[c],
            }
            for c in ranking
        ]
    }


def _told(game: Game) -> Story:
    """The core's story of the entries in force (each with the state right after it)."""
    entries = game.entries
    return core_story(game.history.start, ((s, entries[s - 1], st) for s, st in game.kept))
