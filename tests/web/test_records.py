"""Export a game's record, import one as a new game, and refuse damaged records."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from conftest import alert_of, prompt_of, text_of

from companion.tracker import to_dict
from companion.tracker.record import record_from_dict, replay_record

TURN_P1 = json.dumps({"type": "turn_card", "card": "P1"})


@pytest.fixture
def played(game):
    """A game with a card, start rolls, an undo and a correction in its record."""
    game.act_ok(action=TURN_P1)
    for total in (12, 10, 8):
        game.act_ok("dice", d1=total)
    game.post("/undo")
    game.act_ok("dice", d1=7)
    game.post("/correct", {"field": "bp", "color": "green", "value": 2, "reason": "spilled"})
    assert game.revision == 7
    return game


def export(referee) -> dict:
    response = referee.client.get(f"/games/{referee.game_id}/export")
    assert response.status_code == 200
    return json.loads(response.data)


def upload(referee, data: bytes, filename: str = "game.json", **form: str):
    return referee.client.post(
        "/games/import",
        data={"csrf": referee.csrf, "record": (io.BytesIO(data), filename), **form},
        content_type="multipart/form-data",
    )


def test_the_export_is_a_json_attachment(played):
    response = played.client.get(f"/games/{played.game_id}/export")

    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="ursuppe-Tuesday-soup.json"'
    )
    data = json.loads(response.data)
    assert data["format"] == "ursuppe-companion-record"
    assert len(data["actions"]) == 7
    assert {"type": "undo", "to": 3} in data["actions"]


def test_the_exported_record_replays_to_the_same_state(played):
    data = export(played)

    state, history = replay_record(record_from_dict(data))

    assert to_dict(state) == to_dict(played.game().state)
    assert len(history) == 7


def test_exporting_an_unknown_game_is_not_found(referee):
    assert referee.client.get("/games/000000000000/export").status_code == 404


def test_an_imported_record_becomes_a_new_game_at_the_same_point(played):
    data = json.dumps(export(played)).encode()
    original = prompt_of(played.console())

    response = upload(played, data, name="Replayed soup")

    assert response.status_code == 303
    games = played.store.list_games()
    assert len(games) == 2
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != played.game_id
    console = played.client.get(response.headers["Location"])
    assert console.status_code == 200
    assert prompt_of(console) == original
    assert "Replayed soup" in text_of(console)
    imported = played.store.get(new_id)
    assert imported.revision == 7
    assert to_dict(imported.state) == to_dict(played.game().state)


def test_an_import_without_a_file_is_refused(referee):
    response = referee.client.post(
        "/games/import", data={"csrf": referee.csrf}, content_type="multipart/form-data"
    )

    assert response.status_code == 422
    assert "Choose a game record file" in alert_of(response)


def test_a_file_that_is_not_json_is_refused_and_creates_nothing(referee):
    response = upload(referee, b"{this is not json")

    assert response.status_code == 422
    assert "not a JSON game record" in alert_of(response)
    assert referee.store.list_games() == []


def test_an_unknown_action_type_is_refused_naming_its_position(played):
    data = export(played)
    data["actions"][4] = {"type": "summon_meteor"}

    response = upload(played, json.dumps(data).encode())

    assert response.status_code == 422
    message = alert_of(response)
    assert "action 5:" in message
    assert "summon_meteor" in message
    assert len(played.store.list_games()) == 1


def test_an_illegal_action_in_a_record_is_refused_naming_its_position(played):
    data = export(played)
    data["actions"][1] = {"type": "start_roll", "color": "red", "total": 13}

    response = upload(played, json.dumps(data).encode())

    assert response.status_code == 422
    assert "action 2:" in alert_of(response)
    assert len(played.store.list_games()) == 1


def test_a_record_with_a_bad_setup_color_is_refused(played):
    data = export(played)
    data["setup"]["seats"][2]["color"] = "purple"

    response = upload(played, json.dumps(data).encode())

    assert response.status_code == 422
    message = alert_of(response)
    assert "setup.seats[2].color" in message
    assert "purple" in message
    assert len(played.store.list_games()) == 1


def test_a_record_of_another_format_is_refused(referee):
    response = upload(referee, json.dumps({"format": "chess", "version": 1}).encode())

    assert response.status_code == 422
    assert "not an Ursuppe Companion record" in alert_of(response)
    assert referee.store.list_games() == []


def test_a_deeply_nested_file_is_refused_as_not_a_record(referee):
    response = upload(referee, b"[" * 100_000 + b"]" * 100_000)

    assert response.status_code == 422
    assert "not a JSON game record" in alert_of(response)
    assert referee.store.list_games() == []


def test_an_undo_beyond_the_actions_in_force_is_refused_naming_its_position(played):
    data = export(played)
    data["actions"].append({"type": "undo", "to": 40})

    response = upload(played, json.dumps(data).encode())

    assert response.status_code == 422
    assert "action 8: undo to 40" in alert_of(response)
    assert len(played.store.list_games()) == 1


def test_a_record_of_a_newer_version_is_refused(played):
    data = export(played)
    data["version"] = 2

    response = upload(played, json.dumps(data).encode())

    assert response.status_code == 422
    assert "record version 2 is not supported" in alert_of(response)


def test_an_upload_larger_than_the_limit_is_refused(referee):
    assert referee.app.config["MAX_CONTENT_LENGTH"] == 512 * 1024

    response = upload(referee, b" " * (600 * 1024))

    assert response.status_code == 413
    assert "512 KB" in text_of(response)
    assert referee.store.list_games() == []


def test_an_imported_finished_game_is_listed_as_finished(referee):
    path = Path(__file__).resolve().parents[2] / "examples" / "four-players.json"
    response = referee.client.post(
        "/games/import",
        data={"csrf": referee.csrf, "record": (io.BytesIO(path.read_bytes()), "four.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303

    games = referee.client.get("/").get_data(as_text=True)

    assert "finished" in games
    assert "Resume" not in games
