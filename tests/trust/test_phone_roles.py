"""Every phone action route x every role (issue 31): while the table awaits one player's
choice, only that player's own live link records it. Another seat's link, the TV's link, a
revoked link of the awaited player, an unknown token and a request without the session's
token are refused with a message (or 404 / 410), and change nothing; the referee, who holds
every seat's link (the QR sheet), acts as that seat. Both games.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from flask import Flask
from test_roles import session_csrf
from trustlib import urland_example, urland_index
from webforms import setup_form

from companion import create_app
from companion.tracker.game import URLAND
from companion.tracker.urland import projection
from companion.tracker.urland.state import Seat, Step

PLAYERS = [("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green"), ("Dev", "blue")]
ROLES = ("awaited", "other_seat", "board", "revoked", "unknown", "referee", "no_csrf")
ALERT_RE = re.compile(r'role="alert">(.*?)</p>', re.S)


def _app(tmp_path) -> tuple[Flask, object, str]:
    app = create_app({"INSTANCE_PATH": tmp_path, "TESTING": True})
    referee = app.test_client()
    assert referee.get(f"/referee/{app.config['REFEREE_TOKEN']}").status_code == 303
    return app, referee, session_csrf(referee)


def ursuppe_table(tmp_path):
    """An Ursuppe game at the start rolls: red's two-dice total is awaited."""
    app, referee, csrf = _app(tmp_path)
    response = referee.post("/games", data={**setup_form("Roles", PLAYERS), "csrf": csrf})
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    card = json.dumps({"type": "turn_card", "card": "P1"})
    form = {"csrf": csrf, "revision": "0", "kind": "action", "action": card}
    assert referee.post(f"/games/{game_id}/act", data=form).status_code in (200, 303)
    return app, referee, csrf, game_id


def urland_table(tmp_path):
    """An Urland game in its Ichto actions (the awaited player's turn)."""
    app, referee, csrf = _app(tmp_path)
    setup, actions = urland_example()
    seats = tuple(Seat(name, s.color) for (name, _), s in zip(PLAYERS, setup.seats))
    from dataclasses import replace

    setup = replace(setup, seats=seats)
    upto = urland_index(setup, actions, Step.ACTIONS)
    store = app.extensions["companion.store"]
    game_id = store.create_game(setup, "Roles", False, True, actions[:upto], core=URLAND).id
    return app, referee, csrf, game_id


def phone_form(game, state, route: str) -> dict[str, str]:
    """A legitimate submission of the awaited player for a phone route."""
    if route == "roll":
        return {}
    if game == "ursuppe":
        return {"kind": "dice", "d1": "9"}
    actor = URLAND.prompt(state).actor
    choice = projection.choices(state, actor)[0]
    return {"action": json.dumps(choice)}


@pytest.mark.parametrize("game", ["ursuppe", "urland"])
def test_every_phone_route_with_every_role(tmp_path, game):
    app, referee, csrf, game_id = (ursuppe_table if game == "ursuppe" else urland_table)(tmp_path)
    store = app.extensions["companion.store"]
    state = store.get(game_id).state
    actor = store.get(game_id).core.prompt(state).actor.value
    other = next(s.color.value for s in store.get(game_id).setup.seats if s.color.value != actor)
    revoked = store.seat_tokens(game_id)[actor]
    referee.post(f"/games/{game_id}/seats/{actor}/reissue", data={"csrf": csrf})
    tokens = store.seat_tokens(game_id)
    board = store.get(game_id).board_token
    clients, csrfs = {}, {}
    for role in ROLES:
        if role == "referee":
            clients[role], csrfs[role] = referee, csrf
            continue
        client = app.test_client()
        visit = {"awaited": tokens[actor], "other_seat": tokens[other], "no_csrf": tokens[actor]}
        csrfs[role] = session_csrf(client, f"/s/{visit.get(role, tokens[other])}")
        clients[role] = client
    address = {
        "awaited": tokens[actor],
        "other_seat": tokens[other],
        "board": board,
        "revoked": revoked,
        "unknown": "A" * 32,
        "referee": tokens[actor],
        "no_csrf": tokens[actor],
    }
    failures = []
    for route in ("act", "roll"):
        for role in ROLES:
            before = store.get(game_id)
            form = {"revision": str(before.revision), **phone_form(game, before.state, route)}
            if role != "no_csrf":
                form["csrf"] = csrfs[role]
            url = f"/s/{address[role]}/{route}"
            response = clients[role].post(url, data=form, headers={"HX-Request": "true"})
            after = store.get(game_id)
            expect = _expected(game, route, role)
            where = f"{game} {route} {role}: "
            if response.status_code != expect:
                failures.append(f"{where}status {response.status_code}, expected {expect}")
            recorded = after.revision == before.revision + 1
            if recorded != (expect == 200):
                failures.append(f"{where}recorded {recorded}")
            if expect == 422:
                match = ALERT_RE.search(response.get_data(as_text=True))
                words = unescape(match.group(1)) if match else ""
                if "not yours" not in words:
                    failures.append(f"{where}refusal {words!r}")
            if recorded:  # back to the awaited choice for the next role
                undo = {"csrf": csrf, "revision": str(after.revision)}
                referee.post(f"/games/{game_id}/undo", data=undo)
    assert not failures, "\n".join(failures)


def _expected(game: str, route: str, role: str) -> int:
    """What a role's post to a phone route must get."""
    if role == "no_csrf":
        return 403
    if role == "revoked":
        return 410
    if role in ("board", "unknown"):
        return 404
    if route == "roll" and game == "urland":
        return 404  # the app rolls no dice in Urland
    if role == "other_seat":
        return 422
    return 200  # the awaited player's link (the referee holds it too)
