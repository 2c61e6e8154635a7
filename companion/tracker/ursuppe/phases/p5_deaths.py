"""Phase 5: natural deaths, then Aggression, descending order."""

from __future__ import annotations

from companion.tracker.msg import msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.genes import attacks as genes_attacks
from companion.tracker.ursuppe.genes import deaths as genes_deaths
from companion.tracker.ursuppe.phases.base import Events, begin_phase, continued, hand_on, say
from companion.tracker.ursuppe.rules import attacks
from companion.tracker.ursuppe.state import Cursor, GameState, Phase, Step


@continued
def begin_deaths(state: GameState, events: Events) -> GameState:
    """Phase 5: natural deaths in descending then numerical order, then Aggression."""
    cursor = Cursor(step=Step.AGGRESSION, order=state.ladder_order(descending=True))
    text = msg("Round {round}, phase 5: deaths, descending order.", round=state.round)
    state = begin_phase(state, events, Phase.DEATHS, cursor, text, sources.PHASE_5)
    state, died = genes_deaths.natural_deaths(state, events)
    if not died:
        say(events, "death", msg("No amoeba has enough DP to die."), sources.PHASE_5)
    return next_aggressor(state, events)


@continued
def next_aggressor(state: GameState, events: Events) -> GameState:
    """The next player, in descending order, who may strike with Aggression."""
    cursor = state.cursor
    index = cursor.index
    while index < len(cursor.order):
        color = cursor.order[index]
        if attacks.can_strike(state, color):
            if any(attacks.aggression_targets(state, a) for a in state.amoebas_of(color)):
                return state.with_cursor(index=index, step=Step.AGGRESSION)
            for amoeba in state.amoebas_of(color):  # say why Threat Display leaves none
                genes_attacks.shielded_note(state, amoeba, events, enemies_only=True)
        index += 1
    return hand_on("begin_scoring", state, events)
