"""Carry out an action already found legal, explaining each consequence with its source."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker import (
    attacks,
    defects,
    division,
    feeding,
    flow,
    genes_attacks,
    genes_feeding,
    genes_moves,
    genes_steps,
    market,
    movement,
    sources,
)
from companion.tracker.actions import (
    AcceptAttack,
    Action,
    Attack,
    BuyGene,
    CarryCubes,
    ChooseDirection,
    ChooseStartSpace,
    DeclineAggression,
    DeclineRetry,
    Defend,
    Divide,
    Drift,
    EndDivision,
    EndMovement,
    EndPurchases,
    Escape,
    Feed,
    FightRoll,
    Move,
    MoveAgain,
    PayDebt,
    PlaceAmoeba,
    PlaceFreeAmoeba,
    RetryAttack,
    RetryDefense,
    RideAlong,
    RollForStartOrder,
    RollMovement,
    SetStartSpaces,
    ShuffleEnvironmentDeck,
    Starve,
    Stay,
    Strike,
    TurnEnvironmentCard,
    cubes_ref,
)
from companion.tracker.data import (
    GENES_BY_KEY,
    HOLDING,
    PERSISTENCE,
    SPEED,
    STREAMLINING,
    TENTACLE,
    Color,
)
from companion.tracker.flow import Events, say, who
from companion.tracker.msg import Seq, msg, nmsg
from companion.tracker.phrases import and_list, comma_list, dice_ref, gene, how_chosen
from companion.tracker.state import (
    AttackCtx,
    GameState,
    HeldGene,
    MoveCtx,
    Step,
    player_ref,
)


def handle(state: GameState, action: Action, events: Events) -> GameState:
    """Apply a legal action and run the automatic steps that follow it."""
    return _HANDLERS[type(action)](state, action, events)


# ----- setup -------------------------------------------------------------------------
def _turn_card(state: GameState, action: TurnEnvironmentCard, events: Events) -> GameState:
    return flow.turn_card(state, action.card, events)


def _shuffle(state: GameState, action: ShuffleEnvironmentDeck, events: Events) -> GameState:
    text = nmsg(
        "The app shuffled the {n} remaining environment card; it is turned in the recorded order.",
        "The app shuffled the {n} remaining environment cards; "
        "they are turned in the recorded order.",
        len(action.order),
    )
    say(events, "card", text, sources.SETUP)
    state = replace(state, shuffled_order=tuple(action.order))
    return flow.maybe_auto_card(state, events)


def _start_roll(state: GameState, action: RollForStartOrder, events: Events) -> GameState:
    cursor = state.cursor
    rolls = cursor.start_rolls + ((action.color, action.total),)
    text = msg(
        "{who} rolls {total} for the start order.",
        who=player_ref(state, action.color),
        total=action.total,
    )
    say(events, "setup", text, sources.START_ORDER)
    group = next(g for g in cursor.start_groups if len(g) > 1)
    if len(rolls) < len(group):
        return state.with_cursor(start_rolls=rolls)
    totals = dict(rolls)
    split = tuple(
        tuple(c for c in group if totals[c] == value)
        for value in sorted(set(totals.values()), reverse=True)
    )
    i = cursor.start_groups.index(group)
    groups = cursor.start_groups[:i] + split + cursor.start_groups[i + 1 :]
    for tied in split:
        if len(tied) > 1:
            names = and_list([player_ref(state, c) for c in tied])
            say(
                events,
                "setup",
                msg("{players} tie and roll again.", players=names),
                sources.START_ORDER,
            )
    state = state.with_cursor(start_groups=groups, start_rolls=())
    if all(len(g) == 1 for g in groups):
        order = tuple(g[0] for g in groups)
        text = msg(
            "Start order: {players}. In this order each picks a ladder start space 1-{last}.",
            players=comma_list([player_ref(state, c) for c in order]),
            last=state.n_players,
        )
        say(events, "setup", text, sources.START_ORDER)
        return state.with_cursor(step=Step.START_SPACE, start_order=order, index=0)
    return state


def _set_markers(state: GameState, spaces: dict[Color, int], events: Events) -> GameState:
    for color, space in spaces.items():
        state = state.with_player(replace(state.player(color), marker=space))
    return flow.begin_placement(state, events)


def _choose_start(state: GameState, action: ChooseStartSpace, events: Events) -> GameState:
    state = state.with_player(replace(state.player(action.color), marker=action.space))
    text = msg(
        "{who} starts on ladder space {space}.",
        who=player_ref(state, action.color),
        space=action.space,
    )
    say(events, "setup", text, sources.START_ORDER)
    order = state.cursor.start_order
    if state.cursor.index + 1 < len(order):
        return state.with_cursor(index=state.cursor.index + 1)
    return flow.begin_placement(state, events)


def _set_start(state: GameState, action: SetStartSpaces, events: Events) -> GameState:
    spaces = comma_list([Seq((player_ref(state, c), s)) for c, s in action.spaces])
    text = msg("Start spaces as placed at the table: {spaces}.", spaces=spaces)
    say(events, "setup", text, sources.START_ORDER)
    return _set_markers(state, dict(action.spaces), events)


def _place(state: GameState, action: PlaceAmoeba, events: Events) -> GameState:
    dp = 1 if state.cursor.placement_round == 1 and state.n_players >= 4 else 0
    state = flow.place_new_amoeba(state, action.amoeba, action.space, dp)
    name = who(state, action.amoeba)
    if dp:
        text = msg("{who} is placed on space {space} with 1 DP.", who=name, space=action.space)
    else:
        text = msg("{who} is placed on space {space}.", who=name, space=action.space)
    say(events, "place", text, sources.PLACEMENT)
    return flow.after_placement(state, events)


# ----- phase 1: movement -------------------------------------------------------------
def _drift(state: GameState, action: Drift, events: Events) -> GameState:
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
    say(events, "move", text, sources.SPEED_QA)
    return flow.start_active_move(state, ctx, events)


def _end_movement(state: GameState, action: EndMovement, events: Events) -> GameState:
    return flow.movement_done(state, state.cursor.move, events)


# ----- phase 1: feeding and attacks --------------------------------------------------
def _feed(state: GameState, action: Feed, events: Events) -> GameState:
    amoeba = state.amoeba(action.amoeba)
    meal = next(
        m
        for m in feeding.legal_meals(state, amoeba)
        if m.cubes == action.cubes and m.parasite == action.parasite
    )
    state, placed = genes_feeding.eat(state, amoeba, meal, events)
    return flow.amoeba_done(state, events) if placed else state


def _starve(state: GameState, action: Starve, events: Events) -> GameState:
    amoeba = state.amoeba(action.amoeba)
    if state.cursor.may_attack and attacks.can_struggle(state, amoeba):
        genes_attacks.shielded_note(state, amoeba, events)
    state = flow.set_amoeba(state, replace(amoeba, dp=amoeba.dp + 1))
    text = msg(
        "{who} finds no meal on space {space}: it starves and takes 1 DP (now {dp}).",
        who=who(state, amoeba.id),
        space=amoeba.space,
        dp=amoeba.dp + 1,
    )
    say(events, "starve", text, sources.FEEDING)
    return flow.amoeba_done(state, events)


def _attack(state: GameState, action: Attack, events: Events) -> GameState:
    state = flow.pay(state, action.amoeba.color, 1)
    space = state.amoeba(action.amoeba).space
    attack = AttackCtx("struggle", action.amoeba, action.target, space)
    return flow.begin_attack(state, attack, events)


def _strike(state: GameState, action: Strike, events: Events) -> GameState:
    player = state.player(action.amoeba.color)
    state = state.with_player(
        replace(player, bp=player.bp - 1, used_this_round=player.used_this_round + ("aggression",))
    )
    space = state.amoeba(action.amoeba).space
    return flow.begin_attack(
        state, AttackCtx("aggression", action.amoeba, action.target, space), events
    )


def _use(state: GameState, color: Color, response: str, cost: int) -> GameState:
    player = state.player(color)
    return state.with_player(
        replace(player, bp=player.bp - cost, used_this_round=player.used_this_round + (response,))
    )


def _defend(state: GameState, action: Defend, events: Events) -> GameState:
    attack = state.cursor.attack
    state = _use(state, attack.target.color, attacks.DEFEND, 1)
    text = msg("{who} defends (1 BP): both roll a die.", who=who(state, attack.target))
    say(events, "attack", text, sources.ATTACKS)
    attack = replace(attack, tried=attack.tried + (attacks.DEFEND,))
    return state.with_cursor(step=Step.FIGHT_ROLL, attack=attack)


def _escape(state: GameState, action: Escape, events: Events) -> GameState:
    attack = state.cursor.attack
    cost = movement.move_cost(state.player(attack.target.color))
    state = _use(state, attack.target.color, attacks.FLEE, cost)
    name = who(state, attack.target)
    if cost:
        text = nmsg(
            "{who} tries to escape (paying {n} BP).",
            "{who} tries to escape (paying {n} BP).",
            cost,
            who=name,
        )
    else:
        text = msg("{who} tries to escape (free: {gene}).", who=name, gene=gene(STREAMLINING))
    say(events, "attack", text, sources.ATTACKS)
    attack = replace(attack, tried=attack.tried + (attacks.FLEE,))
    state = state.with_cursor(attack=attack)
    ctx = MoveCtx(mover=attack.target, purpose="escape", active=True)
    return flow.start_active_move(state, ctx, events)


def _accept(state: GameState, action: AcceptAttack, events: Events) -> GameState:
    return flow.attack_succeeds(state, events)


def _fight(state: GameState, action: FightRoll, events: Events) -> GameState:
    attack = state.cursor.attack
    a, d = action.attacker, action.defender
    if a == d:
        text = msg(
            "The fight dice tie ({attacker} - {defender}): roll again.", attacker=a, defender=d
        )
        say(events, "roll", text, sources.ATTACKS)
        return state
    if a > d:
        text = msg(
            "{who} wins the fight {high} - {low}.", who=who(state, attack.attacker), high=a, low=d
        )
        say(events, "roll", text, sources.ATTACKS)
        if attacks.can_retry_defense(state, attack):
            return state.with_cursor(step=Step.DEFENSE_RETRY)
        return flow.attack_succeeds(state, events)
    text = msg(
        "{who} wins the fight {high} - {low}; no cubes are placed.",
        who=who(state, attack.target),
        high=d,
        low=a,
    )
    say(events, "roll", text, sources.ATTACKS_QA)
    return flow.attack_fails(state, events)


def _retry_defense(state: GameState, action: RetryDefense, events: Events) -> GameState:
    attack = replace(state.cursor.attack, defender_retried=True)
    text = msg(
        "{who} fights once more, free ({gene}).",
        who=who(state, attack.target),
        gene=gene(PERSISTENCE),
    )
    say(events, "attack", text, sources.ADVANCED_ATTACKS)
    return state.with_cursor(step=Step.FIGHT_ROLL, attack=attack)


def _retry_attack(state: GameState, action: RetryAttack, events: Events) -> GameState:
    old = state.cursor.attack
    text = msg(
        "{who} tries once more, free ({gene}).",
        who=who(state, old.attacker),
        gene=gene(PERSISTENCE),
    )
    say(events, "attack", text, sources.ADVANCED_ATTACKS)
    space = state.amoeba(old.attacker).space
    attack = AttackCtx(old.kind, old.attacker, action.target, space, attacker_retried=True)
    return flow.begin_attack(state, attack, events)


def _decline_retry(state: GameState, action: DeclineRetry, events: Events) -> GameState:
    if state.cursor.step is Step.DEFENSE_RETRY:
        return flow.attack_succeeds(state, events)
    return flow.attack_over_failed(state, events)


# ----- phases 2-5 --------------------------------------------------------------------
def _pay_debt(state: GameState, action: PayDebt, events: Events) -> GameState:
    player = state.player(action.color)
    owed = defects.debt(state, action.color)
    value = defects.returned_value(state, action.genes)
    genes = tuple(g for g in player.genes if g.key not in action.genes)
    state = state.with_player(replace(player, bp=player.bp - action.bp, genes=genes))
    name = player_ref(state, action.color)
    text = defects.payment_message(name, owed, action.genes, action.bp, value - owed)
    say(events, "defects", text, sources.PHASE_2)
    return flow.next_debtor(state.with_cursor(index=state.cursor.index + 1), events)


def _buy(state: GameState, action: BuyGene, events: Events) -> GameState:
    player = state.player(action.color)
    card = GENES_BY_KEY[action.gene]
    price = market.price_for(state, action.color, action.gene)
    genes = tuple(g for g in player.genes if g.key != action.give_up)
    genes += (HeldGene(action.gene, state.round),)
    state = state.with_player(replace(player, bp=player.bp - price, genes=genes))
    name = player_ref(state, action.color)
    left = nmsg("{n} BP left", "{n} BP left", player.bp - price)
    if action.give_up:
        text = nmsg(
            "{who} buys {gene} for {n} BP, giving up {lower} ({left}).",
            "{who} buys {gene} for {n} BP, giving up {lower} ({left}).",
            price,
            who=name,
            gene=card.term,
            lower=gene(action.give_up),
            left=left,
        )
    else:
        text = nmsg(
            "{who} buys {gene} for {n} BP ({left}).",
            "{who} buys {gene} for {n} BP ({left}).",
            price,
            who=name,
            gene=card.term,
            left=left,
        )
    say(events, "buy", text, sources.ADVANCED if action.give_up else sources.PHASE_3)
    return state


def _end_purchases(state: GameState, action: EndPurchases, events: Events) -> GameState:
    return flow.next_buyer(state, events)


def _divide(state: GameState, action: Divide, events: Events) -> GameState:
    cost = division.division_cost(state, action.amoeba.color)
    rule = division.division_rule(state, action.amoeba.color)
    state = flow.pay(state, action.amoeba.color, cost)
    state = flow.place_new_amoeba(state, action.amoeba, action.space)
    text = nmsg(
        "{who} is born on space {space} for {n} BP ({rule}); {left}.",
        "{who} is born on space {space} for {n} BP ({rule}); {left}.",
        cost,
        who=who(state, action.amoeba),
        space=action.space,
        rule=rule,
        left=nmsg("{n} BP left", "{n} BP left", state.player(action.amoeba.color).bp),
    )
    say(events, "divide", text, sources.PHASE_4)
    return state


def _free_amoeba(state: GameState, action: PlaceFreeAmoeba, events: Events) -> GameState:
    state = flow.place_new_amoeba(state, action.amoeba, action.space)
    text = msg(
        "{player} has no amoeba left and places {who} free on space {space}.",
        player=player_ref(state, action.amoeba.color),
        who=who(state, action.amoeba),
        space=action.space,
    )
    say(events, "divide", text, sources.FREE_AMOEBA)
    return state


def _end_division(state: GameState, action: EndDivision, events: Events) -> GameState:
    return flow.next_divider(state, events)


def _decline_aggression(state: GameState, action: DeclineAggression, events: Events) -> GameState:
    return flow.aggression_done(state, events)


_HANDLERS = {
    TurnEnvironmentCard: _turn_card,
    ShuffleEnvironmentDeck: _shuffle,
    RollForStartOrder: _start_roll,
    ChooseStartSpace: _choose_start,
    SetStartSpaces: _set_start,
    PlaceAmoeba: _place,
    Drift: _drift,
    Move: _move,
    Stay: _stay,
    RollMovement: _roll_movement,
    ChooseDirection: _choose_direction,
    CarryCubes: _carry,
    RideAlong: _ride,
    MoveAgain: _move_again,
    EndMovement: _end_movement,
    Feed: _feed,
    Starve: _starve,
    Attack: _attack,
    Strike: _strike,
    Defend: _defend,
    Escape: _escape,
    AcceptAttack: _accept,
    FightRoll: _fight,
    RetryDefense: _retry_defense,
    RetryAttack: _retry_attack,
    DeclineRetry: _decline_retry,
    PayDebt: _pay_debt,
    BuyGene: _buy,
    EndPurchases: _end_purchases,
    Divide: _divide,
    PlaceFreeAmoeba: _free_amoeba,
    EndDivision: _end_division,
    DeclineAggression: _decline_aggression,
    **genes_steps.HANDLERS,
}
