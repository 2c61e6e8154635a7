"""The extra genes as a reader needs them (003 §The Amoeba Advanced Genome Project): each face-up
gene with its price, MP and effect; why a face-up gene a player could pay for is not offered
to them; and why a held gene does nothing now (Social Gene with nobody far enough ahead,
Population Explosion while the holder has as many amoebas as the leader)."""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes import explosion
from companion.tracker.ursuppe.genes.economy import SOCIAL_GAP
from companion.tracker.ursuppe.genes.extra import POPULATION_EXPLOSION, SOCIAL_GENE
from companion.tracker.ursuppe.phases.base import Event
from companion.tracker.ursuppe.rules import market
from companion.tracker.ursuppe.state import GameState, Phase, player_ref


def face_up(state: GameState) -> list[dict[str, Any]]:
    """The extra genes turned over: name, printed price, MP, effect, and who holds it."""
    return [
        {
            "key": key,
            "name": GENES_BY_KEY[key].term,
            "price": state.price_of(key),
            "mp": state.mp_of(key),
            "effect": Msg(GENES_BY_KEY[key].effect),  # marked with N_ in data.py
            "held_by": [player_ref(state, p.color) for p in state.players if p.holds(key)],
        }
        for key in state.extra_available
    ]


def unoffered(state: GameState, color: Color) -> list[Event]:
    """In phase 3, each face-up extra gene this player could pay for but may not buy, with
    the rule that forbids it (the market's own refusal)."""
    if state.phase is not Phase.GENES:
        return []
    player = state.player(color)
    offered = {o.gene for o in market.offers(state, color)}
    notes = []
    for key in state.extra_available:
        price = market.price_for(state, color, key)
        if key in offered or player.holds(key) or price > player.bp:
            continue
        if state.copies_left(key) <= 0 and market.seller(state, color, key) is None:
            continue  # held by another player: the face-up list says by whom
        card = GENES_BY_KEY[key]
        why = None
        for give_up in card.replaces or (None,):
            why = market.refusal(state, color, key, give_up, price)
            if why is None:
                break
        if why is not None:
            text = msg(
                "{gene} is not offered to {who}: {reason}.",
                gene=card.term,
                who=player_ref(state, color),
                reason=why[0],
            )
            notes.append(Event("gene", text, why[1]))
    return notes


def idle(state: GameState, color: Color) -> list[Event]:
    """The held extra genes that do nothing now, and why."""
    player = state.player(color)
    notes = []
    if player.holds(SOCIAL_GENE):
        ahead = [
            p
            for p in state.players
            if p.color != color and p.marker - player.marker >= SOCIAL_GAP and p.bp > 0
        ]
        if not ahead:
            text = nmsg(
                "{gene} brings {who} nothing now: only a player {n} or more spaces ahead "
                "with BP pays 1 BP after the scoring, and there is none.",
                "{gene} brings {who} nothing now: only a player {n} or more spaces ahead "
                "with BP pays 1 BP after the scoring, and there is none.",
                SOCIAL_GAP,
                gene=GENES_BY_KEY[SOCIAL_GENE].term,
                who=player_ref(state, color),
            )
            notes.append(Event("gene", text, sources.SOCIAL_READING))
    if player.holds(POPULATION_EXPLOSION):
        have, leader = len(state.amoebas_of(color)), explosion.target(state)
        if have >= leader:
            text = nmsg(
                "{gene} is idle: {who} has {n} amoeba and the leader {leader}; "
                "it places free amoebas only up to the leader's count.",
                "{gene} is idle: {who} has {n} amoebas and the leader {leader}; "
                "it places free amoebas only up to the leader's count.",
                have,
                gene=GENES_BY_KEY[POPULATION_EXPLOSION].term,
                who=player_ref(state, color),
                leader=leader,
            )
            notes.append(Event("gene", text, sources.EXPLOSION_READING))
    return notes
