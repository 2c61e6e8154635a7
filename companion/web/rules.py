"""The rules pages: each rule area in the app's own words, and the citations that link there.

Anyone at the table may read them (phones, the TV): they show no game data. A citation names
a printed rulebook and that book's own section as printed (`citations.cite`): the group's book
when the reader reads its language, else a book in the reader's language that says the rule,
else the group's, named in the reader's language. It links to its area's page, and a
companion reading (translated) to that page's readings.
"""

from __future__ import annotations

from functools import lru_cache

from flask import Blueprint, abort, render_template, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion.i18n import citation, current_language, t
from companion.tracker.citations import (
    BOOK_NAMES,
    URLAND_AREAS,
    Book,
    Citation,
    Rule,
    UrlandBook,
    citation_msg,
    cite,
)
from companion.tracker.msg import Msg
from companion.tracker.ursuppe.data import GENES, GENES_BY_KEY
from companion.tracker.ursuppe.sources import AREAS, RULEBOOKS, area_sections
from companion.web.rulepage import Page, option_texts
from companion.web.ruletext_early import early_pages
from companion.web.ruletext_late import late_pages
from companion.web.ruletext_two import two_player_pages
from companion.web.ruletext_urland import urland_option_texts, urland_pages, urland_sections

bp = Blueprint("rules", __name__, url_prefix="/rules")


def book_name(book: Book | UrlandBook) -> str:
    """A book as citations name it, in the reader's language (the name says the book's)."""
    return t(Msg(BOOK_NAMES[book]))


def book_title(book: Book | UrlandBook) -> str:
    """A book as printed, so the group can tell which one it holds."""
    return {
        Book.SPANISH: _("“URSUPPE, Reglas del Juego”, translated by Manuel Suffo"),
        Book.SPANISH_2: _("“Reglas del juego de sopa primordial”, a second Spanish translation"),
        Book.ITALIAN: _("“Ursuppe”, translated by Gylas (2004), with the 5-6 player expansion"),
        Book.ENGLISH_5_6: _("“Ursuppe, Freshly Spiced”, translated by John Webley"),
        Book.COMPANION: _("the app's own reading where the books are silent or loose"),
        UrlandBook.ITALIAN: _("“Urland”, translated by Fabio Cambiaghi (revision 1, 2003)"),
    }[book]


def rulebook_choices() -> list[tuple[str, str]]:
    """The rulebooks a group may hold, for the setup form: (value, label)."""
    return [(b.value, f"{book_name(b)}: {book_title(b)}") for b in RULEBOOKS]


def reader_cite(source: Rule, rulebook: Book, reader: str | None = None) -> Citation:
    """The section to show this reader (`reader`, else the request's language) in a group
    that holds `rulebook` (`citations.cite`)."""
    return cite(source, rulebook, reader or current_language())


def citation_words(source: Rule, rulebook: Book, reader: str | None = None) -> str:
    """A citation in the reader's words: `Spanish rules, Fase 6: Puntuación` for an English
    reader of a Spanish group; the section as printed, the book named in the reader's
    language (`Regole spagnole, Fase 6: Puntuación`)."""
    return citation(source, rulebook, reader or current_language())


def cite_link(source: Rule | None, rulebook: Book | UrlandBook = Book.SPANISH) -> Markup:
    """A citation linking to its rules page (a companion reading: to the page's readings)."""
    if source is None:
        return Markup("")
    return _cite_link(source, rulebook, current_language())


@lru_cache(maxsize=2048)
def _cite_link(source: Rule, rulebook: Book | UrlandBook, lang: str) -> Markup:
    """A citation link in one reader's language, remembered (sources never change)."""
    c = reader_cite(source, rulebook)  # chosen once: the link and its words name one book
    href = url_for("rules.page", area=c.area)
    if c.book is Book.COMPANION:
        href += "#readings"
    return Markup(render_template("_cite.html", href=href, words=t(citation_msg(c))))


def refusal(exc, rulebook: Book) -> Markup:
    """A refused action's message in the reader's language, with its rule cited (a link)."""
    message = escape(t(exc))
    source = getattr(exc, "source", None)
    if source is None:
        return Markup(message)
    return Markup("{} ({})").format(message, cite_link(source, rulebook))


def pages() -> dict[str, Page]:
    """Every rule area in the app's own words, in the order of a game (Urland's after)."""
    return {**early_pages(), **late_pages(), **two_player_pages(), **urland_pages()}


@bp.route("")
def index():
    """Every rule area, each game's apart, and the books the app cites."""
    content = pages()
    areas = [(key, content[key].title) for key in AREAS]
    urland = [(key, content[key].title) for key in URLAND_AREAS]
    books = [(book_name(b), book_title(b)) for b in (*Book, *UrlandBook)]
    return render_template("rules_index.html", areas=areas, urland=urland, books=books)


@bp.route("/<area>")
def page(area: str):
    """One rule area: the rule in the app's words, the readings, the options, the books."""
    content = pages()
    if area not in content:
        abort(404)
    keys = list(URLAND_AREAS if area in URLAND_AREAS else AREAS)
    i = keys.index(area)
    if area in URLAND_AREAS:
        sections = [(book_name(UrlandBook.ITALIAN), "; ".join(urland_sections(area)))]
        options = urland_option_texts()
    else:
        sections = [(book_name(b), "; ".join(s)) for b, s in area_sections(area).items()]
        options = option_texts()
    genes = {"genes": False, "advanced_genes": True}
    return render_template(
        "rule.html",
        genes=[
            (g, [GENES_BY_KEY[k].term for k in g.replaces])
            for g in GENES
            if area in genes and g.advanced == genes[area]
        ],
        area=area,
        page=content[area],
        options=[options[o] for o in content[area].options],
        sections=sections,
        previous=(keys[i - 1], content[keys[i - 1]].title) if i > 0 else None,
        following=(keys[i + 1], content[keys[i + 1]].title) if i + 1 < len(keys) else None,
    )
