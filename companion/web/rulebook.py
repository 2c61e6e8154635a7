"""The rules pages (blueprint `rules`): each game's rule areas in the app's own words, and the
books the app cites. Anyone at the table may read them (phones, the TV): they show no game
data. Each game writes its own pages (`GameShell.rules`); this is their frame."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from companion.tracker.citations import Book, UrlandBook
from companion.web.gameshell import RulePages
from companion.web.gameshells import SHELLS
from companion.web.rulepage import Page
from companion.web.rules import book_name, book_title

bp = Blueprint("rules", __name__, url_prefix="/rules")


def pages() -> dict[str, Page]:
    """Every rule area in the app's own words, each game's in the order of a game."""
    found: dict[str, Page] = {}
    for shell in SHELLS.values():
        found.update(shell.rules.pages())
    return found


def rules_of(area: str) -> RulePages | None:
    """The rules pages a rule area belongs to."""
    return next((s.rules for s in SHELLS.values() if area in s.rules.areas), None)


@bp.route("")
def index():
    """Every rule area, each game's apart, and the books the app cites."""
    content = pages()
    games = [
        (key, shell.rules.heading(), [(area, content[area].title) for area in shell.rules.areas])
        for key, shell in SHELLS.items()
    ]
    books = [(book_name(b), book_title(b)) for b in (*Book, *UrlandBook)]
    return render_template("rules_index.html", games=games, books=books)


@bp.route("/<area>")
def page(area: str):
    """One rule area: the rule in the app's words, the readings, the options, the books."""
    content = pages()
    rules = rules_of(area)
    if area not in content or rules is None:
        abort(404)
    keys = list(rules.areas)
    i = keys.index(area)
    options = rules.options()
    return render_template(
        "rule.html",
        genes=rules.genes(area),
        area=area,
        page=content[area],
        options=[options[o] for o in content[area].options],
        sections=rules.sections(area),
        previous=(keys[i - 1], content[keys[i - 1]].title) if i > 0 else None,
        following=(keys[i + 1], content[keys[i + 1]].title) if i + 1 < len(keys) else None,
    )
