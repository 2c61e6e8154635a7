"""Warnings about a deck the group typed: accepted, but worth a second look (RULES.md
decisions). The German box has one no-drift card (004 §Fase 1: "no hay deriva"), and the
printed ozone values lie between 1 and 20; a deck without the one or outside the other is
probably mistyped, yet the group's box is what is played."""

from __future__ import annotations

from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe.state import GameSetup
from companion.tracker.ursuppe.views.phrases import comma_list

LOWEST_OZONE, HIGHEST_OZONE = 1, 20


def deck_warnings(setup: GameSetup) -> tuple[Msg, ...]:
    """What looks unusual in a typed deck (none for the placeholder deck)."""
    if setup.deck_is_placeholder:
        return ()
    found = []
    if all(card.drift is not None for card in setup.deck):
        found.append(msg("the deck has no no-drift card (the German box has one)"))
    odd = [c.id for c in setup.deck if not LOWEST_OZONE <= c.ozone <= HIGHEST_OZONE]
    if odd:
        found.append(
            msg(
                "ozone 0 or above 20 on {cards}: check these cards against the box",
                cards=comma_list(odd),
            )
        )
    return tuple(found)
