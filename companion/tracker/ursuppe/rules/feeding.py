"""Phase 1 feeding: the legal meals of an amoeba, excretion and food shortage.

An unmutated meal (000 §Fase 1; 003 §Feeding) is `cubes` cubes spread one or more per color
over exactly `colors` other colors, never the amoeba's own. Feeding genes combine, each
optional at each meal (001 §NOTA): Substitution eats one color fewer but one cube more;
Frugality and Parasitism each take one cube off the meal (Parasitism charges 1 BP to the
owner of another amoeba on the space). With 4 players Frugality + Substitution give
1:1:1, 2:2:0, 3:1:0, 1:1:0, 2:1:0, 3:0:0 (001 §NOTA). Glutton adds one cube to every meal,
always (003 §The Amoeba Advanced Genome Project), before Frugality takes one off.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Param, msg, nmsg
from companion.tracker.ursuppe.actions import Cubes, cubes_ref
from companion.tracker.ursuppe.data import (
    BASE_MEALS,
    EXCRETION_CUBES,
    FRUGALITY,
    GENES_BY_KEY,
    PARASITISM,
    SUBSTITUTION,
)
from companion.tracker.ursuppe.genes.extra import GLUTTON
from companion.tracker.ursuppe.options import Substitution4p
from companion.tracker.ursuppe.state import Amoeba, GameState, remember
from companion.tracker.ursuppe.views.phrases import comma_list

RANK = {c: i for i, c in enumerate(Color)}  # canonical cube order, as actions normalise it
Pattern = tuple[int, ...]  # cubes per color eaten, descending, all positive


def partitions(total: int, parts: int) -> set[Pattern]:
    """Ways to split `total` cubes into exactly `parts` positive counts (descending)."""
    if parts <= 0:
        return {()} if total == 0 else set()
    found: set[Pattern] = set()

    def build(left: int, slots: int, cap: int, acc: tuple[int, ...]) -> None:
        if slots == 0:
            if left == 0:
                found.add(acc)
            return
        for n in range(min(cap, left - (slots - 1)), 0, -1):
            build(left - n, slots - 1, n, acc + (n,))

    build(total, parts, total, ())
    return found


def one_cube_more(pattern: Pattern, new_color: bool) -> set[Pattern]:
    """Glutton: patterns with one cube added to one color, or (`new_color`) a color more."""
    out = {
        tuple(sorted(pattern[:i] + (n + 1,) + pattern[i + 1 :], reverse=True))
        for i, n in enumerate(pattern)
    }
    return out | ({pattern + (1,)} if new_color else set())


def one_cube_fewer(pattern: Pattern) -> set[Pattern]:
    """Patterns with one cube taken off one color (a color may drop out)."""
    out: set[Pattern] = set()
    for i in range(len(pattern)):
        reduced = list(pattern)
        reduced[i] -= 1
        out.add(tuple(sorted((n for n in reduced if n > 0), reverse=True)))
    return {p for p in out if p}


@dataclass(frozen=True)
class MealRule:
    """A meal pattern and the genes that make it legal."""

    pattern: Pattern
    parasitism: bool
    genes: tuple[str, ...]


def meal_rules(state: GameState, color: Color) -> list[MealRule]:
    """Every meal pattern this color's amoebas may eat, with the genes it needs."""
    player = state.player(color)
    even_only = state.setup.options.substitution_4p is Substitution4p.EVEN_ONLY
    return _meal_rules(
        state.n_players,
        player.has(SUBSTITUTION),
        player.has(FRUGALITY),
        player.has(PARASITISM),
        even_only,
        player.holds(GLUTTON),
    )


@cache
def _meal_rules(
    players: int,
    substitution: bool,
    frugality: bool,
    parasitism: bool,
    even_only: bool,
    glutton: bool = False,
) -> list[MealRule]:
    base = BASE_MEALS[players]
    rules: dict[tuple[Pattern, bool], tuple[str, ...]] = {}

    def add(pattern: Pattern, parasitism: bool, genes: tuple[str, ...]) -> None:
        key = (pattern, parasitism)
        if key not in rules or len(genes) < len(rules[key]):
            rules[key] = genes

    starts: list[tuple[Pattern, tuple[str, ...]]] = [
        (p, ()) for p in partitions(base.cubes, base.colors)
    ]
    if substitution:
        subs = partitions(base.cubes + 1, base.colors - 1)
        if players == 4 and even_only:
            subs = {p for p in subs if len(set(p)) == 1}
        starts += [(p, (SUBSTITUTION,)) for p in subs]
    if glutton:  # one cube more, always: on a color eaten, or (not with Substitution) a new one
        starts = [
            (q, (GLUTTON,) + genes)
            for p, genes in starts
            for q in one_cube_more(p, SUBSTITUTION not in genes and len(p) < players - 1)
        ]
    for pattern, genes in starts:
        add(pattern, False, genes)
        frugal = one_cube_fewer(pattern) if frugality else set()
        for p in frugal:
            add(p, False, genes + (FRUGALITY,))
        if parasitism:
            for p in one_cube_fewer(pattern):
                add(p, True, genes + (PARASITISM,))
            for p in frugal:
                for q in one_cube_fewer(p):
                    add(q, True, genes + (FRUGALITY, PARASITISM))
    return [MealRule(p, para, g) for (p, para), g in sorted(rules.items())]


@dataclass(frozen=True)
class Meal:
    """A concrete legal meal: cubes by color, the parasitised player, and the genes used."""

    cubes: tuple[tuple[Color, int], ...]
    parasite: Color | None
    genes: tuple[str, ...]

    @property
    def total(self) -> int:
        """Cubes eaten."""
        return sum(n for _, n in self.cubes)


def parasite_victims(state: GameState, amoeba: Amoeba) -> tuple[Color, ...]:
    """Players with an amoeba on this space, other than the eater's, who still have BP."""
    found = []
    for other in state.amoebas_on(amoeba.space):
        owner = state.player(other.color)
        if other.color != amoeba.color and other.color not in found and owner.bp > 0:
            found.append(other.color)
    return tuple(c for c in state.colors if c in found)


@cache
def placements(pattern: Pattern, slots: int) -> tuple[tuple[int, ...], ...]:
    """Every distinct way to lay the pattern's counts (and zeros) over `slots` colors
    (remembered: a Suction meal list asks the same few patterns again and again)."""
    if len(pattern) > slots:
        return ()
    counts: dict[int, int] = {}
    for n in tuple(pattern) + (0,) * (slots - len(pattern)):
        counts[n] = counts.get(n, 0) + 1
    out: list[tuple[int, ...]] = []

    def build(acc: tuple[int, ...]) -> None:
        if len(acc) == slots:
            out.append(acc)
            return
        for value in counts:
            if counts[value]:
                counts[value] -= 1
                build(acc + (value,))
                counts[value] += 1

    build(())
    return tuple(out)


def legal_meals(state: GameState, amoeba: Amoeba) -> tuple[Meal, ...]:
    """Every legal meal for this amoeba from the cubes on its space."""
    here = state.cubes_on(amoeba.space)
    return remember(state, (legal_meals, amoeba), lambda: meals_from(state, amoeba, here))


def meals_from(
    state: GameState,
    amoeba: Amoeba,
    on_space: tuple[int, ...],
    victims: tuple[Color, ...] | None = None,
    rules: list[MealRule] | None = None,
) -> tuple[Meal, ...]:
    """Every legal meal for this amoeba from these cubes per seat color (`victims` and
    `rules`: its `parasite_victims` and `meal_rules`, when the caller asks many times)."""
    colors = state.colors
    own = state.seat(amoeba.color)
    others = sorted(
        (i for i in range(len(colors)) if i != own and on_space[i] > 0),
        key=lambda i: RANK[colors[i]],
    )
    if victims is None:
        victims = parasite_victims(state, amoeba)
    if rules is None:
        rules = meal_rules(state, amoeba.color)
    found: dict[tuple, Meal] = {}
    for rule in rules:
        if rule.parasitism and not victims:
            continue
        for layout in placements(rule.pattern, len(others)):
            if any(n > on_space[i] for i, n in zip(others, layout)):
                continue
            cubes = tuple((colors[i], n) for i, n in zip(others, layout) if n)
            for victim in victims if rule.parasitism else (None,):
                key = (cubes, victim)
                if key not in found or len(rule.genes) < len(found[key].genes):
                    found[key] = Meal(cubes, victim, rule.genes)
    seat = {c: i for i, c in enumerate(colors)}

    def order(m: Meal) -> tuple:
        return (
            len(m.genes),
            -m.total,
            tuple((seat[c], -n) for c, n in m.cubes),
            seat[m.parasite] if m.parasite else -1,
        )

    return tuple(sorted(found.values(), key=order))


def excretion(state: GameState, color: Color) -> int:
    """Own-color cubes placed after a meal: 2, fewer if the supply runs short (000)."""
    return min(EXCRETION_CUBES, state.supply(color))


def meal_description(state: GameState, color: Color) -> Msg:
    """The unmutated meal of this game in words."""
    n = state.n_players
    if n == 3:
        return msg("3 cubes: 2 of one other color and 1 of the other")
    if n == 4:
        return msg("3 cubes: 1 of each other color")
    if n == 5:
        return msg("4 cubes: 1 of each other color")
    return msg("4 cubes of 4 different other colors")


def meal_message(
    who: Param,
    cubes: Cubes,
    genes: tuple[str, ...],
    payer: Param | None,
    excreted: tuple[Color, int],
) -> Msg:
    """A meal explained: what was eaten, with which genes, who paid, and the excretion."""
    eaten = cubes_ref(cubes)
    if genes:
        names = comma_list([GENES_BY_KEY[g].term for g in genes])
        # TRANSLATORS: the first part of a meal's sentence; {genes} are the feeding genes used.
        meal = msg("{who} eats {cubes} ({genes})", who=who, cubes=eaten, genes=names)
    else:
        # TRANSLATORS: the first part of a meal's sentence: "Ana ● red 2 eats 1 ▲ yellow".
        meal = msg("{who} eats {cubes}", who=who, cubes=eaten)
    if payer is not None:
        # TRANSLATORS: a meal ({meal}: "Ana ● red 2 eats 1 ▲ yellow"), then who pays for it.
        meal = msg(
            "{meal}; {payer} pays 1 BP to the bank ({gene})",
            meal=meal,
            payer=payer,
            gene=GENES_BY_KEY[PARASITISM].term,
        )
    color, n = excreted
    out = cubes_ref(((color, n),))
    if n < EXCRETION_CUBES:
        # TRANSLATORS: {meal} is what was eaten ("Ana ● red 2 eats 1 ▲ yellow"); {n} cubes of
        # the eater's color were all that was left to excrete.
        return nmsg(
            "{meal}, and excretes {cubes} (food shortage: only {n} left in the supply).",
            "{meal}, and excretes {cubes} (food shortage: only {n} left in the supply).",
            n,
            meal=meal,
            cubes=out,
        )
    # TRANSLATORS: {meal} is what was eaten ("Ana ● red 2 eats 1 ▲ yellow"), {cubes} the
    # cubes of its own color the amoeba leaves.
    return msg("{meal}, and excretes {cubes}.", meal=meal, cubes=out)
