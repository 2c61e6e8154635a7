"""Referee corrections: set a tracked quantity to what the table shows, with a reason.

A correction never touches the turn order or what is awaited; it refuses changes that would
pull an amoeba out from under a move or an attack in progress, or break conservation
(55 cubes per color, gene copies, one marker per ladder space).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker import flow, sources
from companion.tracker.actions import Correct
from companion.tracker.data import (
    FOOD_CUBES_PER_COLOR,
    GENES_BY_KEY,
    amoebas_per_color,
    color_label,
)
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.flow import Events, say, who
from companion.tracker.state import GameState, HeldGene, amoeba_label, player_label
from companion.tracker.text import check_text

LIMITS = {"bp": 999, "dp": 9, "cubes": FOOD_CUBES_PER_COLOR, "gene": 10_000}


def _need(value: object, what: str, field: str) -> None:
    if value is None:
        raise InvalidAction(f"a '{field}' correction needs {what}")


def _in_play(state: GameState, color) -> None:
    if color not in state.colors:
        raise InvalidAction(f"{color.value} is not a color in this game")


def _busy(state: GameState) -> set:
    c = state.cursor
    busy = set()
    if c.move:
        busy.add(c.move.mover)
        busy.update(step.amoeba for step in c.move.queue)
    if c.attack:
        busy.update({c.attack.attacker, c.attack.target})
    return busy


def apply_correction(state: GameState, action: Correct, events: Events) -> GameState:
    """Apply a correction or raise InvalidAction / IllegalAction; the state is unchanged then."""
    reason = check_text(action.reason, "the reason").strip()
    if not reason:
        raise InvalidAction("a correction needs a reason")
    if action.value < 0:
        raise IllegalAction("a tracked quantity cannot be negative", sources.CORRECTION)
    if action.value > LIMITS.get(action.field, 999):
        raise IllegalAction(
            f"{action.value} is more than the table can show for "
            f"{action.field} (at most {LIMITS.get(action.field, 999)})",
            sources.CORRECTION,
        )
    field = action.field
    if field == "bp":
        _need(action.color, "a color", field)
        _in_play(state, action.color)
        player = state.player(action.color)
        state = state.with_player(replace(player, bp=action.value))
        text = f"{player_label(state, action.color)} BP set from {player.bp} to {action.value}"
    elif field == "dp":
        _need(action.amoeba, "an amoeba", field)
        amoeba = state.amoeba(action.amoeba)
        if amoeba is None:
            raise IllegalAction(
                f"{amoeba_label(state, action.amoeba)} is not on the board", sources.CORRECTION
            )
        state = flow.set_amoeba(state, replace(amoeba, dp=action.value))
        text = f"{who(state, amoeba.id)} DP set from {amoeba.dp} to {action.value}"
    elif field == "cubes":
        _need(action.color, "a color", field)
        _need(action.space, "a space", field)
        _in_play(state, action.color)
        if action.space not in state.setup.board.spaces():
            raise InvalidAction(f"there is no space {action.space}")
        i = state.seat(action.color)
        before = state.cubes_on(action.space)[i]
        if state.supply(action.color) - (action.value - before) < 0:
            raise IllegalAction(
                f"there are only {FOOD_CUBES_PER_COLOR} {color_label(action.color)} cubes "
                "in the game",
                sources.SHORTAGE,
            )
        state = flow.add_cubes(state, action.space, i, action.value - before)
        text = (
            f"{color_label(action.color)} cubes on space {action.space} set from {before} to "
            f"{action.value}"
        )
    elif field == "marker":
        _need(action.color, "a color", field)
        _in_play(state, action.color)
        if not 1 <= action.value <= state.setup.ladder_length:
            raise IllegalAction(
                f"the ladder runs from 1 to {state.setup.ladder_length}", sources.PHASE_6
            )
        if any(p.marker == action.value and p.color != action.color for p in state.players):
            raise IllegalAction(
                f"ladder space {action.value} is occupied; one marker per space", sources.PHASE_6
            )
        player = state.player(action.color)
        state = state.with_player(replace(player, marker=action.value))
        text = (
            f"{player_label(state, action.color)} marker set from {player.marker} to {action.value}"
        )
    elif field == "amoeba_space":
        _need(action.amoeba, "an amoeba", field)
        _in_play(state, action.amoeba.color)
        if not 1 <= action.amoeba.number <= amoebas_per_color(state.n_players):
            raise InvalidAction(f"there is no amoeba {amoeba_label(state, action.amoeba)}")
        if action.amoeba in _busy(state):
            raise IllegalAction(
                f"{amoeba_label(state, action.amoeba)} is in the middle of its turn or an attack; "
                "finish that step first",
                sources.CORRECTION,
            )
        if action.value and action.value not in state.setup.board.spaces():
            raise InvalidAction(f"there is no space {action.value}")
        amoeba = state.amoeba(action.amoeba)
        if action.value == 0:
            if action.amoeba == state.cursor.amoeba:
                raise IllegalAction(
                    f"{amoeba_label(state, action.amoeba)} is the amoeba whose turn it is; "
                    "finish its turn first",
                    sources.CORRECTION,
                )
            if amoeba is None:
                raise IllegalAction(
                    f"{amoeba_label(state, action.amoeba)} is not on the board", sources.CORRECTION
                )
            state = replace(state, amoebas=tuple(a for a in state.amoebas if a.id != amoeba.id))
            text = f"{who(state, amoeba.id)} removed from space {amoeba.space}"
        elif amoeba is None:
            state = flow.place_new_amoeba(state, action.amoeba, action.value)
            text = f"{who(state, action.amoeba)} added on space {action.value}"
        else:
            state = flow.set_amoeba(state, replace(amoeba, space=action.value))
            text = f"{who(state, amoeba.id)} moved from space {amoeba.space} to {action.value}"
    elif field == "gene":
        _need(action.color, "a color", field)
        _need(action.gene, "a gene", field)
        _in_play(state, action.color)
        if action.gene not in GENES_BY_KEY:
            raise InvalidAction(f"there is no gene called {action.gene!r}")
        player = state.player(action.color)
        name = GENES_BY_KEY[action.gene].name
        if action.value not in (0, 1):
            raise InvalidAction("a gene correction's value is 1 (held) or 0 (not held)")
        if action.value == 1 and not player.holds(action.gene):
            if state.copies_left(action.gene) <= 0:
                raise IllegalAction(f"every copy of {name} is already held", sources.PHASE_3)
            genes = player.genes + (HeldGene(action.gene, max(state.round - 1, 0)),)
            text = f"{player_label(state, action.color)} now holds {name}"
        elif action.value == 0 and player.holds(action.gene):
            genes = tuple(g for g in player.genes if g.key != action.gene)
            text = f"{player_label(state, action.color)} no longer holds {name}"
        else:
            raise IllegalAction(
                f"{player_label(state, action.color)} already "
                f"{'holds' if action.value else 'does not hold'} {name}",
                sources.CORRECTION,
            )
        state = state.with_player(replace(player, genes=genes))
    else:
        raise InvalidAction(f"unknown correction field {field!r}")
    say(events, "correction", f"Referee correction: {text}. Reason: {reason}.", sources.CORRECTION)
    return state
