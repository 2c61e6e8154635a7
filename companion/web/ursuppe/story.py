"""Ursuppe's story page: its core's story (`tracker/ursuppe/views/story.py`) as charts with
their tables, the genes bought, each round's card, and the decisive moments."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Game
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.views.story import story as core_story
from companion.web import storyparts as parts


def story(game: Game) -> dict[str, Any]:
    """The story so far (whole once the game is over), in the reader's words."""
    entries = game.entries
    told = core_story(game.history.start, ((s, entries[s - 1], st) for s, st in game.kept))
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
    markers = {p.color: p.marker for p in game.state.players}
    return {
        "over": told.over,
        "unit": rnd,
        "ranking": parts.ranking(told.ranking, names, lambda c: _("space %(n)s", n=markers[c])),
        "charts": charts if told.rounds else [],
        "tables": tables,
        "moments": parts.moments(told.moments),
    }
