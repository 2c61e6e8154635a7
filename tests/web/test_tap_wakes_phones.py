"""A referee tap wakes the phones only once its own answer is rendered, and only once the
entry is committed (issue 12 item 11: the referee never waits behind phones)."""

from __future__ import annotations

import pytest
from test_seat_and_board import TURN_P1

import companion.web.console as console
from companion.tracker.ursuppe import legal_actions


def test_a_tap_wakes_the_phones_after_its_answer_is_rendered_and_saved(game, monkeypatch):
    store = game.store
    order: list[tuple[str, int]] = []
    real_render = console.render_console

    def render(g, *args, **kwargs):
        order.append(("render", g.revision))
        return real_render(g, *args, **kwargs)

    def notify(game_id, revision):
        saved = store.db.execute(
            "select count(*) from entries where game_id = ?", [game_id]
        ).fetchone()[0]
        order.append(("notify", revision))
        assert saved == revision  # committed before any phone hears of it

    monkeypatch.setattr(console, "render_console", render)
    monkeypatch.setattr(store, "_notify", notify)
    seen = game.revision
    game.act_ok(action=TURN_P1)

    assert order == [("render", seen + 1), ("notify", seen + 1)]


def test_held_notices_are_sent_even_when_the_answer_fails(game, monkeypatch):
    store = game.store
    sent: list[int] = []
    monkeypatch.setattr(store, "_notify", lambda game_id, revision: sent.append(revision))
    with pytest.raises(RuntimeError), store.notices_held():
        store.append(game.game_id, legal_actions(game.game().state)[0], game.revision)
        assert sent == []  # held while the answer is made
        raise RuntimeError("the answer could not be rendered")
    assert sent == [game.revision]


def test_the_phones_wake_once_the_answer_is_written_not_before(app, game, monkeypatch):
    """A server writes the referee's answer, then closes it: only then are the phones woken
    (issue 12 item 11: the referee's answer never waits behind twelve woken streams)."""
    from flask.testing import FlaskClient

    store = game.store
    sent: list[int] = []
    monkeypatch.setattr(store, "_notify", lambda game_id, revision: sent.append(revision))
    referee = FlaskClient(app, use_cookies=True)  # Flask's own client leaves closing to us
    referee._cookies = game.client._cookies
    response = referee.post(
        f"{game.url}/act",
        data={
            "kind": "action",
            "action": TURN_P1,
            "revision": str(game.revision),
            "csrf": game.csrf,
        },
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert response.get_data()  # the answer, written
    assert sent == []  # nobody woken yet
    response.close()  # the server is done with it
    assert sent == [game.revision]
