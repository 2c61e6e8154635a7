"""A second referee tab or device follows the console live: its stream and its poll."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import text_of
from test_seat_and_board import TURN_P1, first_events


def test_the_console_poll_answers_204_when_nothing_changed(game):
    response = game.client.get(f"{game.url}/view?since={game.revision}")
    assert response.status_code == 204
    assert response.data == b""


def test_the_console_poll_sends_the_partial_when_the_table_moved_on(game):
    seen = game.revision
    game.act_ok(action=TURN_P1)

    response = game.client.get(f"{game.url}/view?since={seen}", headers={"HX-Request": "true"})

    assert response.status_code == 200
    body = text_of(response)
    assert body.lstrip().startswith('<div id="console"')
    assert f'data-revision="{seen + 1}"' in body
    assert "<html" not in body  # the partial only


def test_the_console_stream_starts_with_the_current_revision(game):
    game.act_ok(action=TURN_P1)
    response = game.client.get(f"{game.url}/events")
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert "event: revision\ndata: 1\n\n" in first_events(response)


def test_a_phone_cannot_follow_the_console(app, game, seat_tokens):
    phone = app.test_client()
    phone.get(f"/s/{seat_tokens['red']}")  # a seat cookie, not the referee's
    for path in ("/view?since=0", "/view", "/events"):
        response = phone.get(f"{game.url}{path}")
        assert response.status_code == 403, path
        assert 'id="console"' not in text_of(response)


def test_a_damaged_since_gets_the_partial_not_an_error(game):
    for since in ("abc", "-1", "9" * 40, ""):
        response = game.client.get(f"{game.url}/view?since={since}")
        assert response.status_code == 200, since


LOG_ITEM_RE = re.compile(r'<li class="[^"]*" value="(\d+)">')


def test_a_taps_answer_carries_only_the_newest_log_entries(game):
    game.act_ok(action=TURN_P1)
    for total in (12, 10, 8):
        game.act_ok(kind="dice", d1=total)
    seen = game.revision  # 4 entries

    body = text_of(game.act("dice", d1=6))

    assert f'data-log-from="{seen + 1}"' in body
    # Only the new entry: the page keeps the ones it shows. Its "Back to here" is there, shown
    # by the style sheet once a newer entry comes first (the newest has nothing after it).
    assert LOG_ITEM_RE.findall(body) == [str(seen + 1)]
    assert body.count("Back to here") == 1
    # The whole console, asked for afresh, still has the whole log.
    whole = text_of(game.console(htmx=True))
    assert "data-log-from" not in whole
    assert LOG_ITEM_RE.findall(whole) == [str(n) for n in range(seen + 1, 0, -1)]


def test_the_newest_entrys_back_to_here_is_hidden_by_the_style_sheet(app):
    css = (Path(app.static_folder) / "app.css").read_text()
    assert ".log > li:first-child .back-to-here { display: none; }" in css


def test_an_undo_answers_with_the_whole_log(game):
    game.act_ok(action=TURN_P1)
    game.act_ok(kind="dice", d1=12)

    body = text_of(game.post("/undo"))

    assert "data-log-from" not in body
    assert LOG_ITEM_RE.findall(body) == ["3", "2", "1"]
    assert 'class="undone"' in body
