"""The one place that decides what is legal now: every concrete action the table may take.

`apply` accepts an action only if it is in this list (plus the two open-ended inputs, a
recorded shuffle and directly set start spaces, checked in `open_inputs`), so the UI's
buttons and the validation can never disagree.
"""

from __future__ import annotations

from itertools import product

from companion.tracker.ursuppe.actions import (
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
    Starve,
    Stay,
    Strike,
    TurnEnvironmentCard,
)
from companion.tracker.ursuppe.data import HOLDING, TENTACLE, tentacle_capacity
from companion.tracker.ursuppe.genes import crust as genes_crust
from companion.tracker.ursuppe.genes import deaths as genes_deaths
from companion.tracker.ursuppe.genes import explosion as genes_explosion
from companion.tracker.ursuppe.genes import phase3 as genes_phase3
from companion.tracker.ursuppe.genes import steps as genes_steps
from companion.tracker.ursuppe.phases import p3_extra
from companion.tracker.ursuppe.rules import attacks, decoy, defects, division, market, movement
from companion.tracker.ursuppe.rules.feeding import legal_meals
from companion.tracker.ursuppe.rules.people import marker_colors
from companion.tracker.ursuppe.state import AmoebaId, GameState, Step, remember

DIE = range(1, 7)


def carry_options(counts: tuple[int, ...], cap: int) -> list[tuple[int, ...]]:
    """Every way to pick at most `cap` cubes from these counts per color."""
    found: list[tuple[int, ...]] = []

    def build(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(counts):
            found.append(acc)
            return
        for n in range(min(counts[i], left) + 1):
            build(i + 1, left - n, acc + (n,))

    build(0, cap, ())
    return found


def start_roll_group(state: GameState) -> tuple:
    """The seats that roll next for the start order (the first still-tied group)."""
    return next((g for g in state.cursor.start_groups if len(g) > 1), ())


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action now (corrections, shuffles and set start spaces aside)."""
    return remember(state, legal_actions, lambda: _legal_now(state))


def _legal_now(state: GameState) -> tuple[Action, ...]:
    builder = _BUILDERS.get(state.cursor.step)
    return tuple(decoy.restrict(state, builder(state))) if builder else ()


def _turn_card(state: GameState) -> list[Action]:
    return [TurnEnvironmentCard(c) for c in state.remaining_cards()]


def _start_rolls(state: GameState) -> list[Action]:
    rolled = dict(state.cursor.start_rolls)
    waiting = [c for c in start_roll_group(state) if c not in rolled]
    return [RollForStartOrder(waiting[0], total) for total in range(2, 13)] if waiting else []


def _start_space(state: GameState) -> list[Action]:
    color = state.cursor.start_order[state.cursor.index]
    taken = {p.marker for p in state.players}
    last = len(marker_colors(state.setup))  # one marker per person in double play II
    return [ChooseStartSpace(color, s) for s in range(1, last + 1) if s not in taken]


def _place(state: GameState) -> list[Action]:
    color = state.cursor.actor
    occupied = {a.space for a in state.amoebas}
    return [
        PlaceAmoeba(AmoebaId(color, n), s)
        for n in division.free_numbers(state, color)
        for s in state.setup.board.spaces()
        if s not in occupied
    ]


def _movement_choice(state: GameState) -> list[Action]:
    aid = state.cursor.amoeba
    player = state.player(aid.color)
    found: list[Action] = [Drift(aid)]
    if player.bp >= movement.move_cost(player):
        found.append(Move(aid))
    if player.has(HOLDING):
        found.append(Stay(aid))
    return found + genes_steps.feed_first_actions(state, aid)


def _move_roll(state: GameState) -> list[Action]:
    player = state.player(state.cursor.move.mover.color)
    n = movement.dice_count(player)
    return [RollMovement(d) for d in product(DIE, repeat=n)]


def _move_direction(state: GameState) -> list[Action]:
    return [ChooseDirection(o) for o in state.cursor.move.options]


def _carry(state: GameState) -> list[Action]:
    head = state.cursor.move.queue[0]
    counts = state.cubes_on(head.origin)
    has_tentacle = state.player(head.amoeba.color).has(TENTACLE)
    cap = tentacle_capacity(state.n_players) if has_tentacle else 0
    return [
        CarryCubes(head.amoeba, tuple(zip(state.colors, pick)))
        for pick in carry_options(counts, cap)
    ]


def _ride_along(state: GameState) -> list[Action]:
    head = state.cursor.move.queue[0]
    return [RideAlong(head.amoeba, True), RideAlong(head.amoeba, False)]


def _second_move(state: GameState) -> list[Action]:
    return [MoveAgain(), EndMovement()]


def _feed(state: GameState) -> list[Action]:
    amoeba = state.amoeba(state.cursor.amoeba)
    meals = legal_meals(state, amoeba)
    sucked = genes_steps.suction_actions(state, amoeba.id)
    if meals or sucked:
        found = [Feed(amoeba.id, m.cubes, m.parasite) for m in meals] + sucked
        # 000, 003: feeding genes "can, but need not" be used; with Parasitism the only way
        # to eat, its owner may starve instead (RULES.md, decisions).
        if meals and all(m.parasite is not None for m in meals) and not sucked:
            found.append(Starve(amoeba.id))
        return found
    found: list[Action] = [Starve(amoeba.id)]
    if state.cursor.may_attack and attacks.can_struggle(state, amoeba):
        found += [Attack(amoeba.id, t.id) for t in attacks.struggle_targets(state, amoeba)]
    return found


def _attack_response(state: GameState) -> list[Action]:
    options = attacks.responses(state, state.cursor.attack)
    found: list[Action] = []
    if attacks.DEFEND in options:
        found.append(Defend())
    if attacks.FLEE in options:
        found.append(Escape())
    return found + [AcceptAttack()]


def _fight_roll(state: GameState) -> list[Action]:
    return [FightRoll(a, d) for a in DIE for d in DIE]


def _defense_retry(state: GameState) -> list[Action]:
    return [RetryDefense(), DeclineRetry()]


def _attack_retry(state: GameState) -> list[Action]:
    targets = attacks.retry_targets(state, state.cursor.attack)
    return [RetryAttack(t.id) for t in targets] + [DeclineRetry()]


def _pay_debt(state: GameState) -> list[Action]:
    color = state.cursor.actor
    owed = defects.debt(state, color)
    return [PayDebt(color, p.genes, p.bp) for p in defects.legal_payments(state, color, owed)]


def _buy(state: GameState) -> list[Action]:
    color = state.cursor.actor
    found: list[Action] = [BuyGene(color, o.gene, o.give_up) for o in market.offers(state, color)]
    return found + genes_phase3.swaps(state, color) + [EndPurchases(color)]


def _divide(state: GameState) -> list[Action]:
    color = state.cursor.actor
    if state.cursor.exploding:
        return genes_explosion.placements(state, color)
    numbers = division.free_numbers(state, color)
    found: list[Action] = []
    if division.free_amoeba_due(state, color):
        spaces = state.setup.board.spaces()
        found += [PlaceFreeAmoeba(AmoebaId(color, n), s) for n in numbers for s in spaces]
    elif numbers and state.player(color).bp >= division.division_cost(state, color):
        spaces = division.legal_spaces(state, color)
        found += [Divide(AmoebaId(color, n), s) for n in numbers for s in spaces]
    found += genes_explosion.offers(state, color) + genes_deaths.healing_actions(state, color)
    return found + [EndDivision(color)]


def _aggression(state: GameState) -> list[Action]:
    color = state.cursor.actor
    found: list[Action] = [
        Strike(a.id, t.id)
        for a in state.amoebas_of(color)
        for t in attacks.aggression_targets(state, a)
    ]
    return found + [DeclineAggression(color)]


_BUILDERS = {
    Step.TURN_CARD: _turn_card,
    Step.START_ROLLS: _start_rolls,
    Step.START_SPACE: _start_space,
    Step.PLACE: _place,
    Step.MOVEMENT_CHOICE: _movement_choice,
    Step.MOVE_ROLL: _move_roll,
    Step.MOVE_DIRECTION: _move_direction,
    Step.CARRY: _carry,
    Step.RIDE_ALONG: _ride_along,
    Step.SECOND_MOVE: _second_move,
    Step.FEED: _feed,
    Step.ATTACK_RESPONSE: _attack_response,
    Step.FIGHT_ROLL: _fight_roll,
    Step.DEFENSE_RETRY: _defense_retry,
    Step.ATTACK_RETRY: _attack_retry,
    Step.PAY_DEBT: _pay_debt,
    Step.BUY: _buy,
    Step.DIVIDE: _divide,
    Step.AGGRESSION: _aggression,
    Step.TURN_EXTRA: p3_extra.choices,
    Step.HARD_CRUST: genes_crust.choices,
    **genes_steps.BUILDERS,
}
