"""Extra genes at the meal: Glutton, Suction I and II, Cleanliness, Toxic Excretions, Fast Food.

Checks 003 §The Amoeba Advanced Genome Project and 001 §LE CARTE GENE "NORMALE" /
"SUPERIORE" (Glutton: one cube more at every meal; Suction I: 1 cube from an orthogonal
neighbour; Suction II: up to 2, diagonal only by option; Cleanliness: the excreta go onto a
neighbouring space, both on the same one; Toxic Excretions: a DP token where the excreta
land, taken by the next amoeba to enter; Fast Food: feed first, then move) and the
companion's readings in EXTRA-GENES.md (Frugality cancels Glutton's cube; Substitution and
Parasitism combine as usual).
"""

from __future__ import annotations

from dataclasses import replace

from builders import aid, at_phase, play, position, setup_for, texts
from builders import refused_message as refused

from companion.cli.ursuppe_text import render
from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import Attack, Correct, Drift, Feed
from companion.tracker.ursuppe.genes.actions import FeedFirst, FeedWithSuction, PlaceExcreta
from companion.tracker.ursuppe.options import RuleOptions
from companion.tracker.ursuppe.rules.feeding import _meal_rules
from companion.tracker.ursuppe.state import Phase, Step
from companion.tracker.ursuppe.views.public import public_view

RED1, YELLOW1 = aid("red-1"), aid("yellow-1")


def drifted(genes, cubes=None, amoebas=("red-1@8",), card="P9", n=4, options=None):
    """Red-1 (with these genes) after drifting on a no-drift card, and the events."""
    setup = setup_for(n, options=options) if options else None
    state = position(
        n, amoebas=list(amoebas), genes={"red": genes}, cubes=cubes, card=card, setup=setup
    )
    return play(at_phase(state, Phase.MOVEMENT), Drift(RED1))


def feeding(genes, cubes=None, amoebas=("red-1@8",), card="P9", n=4, options=None):
    """Red-1 (with these genes) at its feeding step, with more than one choice."""
    state, _ = drifted(genes, cubes, amoebas, card, n, options)
    assert prompt(state).step is Step.FEED
    return state


def meals(state, kind=Feed):
    return [a for a in legal_actions(state) if isinstance(a, kind)]


def shape(cubes) -> tuple[int, ...]:
    return tuple(sorted((n for _, n in cubes), reverse=True))


def cube(state, space: int, color: str) -> int:
    return state.cubes_on(space)[state.seat(Color(color))]


# ----- Glutton -------------------------------------------------------------------------
def test_glutton_every_meal_needs_one_cube_more():
    state = feeding(["glutton"])

    shapes = {shape(a.cubes) for a in meals(state)}

    assert shapes == {(2, 1, 1)}  # 4 players: 1:1:1 with one cube added


def test_glutton_starves_an_amoeba_that_finds_only_the_unmutated_meal():
    state = position(
        4,
        amoebas=["red-1@8"],
        genes={"red": ["glutton"]},
        cubes={8: {"yellow": 1, "green": 1, "blue": 1}},
        card="P9",
    )
    state = at_phase(state, Phase.MOVEMENT)

    state, events = play(state, Drift(RED1))

    assert state.amoeba(RED1).dp == 1
    assert "starves" in texts(events)


def test_frugality_cancels_glutton_s_extra_cube():
    state = feeding(["glutton", "frugality"], cubes={8: {"yellow": 1, "green": 1, "blue": 2}})

    assert (1, 1, 1) in {shape(a.cubes) for a in meals(state)}


def test_glutton_with_substitution_adds_the_cube_to_the_two_colors_eaten():
    state = feeding(["glutton", "substitution"])

    shapes = {shape(a.cubes) for a in meals(state)}

    assert {(2, 1, 1)} <= shapes
    assert (2, 2, 1) not in shapes and (2, 2) not in shapes  # Substitution still eats 5 cubes


def test_glutton_with_substitution_eats_five_cubes_over_two_colors():
    rules = _meal_rules(4, True, False, False, False, True)

    assert {r.pattern for r in rules} == {(2, 1, 1), (3, 2), (4, 1)}


def test_glutton_with_parasitism_takes_one_cube_off_and_charges_the_neighbour():
    state = feeding(
        ["glutton", "parasitism"],
        amoebas=("red-1@8", "yellow-1@8"),
        cubes={8: {"yellow": 1, "green": 1, "blue": 2}},
    )

    paid = [a for a in meals(state) if a.parasite is Color.YELLOW]

    assert {shape(a.cubes) for a in paid} == {(1, 1, 1), (2, 1, 0)[:2]}


def test_glutton_s_meal_is_explained_with_its_gene():
    state = feeding(["glutton"])

    state, events = play(state, meals(state)[0])

    assert "(Glutton)" in texts(events)
    assert str(events[0].source).startswith("English 5-6 player expansion")


# ----- Suction -------------------------------------------------------------------------
def test_suction_1_takes_one_cube_from_an_orthogonal_neighbour():
    state = feeding(["suction_1"], cubes={8: {"yellow": 0}, 3: {"yellow": 1}})
    assert not meals(state)  # no yellow on space 8

    sucked = meals(state, FeedWithSuction)

    assert sucked and all(a.sucked == ((Color.YELLOW, 1),) for a in sucked)
    assert {a.space for a in sucked} == {3, 7, 9, 12}  # the orthogonal neighbours of 8


def test_a_meal_with_suction_removes_the_sucked_cube_from_the_neighbour():
    state = feeding(["suction_1"], cubes={8: {"yellow": 0}, 3: {"yellow": 1}})
    action = next(a for a in meals(state, FeedWithSuction) if a.space == 3)

    state, events = play(state, action)

    assert cube(state, 3, "yellow") == 0
    assert cube(state, 8, "green") == 1 and cube(state, 8, "red") == 4
    assert "sucks 1 ▲ yellow from space 3 (Suction I)" in texts(events)


def test_suction_1_takes_at_most_one_cube():
    state = feeding(["suction_1"])

    assert all(sum(n for _, n in a.sucked) == 1 for a in meals(state, FeedWithSuction))


def test_suction_2_takes_up_to_two_cubes_from_one_space():
    state = feeding(["suction_2"], cubes={8: {"yellow": 0, "green": 0}, 3: {"yellow": 1}})

    sucked = meals(state, FeedWithSuction)

    assert sucked and all(a.space in (7, 9, 12) or a.space == 3 for a in sucked)
    assert {a.sucked for a in sucked if a.space == 9} == {((Color.YELLOW, 1), (Color.GREEN, 1))}


def test_suction_2_does_not_reach_diagonal_spaces_by_default():
    no_yellow = {s: {"yellow": 0} for s in (8, 3, 7, 9, 12, 4, 13)}  # yellow only on 2
    state, _ = drifted(["suction_2"], cubes=no_yellow)

    assert state.amoeba(RED1).dp == 1  # it starved


def test_suction_2_reaches_diagonal_spaces_by_option():
    no_yellow = {s: {"yellow": 0} for s in (8, 3, 7, 9, 12, 4, 13)}  # yellow only on 2
    options = RuleOptions(suction_diagonal=True)
    state = feeding(["suction_2"], cubes=no_yellow, options=options)

    assert {a.space for a in meals(state, FeedWithSuction)} == {2}


def test_suction_never_takes_the_amoeba_s_own_color():
    state = feeding(["suction_1"])

    assert all(c is not Color.RED for a in meals(state, FeedWithSuction) for c, _ in a.sucked)


# ----- Cleanliness ---------------------------------------------------------------------
def test_cleanliness_asks_where_the_excreta_go():
    state, _ = drifted(["cleanliness"])  # the only meal is eaten at once

    assert prompt(state).step is Step.EXCRETE
    assert {a.space for a in legal_actions(state)} == {8, 3, 7, 9, 12}


def test_cleanliness_puts_both_excreted_cubes_on_the_chosen_space():
    state, _ = drifted(["cleanliness"])

    state, events = play(state, PlaceExcreta(RED1, 9))

    assert cube(state, 9, "red") == 4 and cube(state, 8, "red") == 2
    assert "go onto space 9 (Cleanliness)" in texts(events)


def test_a_violent_death_is_not_excretion_so_cleanliness_does_not_apply():
    state = feeding(
        ["cleanliness", "struggle_for_survival"],
        amoebas=("red-1@8", "yellow-1@8"),
        cubes={8: {"yellow": 0, "green": 0, "blue": 0}},
    )
    state, _ = play(state, Attack(RED1, YELLOW1))

    assert prompt(state).step is not Step.EXCRETE
    assert cube(state, 8, "yellow") == 1


# ----- Toxic Excretions ----------------------------------------------------------------
def test_toxic_excretions_lays_a_dp_token_where_the_excreta_land():
    state, events = drifted(["toxic_excretions"])

    assert state.toxic_on(8) == 1
    assert "1 DP token lies on space 8" in texts(events)
    assert public_view(state)["toxic"] == {8: 1}


def test_toxic_excretions_lays_nothing_when_nothing_is_excreted():
    # every red cube on the board: the supply has none left to excrete (food shortage)
    full = {s: {"red": 3} for s in range(1, 19)} | {19: {"red": 1}}
    state, events = drifted(["toxic_excretions"], cubes=full)

    assert state.toxic == ()
    assert "food shortage" in texts(events)


def test_toxic_excretions_with_cleanliness_lays_the_token_on_the_chosen_space():
    state, _ = drifted(["toxic_excretions", "cleanliness"])

    state, _ = play(state, PlaceExcreta(RED1, 12))

    assert state.toxic_on(12) == 1 and state.toxic_on(8) == 0


def test_the_next_amoeba_to_enter_takes_every_toxic_token():
    state = position(4, amoebas=["red-1@12", "yellow-1@8"], card="P1")  # P1: drift north
    state = at_phase(replace(state, toxic=((8, 2),)), Phase.MOVEMENT)

    state, events = play(state, Drift(RED1))  # from 12 north onto 8

    assert state.amoeba(RED1).dp == 2 and state.toxic_on(8) == 0
    assert state.amoeba(YELLOW1).dp == 0  # already there: it does not take them
    assert "takes the 2 toxic DP tokens" in texts(events)


def test_an_amoeba_blocked_on_its_space_does_not_take_tokens_lying_there():
    state = position(4, amoebas=["red-1@1"], card="P1")  # north of space 1: the edge
    state = at_phase(replace(state, toxic=((1, 1),)), Phase.MOVEMENT)

    state, _ = play(state, Drift(RED1))

    assert state.amoeba(RED1).dp == 0 and state.toxic_on(1) == 1


# ----- Fast Food -----------------------------------------------------------------------
def test_fast_food_offers_feeding_before_moving():
    state = at_phase(
        position(4, amoebas=["red-1@8"], genes={"red": ["fast_food"]}, card="P1"), Phase.MOVEMENT
    )

    assert FeedFirst(RED1) in legal_actions(state)
    assert "feed first (Fast Food)" in prompt(state).text


def test_fast_food_feeds_on_the_old_space_then_moves_and_feeds_only_once():
    state = at_phase(
        position(4, amoebas=["red-1@8"], genes={"red": ["fast_food"]}, card="P1"), Phase.MOVEMENT
    )
    state, _ = play(state, FeedFirst(RED1))  # the only meal is eaten at once
    assert cube(state, 8, "red") == 4  # excreted on the old space
    assert prompt(state).step is Step.MOVEMENT_CHOICE
    assert FeedFirst(RED1) not in legal_actions(state)

    state, _ = play(state, Drift(RED1))

    assert state.amoeba(RED1).space == 3
    assert state.phase is not Phase.MOVEMENT or state.cursor.amoeba != RED1


# ----- refusals name the gene ----------------------------------------------------------
def test_feeding_first_without_fast_food_is_refused_naming_the_gene():
    state = at_phase(position(4, amoebas=["red-1@8"], card="P1"), Phase.MOVEMENT)

    assert "only Fast Food" in refused(state, FeedFirst(RED1))


def test_sucking_from_a_space_out_of_reach_is_refused():
    state = feeding(["suction_1"], cubes={8: {"yellow": 0}, 3: {"yellow": 1}, 1: {"yellow": 2}})
    action = next(a for a in meals(state, FeedWithSuction) if a.space == 3)

    message = refused(state, replace(action, space=1))

    assert "reaches only the spaces next to space 8" in message


def test_excreta_out_of_reach_are_refused_naming_cleanliness():
    state, _ = drifted(["cleanliness"])

    assert "(Cleanliness)" in refused(state, PlaceExcreta(RED1, 1))


def test_the_readable_record_lists_toxic_tokens_on_their_space():
    state = replace(position(4, amoebas=["red-1@8"]), toxic=((12, 2),))

    lines = [line for line in render(state).splitlines() if line.strip().startswith("12 ")]

    assert lines and lines[0].endswith("2 toxic DP tokens")


def test_the_referee_corrects_the_toxic_tokens_on_a_space():
    state = position(4, amoebas=["red-1@8"])
    fix = Correct(field="toxic", value=2, reason="two tokens lie there", space=12)

    state, events = play(state, fix)

    assert state.toxic_on(12) == 2
    assert "toxic DP tokens on space 12 set from 0 to 2" in texts(events)
    state, _ = play(state, replace(fix, value=0))
    assert state.toxic == ()
