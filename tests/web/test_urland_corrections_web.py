"""Urland's referee desk on the web (issue 33): the console's correction form (pickers by
name, in the reader's language), the phone's correction of its own face-down tokens (seen by
no other view: the hidden-information twins), the "why" numbers, and a correction that
round-trips through export and import."""

from __future__ import annotations

import io

from conftest import alert_of, text_of
from test_urland_hidden import _pages
from urland_web import import_prefix, prefix_to, seat_post

from companion.tracker.game import URLAND
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.state import Step


def test_the_form_offers_players_regions_and_genes_by_name_in_the_readers_language(referee):
    import_prefix(referee, Step.ACTIONS)
    referee.client.set_cookie("lang", "it")
    page = text_of(referee.correction())
    assert "regione 5" in page and "oceano A" in page and "Ana" in page
    assert 'name="field"' in page and "data-now=" in page
    referee.client.set_cookie("lang", "es")
    page = text_of(referee.correction())
    assert "región 5" in page and "océano A" in page
    assert 'value="kept"' not in page and 'value="hand"' not in page  # the phones' own


def test_a_miscounted_region_is_corrected_from_the_console_and_the_game_goes_on(referee):
    state = import_prefix(referee, Step.ACTIONS)
    red = state.colors[0]
    before = state.count("5", red)
    form = {"field": "ichto", "area": "5", "color": red.value, "value": before + 1}
    response = referee.post("/correct", {**form, "reason": "one more Ichto on the table"})
    assert response.status_code == 200, alert_of(response)
    after = referee.game().state
    assert after.count("5", red) == before + 1
    assert after.player(red).reserve == state.player(red).reserve - 1
    page = text_of(response)
    assert "Referee correction" in page and "one more Ichto on the table" in page
    assert after.step is Step.ACTIONS  # the same Ichto player goes on


def test_the_console_cannot_send_a_secrets_correction(referee):
    import_prefix(referee, Step.ACTIONS)
    revision = referee.revision
    response = referee.post("/correct", {"field": "kept", "value": "4", "reason": "peek"})
    assert response.status_code == 422
    assert "owner's phone" in alert_of(response)
    assert referee.revision == revision


def test_a_correction_without_a_reason_is_refused_in_place(referee):
    state = import_prefix(referee, Step.ACTIONS)
    red = state.colors[0].value
    response = referee.post("/correct", {"field": "marker", "color": red, "value": 9, "reason": ""})
    assert response.status_code == 422
    assert "correction-form" in text_of(response)  # the form stays open, refilled


def test_a_kept_token_corrected_on_the_phone_leaks_to_no_other_view(referee):
    """Twins: the environment player corrects the kept token to one token or another; every
    other view (console, TV, standings, export, history, moment, other phones) is equal."""
    setup, done, state = prefix_to(Step.ACTIONS)
    choices = [t for t in range(1, 13) if t not in state.out and t not in state.spots]
    others = [t for h in state.hands for t in h]
    a_token, b_token = [t for t in choices if t not in others and t != state.kept][:2]
    ids = []
    for token in (a_token, b_token):
        fix = Correct("kept", token, "I misread it")
        game = referee.store.create_game(setup, "Twin", False, True, [*done, fix], core=URLAND)
        ids.append(game.id)
    pages_a = _pages(referee, ids[0], state.colors)
    pages_b = _pages(referee, ids[1], state.colors)
    env = state.env_color.value
    for key in pages_a:
        if key in (env,):
            assert pages_a[key] != pages_b[key]
        else:
            assert pages_a[key] == pages_b[key], f"{key} shows the corrected token"
    assert "I misread it" not in pages_a["console"] + pages_a["tv"] + pages_a["export"]
    assert "corrected a face-down token" in pages_a["console"]


def test_a_phone_corrects_its_own_hand_and_no_other(referee):
    state = import_prefix(referee, Step.ACTIONS)
    dead = state.dead_color
    hand = state.hands[state.seat(dead)]
    tokens = referee.store.seat_tokens(referee.game_id)
    page = text_of(referee.client.get(f"/s/{tokens[dead.value]}"))
    assert "data-secret-correction" in page
    free = [t for t in range(1, 13) if t not in state.out and t not in state.spots]
    new = next(t for t in free if t not in hand and t != state.kept and t not in state.hands[0])
    form = {"correct_secret": "hand", "token": [str(hand[0]), str(new)], "reason": "swapped"}
    response = seat_post(referee, tokens[dead.value], form)
    assert response.status_code == 200, text_of(response)[-400:]
    assert referee.game().state.hands[state.seat(dead)] == (hand[0], new)
    other = state.colors[(state.colors.index(dead) + 1) % state.n]
    response = seat_post(referee, tokens[other.value], {"correct_secret": "kept", "kept": "3"})
    assert response.status_code == 422  # only the environment player keeps a token


def test_the_why_panel_and_the_phones_explain_their_numbers(referee):
    state = import_prefix(referee, Step.ACTIONS)
    panel = text_of(referee.client.get(f"{referee.url}/why", headers={"HX-Request": "true"}))
    assert "Final scorings now" in panel and "2.3 Punteggio" in panel
    assert "calls a mutation on reaching space" in panel
    tokens = referee.store.seat_tokens(referee.game_id)
    phone = text_of(referee.client.get(f"/s/{tokens[state.colors[0].value]}"))
    assert "data-why-seat" in phone and "4. Fine del gioco" in phone


def test_a_correction_round_trips_through_export_and_import(referee):
    """The whole record (the export once the game is over; mid-game the export is the
    public one, its secrets masked) holds the correction, and an import replays it."""
    state = import_prefix(referee, Step.ACTIONS)
    red = state.colors[0].value
    referee.post("/correct", {"field": "marker", "color": red, "value": 25, "reason": "moved"})
    game = referee.game()
    body = URLAND.record_text(game.record()).encode()
    assert '"type": "correct"' in body.decode()
    response = referee.client.post(
        "/games/import",
        data={"csrf": referee.csrf, "record": (io.BytesIO(body), "u.json")},
    )
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert referee.store.get(new_id).state.player(state.colors[0]).marker == 25
