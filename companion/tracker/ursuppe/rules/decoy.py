"""The decoy player (jugador señuelo): a third color that plays itself (000 §Ursuppe para 2
jugadores).

The book: the decoy always drifts, has Life Expectancy from the start, gets 2 amoebas each
round, and scores or not by agreement. The companion's readings: it buys no genes and pays
no debts (it has no BP), its 2 amoebas are free and follow the division rules, and where the
book does not say how it chooses, it chooses by the fixed rules below, which a table can
check by eye. Each decoy step is an explained event, taken without a tap (`engine._forced`).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.msg import N_, Msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import (
    Action,
    ChooseStartSpace,
    Divide,
    Drift,
    EndDivision,
    Feed,
    PlaceAmoeba,
    Starve,
)
from companion.tracker.ursuppe.data import LIFE_EXPECTANCY
from companion.tracker.ursuppe.rules import division
from companion.tracker.ursuppe.rules.people import decoy
from companion.tracker.ursuppe.state import AmoebaId, GameSetup, GameState, HeldGene, Player, Step

NEW_AMOEBAS = 2  # per round (000 §Ursuppe para 2 jugadores)

DECOY_RULE = sources.reading("two_players", N_("the decoy chooses by fixed rules"))

RULE_START = N_("the decoy takes the lowest free start space")
RULE_SPACE = N_(
    "the decoy puts its lowest free amoeba on the legal space with the most food cubes, "
    "ties by the lowest space number"
)
RULE_DRIFT = N_("the decoy always drifts")
RULE_MEAL = N_(
    "the decoy eats from the color with the most cubes on its space first, ties by seat order"
)
RULE_STARVE = N_("a decoy that cannot feed starves")
RULE_DONE = N_("the decoy has placed its 2 new amoebas, or has no legal space or amoeba left")
RULE_FIRST = N_("the decoy takes the first choice listed")


def equip(setup: GameSetup, players: tuple[Player, ...]) -> tuple[Player, ...]:
    """The decoy starts with Life Expectancy and no BP (it never pays for anything)."""
    color = decoy(setup)
    if color is None:
        return players
    gene = (HeldGene(LIFE_EXPECTANCY, 0),)
    return tuple(replace(p, bp=0, genes=gene) if p.color == color else p for p in players)


def is_decoy(state: GameState, color: Color | None) -> bool:
    """Whether this color is the decoy."""
    return color is not None and color == decoy(state.setup)


def _born_this_phase(state: GameState, color: Color) -> int:
    return sum(1 for a in state.cursor.acted if a.color == color)


def _spaces(state: GameState, color: Color) -> tuple[int, ...]:
    """Where the decoy's next amoeba may go: the division rules, anywhere if it has none."""
    if not state.amoebas_of(color):
        return state.setup.board.spaces()
    return division.legal_spaces(state, color)


_AMOEBA_STEPS = {Step.MOVEMENT_CHOICE, Step.FEED, Step.SECOND_MOVE}
_ORDER_STEPS = {Step.PLACE, Step.DIVIDE, Step.BUY, Step.PAY_DEBT, Step.AGGRESSION}


def decider(state: GameState) -> Color | None:
    """The color whose decision the table awaits now, if one color decides."""
    cursor, step = state.cursor, state.cursor.step
    if step in _AMOEBA_STEPS and cursor.amoeba:
        return cursor.amoeba.color
    if step in _ORDER_STEPS:
        return cursor.actor
    if step is Step.START_SPACE:
        return cursor.start_order[cursor.index]
    if step in (Step.ATTACK_RESPONSE, Step.DEFENSE_RETRY) and cursor.attack:
        return cursor.attack.target.color
    if step is Step.ATTACK_RETRY and cursor.attack:
        return cursor.attack.attacker.color
    if step in (Step.CARRY, Step.RIDE_ALONG) and cursor.move and cursor.move.queue:
        return cursor.move.queue[0].amoeba.color
    if step is Step.MOVE_DIRECTION and cursor.move:
        return cursor.move.mover.color
    return None


def restrict(state: GameState, found: list[Action]) -> list[Action]:
    """The decoy's legal actions: it only drifts, and divides twice a round for free."""
    actor = decider(state) if decoy(state.setup) else None
    if not is_decoy(state, actor):
        return found
    step = state.cursor.step
    if step is Step.MOVEMENT_CHOICE:
        return [a for a in found if isinstance(a, Drift)]
    if step is Step.DIVIDE:
        numbers = division.free_numbers(state, actor)
        if numbers and _born_this_phase(state, actor) < NEW_AMOEBAS:
            spaces = _spaces(state, actor)
            births: list[Action] = [Divide(AmoebaId(actor, n), s) for n in numbers for s in spaces]
            if births:
                return births
        return [EndDivision(actor)]
    return found


def _food(state: GameState, space: int) -> int:
    return sum(state.cubes_on(space))


def _by_space(state: GameState, options: list[Action]) -> Action:
    """Lowest amoeba number, then the space with the most food, then the lowest space."""
    return min(options, key=lambda a: (a.amoeba.number, -_food(state, a.space), a.space))


def _meal(state: GameState, options: list[Feed]) -> Feed:
    aid = options[0].amoeba
    space = state.amoeba(aid).space
    on_space = state.cubes_on(space)
    fullest = sorted(state.colors, key=lambda c: (-on_space[state.seat(c)], state.seat(c)))

    def eaten(meal: Feed) -> tuple[int, ...]:
        taken = dict(meal.cubes)
        return tuple(taken.get(c, 0) for c in fullest)

    return max(options, key=eaten)


def choose(state: GameState, options: tuple) -> tuple[Action, Msg] | None:
    """The decoy's choice now and the rule that made it, or None if it is not its decision."""
    if not options or decoy(state.setup) is None or not is_decoy(state, decider(state)):
        return None
    kinds = {type(a) for a in options}
    if kinds == {ChooseStartSpace}:
        return min(options, key=lambda a: a.space), Msg(RULE_START)
    if kinds <= {PlaceAmoeba} or kinds <= {Divide}:
        return _by_space(state, list(options)), Msg(RULE_SPACE)
    if kinds == {Drift}:
        return options[0], Msg(RULE_DRIFT)
    if kinds == {Feed}:
        return _meal(state, list(options)), Msg(RULE_MEAL)
    if kinds == {Starve}:
        return options[0], Msg(RULE_STARVE)
    if kinds == {EndDivision}:
        return options[0], Msg(RULE_DONE)
    return options[0], Msg(RULE_FIRST)
