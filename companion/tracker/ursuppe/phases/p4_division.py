"""Phase 4: income and cell division, descending order."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import division_income
from companion.tracker.ursuppe.phases.base import Events, begin_phase, continued, hand_on, say
from companion.tracker.ursuppe.rules import people
from companion.tracker.ursuppe.state import Cursor, GameState, Phase, Step, player_ref


@continued
def begin_division(state: GameState, events: Events) -> GameState:
    """Phase 4: in descending order each player gets BP and may divide."""
    cursor = Cursor(step=Step.DIVIDE, order=state.ladder_order(descending=True))
    text = msg("Round {round}, phase 4: cell division, descending order.", round=state.round)
    state = begin_phase(state, events, Phase.DIVISION, cursor, text, sources.PHASE_4)
    return income(state, events)


def income(state: GameState, events: Events) -> GameState:
    """The acting player receives 10 BP (11 with 5-6 players)."""
    color = state.cursor.actor
    if color not in people.purse_colors(state.setup):
        return state  # one income per purse; none for the decoy (000 §Ursuppe para 2)
    gain = division_income(state.n_players)
    player = state.player(color)
    state = state.with_player(replace(player, bp=player.bp + gain))
    src = sources.DIVISION_5_6 if state.n_players >= 5 else sources.PHASE_4
    text = nmsg(
        "{who} receives {n} BP (now {bp}).",
        "{who} receives {n} BP (now {bp}).",
        gain,
        who=player_ref(state, color),
        bp=player.bp + gain,
    )
    say(events, "income", text, src)
    return state


def next_divider(state: GameState, events: Events) -> GameState:
    """After a player's divisions: the next player, or phase 5."""
    if state.cursor.index + 1 < len(state.cursor.order):
        return income(state.with_cursor(index=state.cursor.index + 1), events)
    return hand_on("begin_deaths", state, events)
