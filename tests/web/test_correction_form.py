"""The correction form asks only for what the chosen kind needs, with pickers by player name
prefilled with what the app tracks; the server still checks everything it receives."""

from __future__ import annotations

import html
import random
import re

from conftest import alert_of, text_of

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.state import amoeba_label, player_label

FORM_RE = re.compile(r'<form class="correction-form".*?</form>', re.S)
# the correction's panel, closed (a region of the console: data-region, data-shown)
CLOSED_RE = re.compile(r'<details class="correction"( data-region="correction" data-shown="\w+")?>')
LABEL_RE = re.compile(r'<label( data-needs="(\w+)"( hidden)?)?>(.*?)</label>', re.S)
CONTROL_RE = re.compile(r'<(select|input) name="(\w+)"[^>]*?( disabled)?>')


def correction_form(response) -> str:
    match = FORM_RE.search(text_of(response))
    assert match, "the console carries the correction form"
    return match.group(0)


def enabled_controls(form: str) -> list[str]:
    """The names of the controls the browser would submit, in order."""
    names = []
    for tag in re.findall(r"<(?:select|input)\b[^>]*>", form):
        name = re.search(r'name="(\w+)"', tag).group(1)
        if " disabled" not in tag and 'type="hidden"' not in tag:
            names.append(name)
    return names


def shown_needs(form: str) -> set[str]:
    return {m.group(2) for m in LABEL_RE.finditer(form) if m.group(2) and not m.group(3)}


def selected(form: str, name: str) -> str:
    select = re.search(rf'<select name="{name}"(?![^>]*disabled)[^>]*>(.*?)</select>', form, re.S)
    assert select, name
    option = re.search(r'<option value="([^"]*)"[^>]*selected', select.group(1))
    return option.group(1) if option else ""


def with_amoebas(game) -> None:
    """Play seeded legal choices until every player has an amoeba on the board."""
    rng = random.Random(3)
    game.start_rolls_to_placement()
    while len(game.game().state.amoebas) < 8:
        game.play_ok(rng.choice(legal_actions(game.game().state)))


def test_by_default_the_form_asks_for_a_player_and_the_new_bp_only(game):
    form = correction_form(game.correction())

    assert enabled_controls(form) == ["field", "color", "value", "reason"]
    assert shown_needs(form) == {"color", "number"}
    assert 'value="4"' in re.search(r'<input name="value"[^>]*>', form).group(0)  # Ana's BP


def test_each_kind_declares_exactly_the_inputs_it_needs(game):
    form = correction_form(game.correction())

    kinds = dict(re.findall(r'<option value="(\w+)" data-needs="([\w ]+)"', form))

    assert kinds == {
        "bp": "color number",
        "dp": "amoeba_on_board number",
        "cubes": "space color number",
        "space_cubes": "space space_cubes",
        "marker": "color number",
        "marker_swap": "color other",
        "amoeba_space": "any_amoeba to_space new_dp",
        "gene": "color gene held",
        "gene_since": "color gene number",
        "uses": "color uses",
        "card": "card cards",
        "box_cubes": "color number",
        "toxic": "space number",  # Toxic Excretions' DP tokens on a space
    }
    labelled = set(re.findall(r'<(?:label|fieldset class="inline") data-needs="(\w+)"', form))
    assert labelled == {n for needs in kinds.values() for n in needs.split()}


def test_players_are_picked_by_name_and_carry_their_tracked_values(game):
    game.post("/correct", {"field": "bp", "color": "yellow", "value": 17, "reason": "count"})

    form = correction_form(game.correction())

    assert (
        '<option value="yellow" data-bp="17" data-marker="0" data-genes="" data-used="" '
        'data-box="55" data-since="">Ben ▲ yellow</option>' in form
    )
    assert "red-3" not in re.sub(r'value="[^"]*"', "", form)  # no typed ids on show


def test_the_amoeba_picker_lists_the_amoebas_on_the_board_by_player_name(game):
    with_amoebas(game)
    state = game.game().state
    form = html.unescape(correction_form(game.correction()))

    on_board = re.search(r'<label data-needs="amoeba_on_board" hidden>(.*?)</label>', form, re.S)
    options = re.findall(r'<option value="([\w-]+)" data-dp="(\d+)"[^>]*>([^<]*)<', on_board[1])
    assert len(options) == len(state.amoebas)
    names = {p.color.value: player_label(state, p.color) for p in state.players}
    for (value, dp, label), amoeba in zip(options, state.amoebas, strict=True):
        assert value == str(amoeba.id) and int(dp) == amoeba.dp
        assert label == f"{names[amoeba.color.value]} {amoeba.number} on space " + (
            f"{amoeba.space} ({amoeba.dp} DP)"
        )


def test_cube_counts_per_space_and_color_are_carried_for_prefilling(game):
    state = game.game().state
    form = correction_form(game.correction())

    for space in (1, 7, 19):
        counts = state.cubes_on(space)
        expected = " ".join(
            f'data-{c.value}="{n}"' for c, n in zip(state.colors, counts, strict=True)
        )
        assert f'<option value="{space}" {expected}' in form


def test_a_refused_correction_reopens_the_form_on_the_same_kind_and_picks(game):
    with_amoebas(game)
    amoeba = game.game().state.amoebas[-1]
    before = game.revision

    response = game.post(
        "/correct", {"field": "dp", "amoeba": str(amoeba.id), "value": 42, "reason": "squashed"}
    )

    assert response.status_code == 422
    assert "more than the table can show" in alert_of(response)
    assert game.revision == before
    page = text_of(response)
    assert '<details class="correction" open>' in page
    form = correction_form(response)
    assert enabled_controls(form) == ["field", "amoeba", "value", "reason"]
    assert selected(form, "field") == "dp" and selected(form, "amoeba") == str(amoeba.id)
    assert 'value="squashed"' in form and 'value="42"' in form


def test_after_a_correction_the_form_is_closed_and_fresh(game):
    response = game.post(
        "/correct", {"field": "marker", "color": "green", "value": 5, "reason": "moved"}
    )

    assert response.status_code == 200
    assert CLOSED_RE.search(text_of(response))
    assert not FORM_RE.search(text_of(response))  # opened again, it is fetched afresh
    assert selected(correction_form(game.correction()), "field") == "bp"


def test_a_taps_answer_leaves_the_form_out_and_fetches_it_when_opened(game):
    page = text_of(game.console(htmx=True))

    assert not FORM_RE.search(page)
    slot = re.search(r'<div class="correction-slot" hx-get="([^"]+)" hx-trigger="([^"]+)"', page)
    assert slot and slot[1] == f"{game.url}/correction" and slot[2] == "open-form once"
    form = correction_form(game.correction())
    assert f'name="revision" value="{game.revision}"' in form


def test_a_refusal_of_another_action_does_not_open_the_correction_form(game):
    response = game.act(action='{"type": "turn_card", "card": "nope"}')

    assert response.status_code == 422
    assert CLOSED_RE.search(text_of(response))


def test_moving_an_amoeba_offers_every_amoeba_and_every_space_or_off_the_board(game):
    with_amoebas(game)
    state = game.game().state
    amoeba = state.amoebas[0]
    response = game.post(
        "/correct",
        {"field": "amoeba_space", "amoeba": str(amoeba.id), "value": 99, "reason": "x"},
    )
    form = html.unescape(correction_form(response))

    assert enabled_controls(form) == ["field", "amoeba", "value", "dp", "reason"]
    assert re.search(r'<select name="value">\s*<option value="0">off the board</option>', form)
    picker = re.search(r'<label data-needs="any_amoeba">(.*?)</label>', form, re.S)[1]
    assert picker.count("<option") == len(state.players) * 7
    assert "not on the board" in picker
    assert f"{amoeba_label(state, amoeba.id)}: on space {amoeba.space}" in picker
