"""The laptop restarts: games, secrets and links survive in the instance folder."""

from __future__ import annotations

import json
import sqlite3

from conftest import Referee, build, prompt_of, text_of

TURN_P1 = json.dumps({"type": "turn_card", "card": "P1"})


def test_a_game_resumes_where_it_was_after_a_restart(app, game, instance):
    game.act_ok(action=TURN_P1)
    for total in (12, 10, 8, 6):
        game.act_ok("dice", d1=total)
    game.post("/undo")
    before_prompt = prompt_of(game.console())
    before_state = game.game().state
    game_id = game.game_id

    restarted = build(instance)
    referee = Referee(restarted, restarted.test_client())
    assert referee.login().status_code == 303
    referee.game_id = game_id

    console = referee.console()
    assert console.status_code == 200
    assert prompt_of(console) == before_prompt
    assert f'data-revision="{game.revision}"' in text_of(console)
    assert referee.game().state == before_state
    assert f'href="/games/{game_id}">Resume' in text_of(referee.client.get("/"))


def test_a_resumed_game_takes_the_next_action(app, game, instance):
    game.act_ok(action=TURN_P1)

    restarted = build(instance)
    referee = Referee(restarted, restarted.test_client())
    referee.login()
    referee.game_id = game.game_id
    response = referee.act("dice", d1=11)

    assert response.status_code == 200
    assert referee.revision == 2
    assert prompt_of(response) == "Ben ▲ yellow rolls two dice for the start order."


def test_the_secret_key_and_referee_token_persist_across_restarts(app, instance):
    restarted = build(instance)

    assert restarted.config["SECRET_KEY"] == app.config["SECRET_KEY"]
    assert restarted.config["REFEREE_TOKEN"] == app.config["REFEREE_TOKEN"]
    assert (instance / "secret_key").read_text().strip() == app.config["SECRET_KEY"]
    assert (instance / "referee_token").read_text().strip() == app.config["REFEREE_TOKEN"]
    assert (instance / "referee_token").stat().st_mode & 0o077 == 0


def test_a_new_instance_gets_its_own_secrets(app, tmp_path):
    other = build(tmp_path / "elsewhere")

    assert other.config["REFEREE_TOKEN"] != app.config["REFEREE_TOKEN"]
    assert other.config["SECRET_KEY"] != app.config["SECRET_KEY"]


def test_the_referee_cookie_still_works_after_a_restart(app, game, instance):
    restarted = build(instance)
    client = restarted.test_client()
    client.set_cookie("companion_referee", app.config["REFEREE_TOKEN"])

    response = client.get(game.url)

    assert response.status_code == 200


def test_seat_links_survive_a_restart(app, seat_tokens, instance):
    restarted = build(instance)

    response = restarted.test_client().get(f"/s/{seat_tokens['red']}")

    assert response.status_code == 200
    assert "Ana ● red</h1>" in text_of(response)


def test_the_database_is_in_write_ahead_log_mode(app, game, instance):
    path = instance / "companion.db"
    assert path.exists()

    with sqlite3.connect(path) as conn:
        mode = conn.execute("PRAGMA journal_mode").fetchone()[0]

    assert mode == "wal"
