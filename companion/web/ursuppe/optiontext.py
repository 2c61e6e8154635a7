"""The rule options in words a player understands: a question, and what each choice means.

The core keeps the typed option keys, their defaults and the sources of each reading
(`tracker/ursuppe/options.py`); these sentences belong to the shell and go through gettext. Every
choice's form value is the key the record stores (booleans: "on" / "off").
"""

from __future__ import annotations

import dataclasses
from typing import Any

from flask_babel import gettext as _

from companion.tracker.ursuppe.options import OPTION_INFO, RuleOptions


def _texts() -> dict[str, tuple[str, dict[str, str]]]:
    """Per option: the question, and the reading of each choice by its form value."""
    return {
        "gene_advance_table": (
            _("In phase 6, how many ladder spaces do gene cards earn?"),
            {
                "standard": _(
                    "3 gene cards: 1 space, 4: 2, 5: 3, 6 or more: 4 (fewer than 3: none)"
                ),
                "italian_main_text": _(
                    "As above, but 5 gene cards: 4 spaces and 6 or more: 5 "
                    "(the Italian main text; most likely a misprint)"
                ),
            },
        ),
        "amoeba_advance_5_6": (
            _("With 5 or 6 players, how many ladder spaces do amoebas on the board earn?"),
            {
                "english": _("2 amoebas: 1 space, 3: 2, 4: 3, 5: 4, 6: 5 (English expansion)"),
                "italian": _("As above, but 4 amoebas: 4 spaces, 5: 5, 6: 6 (Italian rules)"),
            },
        ),
        "substitution_4p": (
            _(
                "With 4 players, what may an amoeba with Substitution eat "
                "(one color fewer, one cube more)?"
            ),
            {
                "2:2:0 or 3:1:0": _(
                    "2 cubes each of two colors, or 3 of one color and 1 of another (Italian rules)"
                ),
                "2:2:0 only": _("Only 2 cubes each of two colors (Spanish rules)"),
            },
        ),
        "defense_and_escape_both": (
            _("An amoeba with both Defense and Escape is attacked: may it use both?"),
            {
                "on": _("Yes, both, in either order, each once a round (Italian and English)"),
                "off": _("No, only one of them against one attack (Spanish rules)"),
            },
        ),
        "zero_amoebas": (
            _("A player has no amoeba left on the board in phase 4: what happens?"),
            {
                "free_amoeba": _(
                    "They place one amoeba for free on any space (Italian and second Spanish rules)"
                ),
                "none": _(
                    "Nothing: with no amoeba to divide from they place none, unless they hold "
                    "Spores (the Spanish rules are silent)"
                ),
            },
        ),
        "extra_genes_per_round": (
            _(
                "How many extra genes are turned over each round, right after the leader has "
                "bought?"
            ),
            {
                "2": _("2 extra genes (English expansion)"),
                "3": _("3 extra genes (Italian rules)"),
                "1": _("1 extra gene (a house rule)"),
            },
        ),
        "persistence_copies_4p": (
            _("With 4 players, how many Persistence cards are in the game?"),
            {
                "1": _("1 card (Italian rules and the German sheet: the 4-player deck adds up)"),
                "2": _("2 cards (the English sheet, a known error)"),
            },
        ),
        "end_zone_start": (
            _("Where does the end zone (the dark spaces that end the game) start?"),
            {
                "": _(
                    "Leave empty for the last 10 spaces of the ladder; a group may agree on "
                    "an earlier start space (second Spanish rules)"
                ),
            },
        ),
        "extra_gene_prices": (
            _(
                "Extra genes priced differently in the Italian and English printings (Social "
                "Gene, Fast Food, Highly Adaptable, More than a Mouthful, Camouflage II): "
                "which price and MP?"
            ),
            {
                "003": _("The English printing's price and MP"),
                "001": _("The Italian printing's price and MP"),
            },
        ),
        "armor_vs_aggression": (
            _("Armor absorbs an Aggression (the victim takes +1 DP instead): was it a success?"),
            {
                "success": _("Yes: Persistence gives the attacker no second try (publisher's FAQ)"),
                "failure": _("No: Persistence lets the attacker try again"),
            },
        ),
        "suction_diagonal": (
            _(
                "Suction II takes up to 2 cubes from a neighbouring space: "
                "do diagonal spaces count?"
            ),
            {
                "off": _("No: only the spaces to the north, east, south and west (Italian rules)"),
                "on": _("Yes: diagonal spaces count too (English expansion)"),
            },
        ),
        "healing_transfer": (
            _("Healing II moves a DP onto another amoeba on the same space: what happens to it?"),
            {
                "003": _("It costs 3 BP and the other amoeba dies at once (English expansion)"),
                "001": _(
                    "It costs 4 BP and the other amoeba dies at once only if that DP reaches "
                    "its limit (Italian rules)"
                ),
            },
        ),
        "rebound": (
            _("An amoeba with Rebound is stopped by an obstacle: where may it bounce?"),
            {
                "003": _(
                    "Past the compass island to the space beyond it; at the board edge it stays "
                    "(English expansion)"
                ),
                "001": _(
                    "Back one space the other way, from the island or the edge (Italian rules)"
                ),
            },
        ),
    }


def form_value(value: Any) -> str:
    """An option value as the setup form carries it."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return ""
    return str(getattr(value, "value", value))


def question(name: str) -> str:
    """The question an option answers, for refusals naming it."""
    return _texts()[name][0]


def option_fields(form: Any = None) -> list[dict[str, Any]]:
    """Every rule option as sentences: its choices with their readings, the default marked,
    the sources of the readings, and the choice made (the form's, else the default)."""
    texts = _texts()
    defaults = RuleOptions()
    out = []
    for f in dataclasses.fields(RuleOptions):
        ask, readings = texts[f.name]
        info = OPTION_INFO[f.name]
        default = form_value(getattr(defaults, f.name))
        if form and isinstance(getattr(defaults, f.name), bool):
            chosen = "on" if form.get(f"opt_{f.name}") == "on" else "off"
        elif form:
            chosen = form.get(f"opt_{f.name}", default)
        else:
            chosen = default
        choices = [
            {"value": value, "text": text, "default": value == default}
            for value, text in readings.items()
        ]
        out.append(
            {
                "name": f.name,
                "question": ask,
                "choices": choices,
                "chosen": chosen,
                "number": f.name == "end_zone_start",
                "default_source": info.default_source,
                "alternative_source": info.alternative_source,
            }
        )
    return out
