"""The citations that link to the rules pages (`rulebook.py` serves the pages). A citation names
a printed rulebook and that book's own section as printed (`citations.cite`): the group's book
when the reader reads its language, else a book in the reader's language that says the rule,
else the group's, named in the reader's language. It links to its area's page, and a
companion reading (translated) to that page's readings.
"""

from __future__ import annotations

from functools import lru_cache

from flask import render_template, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from companion.i18n import citation, current_language, t
from companion.tracker.citations import (
    BOOK_NAMES,
    Book,
    Citation,
    Rule,
    UrlandBook,
    citation_msg,
    cite,
)
from companion.tracker.msg import Msg


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
