"""The rules pages: each rule area in the app's own words, and the citations that link there.

Anyone at the table may read them (phones, the TV): they show no game data. A citation names
the printed rulebook the group holds and that book's own section (`sources.cite`); it links
to its area's page, and a companion reading to that page's readings.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion.tracker.sources import (
    AREAS,
    RULEBOOKS,
    Book,
    Rule,
    area_sections,
    cite,
)
from companion.web.rulepage import Page, option_texts
from companion.web.ruletext_early import early_pages
from companion.web.ruletext_late import late_pages

bp = Blueprint("rules", __name__, url_prefix="/rules")


def book_name(book: Book) -> str:
    """A book as citations name it."""
    return {
        Book.SPANISH: _("Spanish rules"),
        Book.SPANISH_2: _("Spanish rules (sopa primordial)"),
        Book.ITALIAN: _("Italian rules"),
        Book.ENGLISH_5_6: _("English 5-6 player expansion"),
        Book.COMPANION: _("Companion reading"),
    }[book]


def book_title(book: Book) -> str:
    """A book as printed, so the group can tell which one it holds."""
    return {
        Book.SPANISH: _("“URSUPPE, Reglas del Juego”, translated by Manuel Suffo"),
        Book.SPANISH_2: _("“Reglas del juego de sopa primordial”, a second Spanish translation"),
        Book.ITALIAN: _("“Ursuppe”, translated by Gylas (2004), with the 5-6 player expansion"),
        Book.ENGLISH_5_6: _("“Ursuppe, Freshly Spiced”, translated by John Webley"),
        Book.COMPANION: _("the app's own reading where the books are silent or loose"),
    }[book]


def rulebook_choices() -> list[tuple[str, str]]:
    """The rulebooks a group may hold, for the setup form: (value, label)."""
    return [(b.value, f"{book_name(b)}: {book_title(b)}") for b in RULEBOOKS]


def citation_words(source: Rule, rulebook: Book) -> str:
    """A citation as text in the group's rulebook: `Spanish rules, Fase 6: Puntuación`."""
    c = cite(source, rulebook)
    if c.book is Book.COMPANION:
        return f"{book_name(c.book)}: {c.section}"
    return f"{book_name(c.book)}, {c.section}"


def cite_link(source: Rule | None, rulebook: Book = Book.SPANISH) -> Markup:
    """A citation linking to its rules page (a companion reading: to the page's readings)."""
    if source is None:
        return Markup("")
    c = cite(source, rulebook)
    href = url_for("rules.page", area=c.area)
    if c.book is Book.COMPANION:
        href += "#readings"
    return Markup('<a class="cite" href="{}">{}</a>').format(href, citation_words(source, rulebook))


def refusal(exc, rulebook: Book) -> Markup:
    """A refused action's message with its rule cited in the group's book (a link)."""
    message = escape(getattr(exc, "message", str(exc)))
    source = getattr(exc, "source", None)
    if source is None:
        return Markup(message)
    return Markup("{} ({})").format(message, cite_link(source, rulebook))


def pages() -> dict[str, Page]:
    """Every rule area in the app's own words, in the order of a game."""
    return {**early_pages(), **late_pages()}


@bp.route("")
def index():
    """Every rule area, and the books the app cites."""
    content = pages()
    areas = [(key, content[key].title) for key in AREAS]
    books = [(book_name(b), book_title(b)) for b in Book]
    return render_template("rules_index.html", areas=areas, books=books)


@bp.route("/<area>")
def page(area: str):
    """One rule area: the rule in the app's words, the readings, the options, the books."""
    content = pages()
    if area not in content:
        abort(404)
    keys = list(AREAS)
    i = keys.index(area)
    sections = [(book_name(b), "; ".join(s)) for b, s in area_sections(area).items()]
    options = option_texts()
    return render_template(
        "rule.html",
        area=area,
        page=content[area],
        options=[options[o] for o in content[area].options],
        sections=sections,
        previous=(keys[i - 1], content[keys[i - 1]].title) if i > 0 else None,
        following=(keys[i + 1], content[keys[i + 1]].title) if i + 1 < len(keys) else None,
    )
