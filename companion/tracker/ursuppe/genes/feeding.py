"""Extra genes at the meal: Suction, Cleanliness and Toxic Excretions (003 §The Amoeba
Advanced Genome Project; 001 §LE CARTE GENE "NORMALE" / "SUPERIORE").

Suction I: a meal may include 1 cube taken from one orthogonally adjacent space; Suction II:
up to 2 cubes from one adjacent space (rule option: diagonal spaces count too, 003; default
001, not diagonal). Cleanliness: both excreted cubes go onto the amoeba's own space or one
orthogonal neighbour, the player's choice. Toxic Excretions: each excretion lays 1 DP token on
the space where the excreta land; the next amoeba to enter that space takes every token there.
Glutton's extra cube is part of the meal shapes themselves (`feeding._meal_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import Cubes, cubes_ref, norm_cubes
from companion.tracker.ursuppe.genes.extra import (
    CLEANLINESS,
    GLUTTON,
    SUCTION_1,
    SUCTION_2,
    TOXIC_EXCRETIONS,
)
from companion.tracker.ursuppe.phases.base import Events, add_cubes, pay, say
from companion.tracker.ursuppe.rules.feeding import (
    Meal,
    excretion,
    meal_message,
    meal_rules,
    meals_from,
    parasite_victims,
)
from companion.tracker.ursuppe.state import (
    Amoeba,
    AmoebaId,
    GameState,
    Step,
    amoeba_ref,
    player_ref,
    remember,
)

EXTRA_MEAL_GENES = (GLUTTON, SUCTION_1, SUCTION_2)


@dataclass(frozen=True)
class SuctionMeal:
    """A meal with Suction: the whole meal, and the cubes taken from a neighbouring space."""

    meal: Meal
    space: int
    sucked: Cubes


def suction_reach(state: GameState, color) -> int:
    """Cubes this color's amoebas may suck from one neighbouring space: 0, 1 or 2."""
    player = state.player(color)
    if player.holds(SUCTION_2):
        return 2
    return 1 if player.holds(SUCTION_1) else 0


def suction_spaces(state: GameState, amoeba: Amoeba) -> tuple[int, ...]:
    """The neighbouring spaces Suction reaches (diagonals only for Suction II, by option)."""
    board = state.setup.board
    found = set(board.neighbours(amoeba.space))
    diagonal = state.setup.options.suction_diagonal
    if diagonal and state.player(amoeba.color).holds(SUCTION_2):
        row, col = board.cell(amoeba.space)
        for dr in (-1, 1):
            for dc in (-1, 1):
                space = board.space_at(row + dr, col + dc)
                if space is not None:
                    found.add(space)
    return tuple(sorted(found))


@lru_cache(maxsize=4096)  # cube counts are few on a table, but a server runs many games
def _takes(counts: tuple[int, ...], own: int, reach: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take 1..reach cubes of other colors from these counts (remembered: the
    same few counts come back space after space)."""
    found: list[tuple[int, ...]] = []

    def build(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(counts):
            if sum(acc):
                found.append(acc)
            return
        top = 0 if i == own else min(counts[i], left)
        for n in range(top + 1):
            build(i + 1, left - n, acc + (n,))

    build(0, reach, ())
    return tuple(found)


def suction_meals(state: GameState, amoeba: Amoeba) -> tuple[SuctionMeal, ...]:
    """Every legal meal that takes cubes from a neighbouring space (none without Suction)."""
    return remember(state, (suction_meals, amoeba), lambda: _suction_meals(state, amoeba))


def _suction_meals(state: GameState, amoeba: Amoeba) -> tuple[SuctionMeal, ...]:
    reach = suction_reach(state, amoeba.color)
    found: list[SuctionMeal] = []
    if reach:
        gene = SUCTION_2 if reach == 2 else SUCTION_1
        own = state.seat(amoeba.color)
        here = state.cubes_on(amoeba.space)
        by_cubes: dict[tuple[int, ...], list] = {}  # the same cubes from another space
        victims = parasite_victims(state, amoeba)
        rules = meal_rules(state, amoeba.color)
        for space in suction_spaces(state, amoeba):
            for take in _takes(state.cubes_on(space), own, reach):
                joined = tuple(a + b for a, b in zip(here, take))
                sucked = norm_cubes(tuple((c, n) for c, n in zip(state.colors, take) if n))
                if joined not in by_cubes:
                    by_cubes[joined] = [
                        (Meal(m.cubes, m.parasite, m.genes + (gene,)), dict(m.cubes))
                        for m in meals_from(state, amoeba, joined, victims, rules)
                    ]
                for meal, eaten in by_cubes[joined]:
                    if all(eaten.get(c, 0) >= n for c, n in sucked):
                        found.append(SuctionMeal(meal, space, sucked))
    return tuple(found)


def excreta_spaces(state: GameState, amoeba: Amoeba) -> tuple[int, ...]:
    """Where this amoeba's excreta may go: its space, or (Cleanliness) an orthogonal neighbour."""
    if not state.player(amoeba.color).holds(CLEANLINESS):
        return (amoeba.space,)
    return tuple(sorted((amoeba.space,) + state.setup.board.neighbours(amoeba.space)))


def lay_toxin(state: GameState, aid: AmoebaId, space: int, events: Events) -> GameState:
    """Toxic Excretions: 1 DP token on the space where the excreta land."""
    if not state.player(aid.color).holds(TOXIC_EXCRETIONS):
        return state
    state = set_toxic(state, space, state.toxic_on(space) + 1)
    text = nmsg(
        "{who}'s excreta are toxic: {n} DP token lies on space {space}; the next amoeba to "
        "enter it takes it.",
        "{who}'s excreta are toxic: {n} DP tokens lie on space {space}; the next amoeba to "
        "enter it takes them.",
        state.toxic_on(space),
        who=amoeba_ref(state, aid),
        space=space,
    )
    say(events, "toxic", text, sources.EXTRA_FEEDING)
    return state


def set_toxic(state: GameState, space: int, dp: int) -> GameState:
    """The state with `dp` tokens lying on a space (0 removes them)."""
    rest = tuple((s, n) for s, n in state.toxic if s != space)
    lying = rest + (((space, dp),) if dp else ())
    return replace(state, toxic=tuple(sorted(lying)))


def correct_toxic(state: GameState, action) -> tuple[GameState, Msg]:
    """A referee correction of the DP tokens lying on a space (`Correct`, field `toxic`)."""
    space = action.space
    if space is None:
        raise InvalidAction(msg("a '{field}' correction needs a space", field=action.field))
    if space not in state.setup.board.spaces():
        raise InvalidAction(msg("there is no space {space} on the soup", space=space))
    before = state.toxic_on(space)
    text = msg(
        "toxic DP tokens on space {space} set from {before} to {after}",
        space=space,
        before=before,
        after=action.value,
    )
    return set_toxic(state, space, action.value), text


def excreta_message(state: GameState, aid: AmoebaId, cubes: Cubes, space: int) -> Msg:
    """Cleanliness explained: where the excreted cubes went."""
    return msg(
        "{who}'s excreta ({cubes}) go onto space {space} ({gene}).",
        who=amoeba_ref(state, aid),
        cubes=cubes_ref(cubes),
        space=space,
        gene=state.gene(CLEANLINESS).term,
    )


def eat(
    state: GameState,
    amoeba: Amoeba,
    meal: Meal,
    events: Events,
    space: int | None = None,
    sucked: Cubes = (),
) -> tuple[GameState, bool]:
    """A meal: its cubes off the board (`sucked` from the neighbouring `space`), Parasitism's
    BP, and the excretion; returns the state and whether the excreta are already placed
    (False: Cleanliness asks where they go)."""
    here = dict(meal.cubes)
    for color, n in sucked:
        here[color] -= n
        state = add_cubes(state, space, state.seat(color), -n)
    for color, n in here.items():
        state = add_cubes(state, amoeba.space, state.seat(color), -n)
    if meal.parasite:
        state = pay(state, meal.parasite, 1)
    if sucked:
        gene = SUCTION_2 if SUCTION_2 in meal.genes else SUCTION_1
        text = msg(
            "{who} sucks {cubes} from space {space} ({gene}).",
            who=amoeba_ref(state, amoeba.id),
            cubes=cubes_ref(sucked),
            space=space,
            gene=state.gene(gene).term,
        )
        source = sources.EXTRA_FEEDING_ADVANCED if gene == SUCTION_2 else sources.EXTRA_FEEDING
        say(events, "feed", text, source)
    excreted = excretion(state, amoeba.color)
    payer = player_ref(state, meal.parasite) if meal.parasite else None
    text = meal_message(
        amoeba_ref(state, amoeba.id), meal.cubes, meal.genes, payer, (amoeba.color, excreted)
    )
    if any(g in EXTRA_MEAL_GENES for g in meal.genes):
        source = sources.EXTRA_FEEDING
    elif meal.genes:
        source = sources.FEEDING_GENES_NOTE
    else:
        source = sources.FEEDING_5_6 if state.n_players >= 5 else sources.FEEDING
    say(events, "feed", text, source)
    if excreted and len(excreta_spaces(state, amoeba)) > 1:
        return state.with_cursor(step=Step.EXCRETE), False
    return excrete(state, amoeba.id, amoeba.space, events), True


def excrete(state: GameState, aid: AmoebaId, space: int, events: Events) -> GameState:
    """The excreted cubes land on a space (Toxic Excretions lays its DP token there); with
    no cube of its color left in the supply the amoeba excretes nothing, and lays nothing."""
    excreted = excretion(state, aid.color)
    state = add_cubes(state, space, state.seat(aid.color), excreted)
    return lay_toxin(state, aid, space, events) if excreted else state
