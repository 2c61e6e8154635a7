"""The group's history (`/group`): every finished game played on this laptop, both games,
and per person (by name across games; the referee merges two spellings of one person) their
games, wins, average place, best and last results, the genes they buy most (Ursuppe) and the
regions they hold most (Urland), and a chart of their places month by month.

Each finished game is summarized once (`GameShell.summary`) and the summary stored; a visit
reads the summaries, replaying only a game finished (or changed) since the last visit.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Game, NotFound, Store
from companion.tracker.colors import Color
from companion.tracker.game import GAMES
from companion.tracker.text import mend
from companion.tracker.urland.words import area_ref
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.web.auth import referee_required
from companion.web.charts import Chart, Series, chart_uri, glyph
from companion.web.common import store
from companion.web.gameshells import SHELLS

bp = Blueprint("group", __name__)

ALIASES = "person_aliases"  # setting: a spelling (folded) -> the name it stands for
COLORS = tuple(Color)  # a person's line in the chart borrows a color, its shape and dash


def keep_summary(kept: Store, game: Game) -> dict[str, Any] | None:
    """Summarize a finished game for the history and store the summary (the store calls it
    when a game finishes: `Store.on_finished`)."""
    shell = SHELLS[game.core.key]
    if shell.summary is None or not game.over:
        return None
    summary = shell.summary(game)  # data (names, keys, places), in nobody's language
    kept.save_summary(game.id, game.revision, summary)
    return summary


def summaries(archived: bool) -> list[dict[str, Any]]:
    """Every finished game with its summary; one lacking it (finished before this version,
    or changed since by an undo and a new end) is summarized now, once."""
    rows = store().finished_games(archived)
    for row in rows:
        if row["summary"] is None:
            try:
                row["summary"] = keep_summary(store(), store().peek(row["id"]))
            except NotFound:
                continue
    return [r for r in rows if r["summary"] is not None]


def fold(name: str) -> str:
    """A name as it is compared: spaces and case do not tell two people apart."""
    return " ".join(name.split()).casefold()


def person_of(name: str, aliases: dict[str, str]) -> str:
    """The person a name stands for (after the referee's merges)."""
    seen = set()
    while fold(name) in aliases and fold(name) not in seen:
        seen.add(fold(name))
        name = aliases[fold(name)]
    return " ".join(name.split())


def history(rows: list[dict[str, Any]], aliases: dict[str, str]) -> dict[str, Any]:
    """Per person and game: games, wins, places, best and last results, favourite genes or
    regions; and each person's average place month by month."""
    people: dict[tuple[str, str], dict[str, Any]] = {}
    months: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    display: dict[str, str] = {}
    for row in rows:
        month = row["created"][:7]
        for p in row["summary"]["players"]:
            name = person_of(p["name"], aliases)
            key = fold(name)
            display.setdefault(key, name)
            entry = people.setdefault(
                (key, row["game"]),
                {"games": 0, "wins": 0, "places": [], "genes": Counter(), "regions": Counter()},
            )
            entry["games"] += 1
            entry["wins"] += p["place"] == 1
            entry["places"].append((p["place"], p["of"]))
            entry["genes"].update(p["genes"])
            entry["regions"].update(p["regions"])
            entry["last"] = (p["place"], p["of"], row["created"][:10])
            months[key][month].append(p["place"])
    return {"people": people, "months": months, "display": display}


def _rows(found: dict[str, Any], game: str) -> list[dict[str, Any]]:
    rows = []
    for (key, played), e in found["people"].items():
        if played != game:
            continue
        places = [p for p, _of in e["places"]]
        best = min(e["places"])
        rows.append(
            {
                "name": found["display"][key],
                "games": e["games"],
                "wins": e["wins"],
                "average": f"{sum(places) / len(places):.1f}",
                "best": _("%(place)s of %(of)s", place=best[0], of=best[1]),
                "last": _("%(place)s of %(of)s", place=e["last"][0], of=e["last"][1])
                + f" ({e['last'][2]})",
                "genes": ", ".join(t(GENES_BY_KEY[k].term) for k, _n in e["genes"].most_common(3)),
                "regions": ", ".join(t(area_ref(r)) for r, _n in e["regions"].most_common(3)),
            }
        )
    return sorted(rows, key=lambda r: (-r["wins"], -r["games"], r["name"].casefold()))


def _chart(found: dict[str, Any]) -> dict[str, Any] | None:
    months = sorted({m for per in found["months"].values() for m in per})
    if not months:
        return None
    keys = sorted(found["months"], key=lambda k: found["display"][k].casefold())[: len(COLORS)]
    values = {
        k: tuple(
            round(sum(v) / len(v), 1) if (v := found["months"][k].get(m)) else None for m in months
        )
        for k in keys
    }
    title = _("Average place, month by month (1 is first)")
    series = tuple(
        Series(f"{glyph(COLORS[i].value)} {found['display'][k]}", COLORS[i].value, values[k])
        for i, k in enumerate(keys)
    )
    chart = Chart("group", title, _("Month"), _("Place"), tuple(months), series, "line", True)
    table = {
        "caption": title,
        "corner": _("Month"),
        "head": [found["display"][k] for k in keys],
        "rows": [[m, *(values[k][i] for k in keys)] for i, m in enumerate(months)],
    }
    return {"key": "group", "uri": chart_uri(chart), "table": table}


@bp.route("/group")
@referee_required
def page():
    """The group's history."""
    archived = request.args.get("archived", "1") != "0"
    aliases = store().setting(ALIASES, {}) or {}
    found = history(summaries(archived), aliases)
    games = [
        {"key": key, "title": core.title, "rows": _rows(found, key)} for key, core in GAMES.items()
    ]
    return render_template(
        "group.html",
        games=[g for g in games if g["rows"]],
        chart=_chart(found),
        archived=archived,
        names=sorted(found["display"].values(), key=str.casefold),
    )


@bp.route("/group/merge", methods=["POST"])
@referee_required
def merge():
    """Merge two spellings of one person: `name` is from now on read as `into`."""
    name = mend(request.form.get("name", ""))[:60].strip()
    into = mend(request.form.get("into", ""))[:60].strip()
    aliases = dict(store().setting(ALIASES, {}) or {})
    if name and into and fold(name) != fold(into):
        aliases[fold(name)] = into
        aliases.pop(fold(into), None)  # the name merged into stands for itself
        store().set_setting(ALIASES, aliases)
    return redirect(url_for("group.page"), code=303)
