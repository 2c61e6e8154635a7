"""The games list: archive a game (folded apart, brought back) or delete it (backup first)."""

from __future__ import annotations

import re
import sqlite3

from conftest import Referee, build, text_of

from companion.backup import backup_dir, backups
from companion.cli import main


def games_on_list(referee: Referee) -> tuple[str, str]:
    """(the active part, the archived part) of the games page."""
    page = re.sub(r'<p class="notice".*?</p>', "", text_of(referee.client.get("/")))
    active, _, archived = page.partition('<details class="archived-games">')
    return active, archived.partition("</details>")[0]


def archive(referee: Referee, game_id: str, archived: str = "1"):
    return referee.client.post(
        f"/games/{game_id}/archive", data={"csrf": referee.csrf, "archived": archived}
    )


def test_archiving_moves_a_game_under_archived_games_and_bringing_it_back_restores_it(referee):
    first = referee.create_game(game_name="Monday soup")
    referee.create_game(game_name="Friday soup")

    response = archive(referee, first)

    assert response.status_code == 303
    active, archived = games_on_list(referee)
    assert "Monday soup" not in active and "Monday soup" in archived
    assert "Friday soup" in active and "Friday soup" not in archived
    assert referee.client.get(f"/games/{first}").status_code == 200  # still opens

    assert archive(referee, first, "0").status_code == 303
    active, archived = games_on_list(referee)
    assert "Monday soup" in active and archived == ""


def test_the_archive_button_asks_for_confirmation_and_says_what_happened(referee):
    game_id = referee.create_game(game_name="Monday soup")
    page = text_of(referee.client.get("/"))
    assert re.search(r'data-confirm="Archive “Monday soup”\?[^"]*">Archive<', page)

    response = referee.client.post(
        f"/games/{game_id}/archive",
        data={"csrf": referee.csrf, "archived": "1"},
        follow_redirects=True,
    )

    assert "“Monday soup” was archived" in text_of(response)


def test_resume_offers_the_last_game_that_is_not_archived(referee):
    older = referee.create_game(game_name="Older soup")
    newer = referee.create_game(game_name="Newer soup")
    archive(referee, newer)

    page = text_of(referee.client.get("/"))

    assert f'href="/games/{older}">Resume “Older soup”' in page.replace("\n", "")


def test_delete_asks_first_on_a_page_of_its_own_and_changes_nothing(referee):
    game_id = referee.create_game(game_name="Monday soup")

    page = referee.client.get(f"/games/{game_id}/delete")

    assert page.status_code == 200
    assert "Delete “Monday soup”?" in text_of(page)
    assert "companion restore" in text_of(page)
    assert referee.store.get(game_id).name == "Monday soup"
    assert not backups(backup_dir(referee.store.path))


def test_delete_backs_the_database_up_then_removes_the_game_its_entries_and_seats(referee):
    keep = referee.create_game(game_name="Friday soup")
    game_id = referee.create_game(game_name="Monday soup")
    referee.post("/correct", {"field": "bp", "color": "red", "value": 7, "reason": "count"})
    tokens = referee.store.seat_tokens(game_id)
    board = referee.store.get(game_id).board_token

    response = referee.client.post(
        f"/games/{game_id}/delete", data={"csrf": referee.csrf}, follow_redirects=True
    )

    assert response.status_code == 200
    assert "“Monday soup” was deleted" in text_of(response)
    (backup,) = backups(backup_dir(referee.store.path))
    assert f"deleted-{game_id}-Monday-soup" in backup.name
    assert f"companion restore {backup}" in text_of(response)
    db = referee.store.db
    for table in ("games", "entries", "seats"):
        column = "id" if table == "games" else "game_id"
        assert not list(db.query(f"select 1 from {table} where {column} = ?", [game_id]))
    assert referee.client.get(f"/games/{game_id}").status_code == 404
    phone = referee.app.test_client()
    assert phone.get(f"/s/{tokens['red']}").status_code == 404
    assert phone.get(f"/b/{board}").status_code == 404
    assert "Monday soup" not in text_of(referee.client.get("/"))
    assert referee.store.get(keep).name == "Friday soup"
    with sqlite3.connect(backup) as copy:  # the copy still holds the game and its entries
        assert copy.execute("select name from games where id = ?", [game_id]).fetchone()
        assert copy.execute("select count(*) from entries where game_id = ?", [game_id]).fetchone()
        assert copy.execute("select count(*) from seats where game_id = ?", [game_id]).fetchone()[0]


def test_a_deleted_game_comes_back_with_companion_restore(referee, instance, capsys):
    game_id = referee.create_game(game_name="Monday soup")
    referee.post("/correct", {"field": "bp", "color": "red", "value": 7, "reason": "count"})
    referee.client.post(f"/games/{game_id}/delete", data={"csrf": referee.csrf})
    (backup,) = backups(backup_dir(referee.store.path))

    assert main(["restore", str(backup), "--instance", str(instance)]) == 0

    app = build(instance)
    again = Referee(app, app.test_client())
    again.login()
    game = again.store.get(game_id)
    assert game.name == "Monday soup" and game.state.player(game.setup.seats[0].color).bp == 7
    assert again.client.get(f"/games/{game_id}").status_code == 200


def test_delete_and_archive_of_an_unknown_game_are_not_found(referee):
    for path in ("delete", "archive"):
        response = referee.client.post(f"/games/0123456789ab/{path}", data={"csrf": referee.csrf})
        assert response.status_code == 404
    assert referee.client.get("/games/0123456789ab/delete").status_code == 404


def test_delete_without_the_csrf_token_is_refused_and_keeps_the_game(referee):
    game_id = referee.create_game(game_name="Monday soup")

    response = referee.client.post(f"/games/{game_id}/delete")

    assert response.status_code == 403
    assert referee.store.get(game_id).name == "Monday soup"
