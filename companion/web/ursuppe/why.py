"""Why this number, on the console and the phones: each computed number opens its derivation
(`tracker/ursuppe/views/why.py` computes them; this only picks which ones a screen shows)."""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.ursuppe.rules import market
from companion.tracker.ursuppe.state import GameState, Phase
from companion.tracker.ursuppe.views import why as core


def derivations(state: GameState, color: Color | str) -> dict[str, core.Derivation]:
    """Every derivation for one player's numbers, by kind (debt, advance, death, ...)."""
    color = Color(color)
    return {kind: compute(state, color) for kind, compute in core.KINDS.items()}


def prices(state: GameState, color: Color | str) -> list[core.Derivation]:
    """The derivation of each gene price a player may pay now (phase 3)."""
    if state.phase is not Phase.GENES:
        return []
    seen = []
    for offer in market.offers(state, Color(color)):
        if offer.gene not in seen:
            seen.append(offer.gene)
    return [core.price(state, gene) for gene in seen]
