"""The rule options on the setup page: sentences a player understands, never raw keys."""

from __future__ import annotations

import dataclasses
import enum
import re

from conftest import alert_of, text_of

from companion.tracker.ursuppe.options import RuleOptions
from companion.web.ursuppe.optiontext import form_value, option_fields

RAW = ["free_amoeba", "italian_main_text", "english", "italian"]  # typed keys


def test_every_option_is_a_question_and_every_choice_a_sentence(app):
    with app.test_request_context():
        fields = {o["name"]: o for o in option_fields()}

    assert set(fields) == {f.name for f in dataclasses.fields(RuleOptions)}
    for f in dataclasses.fields(RuleOptions):
        field = fields[f.name]
        assert field["question"].endswith("?") or "?" in field["question"], f.name
        values = [c["value"] for c in field["choices"]]
        default = getattr(RuleOptions(), f.name)
        if isinstance(default, enum.Enum):
            assert sorted(values) == sorted(m.value for m in type(default)), f.name
        if isinstance(default, bool):
            assert sorted(values) == ["off", "on"]
        if not field["number"]:
            assert [c["default"] for c in field["choices"]].count(True) == 1, f.name
            assert field["chosen"] == form_value(default)
        for choice in field["choices"]:
            assert len(choice["text"].split()) >= 3, (f.name, choice)


def test_the_setup_page_shows_readings_not_raw_values(referee):
    page = text_of(referee.client.get("/games/new"))
    shown = re.sub(r"<[^>]+>", " ", page)  # the visible text only

    assert "They place one amoeba for free on any space" in shown
    assert "A player has no amoeba left on the board in phase 4: what happens?" in shown
    for raw in RAW:
        assert not re.search(rf"(?<![\w:]){re.escape(raw)}(?![\w:])", shown), raw
    assert (
        page.count('<span class="tag">default</span>') == len(RuleOptions.__dataclass_fields__) - 1
    )


def test_the_readings_chosen_on_the_page_are_the_game_s_rule_options(referee):
    game_id = referee.create_game(
        opt_zero_amoebas="none",
        opt_defense_and_escape_both="off",
        opt_persistence_copies_4p="2",
        opt_armor_vs_aggression="failure",
        opt_substitution_4p="2:2:0 only",
        opt_end_zone_start="40",
    )

    options = referee.store.get(game_id).setup.options
    assert options.zero_amoebas.value == "none"
    assert options.defense_and_escape_both is False
    assert options.persistence_copies_4p == 2
    assert options.armor_vs_aggression.value == "failure"
    assert options.substitution_4p.value == "2:2:0 only"
    assert options.end_zone_start == 40


def test_an_unknown_choice_is_refused_naming_the_question(referee):
    form = referee.setup_form(opt_zero_amoebas="free_for_all")

    response = referee.client.post("/games", data=form)

    assert response.status_code == 422
    assert alert_of(response) == (
        "unknown choice for: A player has no amoeba left on the board in phase 4: what happens?"
    )
    assert 'name="opt_zero_amoebas" value="free_amoeba" checked' not in text_of(response)


def test_a_refused_setup_keeps_the_readings_that_were_chosen(referee):
    form = referee.setup_form(players=[("Ana", "red"), ("Ben", "yellow")], opt_zero_amoebas="none")

    response = referee.client.post("/games", data=form)

    assert response.status_code == 422
    assert 'name="opt_zero_amoebas" value="none" checked' in text_of(response)
