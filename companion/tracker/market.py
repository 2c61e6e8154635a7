"""Phase 3 new genes: what a player may buy (000 §Fase 3, §Genes Avanzados).

No duplicates of a gene held; a gene whose copies are all held is unavailable. An advanced
gene costs its price AND the named lower gene, held since an earlier round. While an advanced
gene is held its lower gene cannot be bought (Armor blocks both Defense and Escape).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker import sources
from companion.tracker.data import BLOCKED_BY_ADVANCED, GENES, GENES_BY_KEY, Color
from companion.tracker.state import GameState, player_label


@dataclass(frozen=True)
class Offer:
    """A gene a player may buy now: price, and the lower gene given up for an advanced one."""

    gene: str
    price: int
    give_up: str | None = None


def refusal(
    state: GameState, color: Color, gene: str, give_up: str | None
) -> tuple[str, sources.Rule] | None:
    """Why this purchase is not allowed now (message, source), or None if it is."""
    card = GENES_BY_KEY.get(gene)
    if card is None:
        return (f"there is no gene called {gene!r}", sources.GENE_TABLE)
    player = state.player(color)
    who = player_label(state, color)
    name = card.name
    if state.copies_total(gene) == 0:
        return (f"{name} is not in the deck with {state.n_players} players", sources.GENE_TABLE)
    if player.holds(gene):
        return (f"{who} already holds {name}; no one may hold two copies", sources.PHASE_3)
    for advanced, lowers in BLOCKED_BY_ADVANCED.items():
        if gene in lowers and player.holds(advanced):
            return (
                f"{who} holds {GENES_BY_KEY[advanced].name}, so {name} cannot be bought",
                sources.ADVANCED,
            )
    if state.copies_left(gene) <= 0:
        return (
            f"every copy of {name} is held; it returns to the pool only when given back",
            sources.PHASE_3,
        )
    if card.advanced:
        if give_up is None or give_up not in card.replaces:
            options = " or ".join(GENES_BY_KEY[k].name for k in card.replaces)
            return (f"{name} is bought by giving up {options}", sources.ADVANCED)
        held = next((g for g in player.genes if g.key == give_up), None)
        lower = GENES_BY_KEY[give_up].name
        if held is None:
            return (f"{name} needs {lower}, which {who} does not hold", sources.ADVANCED)
        if held.since_round >= state.round:
            return (
                f"{lower} must have been held since an earlier round to trade it for {name}",
                sources.ADVANCED,
            )
    elif give_up is not None:
        return (f"{name} is not an advanced gene; nothing is given up for it", sources.ADVANCED)
    price = card.price_for(state.n_players)
    if player.bp < price:
        return (f"{name} costs {price} BP; {who} has {player.bp}", sources.PHASE_3)
    return None


def offers(state: GameState, color: Color) -> tuple[Offer, ...]:
    """Every purchase this player may make now."""
    found = []
    for card in GENES:
        for give_up in card.replaces or (None,):
            if refusal(state, color, card.key, give_up) is None:
                found.append(Offer(card.key, card.price_for(state.n_players), give_up))
    return tuple(found)
