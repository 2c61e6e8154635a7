"""Extra genes that change phase 3: Social Gene bought from its holder, Highly Adaptable's
swaps (003 §The Amoeba Advanced Genome Project; readings in shared EXTRA-GENES.md).

Highly Adaptable: "Genes which you have already bought, (including this one), may be swapped
during Phase 3 for any available gene. If the new gene is more expensive than the old, you
must pay the difference ... you do not receive any BPs as compensation." The companion's
reading: several swaps per turn, a gene taken by a swap is not swapped again this turn, the
new gene is a non-advanced one (advanced genes are bought the normal way), Flexible's
discount applies to the new gene's price.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import ALL_GENES, GENES_BY_KEY
from companion.tracker.ursuppe.genes.actions import SwapGene
from companion.tracker.ursuppe.genes.extra import HIGHLY_ADAPTABLE, SOCIAL_GENE, swapped_mark
from companion.tracker.ursuppe.phases.base import Events, say
from companion.tracker.ursuppe.rules import market
from companion.tracker.ursuppe.state import GameState, HeldGene, player_ref


def buy_from_holder(
    state: GameState, color: Color, seller: Color, price: int, events: Events
) -> GameState:
    """Social Gene bought from its holder: the price goes to the holder, who loses the card
    (003: "they only pay 2 BPs to that player. The Bank gets nothing")."""
    gene = GENES_BY_KEY[SOCIAL_GENE]
    old = state.player(seller)
    kept = tuple(g for g in old.genes if g.key != SOCIAL_GENE)
    state = state.with_player(replace(old, genes=kept, bp=old.bp + price))
    buyer = state.player(color)
    genes = buyer.genes + (HeldGene(SOCIAL_GENE, state.round),)
    state = state.with_player(replace(buyer, bp=buyer.bp - price, genes=genes))
    text = nmsg(
        "{who} buys {gene} from {seller} for {n} BP, paid to {seller}.",
        "{who} buys {gene} from {seller} for {n} BP, paid to {seller}.",
        price,
        who=player_ref(state, color),
        gene=gene.term,
        seller=player_ref(state, seller),
    )
    say(events, "buy", text, sources.EXTRA_GENES_MARKET)
    return state


def swap_cost(state: GameState, color: Color, give: str, take: str) -> int:
    """BP a swap costs: the difference in price if the new gene costs more, else 0."""
    return max(0, market.price_for(state, color, take) - state.price_of(give))


def swap_refusal(state: GameState, action: SwapGene) -> IllegalAction | None:
    """Why this swap is not possible now, or None."""
    color, give, take = action.color, action.give, action.take
    player = state.player(color)
    src = sources.SWAP_READING
    if give not in GENES_BY_KEY or take not in GENES_BY_KEY:
        return IllegalAction(msg("there is no such gene"), sources.GENE_TABLE)
    if not player.holds(HIGHLY_ADAPTABLE):
        return IllegalAction(
            msg("only a holder of {gene} may swap genes", gene=_t(HIGHLY_ADAPTABLE)),
            sources.EXTRA_GENES_MARKET,
        )
    if not player.holds(give):
        return IllegalAction(
            msg("{who} does not hold {gene}", who=player_ref(state, color), gene=_t(give)), src
        )
    if swapped_mark(give) in player.used_this_round:
        return IllegalAction(
            msg("{gene} was taken by a swap this turn and is kept", gene=_t(give)), src
        )
    if GENES_BY_KEY[take].advanced:
        return IllegalAction(
            msg("{gene} is an advanced gene: it is only bought, never swapped for", gene=_t(take)),
            src,
        )
    if take == give or state.copies_left(take) <= 0:
        return IllegalAction(msg("a gene is swapped for another one from the pool"), src)
    # Every purchase rule holds but the price (a swap pays only the difference).
    kept = tuple(g for g in player.genes if g.key != give)
    rich = state.with_player(replace(player, genes=kept, bp=10**6))
    refused = market.refusal(rich, color, take, None)
    if refused is not None:
        return IllegalAction(*refused)
    cost = swap_cost(state, color, give, take)
    if player.bp < cost:
        return IllegalAction(
            nmsg(
                "the swap costs {n} BP; {who} has {bp}",
                "the swap costs {n} BP; {who} has {bp}",
                cost,
                who=player_ref(state, color),
                bp=player.bp,
            ),
            src,
        )
    return None


def _t(key: str):
    return GENES_BY_KEY[key].term


def swaps(state: GameState, color: Color) -> list[SwapGene]:
    """Every swap Highly Adaptable allows this player now."""
    player = state.player(color)
    if not player.holds(HIGHLY_ADAPTABLE):
        return []
    found = []
    for held in player.gene_keys:
        for card in ALL_GENES:
            action = SwapGene(color, held, card.key)
            if not card.advanced and swap_refusal(state, action) is None:
                found.append(action)
    return found


def swap(state: GameState, action: SwapGene, events: Events) -> GameState:
    """Give a gene back to the pool, take the new one, pay any difference."""
    color, give, take = action.color, action.give, action.take
    cost = swap_cost(state, color, give, take)
    player = state.player(color)
    genes = tuple(g for g in player.genes if g.key != give) + (HeldGene(take, state.round),)
    used = player.used_this_round + (swapped_mark(take),)
    changed = replace(player, genes=genes, bp=player.bp - cost, used_this_round=used)
    state = state.with_player(changed)
    text = nmsg(
        "{who} swaps {give} for {take} (Highly Adaptable) and pays {n} BP.",
        "{who} swaps {give} for {take} (Highly Adaptable) and pays {n} BP.",
        cost,
        who=player_ref(state, color),
        give=_t(give),
        take=_t(take),
    )
    say(events, "buy", text, sources.SWAP_READING)
    return state


def refusal(state: GameState, action: object) -> IllegalAction | None:
    """The refusal of a phase 3 extra-gene action by its own content, if any."""
    if isinstance(action, SwapGene):
        return swap_refusal(state, action)
    return None
