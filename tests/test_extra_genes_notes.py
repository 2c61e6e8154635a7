"""The extra genes as the console and the phones explain them (issue 30, item 3; 003 §The
Amoeba Advanced Genome Project): every face-up gene with its price, MP and effect; a face-up
gene a player could pay for but may not buy, with the rule that forbids it (Social Gene: only
the player in last place); a held gene that does nothing now (Social Gene with nobody 6 or
more spaces ahead; Population Explosion while the holder has as many amoebas as the leader).
"""

from __future__ import annotations

from dataclasses import replace

from builders import at_phase, position, setup_for

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.ursuppe import Phase
from companion.tracker.ursuppe.actions import BuyGene
from companion.tracker.ursuppe.options import ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.views import extra_notes
from companion.tracker.ursuppe.views.labels import describe
from companion.tracker.ursuppe.views.public import table_view
from companion.tracker.ursuppe.views.seat import seat_view

RED, BLUE = Color.RED, Color.BLUE
FACE_UP = ("social_gene", "glutton", "population_explosion")


def market(**kwargs):
    """Phase 3 of a 4-player game with extra genes, Red leading (marker 10) and to buy."""
    setup = setup_for(
        4,
        extra_genes=ExtraGenesMode.START_AND_TURNED,
        extra_start=FACE_UP,
        options=RuleOptions(),
    )
    kwargs.setdefault("markers", {"red": 10, "yellow": 9, "green": 8, "blue": 7})
    state = position(4, setup=setup, **kwargs)
    return at_phase(replace(state, extra_available=FACE_UP), Phase.GENES)


def said(notes) -> list[str]:
    return [t(n, "en") for n in notes]


def test_every_face_up_extra_gene_carries_its_price_mp_and_effect():
    rows = {g["key"]: g for g in extra_notes.face_up(market())}
    assert (rows["glutton"]["price"], rows["glutton"]["mp"]) == (3, -2)  # 003's table
    assert (rows["social_gene"]["price"], rows["social_gene"]["mp"]) == (4, 3)
    assert t(rows["glutton"]["effect"], "en")


def test_social_gene_not_offered_to_the_leader_who_could_pay_says_why():
    """003: only the player in last place may buy Social Gene."""
    state = market(bp=20)
    notes = extra_notes.unoffered(state, RED)
    assert said(notes) == [
        "Social Gene is not offered to Ana ● red: only the player in last place may buy "
        "Social Gene."
    ]
    assert notes[0].source is not None
    assert extra_notes.unoffered(state, BLUE) == []  # last: it is offered


def test_a_gene_the_player_cannot_pay_for_needs_no_explanation():
    assert extra_notes.unoffered(market(bp=2), RED) == []


def test_outside_phase_3_nothing_is_said_of_the_market():
    state = replace(market(bp=20), phase=Phase.DIVISION)
    assert extra_notes.unoffered(state, RED) == []


def test_social_gene_held_with_nobody_far_enough_ahead_does_nothing():
    """003 (the app's reading): 1 BP from each player 6 or more spaces ahead, with BP."""
    state = market(genes={"blue": ["social_gene"]})  # Red is 3 spaces ahead of Blue
    (note,) = extra_notes.idle(state, BLUE)
    assert "Social Gene brings Dev ◆ blue nothing now" in t(note, "en")
    far = market(genes={"blue": ["social_gene"]}, markers={"red": 13, "blue": 7})
    assert extra_notes.idle(far, BLUE) == []


def test_population_explosion_is_idle_while_the_holder_has_the_leaders_count():
    state = market(genes={"blue": ["population_explosion"]}, amoebas=["red-1@1", "blue-1@2"])
    (note,) = extra_notes.idle(state, BLUE)
    assert "Population Explosion is idle: Dev ◆ blue has 1 amoeba and the leader 1" in t(note, "en")
    behind = market(
        genes={"blue": ["population_explosion"]}, amoebas=["red-1@1", "red-2@3", "blue-1@2"]
    )
    assert extra_notes.idle(behind, BLUE) == []


def test_the_console_view_and_the_phones_carry_the_notes():
    state = market(bp=20, genes={"blue": ["population_explosion"]})
    console = table_view(state)
    assert [g["key"] for g in console["extra_face_up"]] == list(FACE_UP)
    texts = said(console["gene_notes"])
    assert any(s.startswith("Social Gene is not offered to Ana") for s in texts)
    assert any(s.startswith("Population Explosion is idle") for s in texts)
    assert said(seat_view(state, BLUE)["gene_notes"])[0].startswith("Population Explosion")


def test_the_buy_button_marks_an_extra_gene():
    state = market(bp=20)
    assert t(describe(state, BuyGene(RED, "glutton")), "en") == "buy extra gene Glutton (3 BP)"
    assert t(describe(state, BuyGene(RED, "speed")), "en") == "buy Speed (4 BP)"
