"""Camouflage I's die on the console (003 §The Amoeba Advanced Genome Project): entered like
every other die, or rolled by the app; toxic DP tokens drawn on the soup where they lie, and
set by a referee correction when the table shows otherwise.
"""

from __future__ import annotations

from dataclasses import replace

from builders import aid, at_phase, play, position
from conftest import text_of

from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.actions import Attack, Drift
from companion.tracker.ursuppe.genes.actions import RollCamouflage
from companion.tracker.ursuppe.state import Phase, Step
from companion.tracker.ursuppe.views.public import public_view
from companion.web.ursuppe.autoroll import chance_action
from companion.web.ursuppe.controls import controls, dice_action
from companion.web.ursuppe.soup_svg import board_svg

STARVING = {8: {"yellow": 0, "green": 0, "blue": 0}}


def camouflage_roll():
    genes = {"red": ["struggle_for_survival", "camouflage_1"], "yellow": ["defense"]}
    state = position(4, amoebas=["red-1@8", "yellow-1@8"], genes=genes, cubes=STARVING, card="P9")
    state, _ = play(at_phase(state, Phase.MOVEMENT), Drift(aid("red-1")))
    state, _ = play(state, Attack(aid("red-1"), aid("yellow-1")))
    assert prompt(state).step is Step.CAMOUFLAGE_ROLL
    return state


def test_the_camouflage_die_is_one_die_on_the_console():
    state = camouflage_roll()

    offered = controls(state)

    assert offered.dice == 1 and offered.dice_labels == ("attacker's camouflage die",)
    assert dice_action(state, [5]) == RollCamouflage(5)


def test_the_app_rolls_the_camouflage_die_like_any_die():
    state = camouflage_roll()

    rolled = chance_action(state)

    assert isinstance(rolled, RollCamouflage) and rolled in legal_actions(state)


def test_toxic_tokens_are_drawn_on_their_space(app):
    state = replace(position(4, amoebas=["red-1@8"]), toxic=((12, 2),))

    with app.test_request_context():
        drawn = str(board_svg(state.setup.board, public_view(state)))

    assert 'data-toxic="2"' in drawn and "2 toxic DP tokens" in drawn


def test_the_correction_form_sets_the_toxic_tokens_on_a_space(game):
    game.post("/correct", {"field": "toxic", "space": 12, "value": 3, "reason": "the table"})

    assert game.game().state.toxic_on(12) == 3
    form = text_of(game.correction())  # the form, as the console fetches it when opened
    assert "toxic DP tokens lying on a space" in form
    assert '<option value="12" data-red="2"' in form and 'data-toxic="3"' in form
