"""Phase 2 gene defects: the MP sum against the ozone layer, and the legal payments.

From round 2, in descending order, a player whose MP sum exceeds the ozone thickness of the
new card pays the difference by returning gene cards (each counts its MP; Ray Protection
counts 4) and/or BP (1 each). If the only way is to return more MP than needed, the excess
is lost (000 §Fase 2; 001 §Perdita delle Carte Gene: 4+3+5=12 MP against ozone 6 owes 6).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Param, Seq, msg, nmsg
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.state import GameState


def mp_sum(state: GameState, color: Color) -> int:
    """The sum of the MP printed on a player's gene cards (Ray Protection -2)."""
    return sum(state.mp_of(k) for k in state.player(color).gene_keys)


def debt(state: GameState, color: Color) -> int:
    """What a player owes the ozone layer now: MP sum minus ozone, or 0."""
    card = state.current_card()
    if card is None:
        return 0
    return max(0, mp_sum(state, color) - card.ozone)


def returned_value(state: GameState, genes: tuple[str, ...]) -> int:
    """MP balanced by returning these genes."""
    return sum(state.returned_value_of(k) for k in genes)


@dataclass(frozen=True)
class Payment:
    """A legal way to pay a debt: genes returned and BP paid; `lost` MP are forfeited."""

    genes: tuple[str, ...]
    bp: int
    lost: int


def legal_payments(state: GameState, color: Color, owed: int) -> tuple[Payment, ...]:
    """Every legal payment: BP cover only what the genes leave, no returned card is superfluous."""
    player = state.player(color)
    keys = tuple(sorted(player.gene_keys))
    found: list[Payment] = []
    for size in range(len(keys) + 1):
        for genes in combinations(keys, size):
            value = returned_value(state, genes)
            # A card is superfluous if the other returned cards already cover the debt.
            if any(value - returned_value(state, (g,)) >= owed for g in genes):
                continue
            bp = max(0, owed - value)
            if bp > player.bp:
                continue
            found.append(Payment(genes, bp, max(0, value - owed)))
    return tuple(sorted(found, key=lambda p: (len(p.genes), p.bp, p.genes)))


def payment_message(who: Param, owed: int, genes: tuple[str, ...], bp: int, lost: int) -> Msg:
    """A debt paid, explained: the genes and BP given, the MP lost, the genes' return."""
    parts: tuple[Param, ...] = tuple(GENES_BY_KEY[g].term for g in genes)
    if bp:
        parts += (nmsg("{n} BP", "{n} BP", bp),)
    # TRANSLATORS: {payment} lists what is given: genes and BP joined with " + ".
    paid = nmsg(
        "{who} pays {n} MP with {payment}",
        "{who} pays {n} MP with {payment}",
        owed,
        who=who,
        payment=Seq(parts, " + "),
    )
    if lost > 0:
        # TRANSLATORS: {paid} says what a player paid ("Ana ● red pays 2 MP with Defense").
        paid = nmsg(
            "{paid}; {n} MP in excess is lost",
            "{paid}; {n} MP in excess are lost",
            lost,
            paid=paid,
        )
    if genes:
        # TRANSLATORS: {paid} says what a player paid ("Ana ● red pays 2 MP with Defense").
        return nmsg(
            "{paid}. The returned gene goes back to the pool.",
            "{paid}. The returned genes go back to the pool.",
            len(genes),
            paid=paid,
        )
    # TRANSLATORS: {paid} says what a player paid ("Ana ● red pays 2 MP with 2 BP").
    return msg("{paid}.", paid=paid)
