"""Citations shared by both games: the printed rulebooks, a `Rule`, and how one is cited.

A `Rule` names a rule area (one page of the app's rules, `/rules/<area>`) and the sections
of the books that say it, the book that says it first. The group tells at setup which
rulebook it holds; each screen has its reader's language. `cite` picks the group's book when
it is in the reader's language, else a book in the reader's language that says the rule,
else the group's book, a book of its language, or the first book that says it. The
companion's own readings where the books are silent or loose are cited as such; their words
are marked for the catalogs (`N_`), while the books' section titles stay as printed (they are
the books' own words). Ursuppe's areas and rules: `ursuppe/sources.py`; Urland's rules:
`urland/cite.py` (with `urland_rule` and `urland_reading` here).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from companion.tracker.msg import N_, Msg, Seq


class Book(StrEnum):
    """A printed rulebook, or the companion's own reading."""

    SPANISH = "es"  # Ursuppe, Reglas del Juego (translated by Manuel Suffo)
    SPANISH_2 = "es2"  # Reglas del juego de sopa primordial (a second Spanish translation)
    ITALIAN = "it"  # Ursuppe, base rules and the 5-6 player expansion (translated by Gylas)
    ENGLISH_5_6 = "en"  # Freshly Spiced, the 5-6 player expansion (translated by John Webley)
    COMPANION = "app"  # the companion's reading where the books are silent or loose


class UrlandBook(StrEnum):
    """Urland's printed rulebook (the designers' sister game, a second game of the app)."""

    ITALIAN = "urland-it"  # Urland, traduzione di Fabio Cambiaghi, rev. 1 (7 novembre 2003)


# A book's name says its language, so a reader of another language knows what is quoted.
BOOK_NAMES = {
    Book.SPANISH: N_("Spanish rules"),
    Book.SPANISH_2: N_("Spanish rules (sopa primordial)"),
    Book.ITALIAN: N_("Italian rules"),
    Book.ENGLISH_5_6: N_("English 5-6 player expansion"),
    Book.COMPANION: N_("Companion reading"),
    UrlandBook.ITALIAN: N_("Urland Italian rules"),
}

LANGUAGE = {
    Book.SPANISH: "es",
    Book.SPANISH_2: "es",
    Book.ITALIAN: "it",
    Book.ENGLISH_5_6: "en",
    Book.COMPANION: "",
    UrlandBook.ITALIAN: "it",
}

# Urland's rule areas (its rules pages, `/rules/<area>`), keyed apart from Ursuppe's.
URLAND_AREAS = {
    "urland-setup": "Urland: setup",
    "urland-roles": "Urland: roles and the region to score",
    "urland-actions": "Urland: Ichto actions",
    "urland-scoring": "Urland: scoring and the track",
    "urland-turn-end": "Urland: end of the turn",
    "urland-mutation": "Urland: mutation and the gene auction",
    "urland-panic": "Urland: panic",
    "urland-volcanoes": "Urland: volcanoes and new epochs",
    "urland-end": "Urland: game end",
    "urland-genes": "Urland: genes",
    "urland-corrections": "Urland: referee corrections and why this number",
}


def urland_rule(area: str, section: str) -> Rule:
    """An Urland rule: a section of its Italian rulebook, as printed (`2.3 Punteggio`)."""
    assert area in URLAND_AREAS, area
    return Rule(area, ((UrlandBook.ITALIAN, section),))


def urland_reading(area: str, text: str) -> Rule:
    """The companion's own reading of Urland where its book is silent or loose (`N_` text)."""
    assert area in URLAND_AREAS, area
    return Rule(area, ((Book.COMPANION, text),))


@dataclass(frozen=True)
class Rule:
    """What a step rests on: a rule area and the sections of the books that say it."""

    area: str
    sections: tuple[tuple[Book | UrlandBook, str], ...]

    def __str__(self) -> str:
        return citation_text(cite(self))


class Citation(NamedTuple):
    """One book's section for a rule, as shown: the area (its rules page), book and section."""

    area: str
    book: Book | UrlandBook
    section: str


def cite(
    source: Rule, rulebook: Book | UrlandBook = Book.SPANISH, reader: str | None = None
) -> Citation:
    """The section to show a reader of language `reader` (`es`, `it`, `en`; None: the
    group's own language) in a group that holds `rulebook`.

    The group's book when it is in the reader's language and says the rule; else a book in
    the reader's language that says it (the group's language first: its two Spanish
    translations); else the group's book, a book of its language, or the first that says it.
    """
    books = dict(source.sections)
    if reader is not None and reader != LANGUAGE[rulebook]:
        theirs = [b for b in books if LANGUAGE[b] == reader]
        if theirs:
            return Citation(source.area, theirs[0], books[theirs[0]])
    if rulebook in books:
        return Citation(source.area, rulebook, books[rulebook])
    same = [b for b in books if LANGUAGE[b] == LANGUAGE[rulebook]]
    book = same[0] if same else source.sections[0][0]
    return Citation(source.area, book, books[book])


def citation_msg(citation: Citation) -> Seq:
    """A citation as a message: the book's name (translated where shown) and its section
    as printed (`Spanish rules, Fase 6: Puntuación`), or a companion reading in words."""
    name = Msg(BOOK_NAMES[citation.book])
    if citation.book is Book.COMPANION:
        return Seq((name, Msg(citation.section)), ": ")
    return Seq((name, citation.section), ", ")


def citation_text(citation: Citation) -> str:
    """A citation in English words: `Spanish rules, Fase 6: Puntuación`."""
    return str(citation_msg(citation))
