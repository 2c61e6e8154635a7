"""The group's box on the setup page: food cubes per color, a setup value of 55 by default
(issue 13; 000 §Componentes: 55 food cubes of each color), recorded in the game's record."""

from __future__ import annotations

from conftest import text_of

from companion.tracker.ursuppe.record.codec import setup_to_dict


def test_the_setup_page_asks_for_the_cubes_per_color_of_the_box_with_55_by_default(referee):
    page = text_of(referee.client.get("/games/new"))

    assert 'name="box_cubes" min="38" max="99" value="55"' in page
    assert "A full box has 55 cubes of each color" in page


def test_a_box_that_lost_cubes_is_recorded_and_counts_the_supply(referee):
    referee.create_game(box_cubes="50")
    game = referee.game()

    assert game.state.setup.box_cubes == 50
    assert setup_to_dict(game.state.setup)["box_cubes"] == 50  # in the record
    # 2 cubes per space of 19 are laid out at the start: 50 - 38 are left in the supply
    assert game.state.supply(game.state.colors[0]) == 12
    # the next setup page remembers the group's box
    assert 'name="box_cubes" min="38" max="99" value="50"' in text_of(
        referee.client.get("/games/new")
    )


def test_a_box_too_small_for_the_starting_cubes_is_refused(referee):
    assert "the box holds 38 to 99 food cubes of each color" in referee.refused_setup(
        box_cubes="37"
    )


def test_a_box_count_that_is_not_a_number_is_refused(referee):
    assert "Food cubes per color" in referee.refused_setup(box_cubes="many")
