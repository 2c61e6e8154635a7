"""The setup form as the referee's browser submits it, for the web, trust and bench tests."""

from __future__ import annotations

import dataclasses

from companion.tracker.ursuppe.data import PLACEHOLDER_DECK
from companion.tracker.ursuppe.options import RuleOptions

FOUR = (("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green"), ("Dev", "blue"))


def default_options() -> dict[str, str]:
    """The rule options as the setup form submits them untouched (every default)."""
    fields: dict[str, str] = {}
    defaults = RuleOptions()
    for f in dataclasses.fields(RuleOptions):
        value = getattr(defaults, f.name)
        if isinstance(value, bool):
            if value:
                fields[f"opt_{f.name}"] = "on"
        elif value is None:
            fields[f"opt_{f.name}"] = ""
        else:
            fields[f"opt_{f.name}"] = str(getattr(value, "value", value))
    return fields


def setup_form(name: str = "Test game", players=FOUR, **overrides: str) -> dict[str, str]:
    """A complete setup form: players, table choices, the placeholder deck, default options."""
    form = {
        "game_name": name,
        "dice": "table",
        "cards": "table",
        "board_flip": "none",
        "ladder_length": "50",
        "rulebook": "es",
    }
    for i, (player, color) in enumerate(players):
        form[f"name{i}"] = player
        form[f"color{i}"] = color
    for i, card in enumerate(PLACEHOLDER_DECK):
        form[f"card{i}"] = card.id
        form[f"drift{i}"] = card.drift.value if card.drift else ""
        form[f"ozone{i}"] = str(card.ozone)
    form.update(default_options())
    form.update(overrides)
    return form
