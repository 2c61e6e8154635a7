"""Phase 5 natural deaths and phase 6 scoring, with the end of the game.

Checks 000 §Fase 5 and 001 §Fase 5 (amoebas with 2 or more DP die, 3 with Life Expectancy;
a dead amoeba is replaced by 2 cubes of each color in play, limited by the supply, 000
§Escasez de Material Alimenticio; descending order, each player's amoebas in numerical
order, 000 §Preguntas), 000 §Fase 6 and 001 §Fase 6 (advance = amoeba table + gene table;
advanced genes count 2 cards, Ray Protection 0; occupied ladder spaces are skipped; worked
examples: 4 amoebas and 3 gene cards advance 3, a marker advancing 7 reaches 25 after
jumping occupied spaces), 003 §Phase 6: Scoring (5-6 player amoeba table) and 001 §3.5
(its alternative), the gene table option of 001 §Fase 6 main text, and 000 §FINAL DEL
JUEGO / 004 §Fin del juego (the game ends after phase 6 once a marker is in the end zone;
the marker furthest along wins).
"""

from __future__ import annotations

import pytest
from builders import aid, at_phase, at_phase_with_events, position, setup_for, texts

from companion.tracker import track
from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.ursuppe import Phase, apply, legal_actions, to_dict
from companion.tracker.ursuppe.actions import Drift
from companion.tracker.ursuppe.options import AmoebaAdvance56, GeneAdvanceTable, RuleOptions
from companion.tracker.ursuppe.rules import deaths, division, scoring

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE
# Eight different basic genes with at least one copy in a 4-player game.
BASIC = [
    "intelligence",
    "movement_1",
    "spores",
    "speed",
    "defense",
    "escape",
    "substitution",
    "tentacle",
]


def red_amoebas(count: int, space_offset: int = 0) -> list[str]:
    return [f"red-{i}@{i + space_offset}" for i in range(1, count + 1)]


def deaths_of(state):
    """Run phase 5 from the given position; returns the state and its events."""
    return at_phase_with_events(state, Phase.DEATHS)


def cubes(state, space: int) -> dict[Color, int]:
    return dict(zip(state.colors, state.cubes_on(space)))


# ===== phase 5 ======================================================================
@pytest.mark.parametrize(
    "dp, genes, dies",
    [
        (0, [], False),
        (1, [], False),
        (2, [], True),
        (3, [], True),
        (2, ["life_expectancy"], False),
        (3, ["life_expectancy"], True),
        (4, ["life_expectancy"], True),
    ],
)
def test_amoebas_die_with_2_dp_or_3_with_life_expectancy(dp, genes, dies):
    state = position(4, amoebas=[f"red-1@5:{dp}", "red-2@9"], genes={"red": genes})
    assert deaths.dp_limit(state, RED) == (3 if genes else 2)
    state, _ = deaths_of(state)
    assert (state.amoeba(aid("red-1")) is None) is dies
    assert state.amoeba(aid("red-2")) is not None


def test_a_dead_amoeba_leaves_2_cubes_of_each_color_in_play():
    state = position(4, amoebas=["red-1@5:2", "yellow-1@9"])
    state, events = deaths_of(state)
    assert state.amoeba(aid("red-1")) is None
    assert cubes(state, 5) == {RED: 4, YELLOW: 4, GREEN: 4, BLUE: 4}
    assert all(state.supply(c) == 55 - 38 - 2 for c in state.colors)
    assert (
        "Ana ● red 1 has 2 DP (dies at 2) and dies, leaving 2 ● red, 2 ▲ yellow, 2 ■ green, "
        "2 ◆ blue on space 5" in texts(events)
    )


def test_with_3_players_a_dead_amoeba_leaves_cubes_of_3_colors():
    state = position(3, amoebas=["red-1@5:2", "yellow-1@9"])
    state, _ = deaths_of(state)
    assert state.cubes_on(5) == (4, 4, 4)


def test_the_cubes_a_dead_amoeba_leaves_are_limited_by_the_supply():
    # 1 green cube in the supply: 38 on the board + 16 more on space 19 = 54.
    state = position(4, amoebas=["red-1@5:2", "yellow-1@9"], cubes={19: {"green": 18}})
    assert state.supply(GREEN) == 1
    state, events = deaths_of(state)
    assert cubes(state, 5) == {RED: 4, YELLOW: 4, GREEN: 3, BLUE: 4}
    assert state.supply(GREEN) == 0
    assert "1 ■ green" in texts(events)


def test_deaths_take_the_short_supply_in_descending_then_numerical_order():
    # 3 green cubes in the supply for three deaths. Yellow is highest on the ladder, so
    # Yellow 1 takes 2; then Red 1 (before Red 2, though on a higher space) takes the last.
    state = position(
        4,
        amoebas=["red-1@9:2", "red-2@2:2", "yellow-1@12:3", "green-1@16"],
        cubes={19: {"green": 16}},
        markers={"red": 2, "yellow": 4, "green": 1, "blue": 3},
    )
    assert state.supply(GREEN) == 3
    state, events = deaths_of(state)
    assert cubes(state, 12)[GREEN] == 4
    assert cubes(state, 9)[GREEN] == 3
    assert cubes(state, 2)[GREEN] == 2
    assert cubes(state, 2)[RED] == 4  # other colors are not short
    death_lines = [e.text for e in events if e.kind == "death"]
    assert [line.split(" has ")[0] for line in death_lines] == [
        "Ben ▲ yellow 1",
        "Ana ● red 1",
        "Ana ● red 2",
    ]


def test_a_dead_amoebas_number_can_be_used_again():
    state = position(4, amoebas=["red-1@5:2", "red-2@6", "yellow-1@9"])
    assert 1 not in division.free_numbers(state, RED)
    state, _ = deaths_of(state)
    assert state.amoeba(aid("red-1")) is None
    assert 1 in division.free_numbers(state, RED)


def test_no_amoeba_dies_without_enough_dp():
    state = position(4, amoebas=["red-1@5:1", "yellow-1@9"])
    state, events = deaths_of(state)
    assert "No amoeba has enough DP to die" in texts(events)
    assert len(state.amoebas) == 2


# ===== phase 6: the tables ==============================================================
@pytest.mark.parametrize(
    "count, advance", [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2), (5, 4), (6, 5), (7, 6)]
)
def test_amoeba_advance_table_for_3_and_4_players(count, advance):
    for n in (3, 4):
        state = position(n, amoebas=red_amoebas(count))
        assert scoring.advance(state, RED) == (advance, advance, 0)


@pytest.mark.parametrize(
    "count, advance", [(0, 0), (1, 0), (2, 0), (3, 1), (4, 2), (5, 3), (6, 4), (7, 4), (8, 4)]
)
def test_gene_advance_table(count, advance):
    state = position(4, genes={"red": BASIC[:count]})
    assert scoring.gene_cards(state, RED) == count
    assert scoring.advance(state, RED) == (advance, 0, advance)


@pytest.mark.parametrize("count, advance", [(0, 0), (2, 0), (3, 1), (4, 2), (5, 4), (6, 5), (7, 5)])
def test_gene_advance_table_of_the_001_main_text_option(count, advance):
    options = RuleOptions(gene_advance_table=GeneAdvanceTable.ITALIAN_MAIN_TEXT)
    state = position(4, genes={"red": BASIC[:count]}, setup=setup_for(4, options=options))
    assert scoring.advance(state, RED)[2] == advance


def test_4_amoebas_and_3_gene_cards_advance_3_as_in_001():
    state = position(4, amoebas=red_amoebas(4), genes={"red": BASIC[:3]})
    assert scoring.advance(state, RED) == (3, 2, 1)


def test_advanced_genes_count_2_cards():
    state = position(4, genes={"red": ["persistence", "movement_2"]})
    assert scoring.gene_cards(state, RED) == 4
    assert scoring.advance(state, RED) == (2, 0, 2)
    state = position(4, genes={"red": ["aggression", "armor", "intelligence"]})
    assert scoring.gene_cards(state, RED) == 5
    assert scoring.advance(state, RED) == (3, 0, 3)


def test_ray_protection_counts_0_cards():
    state = position(4, genes={"red": ["ray_protection", "intelligence", "speed"]})
    assert scoring.gene_cards(state, RED) == 2
    assert scoring.advance(state, RED) == (0, 0, 0)
    state = position(4, genes={"red": ["ray_protection", "intelligence", "speed", "spores"]})
    assert scoring.advance(state, RED) == (1, 0, 1)


@pytest.mark.parametrize("count, advance", [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
@pytest.mark.parametrize("n", [5, 6])
def test_amoeba_advance_table_for_5_and_6_players(n, count, advance):
    state = position(n, amoebas=red_amoebas(count))
    assert scoring.advance(state, RED)[1] == advance


@pytest.mark.parametrize("count, advance", [(0, 0), (1, 0), (2, 1), (3, 2), (4, 4), (5, 5), (6, 6)])
def test_amoeba_advance_table_of_the_001_option_for_5_and_6_players(count, advance):
    options = RuleOptions(amoeba_advance_5_6=AmoebaAdvance56.ITALIAN)
    state = position(5, amoebas=red_amoebas(count), setup=setup_for(5, options=options))
    assert scoring.advance(state, RED)[1] == advance


def test_the_5_6_player_amoeba_option_does_not_change_4_player_scoring():
    options = RuleOptions(amoeba_advance_5_6=AmoebaAdvance56.ITALIAN)
    state = position(4, amoebas=red_amoebas(4), setup=setup_for(4, options=options))
    assert scoring.advance(state, RED)[1] == 2


def test_the_gene_table_is_the_same_with_5_or_6_players():
    state = position(6, genes={"red": BASIC[:6]})
    assert scoring.advance(state, RED)[2] == 4


# ===== phase 6: the ladder ==============================================================
def test_occupied_ladder_spaces_are_skipped():
    end, skipped = track.move_marker(15, 7, {17, 19, 21}, 50)
    assert end == 25
    assert skipped == (17, 19, 21)


@pytest.mark.parametrize(
    "start, steps, occupied, end",
    [
        (10, 3, set(), 13),
        (10, 3, {11}, 14),
        (10, 3, {11, 12, 13}, 16),
        (10, 3, {14, 20}, 13),  # spaces beyond the end are not skipped
        (10, 0, {11}, 10),
        (3, 1, {1, 2}, 4),  # spaces behind do not matter
    ],
)
def test_a_marker_moves_over_free_spaces_only(start, steps, occupied, end):
    assert track.move_marker(start, steps, occupied, 50)[0] == end


@pytest.mark.parametrize(
    "start, steps, occupied, end",
    [
        (48, 5, set(), 50),
        (45, 10, {50}, 49),
        (47, 6, {49, 50}, 48),
        (49, 3, {50}, 49),
    ],
)
def test_a_marker_that_would_pass_the_last_space_stops_on_the_furthest_free_space(
    start, steps, occupied, end
):
    assert track.move_marker(start, steps, occupied, 50)[0] == end


def test_a_marker_advancing_7_reaches_25_after_jumping_occupied_spaces():
    # Red: 7 amoebas (6) + 3 genes (1) = 7, from 15 past markers on 17, 19 and 21.
    state = position(
        4,
        amoebas=red_amoebas(7),
        genes={"red": BASIC[:3]},
        markers={"red": 15, "yellow": 17, "green": 19, "blue": 21},
    )
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert state.player(RED).marker == 25
    assert [state.player(c).marker for c in (YELLOW, GREEN, BLUE)] == [17, 19, 21]
    assert "7 free spaces, from 15 to 25, skipping occupied 17, 19, 21" in texts(events)


def test_scoring_is_in_descending_order():
    # Both advance 1. Yellow (11) moves first to 12; Red (10) then moves to the free 11.
    # In ascending order Red would jump Yellow to 12 and Yellow would go to 13.
    state = position(
        4,
        genes={"red": BASIC[:3], "yellow": BASIC[:3]},
        markers={"red": 10, "yellow": 11, "green": 1, "blue": 2},
    )
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert state.player(YELLOW).marker == 12
    assert state.player(RED).marker == 11
    scores = [e.text.split(":")[0] for e in events if e.kind == "score"]
    assert scores == ["Ben ▲ yellow", "Ana ● red", "Dev ◆ blue", "Cleo ■ green"]


def test_scoring_records_the_markers_of_the_round():
    # Red advances 1 free space from 5: 6, 7 and 8 are taken, so it lands on 9.
    state = position(
        4, amoebas=red_amoebas(3), markers={"red": 5, "yellow": 6, "green": 7, "blue": 8}
    )
    state = at_phase(state, Phase.SCORING)
    assert state.score_history[-1] == (9, 6, 7, 8)


# ===== game end ========================================================================
def scored_with_red_at(marker: int):
    """Phase 6 scored with red's 3 amoebas and marker at `marker`, the others behind."""
    state = position(
        4, amoebas=red_amoebas(3), markers={"red": marker, "yellow": 30, "green": 20, "blue": 10}
    )
    return at_phase_with_events(state, Phase.SCORING)


def test_the_game_ends_after_phase_6_when_a_marker_reaches_space_41_of_50():
    state, events = scored_with_red_at(40)
    assert state.player(RED).marker == 41
    assert state.phase is Phase.OVER
    end = [e for e in events if e.kind == "end"]
    assert len(end) == 1
    assert "Ana ● red wins" in end[0].text
    assert "space 41+" in end[0].text
    assert legal_actions(state) == ()


def test_the_game_goes_on_below_the_end_zone():
    state, events = scored_with_red_at(39)
    assert state.player(RED).marker == 40
    assert state.phase is Phase.MOVEMENT
    assert state.round == 2
    assert not any(e.kind == "end" for e in events)


def test_the_marker_furthest_along_wins_not_the_one_that_entered_the_end_zone():
    # Yellow (Ben) is already on 45; Red enters the zone on 41.
    state = position(
        4, amoebas=red_amoebas(3), markers={"red": 40, "yellow": 45, "green": 20, "blue": 10}
    )
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert state.phase is Phase.OVER
    assert "Ben ▲ yellow wins" in texts(events)


def test_an_earlier_end_zone_may_be_agreed():
    setup = setup_for(4, options=RuleOptions(end_zone_start=30))
    state = position(
        4,
        amoebas=red_amoebas(3),
        setup=setup,
        markers={"red": 29, "yellow": 20, "green": 15, "blue": 10},
    )
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert state.player(RED).marker == 30
    assert state.phase is Phase.OVER
    assert "Ana ● red wins" in texts(events)


def test_the_end_zone_follows_the_ladder_length():
    setup = setup_for(4, ladder_length=42)
    assert setup.end_zone_start == 33
    state = position(
        4,
        amoebas=red_amoebas(3),
        setup=setup,
        markers={"red": 32, "yellow": 20, "green": 15, "blue": 10},
    )
    state = at_phase(state, Phase.SCORING)
    assert state.phase is Phase.OVER


def test_the_game_ends_only_after_every_marker_has_moved():
    # Red enters the zone first (descending order); Yellow still moves afterwards.
    state = position(
        4,
        amoebas=[*red_amoebas(3), "yellow-1@10", "yellow-2@11", "yellow-3@12", "yellow-4@13"],
        markers={"red": 40, "yellow": 39, "green": 20, "blue": 10},
    )
    state, events = at_phase_with_events(state, Phase.SCORING)
    assert state.player(RED).marker == 41
    assert state.player(YELLOW).marker == 42  # 2 free spaces: 40, (41 taken), 42
    assert state.phase is Phase.OVER
    assert "Ben ▲ yellow wins" in texts(events)


def test_nothing_but_corrections_is_possible_once_the_game_is_over():
    state = position(
        4, amoebas=red_amoebas(3), markers={"red": 40, "yellow": 30, "green": 20, "blue": 10}
    )
    state = at_phase(state, Phase.SCORING)
    before = to_dict(state)
    with pytest.raises(IllegalAction) as caught:
        apply(state, Drift(aid("red-1")))
    assert caught.value.message.strip()
    assert to_dict(state) == before
