"""Text that cannot break a game: names, game names, reasons, card names and imported records.

A text with a control character, a line break or a lone surrogate is refused naming the
field, and changes nothing; a game already stored with such text still opens everywhere.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from conftest import PLAYERS, Referee, alert_of, build, text_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.tracker.text import text_problem

ROOT = Path(__file__).resolve().parents[2]
RECORD = json.loads((ROOT / "examples" / "three-players.json").read_text(encoding="utf-8"))
ESCAPE = "A\x1b[2Jna"  # clears a terminal screen if printed raw
SURROGATE = "A\ud800na"  # cannot be encoded: every page holding it used to answer 500


def upload(referee, record: dict, **form: str):
    body = json.dumps(record).encode()  # ensure_ascii: a lone surrogate travels as \\ud800
    return referee.client.post(
        "/games/import",
        data={"csrf": referee.csrf, "record": (io.BytesIO(body), "game.json"), **form},
        content_type="multipart/form-data",
    )


def record_with_name(name: str) -> dict:
    record = json.loads(json.dumps(RECORD))
    record["setup"]["seats"][0]["name"] = name
    return record


def game_pages(referee, game_id: str) -> dict[str, object]:
    """Every page of a game: console, seat, board, history, standings, export, games list."""
    store = referee.store
    token = next(iter(store.seat_tokens(game_id).values()))
    board = store.get(game_id).board_token
    phone = referee.app.test_client()
    return {
        "console": referee.client.get(f"/games/{game_id}"),
        "console partial": referee.client.get(f"/games/{game_id}", headers={"HX-Request": "true"}),
        "seats sheet": referee.client.get(f"/games/{game_id}/seats"),
        "history": referee.client.get(f"/games/{game_id}/log"),
        "standings": referee.client.get(f"/games/{game_id}/standings"),
        "export": referee.client.get(f"/games/{game_id}/export"),
        "games list": referee.client.get("/"),
        "seat": phone.get(f"/s/{token}"),
        "seat view": phone.get(f"/s/{token}/view"),
        "board": phone.get(f"/b/{board}"),
    }


# ----- refused at the door -------------------------------------------------------------
def test_a_player_name_with_an_escape_sequence_is_refused_naming_the_player(referee):
    assert "the name of player 2 contains a control character" in referee.refused_setup(
        name1="B\x1b[31men"
    )


def test_a_player_name_that_reverses_the_text_is_refused_naming_the_player(referee):
    """Issue 30, item 14: "Ana\u202eneB" would read as another name on every screen."""
    alert = referee.refused_setup(name1="Ana\u202eneB")
    assert "the name of player 2 contains a character that reverses the text's direction" in alert
    assert "U+202E" in alert


def test_a_player_name_on_two_lines_is_refused(referee):
    assert "the name of player 1" in referee.refused_setup(name0="Ana\nMaria")


def test_a_game_name_with_a_control_character_is_refused(referee):
    assert "the name of this game contains a control character" in referee.refused_setup(
        game_name="Soup\x07"
    )


def test_a_card_name_with_a_control_character_is_refused(referee):
    assert "the name of card 4 contains a control character" in referee.refused_setup(
        card3="P\x9b4"
    )


def test_a_correction_reason_with_an_escape_sequence_is_refused_and_changes_nothing(game):
    before = game.revision
    response = game.post(
        "/correct", {"field": "bp", "color": "red", "value": 7, "reason": "count\x1b[2J"}
    )

    assert response.status_code == 422
    assert "the reason contains a control character" in alert_of(response)
    assert game.revision == before


def test_an_action_with_a_lone_surrogate_is_refused_not_a_server_error(game):
    before = game.revision
    action = json.dumps({"type": "turn_card", "card": "P\ud8001"})  # escaped as \\ud800
    response = game.act(action=action)

    assert response.status_code == 422
    assert "card: contains an invalid character (U+D800)" in alert_of(response)
    assert game.revision == before


def test_an_imported_record_with_a_surrogate_in_a_name_is_refused_naming_the_field(referee):
    response = upload(referee, record_with_name(SURROGATE))

    assert response.status_code == 422
    message = alert_of(response)
    assert "setup.seats[0].name: contains an invalid character (U+D800)" in message
    assert referee.store.list_games() == []


def test_an_imported_record_with_an_escape_in_a_reason_names_the_action(referee):
    record = json.loads(json.dumps(RECORD))
    record["actions"].append(
        {"type": "correct", "field": "bp", "color": "red", "value": 3, "reason": "x\x1b[2J"}
    )
    response = upload(referee, record)

    assert response.status_code == 422
    assert f"action {len(record['actions'])}: reason: contains a control character" in (
        alert_of(response)
    )


def test_an_imported_record_with_a_bad_field_name_is_refused(referee):
    record = json.loads(json.dumps(RECORD))
    record["setup"]["seats"][0]["\ud800"] = 1
    response = upload(referee, record)

    assert response.status_code == 422
    assert "a field name contains an invalid character" in alert_of(response)


def test_an_import_name_with_a_control_character_is_refused(referee):
    response = upload(referee, RECORD, name="Imported\x00")

    assert response.status_code == 422
    assert "the name of the game contains a control character" in alert_of(response)


# ----- already stored: mended, never stranded --------------------------------------------
def test_a_game_stored_with_broken_text_still_opens_everywhere(referee, instance):
    game_id = referee.create_game()
    referee.post("/correct", {"field": "bp", "color": "red", "value": 7, "reason": "count"})
    db = referee.store.db
    setup = json.loads(db["games"].get(game_id)["setup"])
    setup["seats"][0]["name"] = SURROGATE
    setup["seats"][1]["name"] = ESCAPE
    db["games"].update(game_id, {"setup": json.dumps(setup), "name": "Soup\x1b[2J night"})
    db.execute(
        "update entries set entry = ? where game_id = ? and seq = 1",
        [
            json.dumps(
                {"type": "correct", "field": "bp", "color": "red", "value": 7, "reason": "\ud800"}
            ),
            game_id,
        ],
    )
    fresh = build(instance)  # a restart: nothing cached, everything read from the database
    again = Referee(fresh, fresh.test_client())
    again.login()

    pages = game_pages(again, game_id)

    for name, response in pages.items():
        assert response.status_code == 200, name
    assert "A\ufffdna" in text_of(pages["console"])
    assert "A\ufffd[2Jna" in text_of(pages["seats sheet"])
    assert "Soup\ufffd[2J night" in text_of(pages["games list"])
    assert "\ufffd" in text_of(pages["history"])
    exported = json.loads(pages["export"].data)
    assert exported["setup"]["seats"][0]["name"] == "A\ufffdna"
    assert exported["actions"][0]["reason"] == "\ufffd"
    assert all("\x1b" not in text_of(r) for r in pages.values())


def test_a_mended_export_imports_again(referee, instance):
    game_id = referee.create_game()
    db = referee.store.db
    setup = json.loads(db["games"].get(game_id)["setup"])
    setup["seats"][2]["name"] = "Cl\x1beo"
    db["games"].update(game_id, {"setup": json.dumps(setup)})
    fresh = build(instance)
    again = Referee(fresh, fresh.test_client())
    again.login()
    exported = json.loads(again.client.get(f"/games/{game_id}/export").data)

    response = upload(again, exported)

    assert response.status_code == 303


# ----- any text at all -------------------------------------------------------------------
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)
FORM_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)


def accepted_name(name: str) -> bool:
    """Whether the rules accept a name, as a table would expect."""
    others = {n for n, _ in PLAYERS[1:]}
    stripped = name.strip()
    return text_problem(name) is None and 0 < len(stripped) <= 40 and stripped not in others


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=FORM_TEXT)
def test_any_player_name_typed_at_setup_is_accepted_or_refused_never_a_server_error(referee, name):
    count = len(referee.store.list_games())
    response = referee.client.post("/games", data=referee.setup_form(name0=name))

    if response.status_code == 303:
        game_id = response.headers["Location"].rsplit("/", 1)[-1]
        assert text_problem(name) is None
        for page, shown in game_pages(referee, game_id).items():
            assert shown.status_code == 200, page
    else:
        assert response.status_code == 422
        assert alert_of(response)
        assert len(referee.store.list_games()) == count
    if text_problem(name) is not None:
        assert response.status_code == 422
        assert "the name of player 1" in alert_of(response)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=ANY_TEXT)
def test_any_player_name_in_an_imported_record_is_imported_or_refused_never_a_server_error(
    referee, name
):
    count = len(referee.store.list_games())
    record = record_with_name(name)
    others = {s["name"] for s in record["setup"]["seats"][1:]}

    response = upload(referee, record)

    valid = text_problem(name) is None and 0 < len(name.strip()) <= 40
    if valid and name.strip() not in others:
        assert response.status_code == 303, alert_of(response)
        game_id = response.headers["Location"].rsplit("/", 1)[-1]
        for page, shown in game_pages(referee, game_id).items():
            assert shown.status_code == 200, page
    else:
        assert response.status_code == 422
        assert alert_of(response).startswith("The record cannot be imported: ")
        assert len(referee.store.list_games()) == count
    if text_problem(name) is not None:
        assert "setup.seats[0].name: contains" in alert_of(response)


def test_a_game_named_in_any_script_can_be_exported(referee):
    game_id = referee.create_game(game_name="ゲームの夜 Łódź")

    response = referee.client.get(f"/games/{game_id}/export")

    assert response.status_code == 200
    header = response.headers["Content-Disposition"]
    header.encode("latin-1")  # a real server cannot send anything else (it answered 500)
    assert header.startswith('attachment; filename="ursuppe-')
    assert "filename*=UTF-8''ursuppe-%E3%82%B2" in header


def test_stored_names_that_mend_to_the_same_text_still_open(referee, instance):
    game_id = referee.create_game()
    db = referee.store.db
    setup = json.loads(db["games"].get(game_id)["setup"])
    setup["seats"][0]["name"], setup["seats"][1]["name"] = "Ana\x01", "Ana\x02"
    db["games"].update(game_id, {"setup": json.dumps(setup)})
    app = build(instance)
    again = Referee(app, app.test_client())
    again.login()

    pages = game_pages(again, game_id)

    assert all(r.status_code == 200 for r in pages.values())
    names = [s.name for s in again.store.get(game_id).setup.seats]
    assert names[:2] == ["Ana\ufffd", "Ana\ufffd (2)"]
