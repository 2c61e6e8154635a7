"""Phase 3 new genes: what a player may buy (000 §Fase 3, §Genes Avanzados).

No duplicates of a gene held; a gene whose copies are all held is unavailable. An advanced
gene costs its price AND the named lower gene, held since an earlier round. While an advanced
gene is held its lower gene cannot be bought (Armor blocks both Defense and Escape).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker import sources
from companion.tracker.data import BLOCKED_BY_ADVANCED, GENES, GENES_BY_KEY, Color
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.phrases import or_list
from companion.tracker.state import GameState, player_ref


@dataclass(frozen=True)
class Offer:
    """A gene a player may buy now: price, and the lower gene given up for an advanced one."""

    gene: str
    price: int
    give_up: str | None = None


def refusal(
    state: GameState, color: Color, gene: str, give_up: str | None
) -> tuple[Msg, sources.Rule] | None:
    """Why this purchase is not allowed now (message, source), or None if it is."""
    card = GENES_BY_KEY.get(gene)
    if card is None:
        return (msg("there is no gene called {gene}", gene=repr(gene)), sources.GENE_TABLE)
    player = state.player(color)
    who = player_ref(state, color)
    name = card.term
    if state.copies_total(gene) == 0:
        return (
            nmsg(
                "{gene} is not in the deck with {n} player",
                "{gene} is not in the deck with {n} players",
                state.n_players,
                gene=name,
            ),
            sources.GENE_TABLE,
        )
    if player.holds(gene):
        return (
            msg("{who} already holds {gene}; no one may hold two copies", who=who, gene=name),
            sources.PHASE_3,
        )
    for advanced, lowers in BLOCKED_BY_ADVANCED.items():
        if gene in lowers and player.holds(advanced):
            held = GENES_BY_KEY[advanced].term
            return (
                msg(
                    "{who} holds {held}, so {gene} cannot be bought", who=who, held=held, gene=name
                ),
                sources.ADVANCED,
            )
    if state.copies_left(gene) <= 0:
        return (
            msg(
                "every copy of {gene} is held; it returns to the pool only when given back",
                gene=name,
            ),
            sources.PHASE_3,
        )
    if card.advanced:
        if give_up is None or give_up not in card.replaces:
            options = or_list([GENES_BY_KEY[k].term for k in card.replaces])
            return (
                msg("{gene} is bought by giving up {options}", gene=name, options=options),
                sources.ADVANCED,
            )
        held = next((g for g in player.genes if g.key == give_up), None)
        lower = GENES_BY_KEY[give_up].term
        if held is None:
            return (
                msg(
                    "{gene} needs {lower}, which {who} does not hold",
                    gene=name,
                    lower=lower,
                    who=who,
                ),
                sources.ADVANCED,
            )
        if held.since_round >= state.round:
            return (
                msg(
                    "{lower} must have been held since an earlier round to trade it for {gene}",
                    lower=lower,
                    gene=name,
                ),
                sources.ADVANCED,
            )
    elif give_up is not None:
        return (
            msg("{gene} is not an advanced gene; nothing is given up for it", gene=name),
            sources.ADVANCED,
        )
    price = card.price_for(state.n_players)
    if player.bp < price:
        return (
            nmsg(
                "{gene} costs {n} BP; {who} has {bp}",
                "{gene} costs {n} BP; {who} has {bp}",
                price,
                gene=name,
                who=who,
                bp=player.bp,
            ),
            sources.PHASE_3,
        )
    return None


def offers(state: GameState, color: Color) -> tuple[Offer, ...]:
    """Every purchase this player may make now."""
    found = []
    for card in GENES:
        for give_up in card.replaces or (None,):
            if refusal(state, color, card.key, give_up) is None:
                found.append(Offer(card.key, card.price_for(state.n_players), give_up))
    return tuple(found)
