"""Ursuppe's part of the rules pages: its rule areas (`ruletext_*`), the sections of each
printed rulebook, its gene table, its rule options in sentences, and the rulebooks a group
may hold (the setup form)."""

from __future__ import annotations

from flask_babel import gettext as _
from markupsafe import Markup

from companion.tracker.ursuppe.data import GENES, GENES_BY_KEY
from companion.tracker.ursuppe.sources import AREAS, RULEBOOKS, area_sections
from companion.web.gameshell import RulePages
from companion.web.rulepage import Page
from companion.web.rules import book_name, book_title
from companion.web.ursuppe.ruletext_early import early_pages
from companion.web.ursuppe.ruletext_late import late_pages
from companion.web.ursuppe.ruletext_two import two_player_pages


def rulebook_choices() -> list[tuple[str, str]]:
    """The rulebooks a group may hold, for the setup form: (value, label)."""
    return [(b.value, f"{book_name(b)}: {book_title(b)}") for b in RULEBOOKS]


def pages() -> dict[str, Page]:
    """Every rule area in the app's own words, in the order of a game."""
    return {**early_pages(), **late_pages(), **two_player_pages()}


def sections(area: str) -> list[tuple[str, str]]:
    """Each printed rulebook's sections for an area."""
    return [(book_name(b), "; ".join(s)) for b, s in area_sections(area).items()]


def genes(area: str) -> list:
    """The gene table of the genes' pages: each gene and the genes it is traded for."""
    advanced = {"genes": False, "advanced_genes": True}
    return [
        (g, [GENES_BY_KEY[k].term for k in g.replaces])
        for g in GENES
        if area in advanced and g.advanced == advanced[area]
    ]


def option_texts() -> dict[str, str]:
    """Each rule option (`companion/tracker/ursuppe/options.py`): its default and alternative."""
    return {
        "gene_advance_table": _(
            "Gene advance table. Default: 5 gene cards advance 3 spaces, 6 or more advance 4 "
            "(the Spanish rules, the Italian summary table, the English expansion). "
            "Alternative: 5 cards advance 4, 6 cards 5 (the Italian main text, likely a "
            "misprint)."
        ),
        "amoeba_advance_5_6": _(
            "Amoeba advance with 5-6 players. Default: the English expansion's table (2 "
            "amoebas 1 space up to 6 amoebas 5 spaces). Alternative: the Italian table "
            "(4 amoebas 4, 5 amoebas 5, 6 amoebas 6)."
        ),
        "substitution_4p": _(
            "Substitution with 4 players. Default: 2:2:0 or 3:1:0 (the Italian rules). "
            "Alternative: 2:2:0 only (the Spanish rules)."
        ),
        "defense_and_escape_both": _(
            "Defense and Escape against one attack. Default: both, in any order, each once a "
            "round (the Italian rules, the English expansion). Alternative: only one of them "
            "(the Spanish rules)."
        ),
        "zero_amoebas": _(
            "No amoeba left in phase 4. Default: one free amoeba, anywhere (the Italian rules, "
            "the second Spanish translation). Alternative: nothing (the Spanish rules are "
            "silent)."
        ),
        "extra_genes_per_round": _(
            "Extra genes turned over per round, right after the leader has bought. Default: 2 "
            "(the English expansion); the Italian rules say 3; 1 is allowed."
        ),
        "persistence_copies_4p": _(
            "Persistence copies with 4 players. Default: 1 (the Italian rules and the German "
            "reference sheet). Alternative: 2 (the Spanish rules, a known error)."
        ),
        "end_zone_start": _(
            "End zone start. Default: the last 10 spaces of the ladder. A group may agree on "
            "an earlier start (the second Spanish translation)."
        ),
        "extra_gene_prices": _(
            "Extra gene price and MP where the Italian and English books differ. Default: the "
            "English expansion."
        ),
        "armor_vs_aggression": _(
            "Aggression absorbed by Armor. Default: a success, so Persistence gives no retry "
            "(the publisher's FAQ). Alternative: a failure."
        ),
        "suction_diagonal": _(
            "Suction II and diagonal spaces. Default: no, only orthogonal neighbours (the "
            "Italian rules). Alternative: diagonal spaces count too (the English expansion)."
        ),
        "healing_transfer": _(
            "Healing II moving a DP onto another amoeba. Default: 3 BP and that amoeba dies at "
            "once (the English expansion). Alternative: 4 BP, and it dies only if the DP "
            "reaches its limit (the Italian rules)."
        ),
        "rebound": _(
            "Rebound. Default: past the compass island to the space beyond; at the board edge "
            "the amoeba stays (the English expansion). Alternative: back one space the other "
            "way (the Italian rules)."
        ),
    }


RULES = RulePages(
    heading=lambda: Markup(_("Ursuppe, the primordial soup")),
    areas=tuple(AREAS),
    pages=pages,
    sections=sections,
    options=option_texts,
    genes=genes,
)
