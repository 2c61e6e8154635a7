"""Phase 3 new genes: what a player may buy (000 §Fase 3, §Genes Avanzados).

No duplicates of a gene held; a gene whose copies are all held is unavailable. An advanced
gene costs its price AND the named lower gene, held since an earlier round. While an advanced
gene is held its lower gene cannot be bought (Armor blocks both Defense and Escape).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import ALL_GENES, BLOCKED_BY_ADVANCED, GENES_BY_KEY
from companion.tracker.ursuppe.genes.extra import FLEXIBLE, SOCIAL_GENE, SOCIAL_GENE_FROM_PLAYER
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.state import GameState, player_ref
from companion.tracker.ursuppe.views.phrases import or_list


@dataclass(frozen=True)
class Offer:
    """A gene a player may buy now: price, and the lower gene given up for an advanced one."""

    gene: str
    price: int
    give_up: str | None = None


def refusal(
    state: GameState, color: Color, gene: str, give_up: str | None, price: int | None = None
) -> tuple[Msg, sources.Rule] | None:
    """Why this purchase is not allowed now (message, source), or None if it is (`price`:
    what `price_for` says, when the caller has it already)."""
    card = GENES_BY_KEY.get(gene)
    if card is None:
        return (msg("there is no gene called {gene}", gene=repr(gene)), sources.GENE_TABLE)
    player = state.player(color)
    if card.extra and gene not in state.extra_available:
        return not_turned(state, card.term)
    if state.copies_total(gene) == 0:
        return (
            nmsg(
                "{gene} is not in the deck with {n} player",
                "{gene} is not in the deck with {n} players",
                state.n_players,
                gene=card.term,
            ),
            sources.GENE_TABLE,
        )
    if player.holds(gene):
        return (
            msg(
                "{who} already holds {gene}; no one may hold two copies",
                who=player_ref(state, color),
                gene=card.term,
            ),
            sources.PHASE_3,
        )
    for advanced, lowers in BLOCKED_BY_ADVANCED.items():
        if gene in lowers and player.holds(advanced):
            held = GENES_BY_KEY[advanced].term
            return (
                msg(
                    "{who} holds {held}, so {gene} cannot be bought",
                    who=player_ref(state, color),
                    held=held,
                    gene=card.term,
                ),
                sources.ADVANCED,
            )
    if gene == SOCIAL_GENE:
        social = _social_refusal(state, color)
        if social is not None:
            return social
    if state.copies_left(gene) <= 0 and seller(state, color, gene) is None:
        return (
            msg(
                "every copy of {gene} is held; it returns to the pool only when given back",
                gene=card.term,
            ),
            sources.PHASE_3,
        )
    if card.advanced:
        if give_up is None or give_up not in card.replaces:
            options = or_list([GENES_BY_KEY[k].term for k in card.replaces])
            return (
                msg("{gene} is bought by giving up {options}", gene=card.term, options=options),
                sources.ADVANCED,
            )
        held = next((g for g in player.genes if g.key == give_up), None)
        lower = GENES_BY_KEY[give_up].term
        if held is None:
            return (
                msg(
                    "{gene} needs {lower}, which {who} does not hold",
                    gene=card.term,
                    lower=lower,
                    who=player_ref(state, color),
                ),
                sources.ADVANCED,
            )
        if held.since_round >= state.round:
            return (
                msg(
                    "{lower} must have been held since an earlier round to trade it for {gene}",
                    lower=lower,
                    gene=card.term,
                ),
                sources.ADVANCED,
            )
    elif give_up is not None:
        return (
            msg("{gene} is not an advanced gene; nothing is given up for it", gene=card.term),
            sources.ADVANCED,
        )
    if price is None:
        price = price_for(state, color, gene)
    if player.bp < price:
        return (
            nmsg(
                "{gene} costs {n} BP; {who} has {bp}",
                "{gene} costs {n} BP; {who} has {bp}",
                price,
                gene=card.term,
                who=player_ref(state, color),
                bp=player.bp,
            ),
            sources.PHASE_3,
        )
    return None


def offers(state: GameState, color: Color) -> tuple[Offer, ...]:
    """Every purchase this player may make now."""
    found = []
    player = state.player(color)
    off = discount(state, color)
    from_player = seller(state, color, SOCIAL_GENE) is not None
    for card in ALL_GENES:
        # Quick skips of what `refusal` refuses anyway (not turned over, already held,
        # too dear); `refusal` still decides every gene that passes them.
        if card.extra and card.key not in state.extra_available:
            continue
        if player.holds(card.key):
            continue
        price = _price(state, card.key, off, from_player and card.key == SOCIAL_GENE)
        if price > player.bp:
            continue
        for give_up in card.replaces or (None,):
            if refusal(state, color, card.key, give_up, price) is None:
                found.append(Offer(card.key, price, give_up))
    return tuple(found)


def discount(state: GameState, color: Color) -> int:
    """BP off every gene this player buys: 1 with Flexible (003 §The Amoeba Advanced Genome
    Project: "New genes cost 1 BP less"; never below 0, EXTRA-GENES.md)."""
    return 1 if state.player(color).holds(FLEXIBLE) else 0


def seller(state: GameState, color: Color, gene: str) -> Color | None:
    """The player a gene is bought from (Social Gene from its holder), or None: the pool."""
    if gene != SOCIAL_GENE:
        return None
    for p in state.players:
        if p.color != color and p.holds(SOCIAL_GENE):
            return p.color
    return None


def price_for(state: GameState, color: Color, gene: str) -> int:
    """What this player pays for a gene now: the printed price (Social Gene from its holder:
    2 BP, 003), less Flexible's discount, never below 0."""
    return _price(state, gene, discount(state, color), seller(state, color, gene) is not None)


def _price(state: GameState, gene: str, off: int, from_player: bool) -> int:
    """`price_for` with the discount and whether a player sells it already known (`offers`
    asks them once for every gene)."""
    base = SOCIAL_GENE_FROM_PLAYER if from_player else state.price_of(gene)
    return max(0, base - off)


def not_turned(state: GameState, name) -> tuple[Msg, sources.Rule]:
    """Why an extra gene cannot be had: extra genes are not used, or it is not face up."""
    if state.setup.extra_genes is ExtraGenesMode.NONE:
        return (msg("extra genes are not used in this game"), sources.EXTRA_PLAY)
    return (msg("{gene} has not been turned over", gene=name), sources.EXTRA_PLAY)


def _social_refusal(state: GameState, color: Color) -> tuple[Msg, sources.Rule] | None:
    """Only the player in last place on the ladder may buy Social Gene (003)."""
    last = min(state.players, key=lambda p: p.marker)
    if last.color != color:
        return (
            msg(
                "only the player in last place may buy {gene}",
                gene=GENES_BY_KEY[SOCIAL_GENE].term,
            ),
            sources.EXTRA_GENE_TABLE,
        )
    return None
