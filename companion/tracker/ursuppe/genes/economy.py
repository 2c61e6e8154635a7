"""Extra genes that move BP or name a player: Energy Conservation (a BP per drift), Social
Gene (BP from the players far ahead, phase 6) and the Doris & Frank Gene (the game end).

Sources: 003 §The Amoeba Advanced Genome Project and 001 §LE CARTE GENE "NORMALE"; the
readings are in shared EXTRA-GENES.md and cited as companion readings.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes.extra import DORIS_FRANK, ENERGY_CONSERVATION, SOCIAL_GENE
from companion.tracker.ursuppe.phases.base import Events, say, who
from companion.tracker.ursuppe.state import AmoebaId, GameState, player_ref
from companion.tracker.ursuppe.views.phrases import and_list

SOCIAL_GAP = 6  # spaces ahead, counting occupied spaces (003)


def _holder(state: GameState, gene: str) -> Color | None:
    return next((p.color for p in state.players if p.holds(gene)), None)


def _gain(state: GameState, color: Color, n: int) -> GameState:
    player = state.player(color)
    return state.with_player(replace(player, bp=player.bp + n))


def drift_bonus(state: GameState, aid: AmoebaId, events: Events) -> GameState:
    """Energy Conservation: an amoeba that drifts in phase 1 earns its owner 1 BP (003:
    "Amoeba which drift in Phase 1, earn their owner 1 BP")."""
    if not state.player(aid.color).holds(ENERGY_CONSERVATION):
        return state
    state = _gain(state, aid.color, 1)
    text = nmsg(
        "{who} drifts: Energy Conservation earns {n} BP (now {bp}).",
        "{who} drifts: Energy Conservation earns {n} BP (now {bp}).",
        1,
        who=who(state, aid),
        bp=state.player(aid.color).bp,
    )
    say(events, "gene", text, sources.ENERGY_READING)
    return state


def social_income(state: GameState, events: Events) -> GameState:
    """Social Gene, after all markers moved in phase 6: 1 BP from every player 6 or more
    spaces ahead (counting occupied spaces); a player with 0 BP pays nothing."""
    holder = _holder(state, SOCIAL_GENE)
    if holder is None:
        return state
    mark = state.player(holder).marker
    payers = [
        p.color
        for p in state.players
        if p.color != holder and p.marker - mark >= SOCIAL_GAP and p.bp > 0
    ]
    for color in payers:
        state = _gain(_gain(state, color, -1), holder, 1)
    if payers:
        text = nmsg(
            "Social Gene: {holder} receives {n} BP from {payers}, {gap} or more spaces ahead.",
            "Social Gene: {holder} receives {n} BP from {payers}, {gap} or more spaces ahead.",
            len(payers),
            holder=player_ref(state, holder),
            payers=and_list([player_ref(state, c) for c in payers]),
            gap=SOCIAL_GAP,
        )
    else:
        text = nmsg(
            "Social Gene: nobody with BP is {n} or more spaces ahead of {holder}.",
            "Social Gene: nobody with BP is {n} or more spaces ahead of {holder}.",
            SOCIAL_GAP,
            holder=player_ref(state, holder),
        )
    say(events, "gene", text, sources.SOCIAL_READING)
    return state


def doris_frank_note(state: GameState, events: Events) -> None:
    """At the game end: the Doris & Frank Gene's holder decides what to play next (003)."""
    holder = _holder(state, DORIS_FRANK)
    if holder is None:
        return
    text = msg(
        "{who} holds the {gene} and decides what the group plays next.",
        who=player_ref(state, holder),
        gene=GENES_BY_KEY[DORIS_FRANK].term,
    )
    say(events, "end", text, sources.EXTRA_GAME_END)
