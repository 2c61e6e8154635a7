"""The session cookie (the CSRF token's home) is trusted as Flask trusts it, though its
signature is checked once per cookie (`companion/web/sessions.py`): a forged, altered or
expired cookie is still a new, empty session, and so a tap it carries is refused."""

from __future__ import annotations

import json
import time
from datetime import timedelta

from conftest import Referee

import companion.web.sessions as sessions

TURN = {"type": "turn_card", "card": "P1"}


def _session_cookie(referee: Referee) -> str:
    cookie = referee.client.get_cookie("session")
    assert cookie is not None, "the console's session has a cookie"
    return cookie.value


def _turn_card(referee: Referee):
    return referee.act(action=json.dumps(TURN))


def test_a_remembered_cookie_keeps_its_session(game: Referee) -> None:
    """A cookie checked once is the same session on the next tap: the tap is taken."""
    _turn_card(game)  # the first check
    before = game.revision
    game.act_ok(kind="dice", d1=12)
    assert game.revision == before + 1


def test_an_altered_cookie_is_a_new_session_even_after_the_good_one(game: Referee) -> None:
    """Changing one character of a cookie that was accepted before gives no session: its CSRF
    token is gone, and the tap is refused and changes nothing."""
    good = _session_cookie(game)
    game.console(htmx=True)  # the good cookie is remembered
    payload, stamp, signature = good.rsplit(".", 2)
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    game.client.set_cookie("session", f"{payload}.{stamp}.{flipped}")
    before = game.revision
    response = _turn_card(game)
    assert response.status_code == 403
    assert "the page was out of date" in response.get_data(as_text=True)
    assert game.revision == before


def test_a_forged_payload_with_a_remembered_signature_is_refused(game: Referee) -> None:
    """Another session's data under a signature that was good for different data is refused."""
    good = _session_cookie(game)
    game.console(htmx=True)
    _payload, stamp, signature = good.rsplit(".", 2)
    game.client.set_cookie("session", f"eyJjc3JmIjoieCJ9.{stamp}.{signature}")  # {"csrf":"x"}
    before = game.revision
    response = game.client.post(
        f"{game.url}/act",
        data={"kind": "action", "action": json.dumps(TURN), "revision": before, "csrf": "x"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 403
    assert "the page was out of date" in response.get_data(as_text=True)
    assert game.revision == before


def test_an_expired_cookie_is_refused_though_it_was_remembered(game: Referee, monkeypatch) -> None:
    """A session lives `PERMANENT_SESSION_LIFETIME`, as Flask's: once older it is refused, even
    a cookie remembered while it was young."""
    game.console(htmx=True)  # remembered now
    game.app.permanent_session_lifetime = timedelta(seconds=60)
    later = time.time() + 3600
    monkeypatch.setattr(sessions.time, "time", lambda: later)
    before = game.revision
    assert _turn_card(game).status_code == 403
    assert game.revision == before


def test_an_expired_cookie_is_refused_on_its_first_load_too(app, monkeypatch) -> None:
    """A cookie never seen by this server (a restart) and older than the lifetime is an
    empty session, though its signature holds."""
    client = app.test_client()
    client.get("/")
    cookie = client.get_cookie("session").value
    fresh = sessions.CheckedOnceSessions()  # remembers nothing, as after a restart
    app.permanent_session_lifetime = timedelta(seconds=60)
    later = time.time() + 3600
    monkeypatch.setattr(sessions.time, "time", lambda: later)
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
        from flask import request

        assert not fresh.open_session(app, request).get("csrf")


def test_a_view_changing_its_session_does_not_change_the_remembered_one(app) -> None:
    """Each request gets its own copy of the remembered session's data."""
    interface = app.session_interface
    client = app.test_client()
    client.get("/")  # a session with a CSRF token
    cookie = client.get_cookie("session").value
    with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
        from flask import request

        first = interface.open_session(app, request)
        token = first["csrf"]
        first["csrf"] = "changed"
        second = interface.open_session(app, request)
    assert second["csrf"] == token


def test_a_cookie_sent_again_is_not_checked_again(app, monkeypatch) -> None:
    """The point of the memo: the signature of a cookie already accepted is not checked again
    (its age still is, on every request)."""
    interface = app.session_interface
    client = app.test_client()
    client.get("/")
    cookie = client.get_cookie("session").value
    checks = []
    real = type(interface).get_signing_serializer
    monkeypatch.setattr(
        type(interface),
        "get_signing_serializer",
        lambda self, app: checks.append(1) or real(self, app),
    )
    for _ in range(3):
        with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
            from flask import request

            assert interface.open_session(app, request).get("csrf")
    assert len(checks) <= 1  # once (none if the first request of this client checked it)


def test_the_remembered_cookies_are_bounded(app, monkeypatch) -> None:
    """However many devices come and go, only the newest cookies are kept."""
    monkeypatch.setattr(sessions, "REMEMBERED", 3)
    interface = app.session_interface
    for _ in range(6):
        client = app.test_client()
        client.get("/")
        cookie = client.get_cookie("session").value
        with app.test_request_context("/", headers={"Cookie": f"session={cookie}"}):
            from flask import request

            assert interface.open_session(app, request).get("csrf")
    assert len(interface._checked) <= 3


def test_remembered_cookies_keep_no_app_alive(tmp_path) -> None:
    """An app that is done with (a test's, a restarted server's) is freed with its database
    connections: the remembered cookies hold no reference to it (one version kept up to 256
    apps, and their open files, alive)."""
    import gc
    import weakref

    from companion import create_app

    app = create_app({"INSTANCE_PATH": tmp_path / "instance", "TESTING": True})
    client = app.test_client()
    client.get("/")
    client.get("/")  # the cookie sent back: checked and remembered
    gone = weakref.ref(app)
    del app, client
    gc.collect()
    assert gone() is None
