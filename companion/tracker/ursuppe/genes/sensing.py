"""Migration Sensing and Environmental Sensing: the first hidden information of the game.

003 §The Amoeba Advanced Genome Project: Migration Sensing: "At the start of Phase 1 ... may
look at the environment card that will be turned over later during the phase. They may not
tell their fellow players"; Environmental Sensing: "Directly after turning over a new
environment card in Phase 2, a player with this gene may secretly look at the next
environment card". The next card is known only when the app holds the shuffled order; then
only the holder's own projection carries it (`seat_view`). Every other view says at most
that the holder may look. With cards drawn at the table nothing hidden is tracked.
"""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes.extra import ENVIRONMENTAL_SENSING, MIGRATION_SENSING
from companion.tracker.ursuppe.state import GameState, Phase, Step, player_ref


def _sense(state: GameState, color: Color) -> str | None:
    """Which sensing gene lets this player look at the next card now, if any."""
    player = state.player(color)
    if not (player.holds(ENVIRONMENTAL_SENSING) or player.holds(MIGRATION_SENSING)):
        return None  # most players: every view asks this, so the cheap test goes first
    if state.phase in (Phase.SETUP, Phase.OVER) or not state.remaining_cards():
        return None
    if player.holds(ENVIRONMENTAL_SENSING):
        return ENVIRONMENTAL_SENSING
    before_the_turn = state.phase is Phase.MOVEMENT or (
        state.phase is Phase.ENVIRONMENT and state.cursor.step is Step.TURN_CARD
    )
    if player.holds(MIGRATION_SENSING) and before_the_turn:
        return MIGRATION_SENSING
    return None


def sensers(state: GameState) -> tuple[Color, ...]:
    """The players who may look at the next environment card now."""
    return tuple(c for c in state.colors if _sense(state, c))


def app_knows_next(state: GameState) -> bool:
    """Whether the app holds the next card (a recorded shuffle), not the table's deck."""
    return bool(state.shuffled_order)


def public_notes(state: GameState) -> list[Msg]:
    """What everyone may read: who may look at the next card, never the card."""
    notes = []
    for color in sensers(state):
        who = player_ref(state, color)
        if app_knows_next(state):
            text = msg("{who} may look at the next environment card on their phone.", who=who)
        else:
            text = msg("{who} may look at the next environment card of the deck.", who=who)
        notes.append(text)
    return notes


def secret_for(state: GameState, color: Color) -> dict[str, Any] | None:
    """The next card for its holder's own projection only (or how to look at the table)."""
    gene = _sense(state, color)
    if gene is None:
        return None
    src = (
        sources.EXTRA_ENVIRONMENT_ADVANCED
        if gene == ENVIRONMENTAL_SENSING
        else (sources.EXTRA_ENVIRONMENT)
    )
    term = GENES_BY_KEY[gene].term
    if not app_knows_next(state):
        note = msg(
            "{gene}: look at the next card of the deck at the table; tell no one.", gene=term
        )
        return {"gene": term, "card": None, "note": note, "source": src}
    card = state.setup.cards[state.shuffled_order[0]]
    note = msg("{gene}: the next environment card, for you alone; tell no one.", gene=term)
    return {
        "gene": term,
        "card": {
            "id": card.id,
            "drift": card.drift.value if card.drift else None,
            "ozone": card.ozone,
        },
        "note": note,
        "source": src,
    }
