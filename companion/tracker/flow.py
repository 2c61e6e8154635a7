"""The phase machine: who acts next, what is awaited, and every automatic step between.

Each function takes the state and an event list, appends explained events, and returns the
state at the next point where the table must say something (a `Step`). Turn order is read
from the ladder when a phase starts (000 §Orden Ascendente/Descendente; RULES §Decisions).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker import (
    attacks,
    deaths,
    defects,
    genes_attacks,
    genes_deaths,
    genes_moves,
    movement,
    scoring,
    sources,
)
from companion.tracker.data import (
    FOOD_CUBES_PER_COLOR,
    HOLDING,
    START_BP,
    START_CUBES_PER_SPACE,
    TENTACLE,
    division_income,
)
from companion.tracker.effects import (  # noqa: F401 - re-exported to the phase modules
    Event,
    Events,
    add_cubes,
    pay,
    say,
    set_amoeba,
    who,
)
from companion.tracker.movement import direction_text
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.options import ArmorVsAggression
from companion.tracker.phrases import comma_list, with_reason
from companion.tracker.state import (
    Amoeba,
    AmoebaId,
    AttackCtx,
    Cursor,
    GameSetup,
    GameState,
    MoveCtx,
    MoveStep,
    Phase,
    Step,
    new_players,
    player_ref,
)


# ----- setup -------------------------------------------------------------------------
def start(setup: GameSetup) -> GameState:
    """The state before the first action: 4 BP each, 2 cubes of each color on every space."""
    n = setup.players
    cubes = tuple((START_CUBES_PER_SPACE,) * n for _ in setup.board.spaces())
    assert START_CUBES_PER_SPACE * setup.board.size <= FOOD_CUBES_PER_COLOR
    return GameState(
        setup=setup,
        round=0,
        phase=Phase.SETUP,
        players=new_players(setup, START_BP),
        amoebas=(),
        cubes=cubes,
        cursor=Cursor(step=Step.TURN_CARD),
        extra_available=setup.extra_start,
    )


def after_card(state: GameState, events: Events) -> GameState:
    """Continue after an environment card was turned."""
    if state.phase is Phase.SETUP:
        groups = (state.colors,)
        return state.with_cursor(step=Step.START_ROLLS, start_groups=groups)
    if state.round >= 2:
        order = state.ladder_order(descending=True)
        return next_debtor(state.with_cursor(order=order, index=0), events)
    say(events, "defects", msg("No gene defects in the first round."), sources.PHASE_2)
    return begin_genes(state, events)


def turn_card(state: GameState, card_id: str, events: Events) -> GameState:
    """Turn an environment card face up."""
    card = state.setup.cards[card_id]
    state = replace(state, card=card_id, turned=state.turned + (card_id,))
    left = len(state.remaining_cards())
    if card.drift:
        text = nmsg(
            "Environment card {card} is turned: drift {direction}, ozone {ozone}. {n} card left.",
            "Environment card {card} is turned: drift {direction}, ozone {ozone}. {n} cards left.",
            left,
            card=card_id,
            direction=direction_text(card.drift.value),
            ozone=card.ozone,
        )
    else:
        text = nmsg(
            "Environment card {card} is turned: no drift, ozone {ozone}. {n} card left.",
            "Environment card {card} is turned: no drift, ozone {ozone}. {n} cards left.",
            left,
            card=card_id,
            ozone=card.ozone,
        )
    say(events, "card", text, sources.PHASE_2 if state.round else sources.SETUP)
    return after_card(state, events)


def maybe_auto_card(state: GameState, events: Events) -> GameState:
    """Turn the next card of a recorded shuffle, if there is one."""
    if state.cursor.step is Step.TURN_CARD and state.shuffled_order:
        card_id, rest = state.shuffled_order[0], state.shuffled_order[1:]
        return turn_card(replace(state, shuffled_order=rest), card_id, events)
    return state


def begin_placement(state: GameState, events: Events) -> GameState:
    """Start the two setup placements, ascending first (000 §Colocar Amebas)."""
    order = state.ladder_order(descending=False)
    if state.n_players >= 4:
        text = msg(
            "Placement: in ascending order each places an amoeba on an empty space with 1 DP."
        )
    else:
        text = msg(
            "Placement: in ascending order each places an amoeba on an empty space "
            "(no DP with 3 players)."
        )
    say(events, "setup", text, sources.PLACEMENT)
    return state.with_cursor(step=Step.PLACE, order=order, index=0, placement_round=1)


def after_placement(state: GameState, events: Events) -> GameState:
    """Next placement, the second (descending) pass, or round 1."""
    cursor = state.cursor
    if cursor.index + 1 < len(cursor.order):
        return state.with_cursor(index=cursor.index + 1)
    if cursor.placement_round == 1:
        text = msg("Second placement: in descending order, no DP.")
        say(events, "setup", text, sources.PLACEMENT)
        order = state.ladder_order(descending=True)
        return state.with_cursor(order=order, index=0, placement_round=2)
    return begin_round(state, events)


# ----- phase 1 -----------------------------------------------------------------------
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
    return begin_environment(state, events)


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
        return escape_done(state, events)
    return to_feeding(state, events)


def to_feeding(state: GameState, events: Events) -> GameState:
    """After its movement the amoeba feeds, unless it fed first (Fast Food)."""
    if state.cursor.fast_food == "then_move":
        return amoeba_done(state, events)
    return state.with_cursor(step=Step.FEED)


# ----- attacks -----------------------------------------------------------------------
def begin_attack(state: GameState, attack: AttackCtx, events: Events) -> GameState:
    """An attack is declared: the defender may respond."""
    text = msg(
        "{attacker} attacks {target} on space {space}.",
        attacker=who(state, attack.attacker),
        target=who(state, attack.target),
        space=attack.space,
    )
    say(events, "attack", text, sources.ATTACKS)
    state = state.with_cursor(attack=attack)
    return ask_response(state, events)


def ask_response(state: GameState, events: Events) -> GameState:
    """Ask the defender's owner for Defense or Escape, or resolve if there is none."""
    attack = state.cursor.attack
    if attacks.defences(state, attack):
        if genes_attacks.camouflage_die_due(state, attack):
            return state.with_cursor(step=Step.CAMOUFLAGE_ROLL)
        if attacks.responses(state, attack):
            return state.with_cursor(step=Step.ATTACK_RESPONSE)
        genes_attacks.camouflage_note(state, attack, events)
    return attack_succeeds(state, events)


def attack_succeeds(state: GameState, events: Events) -> GameState:
    """The attack gets through: a violent death, or Aggression's kill (Armor: 1 DP)."""
    attack = state.cursor.attack
    target = state.amoeba(attack.target)
    name, by = who(state, attack.target), who(state, attack.attacker)
    if attack.kind == "struggle":
        survived = genes_attacks.survives_mouthful(state, attack, events)
        if survived is not None:
            return amoeba_done(survived.with_cursor(attack=None), events)
        state, placed = deaths.remove_amoeba(state, target, deaths.VIOLENT_DEATH_CUBES)
        text = msg(
            "{target} dies a violent death: {attacker} eats it and, instead of excreting, "
            "leaves 1 cube of each color ({cubes}) on space {space}.",
            target=name,
            attacker=by,
            cubes=placed,
            space=attack.space,
        )
        say(events, "death", text, sources.VIOLENT_DEATH)
        state = genes_attacks.raise_alarm(state, target, events)
        state = genes_deaths.after_death(state, target, events)
        state = state.with_cursor(attack=None)
        return amoeba_done(state, events)
    if attacks.armored(state, target):
        target = replace(target, dp=target.dp + 1)
        state = set_amoeba(state, target)
        limit = deaths.dp_limit(state, target.color)
        text = msg(
            "{target}'s Armor absorbs the Aggression: it takes 1 DP (now {dp}).",
            target=name,
            dp=target.dp,
        )
        say(events, "attack", text, sources.ADVANCED_ATTACKS)
        if target.dp >= limit:
            state, placed = deaths.remove_amoeba(state, target, deaths.NATURAL_DEATH_CUBES)
            text = nmsg(
                "{target} reaches {n} DP and dies at once, leaving {cubes} on space {space}.",
                "{target} reaches {n} DP and dies at once, leaving {cubes} on space {space}.",
                limit,
                target=name,
                cubes=placed,
                space=target.space,
            )
            say(events, "death", text, sources.ARMOR_DEATH)
            state = genes_deaths.after_death(state, target, events)
        elif state.setup.options.armor_vs_aggression is ArmorVsAggression.FAILURE:
            return attack_fails(state, events)
        return aggression_done(state, events)
    state, placed = deaths.remove_amoeba(state, target, deaths.NATURAL_DEATH_CUBES)
    text = msg(
        "{attacker}'s Aggression kills {target}, leaving {cubes} on space {space}.",
        attacker=by,
        target=name,
        cubes=placed,
        space=target.space,
    )
    say(events, "death", text, sources.ADVANCED_ATTACKS)
    state = genes_deaths.after_death(state, target, events)
    return aggression_done(state, events)


def attack_fails(state: GameState, events: Events) -> GameState:
    """The attack failed: Persistence may retry; otherwise a phase 1 attacker starves."""
    attack = state.cursor.attack
    if attacks.can_retry_attack(state, attack):
        return state.with_cursor(step=Step.ATTACK_RETRY)
    return attack_over_failed(state, events)


def attack_over_failed(state: GameState, events: Events) -> GameState:
    """No more tries: the phase 1 attacker starves (1 DP); Aggression is spent."""
    attack = state.cursor.attack
    if attack.kind == "struggle":
        attacker = state.amoeba(attack.attacker)
        state = set_amoeba(state, replace(attacker, dp=attacker.dp + 1))
        text = msg(
            "{who}'s attack failed: it starves and takes 1 DP (now {dp}).",
            who=who(state, attack.attacker),
            dp=attacker.dp + 1,
        )
        say(events, "starve", text, sources.ATTACKS_QA)
        return amoeba_done(state.with_cursor(attack=None), events)
    text = msg("{who}'s Aggression failed.", who=who(state, attack.attacker))
    say(events, "attack", text, sources.ADVANCED_ATTACKS)
    return aggression_done(state, events)


def escape_done(state: GameState, events: Events) -> GameState:
    """After an escape move: escaped, ridden along, or still caught."""
    attack = state.cursor.attack
    target = state.amoeba(attack.target)
    if target.space == attack.space:
        text = msg("{who} did not get away.", who=who(state, attack.target))
        say(events, "attack", text, sources.ATTACKS)
        return ask_response(state, events)
    attacker = state.amoeba(attack.attacker)
    if attacker.space == target.space:
        rider = who(state, attack.attacker)
        if attack.kind == "struggle":
            text = msg(
                "{who} rode along: the attack is over, and it may still feed here.", who=rider
            )
        else:
            text = msg("{who} rode along: the attack is over.", who=rider)
        say(events, "attack", text, sources.ATTACKS_QA)
        if attack.kind == "struggle":
            return state.with_cursor(attack=None, step=Step.FEED, may_attack=False)
        return aggression_done(state, events)
    text = msg("{who} escaped to space {space}.", who=who(state, attack.target), space=target.space)
    say(events, "attack", text, sources.ATTACKS)
    return attack_fails(state, events)


def aggression_done(state: GameState, events: Events) -> GameState:
    """This player's Aggression turn is over."""
    state = state.with_cursor(attack=None, move=None, index=state.cursor.index + 1)
    return next_aggressor(state, events)


# ----- phase 2 -----------------------------------------------------------------------
def begin_environment(state: GameState, events: Events) -> GameState:
    """Phase 2: turn the next environment card."""
    state = replace(state, phase=Phase.ENVIRONMENT)
    state = replace(state, cursor=Cursor(step=Step.TURN_CARD))
    text = msg("Round {round}, phase 2: environment and gene defects.", round=state.round)
    say(events, "phase", text, sources.PHASE_2)
    return maybe_auto_card(state, events)


def next_debtor(state: GameState, events: Events) -> GameState:
    """The next player, in descending order, who owes MP to the ozone layer."""
    cursor = state.cursor
    card = state.current_card()
    index = cursor.index
    while index < len(cursor.order):
        color = cursor.order[index]
        mp, owed = defects.mp_sum(state, color), defects.debt(state, color)
        name = player_ref(state, color)
        if owed > 0:
            text = nmsg(
                "{who} has {n} MP against ozone {ozone}: owes {owed}.",
                "{who} has {n} MP against ozone {ozone}: owes {owed}.",
                mp,
                who=name,
                ozone=card.ozone,
                owed=owed,
            )
            say(events, "defects", text, sources.PHASE_2)
            return state.with_cursor(index=index, step=Step.PAY_DEBT)
        if state.player(color).genes:
            text = nmsg(
                "{who} has {n} MP against ozone {ozone}: nothing owed.",
                "{who} has {n} MP against ozone {ozone}: nothing owed.",
                mp,
                who=name,
                ozone=card.ozone,
            )
            say(events, "defects", text, sources.PHASE_2)
        index += 1
    return begin_genes(state, events)


# ----- phase 3 -----------------------------------------------------------------------
def begin_genes(state: GameState, events: Events) -> GameState:
    """Phase 3: in descending order each player buys genes once."""
    order = state.ladder_order(descending=True)
    state = replace(state, phase=Phase.GENES, cursor=Cursor(step=Step.BUY, order=order))
    text = msg("Round {round}, phase 3: new genes, descending order.", round=state.round)
    say(events, "phase", text, sources.PHASE_3)
    return state


def next_buyer(state: GameState, events: Events) -> GameState:
    """After a player's purchases: the next player, or phase 4."""
    if state.cursor.index + 1 < len(state.cursor.order):
        return state.with_cursor(index=state.cursor.index + 1)
    return begin_division(state, events)


# ----- phase 4 -----------------------------------------------------------------------
def begin_division(state: GameState, events: Events) -> GameState:
    """Phase 4: in descending order each player gets BP and may divide."""
    order = state.ladder_order(descending=True)
    state = replace(state, phase=Phase.DIVISION, cursor=Cursor(step=Step.DIVIDE, order=order))
    text = msg("Round {round}, phase 4: cell division, descending order.", round=state.round)
    say(events, "phase", text, sources.PHASE_4)
    return income(state, events)


def income(state: GameState, events: Events) -> GameState:
    """The acting player receives 10 BP (11 with 5-6 players)."""
    color = state.cursor.actor
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
    return begin_deaths(state, events)


def place_new_amoeba(state: GameState, aid: AmoebaId, space: int, dp: int = 0) -> GameState:
    """Put an amoeba on the board."""
    return set_amoeba(state, Amoeba(aid.color, aid.number, space, dp))


# ----- phase 5 -----------------------------------------------------------------------
def begin_deaths(state: GameState, events: Events) -> GameState:
    """Phase 5: natural deaths in descending then numerical order, then Aggression."""
    order = state.ladder_order(descending=True)
    state = replace(state, phase=Phase.DEATHS, cursor=Cursor(step=Step.AGGRESSION, order=order))
    text = msg("Round {round}, phase 5: deaths, descending order.", round=state.round)
    say(events, "phase", text, sources.PHASE_5)
    state, died = genes_deaths.natural_deaths(state, events)
    if not died:
        say(events, "death", msg("No amoeba has enough DP to die."), sources.PHASE_5)
    return next_aggressor(state, events)


def next_aggressor(state: GameState, events: Events) -> GameState:
    """The next player, in descending order, who may strike with Aggression."""
    cursor = state.cursor
    index = cursor.index
    while index < len(cursor.order):
        color = cursor.order[index]
        if attacks.can_strike(state, color) and any(
            attacks.aggression_targets(state, a) for a in state.amoebas_of(color)
        ):
            return state.with_cursor(index=index, step=Step.AGGRESSION)
        index += 1
    return begin_scoring(state, events)


# ----- phase 6 -----------------------------------------------------------------------
def begin_scoring(state: GameState, events: Events) -> GameState:
    """Phase 6: every marker advances, descending order, over free spaces only."""
    state = replace(state, phase=Phase.SCORING)
    order = state.ladder_order(descending=True)
    text = msg("Round {round}, phase 6: scoring, descending order.", round=state.round)
    say(events, "phase", text, sources.PHASE_6)
    last = state.setup.ladder_length
    if not state.score_history:
        state = replace(state, start_markers=tuple(p.marker for p in state.players))
    for color in order:
        total = scoring.advance(state, color)[0]
        player = state.player(color)
        occupied = {p.marker for p in state.players if p.color != color}
        end, skipped = scoring.move_marker(player.marker, total, occupied, last)
        text = scoring.advance_message(state, color, player.marker, end, skipped)
        src = sources.SCORING_5_6 if state.n_players >= 5 else sources.PHASE_6
        say(events, "score", text, src)
        state = state.with_player(replace(player, marker=end))
    history = state.score_history + (tuple(p.marker for p in state.players),)
    state = replace(state, score_history=history)
    return end_of_round(state, events)


def end_of_round(state: GameState, events: Events) -> GameState:
    """Game end after phase 6: a marker in the end zone, or the last card was turned."""
    zone = state.setup.end_zone_start
    in_zone = [p for p in state.players if p.marker >= zone]
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
        return replace(state, phase=Phase.OVER, cursor=Cursor(step=Step.NONE))
    return begin_round(state, events)
