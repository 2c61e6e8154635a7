"""Why this number (tracker/ursuppe/views/why.py): each derivation shows the inputs, the
table row or rule and the options in force, and names the rulebook section; its number is
the one the game uses (the same functions compute both)."""

from __future__ import annotations

from builders import position, setup_for

from companion.tracker.colors import Color
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.options import GeneAdvanceTable, RuleOptions
from companion.tracker.ursuppe.rules import defects, scoring
from companion.tracker.ursuppe.views import why

RED = Color.RED


def test_a_debt_shows_the_mp_of_each_gene_and_the_ozone_000_fase_2():
    """000 §Fase 2: MP above the ozone are owed. Defense 4 + Substitution 4 + Life
    Expectancy 5 = 13 against ozone 10 (card P1) owes 3."""
    state = position(4, genes={"red": ["defense", "substitution", "life_expectancy"]})
    d = why.debt(state, RED)
    assert defects.debt(state, RED) == 3
    assert "owes 3 MP" in str(d.what)
    assert "Defense 4 + Substitution 4 + Life Expectancy 5 = 13" in str(d.inputs[0])
    assert "ozone of card P1: 10" in str(d.inputs[1])
    assert "(13 − 10)" in str(d.rule)
    assert d.source == sources.PHASE_2


def test_an_advance_names_both_table_rows_and_the_option_000_fase_6():
    """000 §Fase 6: 5 amoebas give 4 on the amoeba table; 4 gene cards give 2."""
    genes = {"red": ["defense", "escape", "speed", "tentacle"]}
    amoebas = [f"red-{n}@{n}" for n in range(1, 6)]
    state = position(4, genes=genes, amoebas=amoebas)
    d = why.advance(state, RED)
    assert scoring.advance(state, RED) == (6, 4, 2)
    assert "amoeba table, row 5: 4; gene table, row 4: 2; 4 + 2 = 6" in str(d.rule)
    assert "Gene advance table" in str(d.options[0])
    assert d.source == sources.PHASE_6


def test_the_advance_option_in_force_is_the_groups_choice():
    options = RuleOptions(gene_advance_table=GeneAdvanceTable.ITALIAN_MAIN_TEXT)
    state = position(4, setup=setup_for(4, options=options))
    assert "Fase 6, main text" in str(why.advance(state, RED).options[0])


def test_a_price_names_the_gene_table_and_for_an_advanced_gene_what_is_given_up():
    """000 §EL PROYECTO GENOMA DE AMEBA: Armor costs 6 BP and replaces Defense or Escape."""
    d = why.price(position(4), "armor")
    assert "Armor costs 6 BP" in str(d.what)
    assert "gives up Defense, Escape" in str(d.inputs[1])
    assert d.source == sources.GENE_TABLE


def test_5_6_players_prices_cite_the_expansion_table():
    d = why.price(position(5), "speed")
    assert d.source == sources.GENE_TABLE_5_6


def test_the_death_threshold_says_whether_life_expectancy_is_held_000_fase_5():
    assert "die at 2 DP" in str(why.death_threshold(position(4), RED).what)
    held = position(4, genes={"red": ["life_expectancy"]})
    d = why.death_threshold(held, RED)
    assert "die at 3 DP" in str(d.what) and "yes" in str(d.inputs[0])
    assert d.source == sources.PHASE_5


def test_the_meal_list_names_the_feeding_genes_and_the_4_player_substitution_option():
    """001 §NOTA: with 4 players Substitution eats 2:2:0 or 3:1:0 (the option in force)."""
    d = why.meals(position(4, genes={"red": ["substitution"]}), RED)
    assert "2:2 with Substitution" in str(d.rule) and "3:1 with Substitution" in str(d.rule)
    assert "Substitution with 4 players" in str(d.options[0])


def test_a_division_cost_says_whether_division_rate_is_held_000_fase_4():
    d = why.division_cost(position(4, genes={"red": ["division_rate"]}), RED)
    assert "4 BP" in str(d.what) and d.source == sources.PHASE_4
