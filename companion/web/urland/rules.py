"""Urland's part of the rules pages (`/rules/urland-...`): its areas (`ruletext`), the
sections of its Italian rulebook, its options in sentences."""

from __future__ import annotations

from flask_babel import gettext as _
from markupsafe import Markup

from companion.tracker.citations import URLAND_AREAS, UrlandBook
from companion.web.gameshell import RulePages
from companion.web.rules import book_name
from companion.web.urland.ruletext import urland_option_texts, urland_pages, urland_sections


def sections(area: str) -> list[tuple[str, str]]:
    """The Italian rulebook's sections for an area (the ones the core cites)."""
    return [(book_name(UrlandBook.ITALIAN), "; ".join(urland_sections(area)))]


RULES = RulePages(
    heading=lambda: Markup(_("Urland, the designers' sister game")),
    areas=tuple(URLAND_AREAS),
    pages=urland_pages,
    sections=sections,
    options=urland_option_texts,
)
