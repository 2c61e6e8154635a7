"""Handlers of phase 1 movement: drift, move, stay, dice, Tentacle, Holding, Speed."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import msg, nmsg
from companion.tracker.ursuppe import flow, sources
from companion.tracker.ursuppe.actions import (
    CarryCubes,
    ChooseDirection,
    Drift,
    EndMovement,
    Move,
    MoveAgain,
    RideAlong,
    RollMovement,
    Stay,
    cubes_ref,
)
from companion.tracker.ursuppe.data import HOLDING, SPEED, STREAMLINING, TENTACLE
from companion.tracker.ursuppe.genes import economy as genes_economy
from companion.tracker.ursuppe.genes import moves as genes_moves
from companion.tracker.ursuppe.phases.base import Events, say, who
from companion.tracker.ursuppe.rules import movement
from companion.tracker.ursuppe.state import GameState, MoveCtx, Step
from companion.tracker.ursuppe.views.phrases import comma_list, dice_ref, gene, how_chosen


def _drift(state: GameState, action: Drift, events: Events) -> GameState:
    state = genes_economy.drift_bonus(state, action.amoeba, events)
    ctx = MoveCtx(
        mover=action.amoeba, purpose="turn", active=False, origin=state.amoeba(action.amoeba).space
    )
    return flow.resolve_direction(state, ctx, movement.drift_option(state), None, events)


def _move(state: GameState, action: Move, events: Events) -> GameState:
    player = state.player(action.amoeba.color)
    cost = movement.move_cost(player)
    state = flow.pay(state, player.color, cost)
    name = who(state, action.amoeba)
    if cost:
        text = nmsg(
            "{who} moves by itself, paying {n} BP.",
            "{who} moves by itself, paying {n} BP.",
            cost,
            who=name,
        )
    else:
        text = msg("{who} moves by itself for free ({gene}).", who=name, gene=gene(STREAMLINING))
    say(events, "move", text, sources.PHASE_1)
    ctx = MoveCtx(mover=action.amoeba, purpose="turn", active=True)
    return flow.start_active_move(state, ctx, events)


def _stay(state: GameState, action: Stay, events: Events) -> GameState:
    text = msg(
        "{who} holds on and stays ({gene}).", who=who(state, action.amoeba), gene=gene(HOLDING)
    )
    say(events, "move", text, sources.MOVEMENT_GENES)
    return flow.to_feeding(state, events)


def _roll_movement(state: GameState, action: RollMovement, events: Events) -> GameState:
    ctx = state.cursor.move
    options = movement.roll_options(action.dice)
    if len(options) == 1:
        why = how_chosen(action.dice, chose=False)
        return flow.resolve_direction(
            state, replace(ctx, dice=action.dice), options[0], why, events
        )
    text = msg(
        "{who} rolls {dice}: choose {options}.",
        who=who(state, ctx.mover),
        dice=dice_ref(action.dice),
        options=comma_list([movement.direction_text(o) for o in options]),
    )
    say(events, "roll", text, movement.movement_source(len(action.dice)))
    return state.with_cursor(
        step=Step.MOVE_DIRECTION, move=replace(ctx, dice=action.dice, options=options)
    )


def _choose_direction(state: GameState, action: ChooseDirection, events: Events) -> GameState:
    ctx = state.cursor.move
    why = how_chosen(ctx.dice, chose=True)
    return flow.resolve_direction(state, ctx, action.direction, why, events)


def _carry(state: GameState, action: CarryCubes, events: Events) -> GameState:
    ctx = state.cursor.move
    head = ctx.queue[0]
    for color, n in action.cubes:
        i = state.seat(color)
        state = flow.add_cubes(state, head.origin, i, -n)
        state = flow.add_cubes(state, head.destination, i, n)
    if action.cubes:
        text = msg(
            "{who} carries {cubes} from space {start} to space {end} ({gene}).",
            who=who(state, action.amoeba),
            cubes=cubes_ref(action.cubes),
            start=head.origin,
            end=head.destination,
            gene=gene(TENTACLE),
        )
        say(events, "carry", text, sources.MOVEMENT_GENES)
    return flow.process_queue(state, replace(ctx, queue=ctx.queue[1:]), events)


def _ride(state: GameState, action: RideAlong, events: Events) -> GameState:
    ctx = state.cursor.move
    head = ctx.queue[0]
    rest = ctx.queue[1:]
    if action.go:
        rider = state.amoeba(action.amoeba)
        state = flow.set_amoeba(state, replace(rider, space=head.destination))
        text = msg(
            "{who} rides along to space {space} ({gene}).",
            who=who(state, action.amoeba),
            space=head.destination,
            gene=gene(HOLDING),
        )
        say(events, "move", text, sources.MOVEMENT_GENES)
        state = genes_moves.enter(state, action.amoeba, head.destination, events)
        if state.player(rider.color).has(TENTACLE):
            rest = (replace(head, kind="carry"),) + rest
    return flow.process_queue(state, replace(ctx, queue=rest), events)


def _move_again(state: GameState, action: MoveAgain, events: Events) -> GameState:
    ctx = state.cursor.move
    text = msg(
        "{who} makes a second, free move ({gene}).", who=who(state, ctx.mover), gene=gene(SPEED)
    )
    say(events, "move", text, sources.MOVEMENT_GENES)
    return flow.start_active_move(state, ctx, events)


def _end_movement(state: GameState, action: EndMovement, events: Events) -> GameState:
    return flow.movement_done(state, state.cursor.move, events)


HANDLERS = {
    Drift: _drift,
    Move: _move,
    Stay: _stay,
    RollMovement: _roll_movement,
    ChooseDirection: _choose_direction,
    CarryCubes: _carry,
    RideAlong: _ride,
    MoveAgain: _move_again,
    EndMovement: _end_movement,
}
