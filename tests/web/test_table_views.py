"""The phone and TV as apps at the table: manifests, the keep-awake switch, the final ranking."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import text_of

from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.state import player_label

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def finished(app):
    """The four-player example game, imported finished; its store, game and seat tokens."""
    store = app.extensions["companion.store"]
    record = record_from_dict(json.loads((EXAMPLES / "four-players.json").read_text()))
    game = store.import_record(record, "Finished")
    return store, game, store.seat_tokens(game.id)


def test_a_seats_manifest_opens_that_seat_under_the_players_name(app, seat_tokens):
    phone = app.test_client()
    token = seat_tokens["yellow"]

    response = phone.get(f"/s/{token}/manifest.webmanifest")

    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(text_of(response))
    assert manifest["name"] == "Ben · Ursuppe" and manifest["short_name"] == "Ben"
    assert manifest["start_url"] == manifest["scope"] == f"/s/{token}"
    purposes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert purposes == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in manifest["icons"]:
        png = phone.get(icon["src"])
        assert png.status_code == 200 and png.data.startswith(b"\x89PNG")
        width, height = int.from_bytes(png.data[16:20]), int.from_bytes(png.data[20:24])
        assert f"{width}x{height}" == icon["sizes"]


def test_the_boards_manifest_opens_the_board(app, game):
    token = game.game().board_token

    manifest = json.loads(text_of(app.test_client().get(f"/b/{token}/manifest.webmanifest")))

    assert manifest["start_url"] == f"/b/{token}"
    assert manifest["name"] == "Tuesday soup · Board"


def test_an_unknown_seat_has_no_manifest(app, game):
    assert app.test_client().get("/s/not-a-seat/manifest.webmanifest").status_code == 404


def test_seat_and_board_pages_link_their_manifest_and_offer_the_keep_awake_switch(app, game):
    seat = game.store.seat_tokens(game.game_id)["green"]
    board = game.game().board_token
    for url in (f"/s/{seat}", f"/b/{board}"):
        body = text_of(app.test_client().get(url))
        assert f'<link rel="manifest" href="{url}/manifest.webmanifest">' in body
        # NoSleep.js is named, not loaded: app.js fetches it only when the switch needs it.
        assert not re.search(r'src="/static/NoSleep', body)
        assert re.search(
            r'<label class="wake" data-wake="off" data-nosleep="/static/NoSleep\.min\.js\?v=\w+"',
            body,
        )
        assert 'role="switch"' in body


def test_the_csp_lets_only_data_videos_play_for_the_keep_awake_fallback(client):
    csp = client.get("/").headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["media-src"] == "data:"
    assert directives["script-src"] == "'self'"


def test_every_phone_shows_the_final_ranking_and_the_winner(app, finished):
    store, game, tokens = finished
    state = game.state
    winner = max(state.players, key=lambda p: p.marker)
    for color, token in tokens.items():
        body = text_of(app.test_client().get(f"/s/{token}/view"))
        assert "data-final" in body
        places = re.findall(r'data-place="(\d)" data-color="(\w+)"', body)
        assert places[0] == ("1", winner.color.value)
        assert [p for p, _ in places] == ["1", "2", "3", "4"]
        verdict = (
            "You win!"
            if color == winner.color.value
            else f"{player_label(game.state, winner.color)} wins"
        )
        assert verdict in body


def test_the_tv_shows_the_winner_instead_of_a_turn_at_the_end(app, finished):
    _, game, _ = finished
    winner = max(game.state.players, key=lambda p: p.marker)

    body = text_of(app.test_client().get(f"/b/{game.board_token}/view"))

    assert "data-final" in body and f"{player_label(game.state, winner.color)} wins" in body
    assert re.search(r'data-place="1" data-color="' + winner.color.value, body)


def test_no_final_ranking_while_the_game_runs(app, game, seat_tokens):
    body = text_of(app.test_client().get(f"/s/{seat_tokens['red']}/view"))
    assert "data-final" not in body and "wins" not in body


def test_the_standings_chart_starts_each_marker_on_its_start_space(app, game, finished):
    _, finished_game, _ = finished
    state = finished_game.state

    body = text_of(game.client.get(f"/games/{finished_game.id}/standings"))

    lines = re.findall(r'<polyline points="([^"]+)" fill="none" stroke="([^"]+)"', body)
    assert len(lines) == len(state.players)
    first_y = [float(points.split()[0].split(",")[1]) for points, _ in lines]
    # y grows downwards: a later start space is drawn higher, and none starts on 0 (the axis)
    starts = list(state.start_markers)
    order_by_y = sorted(range(len(starts)), key=lambda i: first_y[i])
    assert order_by_y == sorted(range(len(starts)), key=lambda i: -starts[i])
    axis = float(re.search(r'<line x1="36" y1="(\d+)"', body).group(1))
    assert all(y < axis for y in first_y)
