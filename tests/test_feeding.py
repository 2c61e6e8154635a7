"""Phase 1 feeding rules: meals, excretion, food shortage, starving, feeding genes.

Checks 000 §Fase 1 (Alimentación, Excreción, Escasez de Material Alimenticio e Inanición),
003 §Feeding and Excretion (5-6 players), the gene tables 000 §EL PROYECTO GENOMA DE AMEBA
and 001 §LE CARTE GENE "NORMALE" (Substitution, Frugality, Parasitism), 001 §NOTA (the six
meals of Frugality + Substitution with 4 players) and the Substitution rule option
(001: 2:2:0 or 3:1:0; 000: 2:2:0 only).
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, play, position, setup_for, texts
from builders import refused_message as refused

from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import Drift, Feed, Starve
from companion.tracker.ursuppe.options import RuleOptions, Substitution4p
from companion.tracker.ursuppe.rules import feeding
from companion.tracker.ursuppe.state import Phase, Step

RED1 = aid("red-1")
SIX_MEALS_OF_001_NOTA = {(1, 1, 1), (2, 2), (3, 1), (1, 1), (2, 1), (3,)}


def cubes(state, space: int, color: str) -> int:
    return state.cubes_on(space)[state.seat(Color(color))]


def plain_patterns(state, color: Color = Color.RED) -> set[tuple[int, ...]]:
    """The meal patterns without Parasitism."""
    return {r.pattern for r in feeding.meal_rules(state, color) if not r.parasitism}


def pattern_of(meal_cubes) -> tuple[int, ...]:
    return tuple(sorted((n for _, n in meal_cubes), reverse=True))


def at_feed(state):
    """Start phase 1 and let red-1 drift on a no-drift card: it feeds where it is."""
    state = at_phase(state, Phase.MOVEMENT)
    state, events = play(state, Drift(RED1))
    return state, events


# ----- unmutated meals -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "pattern"),
    [(3, (2, 1)), (4, (1, 1, 1)), (5, (1, 1, 1, 1)), (6, (1, 1, 1, 1))],
)
def test_the_unmutated_meal_depends_on_the_player_count(players, pattern):
    state = position(players)

    assert plain_patterns(state) == {pattern}
    assert not any(r.parasitism for r in feeding.meal_rules(state, Color.RED))


def test_three_players_eat_two_of_one_other_color_and_one_of_the_other():
    state, _ = at_feed(position(3, amoebas=["red-1@8"], card="P9"))

    assert prompt(state).step is Step.FEED
    assert set(legal_actions(state)) == {
        Feed(RED1, {"yellow": 2, "green": 1}),
        Feed(RED1, {"yellow": 1, "green": 2}),
    }
    state, _ = play(state, Feed(RED1, {"yellow": 2, "green": 1}))

    assert (cubes(state, 8, "yellow"), cubes(state, 8, "green")) == (0, 1)
    assert cubes(state, 8, "red") == 2 + 2


def test_three_players_cannot_eat_one_cube_of_each_other_color():
    state, _ = at_feed(position(3, amoebas=["red-1@8"], card="P9"))

    message = refused(state, Feed(RED1, {"yellow": 1, "green": 1}))

    assert "not a legal meal" in message


def test_four_players_eat_one_cube_of_each_other_color():
    state, events = at_feed(position(4, amoebas=["red-1@8"], card="P9"))

    # the only meal is eaten without asking
    assert any(e.kind == "forced" for e in events)
    assert [cubes(state, 8, c) for c in ("red", "yellow", "green", "blue")] == [4, 1, 1, 1]


def test_five_players_eat_one_cube_of_each_of_the_four_other_colors():
    state = position(5, amoebas=["red-1@8"], card="P9")
    amoeba = state.amoeba(RED1)

    meals = feeding.legal_meals(state, amoeba)

    assert [m.cubes for m in meals] == [
        ((Color.YELLOW, 1), (Color.GREEN, 1), (Color.BLUE, 1), (Color.WHITE, 1))
    ]


def test_six_players_eat_four_different_colors_of_the_five_others():
    state, _ = at_feed(position(6, amoebas=["red-1@8"], card="P9"))

    meals = legal_actions(state)

    assert len(meals) == 5
    others = {Color.YELLOW, Color.GREEN, Color.BLUE, Color.WHITE, Color.BLACK}
    ignored = set()
    for meal in meals:
        eaten = {c for c, _ in meal.cubes}
        assert pattern_of(meal.cubes) == (1, 1, 1, 1)
        assert eaten <= others
        ignored |= others - eaten
    assert ignored == others  # any one of them may be ignored


def test_six_players_feed_with_one_other_color_missing_but_starve_with_two():
    one_missing = position(6, amoebas=["red-1@8"], cubes={8: {"black": 0}})
    two_missing = position(6, amoebas=["red-1@8"], cubes={8: {"black": 0, "white": 0}})

    assert len(feeding.legal_meals(one_missing, one_missing.amoeba(RED1))) == 1
    assert feeding.legal_meals(two_missing, two_missing.amoeba(RED1)) == ()


def test_an_amoeba_never_eats_its_own_color():
    # plenty of red on the space, but no blue: a red amoeba in a 4-player game starves
    state = position(4, amoebas=["red-1@8"], cubes={8: {"red": 9, "blue": 0}}, card="P9")
    state, _ = at_feed(state)

    assert state.amoeba(RED1).dp == 1
    assert cubes(state, 8, "red") == 9


def test_eating_own_color_cubes_is_refused():
    state, _ = at_feed(position(3, amoebas=["red-1@8"], card="P9"))

    message = refused(state, Feed(RED1, {"red": 1, "yellow": 2}))

    assert "own color" in message


def test_feeding_happens_on_the_space_reached_by_the_movement():
    # space 8 is full of food, but red-1 drifts north to 3, which has no blue
    state = position(4, amoebas=["red-1@8"], cubes={3: {"blue": 0}}, card="P1")
    state, _ = at_feed(state)

    assert state.amoeba(RED1).space == 3
    assert state.amoeba(RED1).dp == 1
    assert [cubes(state, 8, c) for c in ("yellow", "green", "blue")] == [2, 2, 2]


# ----- Substitution and Frugality ------------------------------------------------------
def test_substitution_with_four_players_allows_2_2_or_3_1_by_default():
    state = position(4, genes={"red": ["substitution"]})

    assert plain_patterns(state) == {(1, 1, 1), (2, 2), (3, 1)}


def test_substitution_with_four_players_allows_only_2_2_with_the_000_option():
    setup = setup_for(4, options=RuleOptions(substitution_4p=Substitution4p.EVEN_ONLY))
    state = position(4, genes={"red": ["substitution"]}, setup=setup)

    assert plain_patterns(state) == {(1, 1, 1), (2, 2)}


def substitution_meal(option: Substitution4p, yellow: int, green: int):
    """4 players, `option`: red's amoeba with Substitution fed on space 8 holding `yellow`
    and `green` cubes (no blue)."""
    setup = setup_for(4, options=RuleOptions(substitution_4p=option))
    state = position(
        4,
        amoebas=["red-1@8"],
        genes={"red": ["substitution"]},
        cubes={8: {"yellow": yellow, "green": green, "blue": 0}},
        card="P9",
        setup=setup,
    )
    state, _ = at_feed(state)
    return state


@pytest.mark.parametrize(
    ("option", "feeds"), [(Substitution4p.BOTH, True), (Substitution4p.EVEN_ONLY, False)]
)
def test_a_3_1_substitution_meal_follows_the_option(option, feeds):
    state = substitution_meal(option, yellow=3, green=1)

    if feeds:
        assert (cubes(state, 8, "yellow"), cubes(state, 8, "green")) == (0, 0)
        assert state.amoeba(RED1).dp == 0
    else:
        assert (cubes(state, 8, "yellow"), cubes(state, 8, "green")) == (3, 1)
        assert state.amoeba(RED1).dp == 1


@pytest.mark.parametrize("option", list(Substitution4p))
def test_a_2_2_substitution_meal_is_allowed_under_both_options(option):
    state = substitution_meal(option, yellow=2, green=2)

    assert state.amoeba(RED1).dp == 0
    assert [cubes(state, 8, c) for c in ("red", "yellow", "green", "blue")] == [4, 0, 0, 0]


def test_substitution_with_three_players_eats_four_of_one_color():
    state = position(
        3,
        amoebas=["red-1@8"],
        genes={"red": ["substitution"]},
        cubes={8: {"yellow": 4, "green": 0}},
        card="P9",
    )
    assert plain_patterns(state) == {(2, 1), (4,)}

    state, _ = at_feed(state)

    assert cubes(state, 8, "yellow") == 0
    assert state.amoeba(RED1).dp == 0


def test_frugality_eats_one_cube_fewer():
    state = position(4, genes={"red": ["frugality"]})

    assert plain_patterns(state) == {(1, 1, 1), (1, 1)}


def test_frugality_and_substitution_give_the_six_meal_patterns_of_001_nota():
    state = position(4, genes={"red": ["frugality", "substitution"]})

    assert plain_patterns(state) == SIX_MEALS_OF_001_NOTA


def test_frugality_and_substitution_give_the_six_meals_of_001_nota_on_a_rich_space():
    state = position(
        4,
        amoebas=["red-1@8"],
        genes={"red": ["frugality", "substitution"]},
        cubes={8: {"red": 5, "yellow": 4, "green": 4, "blue": 4}},
    )

    meals = feeding.legal_meals(state, state.amoeba(RED1))

    assert {pattern_of(m.cubes) for m in meals} == SIX_MEALS_OF_001_NOTA
    assert all(c is not Color.RED for m in meals for c, _ in m.cubes)
    # 1:1:1 once, 2:2 and 1:1 and 3:0 over 3 color choices, 3:1 and 2:1 over 6 orderings
    assert len(meals) == 1 + 3 + 6 + 3 + 6 + 3


def test_feeding_genes_are_optional():
    state, _ = at_feed(position(4, amoebas=["red-1@8"], genes={"red": ["frugality"]}, card="P9"))

    assert Feed(RED1, {"yellow": 1, "green": 1, "blue": 1}) in legal_actions(state)
    state, _ = play(state, Feed(RED1, {"yellow": 1, "green": 1, "blue": 1}))
    assert [cubes(state, 8, c) for c in ("yellow", "green", "blue")] == [1, 1, 1]


# ----- Parasitism ----------------------------------------------------------------------
def parasite_on_8(*others: str, bp: int | dict[str, int] = 10):
    """At the feed: red-1 with Parasitism on space 8 beside `others` (amoebas such as
    "yellow-1"), the space holding one yellow and one green cube; `bp` as the table has it."""
    state = position(
        4,
        amoebas=["red-1@8", *(f"{a}@8" for a in others)],
        genes={"red": ["parasitism"]},
        cubes={8: {"yellow": 1, "green": 1, "blue": 0}},
        bp=bp,
        card="P9",
    )
    state, _ = at_feed(state)
    return state


def parasite_beside_yellow(yellow_bp: int):
    """Red-1 with Parasitism beside yellow-1 on space 8; red has 10 BP, yellow `yellow_bp`."""
    return parasite_on_8("yellow-1", bp={"red": 10, "yellow": yellow_bp})


def test_parasitism_needs_one_cube_fewer_and_the_victim_pays_one_bp():
    state = parasite_beside_yellow(yellow_bp=3)
    state, events = play(state, Feed(RED1, {"yellow": 1, "green": 1}, Color.YELLOW))

    assert state.player(Color.YELLOW).bp == 2
    assert state.player(Color.RED).bp == 10
    assert state.amoeba(RED1).dp == 0
    assert [cubes(state, 8, c) for c in ("red", "yellow", "green")] == [4, 0, 0]
    assert "Parasitism" in texts(events)


def test_parasitism_chooses_among_the_players_on_the_space():
    state = parasite_on_8("yellow-1", "green-1")
    meal = {"yellow": 1, "green": 1}
    assert set(legal_actions(state)) == {
        Feed(RED1, meal, Color.YELLOW),
        Feed(RED1, meal, Color.GREEN),
        Starve(RED1),  # Parasitism is optional (000, 003): its owner may starve instead
    }

    state, _ = play(state, Feed(RED1, meal, Color.GREEN))

    assert state.player(Color.GREEN).bp == 9
    assert state.player(Color.YELLOW).bp == 10


def test_a_victim_without_bp_cannot_be_parasitised():
    state = parasite_beside_yellow(yellow_bp=0)

    assert state.amoeba(RED1).dp == 1
    assert state.player(Color.YELLOW).bp == 0
    assert (cubes(state, 8, "yellow"), cubes(state, 8, "green")) == (1, 1)


def test_an_own_amoeba_cannot_be_parasitised():
    state = parasite_on_8("red-2")

    assert state.amoeba(RED1).dp == 1
    assert state.player(Color.RED).bp == 10


def test_parasitism_may_be_used_even_with_enough_food():
    state, _ = at_feed(
        position(4, amoebas=["red-1@8", "yellow-1@8"], genes={"red": ["parasitism"]}, card="P9")
    )
    full = Feed(RED1, {"yellow": 1, "green": 1, "blue": 1})
    assert full in legal_actions(state)

    state, _ = play(state, Feed(RED1, {"green": 1, "blue": 1}, Color.YELLOW))

    assert state.player(Color.YELLOW).bp == 9
    assert [cubes(state, 8, c) for c in ("yellow", "green", "blue")] == [2, 1, 1]


def test_parasitising_without_the_gene_is_refused():
    state, _ = at_feed(position(3, amoebas=["red-1@8", "yellow-1@8"], card="P9"))

    message = refused(state, Feed(RED1, {"yellow": 1, "green": 1}, Color.YELLOW))

    assert "Parasitism" in message


# ----- excretion, shortage, starving ---------------------------------------------------
def test_eaten_cubes_return_to_the_supply_and_two_own_cubes_are_excreted():
    state = position(4, amoebas=["red-1@8"], card="P9")
    supply = {c: state.supply(c) for c in state.colors}

    state, events = at_feed(state)

    assert state.supply(Color.RED) == supply[Color.RED] - 2
    for color in (Color.YELLOW, Color.GREEN, Color.BLUE):
        assert state.supply(color) == supply[color] + 1
    assert cubes(state, 8, "red") == 4
    assert "excretes 2 ● red" in texts(events)


@pytest.mark.parametrize(("red_supply", "excreted"), [(1, 1), (0, 0), (2, 2)])
def test_a_food_shortage_limits_the_excretion_to_the_supply(red_supply, excreted):
    # 55 red cubes in all: 2 on each of the 19 spaces, the rest heaped on space 1
    heap = 55 - 2 * 18 - red_supply
    state = position(4, amoebas=["red-1@8"], cubes={1: {"red": heap}}, card="P9")
    assert state.supply(Color.RED) == red_supply

    state, events = at_feed(state)

    assert cubes(state, 8, "red") == 2 + excreted
    assert state.supply(Color.RED) == red_supply - excreted
    assert [cubes(state, 8, c) for c in ("yellow", "green", "blue")] == [1, 1, 1]
    if excreted < 2:
        assert "food shortage" in texts(events)


def test_a_food_shortage_never_excretes_another_color():
    heap = 55 - 2 * 18
    state = position(4, amoebas=["red-1@8"], cubes={1: {"red": heap}}, card="P9")
    before = {c: cubes(state, 8, c.value) for c in state.colors}

    state, _ = at_feed(state)

    after = {c: cubes(state, 8, c.value) for c in state.colors}
    assert after[Color.RED] == before[Color.RED]
    for color in (Color.YELLOW, Color.GREEN, Color.BLUE):
        assert after[color] == before[color] - 1


def test_an_amoeba_without_a_meal_starves_eats_nothing_and_excretes_nothing():
    state = position(4, amoebas=["red-1@8:1", "red-2@14"], cubes={8: {"green": 0}}, card="P9")
    state = at_phase(state, Phase.MOVEMENT)
    supply = {c: state.supply(c) for c in state.colors}

    state, events = play(state, Drift(RED1))

    assert state.amoeba(RED1).dp == 2
    assert [cubes(state, 8, c) for c in ("red", "yellow", "green", "blue")] == [2, 2, 0, 2]
    assert {c: state.supply(c) for c in state.colors} == supply
    assert any(e.kind == "forced" and "starve" in e.text.lower() for e in events)
    assert prompt(state).amoeba == aid("red-2")


def test_starving_is_refused_when_a_meal_exists():
    state, _ = at_feed(position(3, amoebas=["red-1@8"], card="P9"))

    refused(state, Starve(RED1))

    assert Starve(RED1) not in legal_actions(state)


def test_refusing_to_starve_says_the_amoeba_has_a_meal():
    state, _ = at_feed(position(3, amoebas=["red-1@8"], card="P9"))

    message = refused(state, Starve(RED1))

    assert "legal meal" in message


def test_an_amoeba_with_only_a_partial_meal_starves():
    # 4 players: yellow and green but no blue is not the right combination
    state = position(
        4, amoebas=["red-1@8"], cubes={8: {"yellow": 5, "green": 5, "blue": 0}}, card="P9"
    )

    state, _ = at_feed(state)

    assert state.amoeba(RED1).dp == 1
    assert (cubes(state, 8, "yellow"), cubes(state, 8, "green")) == (5, 5)


# ----- reading: optional feeding genes (RULES.md decisions) ------------------------------
def test_reading_when_the_only_meal_needs_parasitism_the_owner_chooses_to_parasitize_or_starve():
    """000 §EL PROYECTO GENOMA DE AMEBA, 003: the feeding genes "can, but need not" be used;
    the engine does not choose Parasitism for its owner."""
    state = parasite_on_8("yellow-1")
    meal = Feed(RED1, {"yellow": 1, "green": 1}, Color.YELLOW)
    assert set(legal_actions(state)) == {meal, Starve(RED1)}

    state, events = play(state, Starve(RED1))

    assert state.amoeba(RED1).dp == 1 and state.player(Color.YELLOW).bp == 10
    assert "does not use Parasitism" in texts(events)


def test_reading_a_meal_without_parasitism_leaves_no_starving_choice():
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes={"red": ["parasitism"]}, card="P9")
    state, _ = at_feed(state)
    assert Starve(RED1) not in legal_actions(state)
