"""The referee's desk on the console: the new corrections through the form, and any moment of
the game from the history (the companion's own dispute review; the corrected facts follow
000 §Fase 2, §Fase 6 and 001 §NOTA, as in tests/test_corrections_table.py)."""

from __future__ import annotations

import html

from conftest import alert_of, text_of
from test_correction_form import with_amoebas

from companion.tracker.colors import Color


def test_the_face_up_card_is_corrected_from_the_form(game):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')
    response = game.post(
        "/correct", {"field": "card", "card": "P4", "cards": "P2, P3", "reason": "the table"}
    )
    assert response.status_code == 200, alert_of(response)
    state = game.game().state
    assert state.card == "P4" and state.turned == ("P2", "P3", "P4")
    assert "face-up environment card set from P1 to P4" in html.unescape(text_of(response))


def test_a_used_escape_is_corrected_with_the_uses_boxes(game):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')
    data = {"field": "uses", "color": "green", "uses": "escape", "reason": "Cleo fled already"}
    response = game.post("/correct", data)
    assert response.status_code == 200, alert_of(response)
    assert game.game().state.player(Color.GREEN).used_this_round == ("escape",)


def test_two_markers_swap_from_the_form(game):
    game.start_rolls_to_placement()
    before = {p.color: p.marker for p in game.game().state.players}
    data = {"field": "marker_swap", "color": "red", "other": "blue", "reason": "swapped"}
    response = game.post("/correct", data)
    assert response.status_code == 200, alert_of(response)
    after = {p.color: p.marker for p in game.game().state.players}
    assert after[Color.RED] == before[Color.BLUE] and after[Color.BLUE] == before[Color.RED]


def test_every_color_of_a_space_in_one_entry_from_the_form(game):
    data = {"field": "space_cubes", "space": 4, "cubes_red": 3, "cubes_blue": 1, "reason": "x"}
    data.update({"cubes_yellow": 0, "cubes_green": 0})
    response = game.post("/correct", data)
    assert response.status_code == 200, alert_of(response)
    assert game.game().state.cubes_on(4) == (3, 0, 0, 1)


def test_each_history_entry_opens_the_table_right_after_it(game):
    with_amoebas(game)
    page = text_of(game.client.get(f"{game.url}/log"))
    assert f"{game.url}/at/5" in page
    response = game.client.get(f"{game.url}/at/5")
    assert response.status_code == 200
    body = html.unescape(text_of(response))
    assert "Right after entry 5" in body and "What changed" in body
    assert "Awaiting:" in body and "used this round" in body


def test_an_undone_entry_opens_the_table_it_had_led_to(game):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')
    game.act_ok(kind="dice", d1=12)
    game.post("/undo", {})
    body = html.unescape(text_of(game.client.get(f"{game.url}/at/2")))
    assert "was undone later" in body
    assert game.client.get(f"{game.url}/at/99").status_code == 404


def test_a_phone_opens_how_its_numbers_were_computed(game, seat_tokens):
    """000 §Fase 6 and §Fase 5: the advance and the death threshold open their derivation."""
    body = html.unescape(text_of(game.client.get(f"/s/{seat_tokens['red']}")))
    assert body.count("data-why") >= 3
    assert "amoeba table, row 0: 0" in body and "Fase 6: Puntuación" in body
    assert "an amoeba with 2 DP dies in phase 5" in body


def test_the_console_opens_the_derivation_of_each_players_numbers(game):
    body = html.unescape(text_of(game.console()))
    assert "data-why-panel" in body and f"{game.url}/why" in body  # loaded when opened
    panel = html.unescape(text_of(game.client.get(f"{game.url}/why")))
    assert panel.count('class="why-player"') == 4
    assert "Ben ▲ yellow's amoebas die at 2 DP" in panel
