"""Citations a group can follow, and players named by name, shape and color.

A citation names the printed rulebook the group holds (chosen at setup) and that book's own
section title, falling back to a book of the same language, then to the book that says it;
the 5-6 player rules come from the Italian book or the English expansion; the app's own
readings are cited as such. Every player is "Ben ▲ yellow", every amoeba "Ben ▲ yellow 3",
with one shape per color kept in one place (data.SHAPES).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from builders import at_phase_with_events, play, position, setup_for

from companion.cli import main
from companion.tracker.citations import Book, Rule, citation_text, cite
from companion.tracker.colors import SHAPES, Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe import new_game, prompt, sources
from companion.tracker.ursuppe.actions import RollForStartOrder, TurnEnvironmentCard
from companion.tracker.ursuppe.options import RuleOptions
from companion.tracker.ursuppe.record.codec import setup_from_dict, setup_to_dict
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record
from companion.tracker.ursuppe.sources import AREAS, RULEBOOKS
from companion.tracker.ursuppe.state import AmoebaId, Phase, amoeba_label, player_label
from companion.web import shapes as games
from companion.web import svg

EXAMPLES = Path(__file__).parent.parent / "examples"
SEED_FILE = re.compile(r"\b00[0-4]\b|§|shared/|seeds/")
RULES = {name: value for name, value in vars(sources).items() if isinstance(value, Rule)}


# ----- names with shapes -------------------------------------------------------------
def test_every_color_has_its_own_shape_and_glyph():
    assert set(SHAPES) == set(Color)
    assert len({s.name for s in SHAPES.values()}) == len(Color)
    assert len({s.glyph for s in SHAPES.values()}) == len(Color)
    assert SHAPES[Color.YELLOW].glyph == "▲" and SHAPES[Color.YELLOW].name == "triangle"


def test_a_player_is_named_by_name_shape_glyph_and_color():
    setup = setup_for(4)
    assert player_label(setup, Color.YELLOW) == "Ben ▲ yellow"
    assert player_label(new_game(setup), Color.BLUE) == "Dev ◆ blue"


def test_an_amoeba_is_named_by_its_player_and_its_number():
    assert amoeba_label(setup_for(4), AmoebaId(Color.YELLOW, 3)) == "Ben ▲ yellow 3"


def test_the_web_shapes_and_icons_derive_from_the_core_table():
    assert {c.value: s.name for c, s in SHAPES.items()} == games.SHAPES
    assert svg.SHAPE == games.SHAPES


# ----- citations ---------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_every_rule_the_engine_cites_names_a_book_section_and_a_rules_page(name, rulebook):
    citation = cite(RULES[name], rulebook)
    assert citation.area in AREAS
    assert citation.section.strip()
    assert not SEED_FILE.search(citation_text(citation)), citation_text(citation)


@pytest.mark.parametrize(
    ("rulebook", "text"),
    [
        (Book.SPANISH, "Spanish rules, Fase 6: Puntuación"),
        (Book.SPANISH_2, "Spanish rules (sopa primordial), Fase 6: Puntuación"),
        (Book.ITALIAN, "Italian rules, Fase 6: Punteggio"),
    ],
)
def test_a_citation_names_the_groups_own_book_and_its_section(rulebook, text):
    assert citation_text(cite(sources.PHASE_6, rulebook)) == text


def test_a_rule_the_groups_book_lacks_falls_back_to_a_book_of_its_language():
    # The free amoeba of phase 4 is in the Italian rules and the second Spanish translation.
    assert cite(sources.FREE_AMOEBA, Book.SPANISH).book is Book.SPANISH_2
    assert cite(sources.FREE_AMOEBA, Book.ITALIAN).book is Book.ITALIAN


def test_a_rule_only_one_book_says_is_cited_from_that_book():
    assert citation_text(cite(sources.NO_DRIFT, Book.ITALIAN)) == (
        "Spanish rules (sopa primordial), Fase 1: Movimiento y alimentación"
    )


def test_five_and_six_player_rules_come_from_the_italian_book_or_the_english_expansion():
    assert citation_text(cite(sources.SCORING_5_6, Book.ITALIAN)) == (
        "Italian rules, 3.5 Calcolo dei Punti"
    )
    assert citation_text(cite(sources.SCORING_5_6, Book.SPANISH)) == (
        "English 5-6 player expansion, Phase 6: Scoring"
    )


def test_the_apps_own_readings_are_cited_as_companion_readings():
    text = citation_text(cite(sources.ARMOR_DEATH, Book.ITALIAN))
    assert text.startswith("Companion reading: ")


def test_a_refusal_cites_its_rule_by_book_and_section():
    error = InvalidAction("no", sources.PHASE_3)
    assert str(error) == "no (Spanish rules, Fase 3: Nuevos Genes)"


# ----- the rulebook in the setup and the record --------------------------------------
def test_the_rulebook_is_part_of_the_setup_and_its_record():
    setup = setup_for(4, rulebook=Book.ITALIAN)
    data = setup_to_dict(setup)
    assert data["rulebook"] == "it"
    assert setup_from_dict(data) == setup


def test_a_record_without_a_rulebook_cites_the_spanish_rules():
    data = setup_to_dict(setup_for(4))
    del data["rulebook"]
    assert setup_from_dict(data).rulebook is Book.SPANISH


def test_only_a_base_rulebook_can_be_the_groups_book():
    with pytest.raises(InvalidAction) as caught:
        new_game(setup_for(4, rulebook=Book.ENGLISH_5_6))
    assert "Spanish or the Italian rules" in caught.value.message


# ----- what the table reads ----------------------------------------------------------
@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*-players.json")), ids=lambda p: p.stem)
def test_every_event_of_the_example_games_cites_a_rule_area_not_a_file(path):
    record = record_from_dict(json.loads(path.read_text()))
    _, history = replay_record(record)
    for _, _, events in history:
        for event in events:
            assert event.source is None or isinstance(event.source, Rule), event
            assert not SEED_FILE.search(event.text), event.text
    texts = " ".join(e.text for _, _, events in history for e in events)
    for seat in record.setup.seats:
        assert player_label(record.setup, seat.color) in texts
    assert not re.search(r"\b(Red|Yellow|Green|Blue|White|Black) \d", texts)


def test_replay_events_cite_the_records_rulebook(tmp_path, capsys):
    data = json.loads((EXAMPLES / "four-players.json").read_text())
    data["setup"]["rulebook"] = "it"
    path = tmp_path / "italian.json"
    path.write_text(json.dumps(data))
    assert main(["replay", "--events", str(path)]) == 0
    out = capsys.readouterr().out
    assert "[Italian rules, Fase 6: Punteggio]" in out
    assert "Ben ● red" in out  # the four-player example seats Ben on red
    assert not SEED_FILE.search(out), SEED_FILE.search(out)


def test_the_readable_final_state_names_players_with_their_shapes(capsys):
    assert main(["replay", str(EXAMPLES / "six-players.json")]) == 0
    out = capsys.readouterr().out
    for label in ("Ana ● red", "Ben ▲ yellow", "Eli ⬢ white", "Fay ★ black"):
        assert label in out


def test_a_setup_changed_only_in_its_rulebook_plays_the_same_game():
    spanish = setup_for(4)
    italian = replace(spanish, rulebook=Book.ITALIAN)
    assert new_game(spanish).players == new_game(italian).players


# ----- the citation follows the player count and the options --------------------------
def test_a_six_player_start_space_cites_the_5_6_player_rules():
    setup = setup_for(6)
    state, _ = play(new_game(setup), TurnEnvironmentCard("P1"))
    rolls = [RollForStartOrder(c, t) for c, t in zip(setup.colors, range(12, 6, -1), strict=True)]
    state, _ = play(state, *rolls)
    now = prompt(state)
    assert "(1-6)" in now.text
    assert citation_text(cite(now.source, Book.SPANISH)) == (
        "English 5-6 player expansion, Determine Starting Player"
    )
    assert citation_text(cite(now.source, Book.ITALIAN)) == "Italian rules, 3.2 Iniziare"


def test_an_end_in_an_agreed_earlier_end_zone_cites_the_book_that_allows_it():
    setup = setup_for(4, options=RuleOptions(end_zone_start=30))
    amoebas = ["red-1@1", "red-2@2", "red-3@3"]
    markers = {"red": 29, "yellow": 20, "green": 15, "blue": 10}
    state = position(4, amoebas=amoebas, setup=setup, markers=markers)
    state, events = at_phase_with_events(state, Phase.SCORING)
    (end,) = [e for e in events if e.kind == "end"]
    assert citation_text(cite(end.source)) == "Spanish rules (sopa primordial), Fin del juego"
