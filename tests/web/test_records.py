"""Export a game's record, import one as a new game, and refuse damaged records."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from builders import setup_for
from conftest import alert_of, prompt_of, text_of

from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.record_core import MAX_ENTRIES, MAX_RECORD_BYTES, Undo
from companion.tracker.ursuppe import to_dict
from companion.tracker.ursuppe.actions import Correct, TurnEnvironmentCard
from companion.tracker.ursuppe.record.document import (
    History,
    Record,
    record_from_dict,
    record_text,
    record_to_dict,
    replay_record,
)
from companion.web.app import MAX_IMPORT_BODY

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


def refused_import(referee, data: bytes, games: int) -> str:
    """Import a file the server must refuse: 422, still `games` games; return the alert."""
    response = upload(referee, data)
    assert response.status_code == 422
    assert len(referee.store.list_games()) == games
    return alert_of(response)


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
    assert "not a JSON game record" in refused_import(referee, b"{this is not json", 0)


def test_an_unknown_action_type_is_refused_naming_its_position(played):
    data = export(played)
    data["actions"][4] = {"type": "summon_meteor"}

    message = refused_import(played, json.dumps(data).encode(), 1)
    assert "action 5:" in message
    assert "summon_meteor" in message


def test_an_illegal_action_in_a_record_is_refused_naming_its_position(played):
    data = export(played)
    data["actions"][1] = {"type": "start_roll", "color": "red", "total": 13}

    assert "action 2:" in refused_import(played, json.dumps(data).encode(), 1)


def test_a_record_with_a_bad_setup_color_is_refused(played):
    data = export(played)
    data["setup"]["seats"][2]["color"] = "purple"

    message = refused_import(played, json.dumps(data).encode(), 1)
    assert "setup.seats[2].color" in message
    assert "purple" in message


def test_a_record_of_another_format_is_refused(referee):
    assert "not an Ursuppe Companion record" in refused_import(
        referee, json.dumps({"format": "chess", "version": 1}).encode(), 0
    )


def test_a_deeply_nested_file_is_refused_as_not_a_record(referee):
    assert "not a JSON game record" in refused_import(referee, b"[" * 100_000 + b"]" * 100_000, 0)


def test_an_undo_beyond_the_actions_in_force_is_refused_naming_its_position(played):
    data = export(played)
    data["actions"].append({"type": "undo", "to": 40})

    assert "action 8: undo to 40" in refused_import(played, json.dumps(data).encode(), 1)


def test_a_record_of_a_newer_version_is_refused(played):
    data = export(played)
    data["version"] = 2

    assert "record version 2 is not supported" in refused_import(
        played, json.dumps(data).encode(), 1
    )


def test_an_upload_larger_than_a_record_may_be_is_refused(referee):
    assert referee.app.config["MAX_CONTENT_LENGTH"] == 512 * 1024  # every other POST
    assert MAX_RECORD_BYTES < MAX_IMPORT_BODY < MAX_RECORD_BYTES + 100 * 1024

    response = upload(referee, b" " * (MAX_IMPORT_BODY + 1))

    assert response.status_code == 413
    assert "too large (4 MB at most)" in text_of(response)
    assert referee.store.list_games() == []


def _import_export(referee, data: bytes) -> str:
    """Import a record through the page; the new game's id."""
    response = upload(referee, data, name="moved")
    assert response.status_code == 303, alert_of(response)
    return response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]


def test_a_game_of_twenty_thousand_entries_exports_larger_than_other_uploads_and_imports(referee):
    setup = setup_for(4)
    cards = [card.id for card in setup.deck]
    entries = []
    while len(entries) < MAX_ENTRIES:
        entries += [TurnEnvironmentCard(cards[len(entries) // 2 % 11]), Undo(0)]
    game = referee.store.import_record(Record(setup, tuple(entries)), "long")
    exported = referee.client.get(f"/games/{game.id}/export").data

    assert len(exported) > 512 * 1024  # the limit of every other request
    assert len(exported) == game.weight - 1
    moved = referee.store.get(_import_export(referee, exported))
    assert moved.entries == game.entries
    with pytest.raises(IllegalAction, match="has 20,000 entries, the most one record holds"):
        referee.store.append(game.id, TurnEnvironmentCard("P1"), game.revision)
    assert referee.store.get(game.id).revision == MAX_ENTRIES


def test_a_game_as_heavy_as_a_record_may_be_exports_and_imports_again(referee):
    """Corrections with the longest reasons the record allows (500 characters, each escaped to
    six bytes in JSON) fill the 4 MB before 20,000 entries: the store refuses the entry that
    would pass it, and the export of what was kept imports again."""
    setup = setup_for(4)
    scratch = Game("g", "g", setup, False, False, "t", "now", History.begin(setup))
    reason = "Grün" * 125
    corrections = []
    while True:
        corrections.append(Correct("bp", len(corrections) % 9, reason, color=Color.RED))
        try:
            scratch.add(corrections[-1])
        except IllegalAction:
            break
    game = referee.store.import_record(Record(setup, tuple(corrections[:-1])), "heavy")
    with pytest.raises(IllegalAction) as refused:
        referee.store.append(game.id, corrections[-1], game.revision)
    assert "larger than 4 MB" in refused.value.message
    assert "nothing was recorded" in refused.value.message
    exported = referee.client.get(f"/games/{game.id}/export").data

    assert MAX_RECORD_BYTES - 2000 < len(exported) <= MAX_RECORD_BYTES
    assert referee.store.get(game.id).revision == len(corrections) - 1  # nothing was kept
    moved = referee.store.get(_import_export(referee, exported))
    assert moved.entries == game.entries
    assert moved.state == game.state


def test_a_record_that_would_weigh_more_than_4_mb_once_written_is_refused(referee):
    """Written with raw UTF-8 the upload fits, but the app writes every non-ASCII letter as
    six bytes (\\u00fc): such a game could not be exported and imported again."""
    setup = setup_for(4)
    corrections = [Correct("bp", n % 9, "ü" * 500, color=Color.RED) for n in range(3000)]
    data = record_to_dict(Record(setup, tuple(corrections)))
    body = json.dumps(data, ensure_ascii=False).encode()
    assert len(body) < MAX_RECORD_BYTES < len(record_text(Record(setup, tuple(corrections))))

    assert (
        "The record cannot be imported: action 1362: this entry would make the game's "
        "record larger than 4 MB" in refused_import(referee, body, 0)
    )


@pytest.mark.parametrize(
    "text, key",
    [
        ('{"format": "ursuppe-companion-record", "format": "x", "version": 1}', '"format"'),
        ('{"a": {"color": "red", "color": "blue"}}', '"color"'),
        ('[{"type": "undo", "to": 0, "to": 1}]', '"to"'),
    ],
)
def test_a_key_given_twice_is_refused_naming_it(referee, text, key):
    assert f"the key {key} appears twice in one object" in refused_import(referee, text.encode(), 0)


def test_an_exported_record_with_one_field_doubled_is_refused(played):
    text = text_of(played.client.get(f"/games/{played.game_id}/export"))
    doubled = text.replace(
        '{"type": "turn_card", "card": "P1"}', '{"type": "turn_card", "card": "P1", "card": "P2"}'
    )
    assert doubled != text

    assert 'the key "card" appears twice' in refused_import(played, doubled.encode(), 1)


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


def test_a_running_games_export_hides_the_shuffled_cards_unless_the_full_record_is_asked(
    referee,
):
    """Issue 30, item 15: the app draws the cards; the export while the game runs leaves out
    the shuffle (the face-down cards' order, 003 §Environmental Sensing); the referee's
    explicit full record keeps it, and the history page offers it with a warning."""
    referee.create_game(cards="app")
    public = export(referee)
    kinds = [a["type"] for a in public["actions"]]
    assert public.get("public") is True and "shuffle_deck" not in kinds
    assert kinds[0] == "turn_card"  # the first card, where it was turned
    full = json.loads(referee.client.get(f"/games/{referee.game_id}/export?full=1").data)
    assert "shuffle_deck" in [a["type"] for a in full["actions"]] and "public" not in full
    history = text_of(referee.client.get(f"/games/{referee.game_id}/log"))
    assert f"/games/{referee.game_id}/export?full=1" in history and "data-confirm" in history
    record = record_from_dict(public)  # the public record imports as a game at that point
    assert replay_record(record)[0].turned == referee.game().state.turned
