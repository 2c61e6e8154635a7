"""Handlers of phases 2-5: gene defects, buying genes, division, Aggression declined."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import flow, sources
from companion.tracker.ursuppe.actions import (
    BuyGene,
    DeclineAggression,
    Divide,
    EndDivision,
    EndPurchases,
    PayDebt,
    PlaceFreeAmoeba,
)
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes import explosion as genes_explosion
from companion.tracker.ursuppe.genes import phase3 as genes_phase3
from companion.tracker.ursuppe.genes.actions import Explode, SwapGene
from companion.tracker.ursuppe.phases.base import Events, say, who
from companion.tracker.ursuppe.rules import defects, division, market
from companion.tracker.ursuppe.state import GameState, HeldGene, player_ref
from companion.tracker.ursuppe.views.phrases import gene


def _pay_debt(state: GameState, action: PayDebt, events: Events) -> GameState:
    player = state.player(action.color)
    owed = defects.debt(state, action.color)
    value = defects.returned_value(state, action.genes)
    genes = tuple(g for g in player.genes if g.key not in action.genes)
    state = state.with_player(replace(player, bp=player.bp - action.bp, genes=genes))
    name = player_ref(state, action.color)
    text = defects.payment_message(name, owed, action.genes, action.bp, value - owed)
    say(events, "defects", text, sources.PHASE_2)
    return flow.next_debtor(state.with_cursor(index=state.cursor.index + 1), events)


def _buy(state: GameState, action: BuyGene, events: Events) -> GameState:
    player = state.player(action.color)
    card = GENES_BY_KEY[action.gene]
    price = market.price_for(state, action.color, action.gene)
    seller = market.seller(state, action.color, action.gene)
    if seller is not None:
        return genes_phase3.buy_from_holder(state, action.color, seller, price, events)
    genes = tuple(g for g in player.genes if g.key != action.give_up)
    genes += (HeldGene(action.gene, state.round),)
    state = state.with_player(replace(player, bp=player.bp - price, genes=genes))
    name = player_ref(state, action.color)
    left = nmsg("{n} BP left", "{n} BP left", player.bp - price)
    if action.give_up:
        text = nmsg(
            "{who} buys {gene} for {n} BP, giving up {lower} ({left}).",
            "{who} buys {gene} for {n} BP, giving up {lower} ({left}).",
            price,
            who=name,
            gene=card.term,
            lower=gene(action.give_up),
            left=left,
        )
    else:
        text = nmsg(
            "{who} buys {gene} for {n} BP ({left}).",
            "{who} buys {gene} for {n} BP ({left}).",
            price,
            who=name,
            gene=card.term,
            left=left,
        )
    say(events, "buy", text, sources.ADVANCED if action.give_up else sources.PHASE_3)
    return state


def _end_purchases(state: GameState, action: EndPurchases, events: Events) -> GameState:
    return flow.next_buyer(state, events)


def _divide(state: GameState, action: Divide, events: Events) -> GameState:
    if state.cursor.exploding:
        return genes_explosion.place(state, action, events)
    cost = division.division_cost(state, action.amoeba.color)
    rule = division.division_rule(state, action.amoeba.color)
    state = flow.pay(state, action.amoeba.color, cost)
    state = flow.place_new_amoeba(state, action.amoeba, action.space)
    state = state.with_cursor(acted=state.cursor.acted + (action.amoeba,))  # births this phase
    text = nmsg(
        "{who} is born on space {space} for {n} BP ({rule}); {left}.",
        "{who} is born on space {space} for {n} BP ({rule}); {left}.",
        cost,
        who=who(state, action.amoeba),
        space=action.space,
        rule=rule,
        left=nmsg("{n} BP left", "{n} BP left", state.player(action.amoeba.color).bp),
    )
    say(events, "divide", text, sources.PHASE_4)
    return state


def _free_amoeba(state: GameState, action: PlaceFreeAmoeba, events: Events) -> GameState:
    state = flow.place_new_amoeba(state, action.amoeba, action.space)
    state = state.with_cursor(acted=state.cursor.acted + (action.amoeba,))
    text = msg(
        "{player} has no amoeba left and places {who} free on space {space}.",
        player=player_ref(state, action.amoeba.color),
        who=who(state, action.amoeba),
        space=action.space,
    )
    say(events, "divide", text, sources.FREE_AMOEBA)
    return state


def _end_division(state: GameState, action: EndDivision, events: Events) -> GameState:
    return flow.next_divider(state.with_cursor(exploding=False), events)


def _decline_aggression(state: GameState, action: DeclineAggression, events: Events) -> GameState:
    return flow.aggression_done(state, events)


HANDLERS = {
    SwapGene: genes_phase3.swap,
    Explode: genes_explosion.explode,
    PayDebt: _pay_debt,
    BuyGene: _buy,
    EndPurchases: _end_purchases,
    Divide: _divide,
    PlaceFreeAmoeba: _free_amoeba,
    EndDivision: _end_division,
    DeclineAggression: _decline_aggression,
}
