"""The referee console: page and partial, submissions, refusals, undo, corrections, seats."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from builders import setup_for
from conftest import alert_of, prompt_of, text_of

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.data import PLACEHOLDER_DECK
from companion.tracker.ursuppe.record.document import Record, record_from_dict
from companion.tracker.ursuppe.rules.deckcheck import deck_warnings
from companion.tracker.ursuppe.state import AmoebaId, Step

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TURN_P1 = json.dumps({"type": "turn_card", "card": "P1"})


# ----- page and partial ------------------------------------------------------------------
def test_the_console_page_is_a_whole_document(game):
    response = game.console()

    assert response.status_code == 200
    assert text_of(response).startswith("<!doctype html>")
    assert '<div id="console"' in text_of(response)
    assert "Turn the first environment card" in prompt_of(response)


def test_htmx_gets_only_the_console_fragment(game):
    response = game.console(htmx=True)

    body = text_of(response)
    assert response.status_code == 200
    assert body.lstrip().startswith('<div id="console"')
    assert "<html" not in body and "<head" not in body
    assert "HX-Request" in response.headers.get("Vary", "")


def test_the_page_and_the_partial_hold_the_same_console_at_every_moment(referee):
    """The page includes the console's template, a tap's answer renders it alone
    (`_console.html`): the same markup, through a whole game, in each language."""
    record = record_from_dict(json.loads((EXAMPLES / "five-players-extra-genes.json").read_text()))
    game = referee.store.import_record(Record(record.setup, ()), "page and partial")
    url = f"/games/{game.id}"
    for n, entry in enumerate(record.entries):
        referee.store.append(game.id, entry, n)
        if n % 20 and n != len(record.entries) - 1:
            continue
        for lang in ("it", "es"):
            referee.client.set_cookie("lang", lang)
            page = text_of(referee.client.get(url))
            partial = text_of(referee.client.get(url, headers={"HX-Request": "true"}))
            start = page.index('<div id="console"')
            assert page[start : start + len(partial)] == partial, f"{lang}, entry {n + 1}"


def test_an_htmx_history_restore_gets_the_whole_page(game):
    response = game.client.get(
        game.url, headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )

    assert response.status_code == 200
    assert "<html" in text_of(response)


def test_both_forms_of_the_console_say_they_vary_with_htmx(game):
    assert "HX-Request" in game.console().headers.get("Vary", "")
    assert "HX-Request" in game.console(htmx=True).headers.get("Vary", "")


def test_an_unknown_game_is_not_found(referee):
    response = referee.client.get("/games/000000000000")

    assert response.status_code == 404
    assert "There is nothing at this address." in text_of(response)


# ----- submissions -----------------------------------------------------------------------
def test_a_legal_action_advances_the_game(game):
    before = prompt_of(game.console())

    response = game.act(action=TURN_P1)

    assert response.status_code == 200
    assert "<html" not in text_of(response)
    assert prompt_of(response) != before
    assert prompt_of(response) == "Ana ● red rolls two dice for the start order."
    assert game.revision == 1
    assert game.console_revision() == 1


def test_an_illegal_action_is_refused_in_place_with_the_rules_message(game):
    game.act_ok(action=TURN_P1)
    state_before = game.game().state

    response = game.act("dice", d1=13)

    body = text_of(response)
    assert response.status_code == 422
    assert body.lstrip().startswith('<div id="console"')
    message = alert_of(response)
    assert message.startswith("That is not a legal choice")
    # names the rule it rests on, in the group's rulebook (Spanish by default)
    assert "(Spanish rules, Determinar el Jugador de Comienzo)" in message
    assert game.revision == 1
    assert game.game().state == state_before


def test_a_malformed_action_is_refused_and_changes_nothing(game):
    response = game.act(action="{not json")

    assert response.status_code == 422
    assert "the action could not be read" in alert_of(response)
    assert game.revision == 0


def test_a_submission_against_a_revision_not_yet_reached_is_refused(game):
    response = game.act(action=TURN_P1, revision=99)

    assert response.status_code == 409
    assert "the page was out of date" in alert_of(response)
    assert game.revision == 0


def test_a_submission_that_does_not_say_its_revision_is_refused(game):
    response = game.client.post(
        f"{game.url}/act",
        data={"kind": "action", "action": TURN_P1, "csrf": game.csrf},
        headers={"HX-Request": "true"},
    )

    assert response.status_code == 422
    assert game.revision == 0


def test_a_stale_submission_is_refused_with_what_changed(game):
    game.act_ok(action=TURN_P1)

    response = game.act(action=TURN_P1, revision=0)

    assert response.status_code == 409
    message = alert_of(response)
    assert "the table moved on meanwhile" in message
    assert "turn card P1" in message
    assert 'class="refusal conflict"' in text_of(response)
    assert game.revision == 1
    assert 'data-revision="1"' in text_of(response)  # it shows the table as it is now


def test_a_submission_without_htmx_redirects_back_to_the_console(game):
    response = game.act(action=TURN_P1, htmx=False)

    assert response.status_code == 303
    assert response.headers["Location"] == game.url
    assert game.revision == 1


def test_a_post_without_the_csrf_token_is_refused_and_changes_nothing(game):
    response = game.post("/act", {"kind": "action", "action": TURN_P1}, csrf=False)

    assert response.status_code == 403
    assert game.revision == 0


def test_a_post_with_a_wrong_csrf_token_is_refused(game):
    response = game.client.post(
        f"{game.url}/act",
        data={"kind": "action", "action": TURN_P1, "revision": "0", "csrf": "forged"},
        headers={"HX-Request": "true"},
    )

    assert response.status_code == 403
    assert game.revision == 0


def test_the_csrf_token_may_come_in_the_htmx_header(game):
    response = game.post(
        "/act",
        {"kind": "action", "action": TURN_P1},
        csrf=False,
        headers={"X-CSRF-Token": game.csrf},
    )

    assert response.status_code == 200
    assert game.revision == 1


def test_a_post_from_a_foreign_origin_is_refused(game):
    response = game.post(
        "/act", {"kind": "action", "action": TURN_P1}, headers={"Origin": "http://evil.example"}
    )

    assert response.status_code == 403
    assert game.revision == 0


def test_a_post_from_this_origin_is_accepted(game):
    response = game.post(
        "/act", {"kind": "action", "action": TURN_P1}, headers={"Origin": "http://localhost"}
    )

    assert response.status_code == 200
    assert game.revision == 1


# ----- the app rolls and draws -----------------------------------------------------------
def test_the_app_draws_the_awaited_environment_card(game):
    response = game.post("/roll")

    assert response.status_code == 200
    assert game.revision == 1
    assert game.game().state.current_card() is not None
    assert prompt_of(response) == "Ana ● red rolls two dice for the start order."


def test_the_app_rolls_the_awaited_start_dice(game):
    game.act_ok(action=TURN_P1)

    response = game.post("/roll")

    assert response.status_code == 200
    assert game.revision == 2
    assert prompt_of(response) == "Ben ▲ yellow rolls two dice for the start order."


def test_the_app_refuses_to_roll_when_no_dice_or_card_is_awaited(game):
    game.act_ok(action=TURN_P1)
    for total in (12, 10, 8, 6):
        game.act_ok("dice", d1=total)
    assert game.game().state.cursor.step is Step.START_SPACE

    response = game.post("/roll")

    assert response.status_code == 422
    assert alert_of(response) == "No dice or card is awaited now."
    assert game.revision == 5


# ----- undo ------------------------------------------------------------------------------
def test_undo_last_is_recorded_and_takes_the_game_back(game):
    game.act_ok(action=TURN_P1)
    after_card = game.game().state
    game.act_ok("dice", d1=12)

    response = game.post("/undo")

    body = text_of(response)
    assert response.status_code == 200
    assert game.revision == 3  # the undo is an entry; nothing is erased
    assert game.game().state == after_card
    assert prompt_of(response) == "Ana ● red rolls two dice for the start order."
    assert re.search(r'<li class="undone" value="2">', body)
    assert re.search(r'<li class="undo" value="3">', body)
    assert "Undone: back to entry 1." in body


def test_back_to_here_undoes_everything_after_that_entry(game):
    game.act_ok(action=TURN_P1)
    after_card = game.game().state
    for total in (12, 10, 8):
        game.act_ok("dice", d1=total)

    response = game.post("/undo", {"seq": 1})

    body = text_of(response)
    assert response.status_code == 200
    assert game.revision == 5
    assert game.game().state == after_card
    for seq in (2, 3, 4):
        assert f'<li class="undone" value="{seq}">' in body
    assert '<li class="" value="1">' in body
    assert len(game.game().entries) == 5


def test_undo_with_nothing_to_undo_is_refused(game):
    response = game.post("/undo")

    assert response.status_code == 422
    assert "there is nothing to undo" in alert_of(response)
    assert game.revision == 0


def test_back_to_an_entry_no_longer_in_force_is_refused(game):
    game.act_ok(action=TURN_P1)
    game.act_ok("dice", d1=12)
    game.post("/undo")  # entry 2 is undone

    response = game.post("/undo", {"seq": 2})

    assert response.status_code == 422
    assert "that entry is no longer in force" in alert_of(response)
    assert game.revision == 3


# ----- corrections -----------------------------------------------------------------------
def test_a_correction_with_a_reason_sets_bp_and_is_logged(game):
    game.act_ok(action=TURN_P1)

    response = game.post(
        "/correct", {"field": "bp", "color": "red", "value": 7, "reason": "Ana paid twice"}
    )

    body = text_of(response)
    assert response.status_code == 200
    assert game.game().state.player(Color.RED).bp == 7
    assert game.revision == 2
    assert "Reason: Ana paid twice." in body
    assert '<td class="num">7</td>' in body


def test_a_correction_without_a_reason_is_refused(game):
    bp = game.game().state.player(Color.RED).bp

    response = game.post("/correct", {"field": "bp", "color": "red", "value": 7, "reason": " "})

    assert response.status_code == 422
    assert "a correction needs a reason" in alert_of(response)
    assert game.game().state.player(Color.RED).bp == bp
    assert game.revision == 0


def test_a_correction_without_a_number_is_refused(game):
    response = game.post("/correct", {"field": "bp", "color": "red", "value": "many"})

    assert response.status_code == 422
    assert "whole number" in alert_of(response)
    assert game.revision == 0


# ----- placing amoebas -------------------------------------------------------------------
def test_an_amoeba_is_placed_on_the_space_the_referee_picks(game):
    game.start_rolls_to_placement()
    state = game.game().state
    assert state.cursor.step is Step.PLACE
    spaces = sorted({a.space for a in legal_actions(state)})
    console = text_of(game.console(htmx=True))
    assert 'name="kind" value="place_amoeba"' in console
    assert '<option value="red-1">' in console

    response = game.act("place_amoeba", amoeba="red-1", space=spaces[-1])

    assert response.status_code == 200
    placed = game.game().state.amoeba(AmoebaId(Color.RED, 1))
    assert placed is not None and placed.space == spaces[-1]
    assert "Ben ▲ yellow places an amoeba" in prompt_of(response)


def test_placing_another_players_amoeba_is_refused(game):
    game.start_rolls_to_placement()

    response = game.act("place_amoeba", amoeba="blue-1", space=5)

    assert response.status_code == 422
    assert game.game().state.amoeba(AmoebaId(Color.BLUE, 1)) is None


def test_a_space_that_is_not_a_number_is_refused(game):
    game.start_rolls_to_placement()
    revision = game.revision

    response = game.act("place_amoeba", amoeba="red-1", space="north")

    assert response.status_code == 422
    assert "'space' must be a whole number" in alert_of(response)
    assert game.revision == revision


# ----- standings and seats ---------------------------------------------------------------
def test_the_standings_say_no_round_is_scored_yet(game):
    response = game.client.get(f"{game.url}/standings")

    assert response.status_code == 200
    assert "No round has been scored yet." in text_of(response)
    assert 'class="chart"' not in text_of(response)


def test_the_standings_chart_the_markers_after_a_scored_round(game):
    game.play_until_scored(seed=0)

    response = game.client.get(f"{game.url}/standings")

    body = text_of(response)
    assert response.status_code == 200
    assert '<svg class="chart"' in body
    assert body.count("<polyline") == 4
    assert "No round has been scored yet." not in body


def test_the_seats_page_shows_one_qr_code_per_seat_and_the_board(game):
    response = game.client.get(f"{game.url}/seats")

    body = text_of(response)
    assert response.status_code == 200
    assert body.count('<div class="qr"><svg') == 5
    for name in ("Ana ● red", "Ben ▲ yellow", "Cleo ■ green", "Dev ◆ blue"):
        assert f"<strong>{name}</strong>" in body
    tokens = game.store.seat_tokens(game.game_id)
    for token in tokens.values():
        assert f"http://localhost/s/{token}" in body
    assert f"http://localhost/b/{game.game().board_token}" in body


def test_reissuing_a_seat_revokes_its_old_link(game, app):
    old = game.store.seat_tokens(game.game_id)["green"]
    phone = app.test_client()
    assert phone.get(f"/s/{old}").status_code == 200

    response = game.client.post(
        f"{game.url}/seats/green/reissue", data={"csrf": game.csrf}, follow_redirects=False
    )

    assert response.status_code == 303
    assert response.headers["Location"] == f"{game.url}/seats"
    new = game.store.seat_tokens(game.game_id)["green"]
    assert new != old
    revoked = app.test_client().get(f"/s/{old}")
    assert revoked.status_code == 410
    assert "This code was revoked: ask the referee for your new one" in text_of(revoked)
    assert app.test_client().get(f"/s/{new}").status_code == 200
    assert new in text_of(game.client.get(f"{game.url}/seats"))


def test_reissuing_a_color_not_in_the_game_is_not_found(game):
    response = game.client.post(f"{game.url}/seats/black/reissue", data={"csrf": game.csrf})

    assert response.status_code == 404


@pytest.mark.parametrize("path", ["", "/seats", "/standings", "/export"])
def test_the_console_pages_belong_to_the_referee(app, game, path):
    stranger = app.test_client()

    response = stranger.get(f"{game.url}{path}")

    assert response.status_code == 403
    assert "Referee only" in text_of(response)


def test_a_typed_deck_warning_shows_on_the_console_in_the_readers_language(referee):
    """Reading (RULES.md decisions, the typed deck): a deck without a no-drift card is played
    all the same, and the console's status line warns about it in the reader's language."""
    deck = [replace(c, drift=c.drift or PLACEHOLDER_DECK[0].drift) for c in PLACEHOLDER_DECK]
    setup = setup_for(4, deck=tuple(deck), deck_is_placeholder=False)
    (warning,) = deck_warnings(setup)
    game = referee.store.import_record(Record(setup, ()), "typed deck")
    for lang in ("en", "es", "it"):
        referee.client.set_cookie("lang", lang)
        page = text_of(referee.client.get(f"/games/{game.id}", headers={"HX-Request": "true"}))
        shown = re.search(r"<span class=\"tag warn\" data-deck-warning>(.*?)</span>", page)
        assert shown, f"{lang}: the status line warns about the deck"
        assert t(warning, lang) in html.unescape(shown.group(1))
        assert "placeholder" not in page.split('class="prompt-box"')[0]
