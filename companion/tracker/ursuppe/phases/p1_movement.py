"""Phase 1: whose amoeba acts next, drifts and moves, Tentacle and Holding."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import HOLDING, TENTACLE
from companion.tracker.ursuppe.genes import moves as genes_moves
from companion.tracker.ursuppe.phases.base import Events, continued, hand_on, say, set_amoeba, who
from companion.tracker.ursuppe.rules import movement
from companion.tracker.ursuppe.rules.movement import direction_text
from companion.tracker.ursuppe.state import (
    Cursor,
    GameState,
    MoveCtx,
    MoveStep,
    Phase,
    Step,
    player_ref,
)
from companion.tracker.ursuppe.views.phrases import comma_list, with_reason


@continued
def begin_round(state: GameState, events: Events) -> GameState:
    """Start a round with phase 1 in ascending order."""
    players = tuple(replace(p, used_this_round=()) for p in state.players)
    state = replace(state, round=state.round + 1, phase=Phase.MOVEMENT, players=players)
    order = state.ladder_order(descending=False)
    text = msg(
        "Round {round}, phase 1: movement and feeding, ascending order: {players}.",
        round=state.round,
        players=comma_list([player_ref(state, c) for c in order]),
    )
    say(events, "phase", text, sources.PHASE_1)
    state = replace(state, cursor=Cursor(step=Step.MOVEMENT_CHOICE, order=order, index=0))
    return next_amoeba(state, events)


def next_amoeba(state: GameState, events: Events) -> GameState:
    """The next amoeba to move and feed, in ascending then numerical order."""
    cursor = state.cursor
    index = cursor.index
    while index < len(cursor.order):
        color = cursor.order[index]
        for a in state.amoebas_of(color):
            if a.id not in cursor.acted:
                return state.with_cursor(
                    index=index,
                    amoeba=a.id,
                    step=Step.MOVEMENT_CHOICE,
                    may_attack=True,
                    move=None,
                    attack=None,
                    fast_food="",
                )
        index += 1
    return hand_on("begin_environment", state, events)


@continued
def amoeba_done(state: GameState, events: Events) -> GameState:
    """The acting amoeba has moved and fed (or starved)."""
    cursor = state.cursor
    if cursor.fast_food == "eat_first" and cursor.amoeba and state.amoeba(cursor.amoeba):
        # Fast Food: fed first, it now drifts or moves (003 §The Amoeba Advanced Genome Project)
        return state.with_cursor(step=Step.MOVEMENT_CHOICE, fast_food="then_move", attack=None)
    acted = cursor.acted + ((cursor.amoeba,) if cursor.amoeba else ())
    state = state.with_cursor(acted=acted, amoeba=None, move=None, attack=None)
    return next_amoeba(state, events)


def start_active_move(state: GameState, ctx: MoveCtx, events: Events) -> GameState:
    """Ask for the die, the two dice, or (Movement II) the chosen direction."""
    mover = state.amoeba(ctx.mover)
    player = state.player(ctx.mover.color)
    ctx = replace(ctx, origin=mover.space, dice=(), options=(), queue=())
    if movement.dice_count(player) == 0:
        ctx = replace(ctx, options=movement.free_choice_options(player))
        return state.with_cursor(step=Step.MOVE_DIRECTION, move=ctx)
    return state.with_cursor(step=Step.MOVE_ROLL, move=ctx)


def resolve_direction(
    state: GameState, ctx: MoveCtx, option: str | None, why: Msg | None, events: Events
) -> GameState:
    """Move (or drift) one space in a direction, unless an obstacle is in the way.

    `why` says how the direction was found (`phrases.how_chosen`), or None for a drift.
    """
    mover = state.amoeba(ctx.mover)
    origin = mover.space
    dest = movement.destination(state, origin, option)
    name = who(state, ctx.mover)
    if option is None:
        text = msg("{who} stays on space {space}: this card has no drift.", who=name, space=origin)
        say(events, "move", text, sources.NO_DRIFT)
    elif dest == origin and option != "stay":
        way = direction_text(option)
        if ctx.active:
            text = msg(
                "{who} moves {direction} but the edge or the island blocks it: "
                "it stays on space {space}.",
                who=name,
                direction=way,
                space=origin,
            )
        else:
            text = msg(
                "{who} drifts {direction} but the edge or the island blocks it: "
                "it stays on space {space}.",
                who=name,
                direction=way,
                space=origin,
            )
        say(events, "move", with_reason(text, why), sources.PHASE_1)
        bounce = genes_moves.rebound_space(state, ctx.mover, origin, option)
        if bounce:
            moves = ctx.moves + (1 if ctx.active else 0)
            ctx = replace(ctx, moves=moves, options=(), dice=(), rebound=bounce)
            return state.with_cursor(step=Step.REBOUND, move=ctx)
    elif dest == origin:
        text = msg("{who} stays on space {space}.", who=name, space=origin)
        say(events, "move", with_reason(text, why), sources.COMPASS)
    else:
        way = direction_text(option)
        if ctx.active:
            text = msg(
                "{who} moves {direction} from space {start} to space {end}.",
                who=name,
                direction=way,
                start=origin,
                end=dest,
            )
        else:
            text = msg(
                "{who} drifts {direction} from space {start} to space {end}.",
                who=name,
                direction=way,
                start=origin,
                end=dest,
            )
        say(events, "move", with_reason(text, why), sources.PHASE_1)
    moves = ctx.moves + (1 if ctx.active else 0)
    ctx = replace(ctx, moves=moves, options=(), dice=())
    return arrive(state, ctx, origin, dest, events)


def arrive(state: GameState, ctx: MoveCtx, origin: int, dest: int, events: Events) -> GameState:
    """The mover reaches its destination (if it left): toxic DP, carries and ride-alongs."""
    queue: tuple[MoveStep, ...] = ()
    if dest != origin:
        mover = state.amoeba(ctx.mover)
        state = set_amoeba(state, replace(mover, space=dest))
        state = genes_moves.enter(state, ctx.mover, dest, events)
        if state.player(mover.color).has(TENTACLE):
            queue += (MoveStep("carry", ctx.mover, origin, dest),)
        for other in state.amoebas_on(origin):
            if state.player(other.color).has(HOLDING):
                queue += (MoveStep("ride", other.id, origin, dest),)
    ctx = replace(ctx, queue=queue, rebound=0)
    return process_queue(state, ctx, events)


def process_queue(state: GameState, ctx: MoveCtx, events: Events) -> GameState:
    """Ask the pending Tentacle carries and Holding ride-alongs, then finish the move step."""
    while ctx.queue:
        head = ctx.queue[0]
        amoeba = state.amoeba(head.amoeba)
        if head.kind == "carry" and amoeba and sum(state.cubes_on(head.origin)) > 0:
            return state.with_cursor(step=Step.CARRY, move=ctx)
        if head.kind == "ride" and amoeba and amoeba.space == head.origin:
            return state.with_cursor(step=Step.RIDE_ALONG, move=ctx)
        ctx = replace(ctx, queue=ctx.queue[1:])
    return movement_step_done(state, ctx, events)


def movement_step_done(state: GameState, ctx: MoveCtx, events: Events) -> GameState:
    """After one move: offer Speed's second move, or end the movement."""
    player = state.player(ctx.mover.color)
    if ctx.active and ctx.moves == 1 and movement.has_second_move(player):
        return state.with_cursor(step=Step.SECOND_MOVE, move=ctx)
    return movement_done(state, ctx, events)


def movement_done(state: GameState, ctx: MoveCtx, events: Events) -> GameState:
    """The movement is over: feed (own turn) or see whether the escape worked."""
    state = state.with_cursor(move=None)
    if ctx.purpose == "escape":
        return hand_on("escape_done", state, events)
    return to_feeding(state, events)


def to_feeding(state: GameState, events: Events) -> GameState:
    """After its movement the amoeba feeds, unless it fed first (Fast Food)."""
    if state.cursor.fast_food == "then_move":
        return amoeba_done(state, events)
    return state.with_cursor(step=Step.FEED)
