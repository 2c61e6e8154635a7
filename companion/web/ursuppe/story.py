"""Ursuppe's story page: its core's story (`tracker/ursuppe/views/story.py`) as charts with
their tables, the genes bought, each round's card, and the decisive moments."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.rules.people import TwoPlayers
from companion.tracker.ursuppe.state import GameState
from companion.tracker.ursuppe.views.public import person_ranking, ranking
from companion.tracker.ursuppe.views.story import Story
from companion.tracker.ursuppe.views.story import story as core_story
from companion.web import storyparts as parts


def story(game: Game) -> dict[str, Any]:
    """The story so far (whole once the game is over), in the reader's words."""
    told = _told(game)
    names = parts.names_of(game.setup.player_refs)
    colors = told.colors
    rnd = _("Round")
    charts = [
        parts.player_chart(
            "ladder",
            _("Ladder position, round by round"),
            rnd,
            _("Space"),
            told.rounds,
            colors,
            names,
            told.ladder,
        ),
        parts.player_chart(
            "bp",
            _("BP at the end of each round"),
            rnd,
            _("BP"),
            told.rounds,
            colors,
            names,
            told.bp,
        ),
        parts.player_chart(
            "alive",
            _("Amoebas alive at the end of each round"),
            rnd,
            _("Amoebas"),
            told.rounds,
            colors,
            names,
            told.alive,
        ),
        parts.player_chart(
            "deaths",
            _("Deaths per round"),
            rnd,
            _("Amoebas died"),
            told.rounds,
            colors,
            names,
            told.deaths,
            kind="bar",
        ),
    ]
    tables = [
        parts.table(
            "genes",
            _("Genes bought"),
            [rnd, _("Player"), _("Gene"), _("Price (BP)")],
            [
                [p.round, names[p.color], t(GENES_BY_KEY[p.gene].term), p.price]
                for p in told.purchases
            ],
        ),
        parts.table(
            "cards",
            _("Each round's environment card"),
            [rnd, _("Ozone"), _("Drift")],
            [[c.round, c.ozone, t(c.drift) if c.drift else _("No drift")] for c in told.cards],
        ),
    ]
    return {
        "over": told.over,
        "unit": rnd,
        "ranking": _ranking(game.state),
        "charts": charts if told.rounds else [],
        "tables": tables,
        "moments": parts.moments(told.moments),
    }


def _ranking(state: GameState) -> list[dict[str, Any]]:
    """The ranking as the standings give it (two players: the persons; never a decoy that
    does not score)."""
    if state.setup.two_players is TwoPlayers.NONE:
        return [
            {
                "place": r["place"],
                "color": r["color"],
                "name": t(r["label"]),
                "value": _("space %(n)s", n=r["marker"]),
            }
            for r in ranking(state)
        ]
    return [
        {
            "place": r["place"],
            "color": r["colors"][0],
            "name": t(r["label"]),
            "value": _("space %(n)s", n=r["result"]),
        }
        for r in person_ranking(state)
        if not r["decoy"]
    ]


def summary(game: Game) -> dict[str, Any]:
    """What the group's history keeps of a finished game: each person's place (two players:
    the person, however many colors they played; never the decoy) and the genes they bought
    (JSON, stored once per game)."""
    state = game.state
    told = _told(game)
    if state.setup.two_players is TwoPlayers.NONE:
        ranked = [(r["place"], r["name"], (Color(r["color"]),)) for r in ranking(state)]
    else:
        ranked = [
            (r["place"], r["name"], tuple(Color(c) for c in r["colors"]))
            for r in person_ranking(state)
            if not r["decoy"]
        ]
    return {
        "players": [
            {
                "name": name,
                "place": place,
                "of": len(ranked),
                "genes": [p.gene for p in told.purchases if p.color in colors],
                "regions": [],
            }
            for place, name, colors in ranked
        ]
    }


def _told(game: Game) -> Story:
    """The core's story of the entries in force (each with the state right after it)."""
    entries = game.entries
    return core_story(game.history.start, ((s, entries[s - 1], st) for s, st in game.kept))
