"""One seat's own view: what the rules say for that player now (the ozone debt due, what kills
each amoeba, the advance it would score, what it can afford in this phase), and a person's
phone in double play. A seat never receives another seat's advice; hidden information (a
sensing gene's next card) reaches only its holder's projection.
"""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe.data import GENES_BY_KEY, STREAMLINING
from companion.tracker.ursuppe.genes import deaths as genes_deaths
from companion.tracker.ursuppe.genes import explosion as genes_explosion
from companion.tracker.ursuppe.genes import sensing as genes_sensing
from companion.tracker.ursuppe.rules import defects, division, market, movement, people, scoring
from companion.tracker.ursuppe.rules.deaths import dp_limit
from companion.tracker.ursuppe.state import GameState, Phase, Step, person_ref, player_ref
from companion.tracker.ursuppe.views import extra_notes
from companion.tracker.ursuppe.views.labels import bp
from companion.tracker.ursuppe.views.prompts import prompt
from companion.tracker.ursuppe.views.public import person_ranking, place_of, ranked_players


def _death_note(state: GameState, color: Color, dp: int) -> Msg:
    limit = dp_limit(state, color)
    left = limit - dp
    if left <= 0:
        # TRANSLATORS: {dp} of {n}: the amoeba's damage points and the most it survives.
        return nmsg(
            "dies in phase 5 ({dp} of {n} DP)", "dies in phase 5 ({dp} of {n} DP)", limit, dp=dp
        )
    if left == 1:
        return msg("one more DP kills it (starving once)")
    return nmsg("{n} more DP kills it", "{n} more DP kill it", left)


def _offer(gene: str, price: int, give_up: str | None) -> Msg:
    """A gene on offer: its price, and the gene given up for an advanced one."""
    term = GENES_BY_KEY[gene].term
    if give_up:
        given_up = GENES_BY_KEY[give_up].term
        return msg("{gene} ({price} + {given_up})", gene=term, price=bp(price), given_up=given_up)
    return msg("{gene} ({price})", gene=term, price=bp(price))


def _affordable(state: GameState, color: Color) -> list[Msg]:
    player = state.player(color)
    if state.phase is Phase.GENES:
        offers = market.offers(state, color)
        return [_offer(o.gene, o.price, o.give_up) for o in offers]
    if state.phase is Phase.DIVISION:
        if division.free_amoeba_due(state, color):
            return [msg("one free amoeba, anywhere")]
        cost = division.division_cost(state, color)
        free = len(division.free_numbers(state, color))
        if cost == 0:  # Population Explosion: free amoebas up to the leader's count
            count = min(free, genes_explosion.target(state) - len(state.amoebas_of(color)))
        else:
            count = min(player.bp // cost, free)
        heals = genes_deaths.healing_note(state, color)
        if not count:
            return heals
        return [
            nmsg("{n} new amoeba at {cost}", "{n} new amoebas at {cost}", count, cost=bp(cost))
        ] + heals
    if state.phase is Phase.MOVEMENT:
        if movement.move_cost(player) == 0:
            return [msg("moves are free ({gene})", gene=GENES_BY_KEY[STREAMLINING].term)]
        return [nmsg("{n} move at 1 BP", "{n} moves at 1 BP", player.bp)] if player.bp else []
    return []


def debt_due(state: GameState, color: Color) -> int:
    """MP this player must pay now: only in phase 2 from round 2, until they have paid."""
    c = state.cursor
    if state.phase is not Phase.ENVIRONMENT or state.round < 2 or c.step is not Step.PAY_DEBT:
        return 0
    return defects.debt(state, color) if color in c.order[c.index :] else 0


def seat_view(state: GameState, color: Color) -> dict[str, Any]:
    """One player's own view: BP, genes and MP against the ozone, amoebas, score, options."""
    player = state.player(color)
    card = state.current_card()
    now = prompt(state)
    total, from_amoebas, from_genes = scoring.advance(state, color)
    mp = defects.mp_sum(state, color)
    return {
        "name": player.name,
        "color": color.value,
        "label": player_ref(state, color),
        "bp": player.bp,
        "marker": player.marker,
        "place": place_of(state, player.marker),
        "of": len(ranked_players(state)),  # the places ranked (a decoy that does not score is not)
        "genes": [
            {
                "key": k,
                "name": GENES_BY_KEY[k].term,
                "mp": state.mp_of(k),
                "effect": Msg(GENES_BY_KEY[k].effect),  # marked with N_ in data.py
            }
            for k in player.gene_keys
        ],
        "mp": mp,
        "ozone": card.ozone if card else None,
        "debt": debt_due(state, color),
        "over_ozone": 0 if state.phase is Phase.OVER else defects.debt(state, color),
        "dp_limit": dp_limit(state, color),
        "amoebas": [
            {
                "number": a.number,
                "space": a.space,
                "dp": a.dp,
                "note": _death_note(state, color, a.dp),
            }
            for a in state.amoebas_of(color)
        ],
        "advance": {"total": total, "amoebas": from_amoebas, "genes": from_genes},
        "affordable": _affordable(state, color),
        # why a face-up extra gene is not offered, and why a held one does nothing now
        "gene_notes": extra_notes.unoffered(state, color) + extra_notes.idle(state, color),
        "secret": genes_sensing.secret_for(state, color),  # this seat's only
        "your_turn": now.actor == color,
        "awaiting": now.msg,
    }


def person_seat_view(state: GameState, color: Color) -> dict[str, Any] | None:
    """A person's phone in double play (000 §Ursuppe para 2 jugadores): the own view of each
    of their colors, whose turn it is among them and their place in the persons' ranking;
    None when the color's player plays no other color. Only the person's own colors are
    projected, so hidden information (a sensing gene's next card) stays with its holder."""
    person = people.person_of(state.setup, color)
    if len(person.colors) < 2:
        return None
    views = [seat_view(state, c) for c in person.colors]
    shared = people.shares_records(state.setup)
    for view in views[1:]:  # one purse: the same offers are listed once, under the first color
        if shared and view["affordable"] == views[0]["affordable"]:
            view["affordable"] = []
    ranked = person_ranking(state)
    return {
        "name": person.name,
        "label": person_ref(state, person),
        "colors": views,
        "shared": shared,  # one purse, genes and marker
        "your_turn": any(v["your_turn"] for v in views),
        "awaiting": views[0]["awaiting"],
        "place": next(r["place"] for r in ranked if r["name"] == person.name),
        "people": len(ranked),
    }
