"""Phase 6: scoring, and the game end after it."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker import track
from companion.tracker.msg import msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.genes import economy as genes_economy
from companion.tracker.ursuppe.phases.base import Events, continued, hand_on, say
from companion.tracker.ursuppe.rules import people, scoring
from companion.tracker.ursuppe.state import Cursor, GameState, Phase, Step
from companion.tracker.ursuppe.views import outcome


@continued
def begin_scoring(state: GameState, events: Events) -> GameState:
    """Phase 6: every marker advances, descending order, over free spaces only."""
    state = replace(state, phase=Phase.SCORING)
    order = state.ladder_order(descending=True)
    text = msg("Round {round}, phase 6: scoring, descending order.", round=state.round)
    say(events, "phase", text, sources.PHASE_6)
    last = state.setup.ladder_length
    if not state.score_history:
        state = replace(state, start_markers=tuple(p.marker for p in state.players))
    scorers = people.scorers(state.setup)
    for color in (c for c in order if c in scorers):
        total = scoring.advance(state, color)[0]
        player = state.player(color)
        own = (color,) + people.partners(state.setup, color)
        occupied = {p.marker for p in state.players if p.color not in own}
        end, skipped = track.move_marker(player.marker, total, occupied, last)
        text = scoring.advance_message(state, color, player.marker, end, skipped)
        src = sources.SCORING_5_6 if state.n_players >= 5 else sources.PHASE_6
        say(events, "score", text, src)
        state = state.with_player(replace(player, marker=end))
    state = genes_economy.social_income(state, events)
    history = state.score_history + (tuple(p.marker for p in state.players),)
    state = replace(state, score_history=history)
    return end_of_round(state, events)


def end_of_round(state: GameState, events: Events) -> GameState:
    """Game end after phase 6: a marker in the end zone, or the last card was turned."""
    zone = state.setup.end_zone_start
    markers = people.marker_colors(state.setup)
    in_zone = [p for p in state.players if p.marker >= zone and p.color in markers]
    if in_zone or not state.remaining_cards():
        text = scoring.end_message(state, tuple(p.color for p in in_zone))
        say(
            events,
            "end",
            text,
            sources.EARLY_END
            if in_zone and state.setup.options.end_zone_start is not None
            else sources.GAME_END,
        )
        genes_economy.doris_frank_note(state, events)
        done = outcome.result(state, tuple(p.color for p in in_zone))
        return replace(state, phase=Phase.OVER, cursor=Cursor(step=Step.NONE), result=done)
    return hand_on("begin_round", state, events)
