"""The rules pages' parts: a page of a rule area, its scoring tables, the rule options."""

from __future__ import annotations

from dataclasses import dataclass, field

from flask_babel import gettext as _


@dataclass
class Page:
    """One rule area explained: what the rule says, the app's readings, the options."""

    title: str
    text: list[str]
    readings: list[str] = field(default_factory=list)
    options: list[str] = field(default_factory=list)
    tables: list[AdvanceTable] = field(default_factory=list)


@dataclass
class AdvanceTable:
    """A scoring table as printed: counts (grouped where they advance alike) and spaces."""

    caption: str
    counts: list[str]
    spaces: list[int]


def advance_table(caption: str, table: tuple[int, ...], open_ended: bool) -> AdvanceTable:
    """The core's advance table (index = count) in the printed form: `0-2 | 3 | ... | 6+`."""
    counts: list[str] = []
    spaces: list[int] = []
    start = 0
    for i, value in enumerate(table):
        if i + 1 < len(table) and table[i + 1] == value:
            continue
        counts.append(f"{start}-{i}" if i > start else str(i))
        spaces.append(value)
        start = i + 1
    if open_ended:
        counts[-1] += "+"
    return AdvanceTable(caption, counts, spaces)


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
