"""What each viewer may see of a state: the public board, and one seat's own view.

Ursuppe has almost no hidden information on the table (BP, genes, amoebas and cubes lie
open), so the public projection is the whole table but for the next environment card, which
only a holder of Migration or Environmental Sensing may see, on their own projection. A
seat's projection adds what the rules say for that player now: the ozone debt due, what
kills each amoeba, the advance it would score, and what it can afford in this phase. A seat
never receives another seat's advice.

Words in a view are messages, game words and references (`msg.py`), never English
sentences: the shell renders them in each reader's language (`str()` is English).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from companion.tracker.citations import cite
from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import (
    defects,
    division,
    genes_deaths,
    genes_explosion,
    genes_sensing,
    market,
    movement,
    people,
    scoring,
)
from companion.tracker.ursuppe.data import GENES_BY_KEY, STREAMLINING
from companion.tracker.ursuppe.deaths import dp_limit
from companion.tracker.ursuppe.labels import bp
from companion.tracker.ursuppe.people import TwoPlayers
from companion.tracker.ursuppe.prompts import prompt
from companion.tracker.ursuppe.state import (
    PHASE_TITLES,
    GameState,
    Phase,
    Step,
    person_ref,
    player_ref,
)


def public_view(state: GameState) -> dict[str, Any]:
    """The table as everyone sees it, with the standings."""
    return {
        **table_view(state),
        "score_history": [list(r) for r in state.score_history],
        "start_markers": list(state.start_markers),
        "marker_colors": [c.value for c in people.marker_colors(state.setup)],
        "ranking": ranking(state),
        "two_players": state.setup.two_players.value,
        "persons": person_ranking(state),
        "winners": _winners(state) if state.phase is Phase.OVER else [],
    }


def table_view(state: GameState) -> dict[str, Any]:
    """The table as everyone sees it now (the console's view: a tap asks it every time),
    without the standings `public_view` adds."""
    card = state.current_card()
    now = prompt(state)
    ranked = {p.color for p in _ranked(state)}
    colors = [c.value for c in state.colors]
    value = dict(zip(state.colors, colors))  # a dict lookup, not the enum's property each time
    # One pass over the amoebas and the cube rows instead of one per player (the console
    # asks this on every tap): the same counts as amoebas_of and supply.
    alive = Counter(a.color for a in state.amoebas)
    on_board = [sum(column) for column in zip(*state.cubes)]
    return {
        "round": state.round,
        "phase": state.phase.value,
        "phase_number": state.phase.number,
        "phase_title": PHASE_TITLES[state.phase],
        "over": state.phase is Phase.OVER,
        "card": None
        if card is None
        else {
            "id": card.id,
            "drift": card.drift.value if card.drift else None,
            "ozone": card.ozone,
        },
        "cards_left": len(state.remaining_cards()),
        "placeholder_deck": state.setup.deck_is_placeholder,
        "awaiting": {
            "text": now.msg,
            "source": cite(now.source, state.setup.rulebook) if now.source else None,
            "actor": now.actor.value if now.actor else None,
            "amoeba": str(now.amoeba) if now.amoeba else None,
        },
        "ladder": {"length": state.setup.ladder_length, "end_zone": state.setup.end_zone_start},
        "players": [
            {
                "name": p.name,
                "label": player_ref(state, p.color),
                "color": p.color.value,
                "marker": p.marker,
                "bp": p.bp,
                "genes": [GENES_BY_KEY[k].term for k in p.gene_keys],
                "amoebas": alive[p.color],
                "ranked": p.color in ranked,
            }
            for p in state.players
        ],
        "standings": [p.color.value for p in sorted(state.players, key=lambda p: -p.marker)],
        "amoebas": [
            {"color": value[a.color], "number": a.number, "space": a.space, "dp": a.dp}
            for a in state.amoebas
        ],
        "cubes": {
            space: dict(zip(colors, state.cubes_on(space))) for space in state.setup.board.spaces()
        },
        "supply": {
            value: state.box_of(c) - on_board[i]
            for i, (c, value) in enumerate(zip(state.colors, colors))
        },
        "sensing": genes_sensing.public_notes(state),  # who may look; never the card
        "extra_genes": [GENES_BY_KEY[k].term for k in state.extra_available],
        "toxic": dict(state.toxic),  # Toxic Excretions: DP tokens lying on spaces
    }


def _winners(state: GameState) -> list:
    if state.setup.two_players is not TwoPlayers.NONE:
        return [person_ref(state, people.ranking(state)[0].person)]
    return [player_ref(state, p.color) for p in state.players if _place(state, p.marker) == 1]


def person_ranking(state: GameState) -> list[dict[str, Any]]:
    """Two players (000 §Ursuppe para 2 jugadores): the persons ranked, each with their
    colors and the result that ranks them (double play I: the worse marker); else empty."""
    if state.setup.two_players is TwoPlayers.NONE:
        return []
    return [
        {
            "place": i,
            "name": p.person.name,
            "label": person_ref(state, p.person),
            "colors": [c.value for c in p.person.colors],
            "result": p.result,
            "markers": list(p.markers),
            "decoy": p.person.decoy,
        }
        for i, p in enumerate(people.ranking(state), 1)
    ]


def _ranked(state: GameState) -> list:
    """The players whose markers rank: all but a decoy that does not score (000 §Ursuppe
    para 2 jugadores: whether it scores is agreed at setup)."""
    unranked = None if state.setup.decoy_scores else people.decoy(state.setup)
    return [p for p in state.players if p.color != unranked]


def _place(state: GameState, marker: int) -> int:
    return 1 + sum(1 for p in _ranked(state) if p.marker > marker)


def ranking(state: GameState) -> list[dict[str, Any]]:
    """Players by ladder position, furthest first; the furthest marker wins (000 §FINAL).

    Markers never share a space (occupied spaces are skipped, corrections refuse it), so
    places are distinct in play; equal markers would share a place rather than be split here.
    """
    ranked = sorted(_ranked(state), key=lambda p: -p.marker)
    markers = [p.marker for p in ranked]
    return [
        {
            "place": 1 + sum(1 for m in markers if m > p.marker),
            "name": p.name,
            "label": player_ref(state, p.color),
            "color": p.color.value,
            "marker": p.marker,
            "bp": p.bp,
        }
        for p in ranked
    ]


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
        "place": _place(state, player.marker),
        "of": len(_ranked(state)),  # the places ranked (a decoy that does not score is not)
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
