"""Who may open what: every route of the app, walked with every role.

Roles: nobody (no cookie), two seats of the same game (seat A, seat B), the public board, the
referee, and a seat whose link was revoked (reissued). The table ROUTES classifies every rule
of `app.url_map`; a route the table does not know fails the walk, so a new route has to be
classified here before it ships.

The walk, the seats and the forged requests run with an Urland game too (issue 10): its
phones submit their own choices (a kept token, a sealed bid), and a seat may make only its
own, a TV or a revoked link none; Ursuppe's dice are 404 there (its corrections and "why"
numbers are Urland's own too).

Besides the walk: every POST refuses a missing or wrong CSRF token and a foreign origin and
changes nothing; tokens carry at least 128 bits; every HTML response forbids inline scripts;
the app as `companion serve` builds it runs without debug mode and under waitress.
"""

from __future__ import annotations

import ast
import html
import inspect
import json
import re
import secrets
import string
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webforms import setup_form
from werkzeug.debug import DebuggedApplication

from companion import create_app
from companion.tracker.game import URLAND
from companion.tracker.urland import projection
from companion.tracker.urland.state import Seat, Step
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import action_to_dict

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "examples" / "three-players.json"
GAME_NAME = "Zanzibar Primordial Evening"
PLAYERS = [("Anastasia", "red"), ("Bartholomew", "yellow"), ("Cleopatra", "green")]
PLAYERS += [("Desmond", "blue")]
SIX = [("Uno", "red"), ("Due", "yellow"), ("Tre", "green"), ("Quattro", "blue")]
SIX += [("Cinque", "white"), ("Sei", "black")]
ROLES = ("none", "seat_a", "seat_b", "board", "referee", "revoked")
URLSAFE = set(string.ascii_letters + string.digits + "-_")
CSRF_RE = re.compile(r'"X-CSRF-Token": "([^"]+)"')
H1_RE = re.compile(r"<h1>(.*?)</h1>", re.S)
TAG_RE = re.compile(r"<[^>]+>")
WALK_TAP = "rolesWalkTap-0001"  # a well-formed tap id that no submission carried
URSUPPE_TOOLS = {"roll"}  # 404 for an Urland game, any role (its corrections and "why" are its own)

# Every rule of app.url_map (and method) -> how it is guarded.
#   open: everybody (static files, liveness)   index: welcome page or the referee's games
#   login: the referee link                    referee: the referee only
#   seat: a valid seat token in the address    board: the public board token in the address
#   language: everybody; sets the device's language and goes back (never to another site)
ROUTES: dict[tuple[str, str], str] = {
    ("/static/<path:filename>", "GET"): "open",
    ("/healthz", "GET"): "open",
    ("/rules", "GET"): "open",  # the rules pages: no game data, for every phone and the TV
    ("/rules/<area>", "GET"): "open",
    ("/lang/<code>", "GET"): "language",  # the language switch: a cookie, back to the page
    ("/referee/<token>", "GET"): "login",
    ("/", "GET"): "index",
    ("/games/new", "GET"): "referee",
    ("/games", "POST"): "referee",
    ("/games/<game_id>", "GET"): "referee",
    ("/games/<game_id>/act", "POST"): "referee",
    ("/games/<game_id>/roll", "POST"): "referee",
    ("/games/<game_id>/entering", "POST"): "referee",  # phones or the referee enter (issue 31)
    ("/games/<game_id>/chance", "POST"): "referee",  # the app draws (Urland's chance)
    ("/games/<game_id>/undo", "POST"): "referee",
    ("/games/<game_id>/correct", "POST"): "referee",
    ("/games/<game_id>/seats", "GET"): "referee",
    ("/games/<game_id>/seats/<color>/reissue", "POST"): "referee",
    ("/games/<game_id>/standings", "GET"): "referee",
    ("/games/<game_id>/log", "GET"): "referee",  # the whole history (dispute review)
    ("/games/<game_id>/correction", "GET"): "referee",  # the correction form, opened
    ("/games/<game_id>/at/<int:seq>", "GET"): "referee",  # the table as it was (disputes)
    ("/games/<game_id>/why", "GET"): "referee",  # the derivations, opened
    ("/games/<game_id>/view", "GET"): "referee",  # a second console's live follow (poll)
    ("/games/<game_id>/events", "GET"): "referee",  # and its stream
    ("/games/<game_id>/export", "GET"): "referee",
    ("/games/<game_id>/archive", "POST"): "referee",
    ("/games/<game_id>/delete", "GET"): "referee",  # the confirmation page
    ("/games/<game_id>/delete", "POST"): "referee",  # the walk deletes a game of its own
    ("/games/import", "POST"): "referee",
    ("/games/<game_id>/taps/<tap>/settle", "POST"): "referee",  # did a tap reach the server?
    ("/games/<game_id>/story", "GET"): "referee",  # the evening's story (issue 32)
    ("/games/<game_id>/story/export", "GET"): "referee",  # as one self-contained file
    ("/group", "GET"): "referee",  # the group's history
    ("/group/merge", "POST"): "referee",  # two names of one person
    ("/games/<game_id>/preview", "GET"): "preview",  # a form's line before it is sent (Urland)
    ("/games/<game_id>/private", "GET"): "preview",  # a dead phone's kept token (Urland)
    ("/s/<token>", "GET"): "seat",
    ("/s/<token>/view", "GET"): "seat",
    ("/s/<token>/events", "GET"): "seat",
    ("/s/<token>/manifest.webmanifest", "GET"): "seat",
    ("/s/<token>/act", "POST"): "seat_post",  # a phone's own choice, on its own turn
    ("/s/<token>/roll", "POST"): "seat_roll",  # "Roll for me" on the awaited phone (Ursuppe)
    ("/s/<token>/taps/<tap>/settle", "POST"): "seat_settle",  # did a phone's tap arrive?
    ("/s/<token>/preview", "GET"): "seat_preview",  # a phone form's line before it is sent
    ("/s/<token>/story", "GET"): "seat_story",  # the story, public information only
    ("/s/<token>/story/export", "GET"): "seat_story",
    ("/b/<token>", "GET"): "board",
    ("/b/<token>/view", "GET"): "board",
    ("/b/<token>/events", "GET"): "board",
    ("/b/<token>/manifest.webmanifest", "GET"): "board",
    ("/b/<token>/story", "GET"): "board",
}


# ----- building the table ---------------------------------------------------------------------


def session_csrf(client: FlaskClient, url: str = "/") -> str:
    """The CSRF token of a client's session, as its pages carry it (htmx headers)."""
    response = client.get(url)
    match = CSRF_RE.search(response.get_data(as_text=True))
    if match is None:  # a redirect (a phone's way back to its seat): read the page it names
        response = client.get(response.headers["Location"])
        match = CSRF_RE.search(response.get_data(as_text=True))
    assert match, f"{url} carries the session's CSRF token"
    return html.unescape(match.group(1))


@dataclass
class World:
    """One app, one game, the clients of every role and what each holds."""

    app: Flask
    game_id: str
    board_token: str
    seats: dict[str, str]  # color -> live seat token (before any reissue in the walk)
    revoked: str  # green's first token, revoked
    game: str = "ursuppe"  # which game the walk's game is (its shell's key)
    clients: dict[str, FlaskClient] = field(default_factory=dict)
    csrf: dict[str, str] = field(default_factory=dict)

    @property
    def store(self):
        return self.app.extensions["companion.store"]

    def revision(self) -> int:
        return self.store.get(self.game_id).revision

    def snapshot(self) -> tuple[Any, ...]:
        """Everything a refused request must leave as it was."""
        game = self.store.get(self.game_id)
        rows = list(self.store.db.query("select token, revoked from seats order by token"))
        return (
            game.revision,
            json.dumps(self.store.export(self.game_id), sort_keys=True),
            len(self.store.list_games()),
            tuple((r["token"], r["revoked"]) for r in rows),
        )


@pytest.fixture(scope="module")
def world(tmp_path_factory) -> World:
    return make_world(tmp_path_factory, "ursuppe")


@pytest.fixture(scope="module")
def urland_world(tmp_path_factory) -> World:
    return make_world(tmp_path_factory, "urland")


@pytest.fixture(params=["ursuppe", "urland"])
def any_world(request) -> World:
    """The walk's world of each game (the cases where the games differ)."""
    return request.getfixturevalue("world" if request.param == "ursuppe" else "urland_world")


def urland_game(store, actions_at: Step, name: str = GAME_NAME) -> str:
    """An Urland game of the walk's players, from the recorded example up to its first
    `actions_at` step (as a record import makes it)."""
    from trustlib import urland_example, urland_index

    setup, actions = urland_example()
    seats = tuple(Seat(player, seat.color) for (player, _), seat in zip(PLAYERS, setup.seats))
    setup = replace(setup, seats=seats)
    upto = urland_index(setup, actions, actions_at)
    return store.create_game(setup, name, False, True, actions[:upto], core=URLAND).id


def make_world(tmp_path_factory, game: str) -> World:
    """One app with the walk's game (Ursuppe's through the setup form; Urland's during its
    first Ichto actions) and a client of every role."""
    app = create_app(
        {
            "INSTANCE_PATH": tmp_path_factory.mktemp("roles"),
            "TESTING": True,
            "SSE_HEARTBEAT": 0.02,
            "SSE_LIFETIME": 0.05,
        }
    )
    referee = app.test_client()
    assert referee.get(f"/referee/{app.config['REFEREE_TOKEN']}").status_code == 303
    csrf = session_csrf(referee)
    store = app.extensions["companion.store"]
    if game == "ursuppe":
        response = referee.post("/games", data={**setup_form(GAME_NAME, PLAYERS), "csrf": csrf})
        assert response.status_code == 303, response.get_data(as_text=True)
        game_id = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    else:
        game_id = urland_game(store, Step.ACTIONS)
    first = store.seat_tokens(game_id)
    revoked = first["green"]
    response = referee.post(f"/games/{game_id}/seats/green/reissue", data={"csrf": csrf})
    assert response.status_code == 303
    tokens = store.seat_tokens(game_id)
    w = World(app, game_id, store.get(game_id).board_token, tokens, revoked, game)
    assert w.seats["green"] != revoked
    w.clients["referee"] = referee
    w.csrf["referee"] = csrf
    for role in ROLES:
        if role == "referee":
            continue
        client = app.test_client()
        visit = {
            "none": "/",
            "seat_a": f"/s/{w.seats['red']}",
            "seat_b": f"/s/{w.seats['yellow']}",
            "board": f"/b/{w.board_token}",
            "revoked": "/",
        }[role]
        w.csrf[role] = session_csrf(client, visit)
        if role == "revoked":  # the phone kept the cookie of its old link
            client.set_cookie("companion_seat", revoked)
        w.clients[role] = client
    return w


# ----- what each role expects -----------------------------------------------------------------
@dataclass
class Check:
    """One request of the walk: who, what, and what must come back."""

    role: str
    method: str
    url: str
    expect: int
    data: dict[str, Any] | None = None
    files: bool = False
    extra: list[Callable[[Any], str | None]] = field(default_factory=list)


def unknown_token() -> str:
    return secrets.token_urlsafe(24)


def role_seat_token(w: World, role: str, page: str = "seat") -> str:
    """The token a role would put in a seat or board address: its own, or one it knows (the
    referee holds every seat's link, the QR sheet, and the board's)."""
    return {
        "none": unknown_token(),
        "seat_a": w.seats["red"],
        "seat_b": w.seats["yellow"],
        "board": w.board_token,
        "referee": w.seats["red"] if page == "seat" else w.board_token,
        "revoked": w.revoked,
    }[role]


def role_board_token(w: World, role: str) -> str:
    return role_seat_token(w, role, "board")


def text(response) -> str:
    return response.get_data(as_text=True)


def no_game_secrets(w: World) -> Callable[[Any], str | None]:
    """A non-referee's page names no game and shows no seat or board token."""

    def check(response) -> str | None:
        body = text(response)
        leaked = [GAME_NAME, *w.seats.values(), w.board_token]
        found = [s for s in leaked if s in body]
        return f"shows {found}" if found else None

    return check


def h1_is(name: str) -> Callable[[Any], str | None]:
    """The seat page's <h1> holds this seat's own name and no other seat's."""

    def check(response) -> str | None:
        match = H1_RE.search(text(response))
        if match is None:
            return "no <h1> on the seat page"
        heading = html.unescape(TAG_RE.sub("", match.group(1))).strip()
        others = [p for p, _ in PLAYERS if p != name and p in heading]
        if name not in heading or others:
            return f"<h1> is {heading!r}, expected {name!r}"
        return None

    return check


def no_posting_forms(response) -> str | None:
    """The public board offers no way to change anything."""
    body = text(response).lower()
    forms = re.findall(r"<form\b[^>]*>", body)
    bad = [f for f in forms if re.search(r"method\s*=\s*['\"]?post", f)]
    bad += re.findall(r"hx-(?:post|put|patch|delete)\s*=", body)
    return f"posting controls {bad}" if bad else None


def event_stream(response) -> str | None:
    kind = response.headers.get("Content-Type", "")
    return None if kind.startswith("text/event-stream") else f"content type {kind}"


def manifest_opens(start_url: str) -> Callable[[Any], str | None]:
    """A web app manifest whose home-screen icon opens this link and no other."""

    def check(response) -> str | None:
        start = json.loads(text(response)).get("start_url")
        return None if start == start_url else f"manifest opens {start!r}, not {start_url!r}"

    return check


def contains(needle: str) -> Callable[[Any], str | None]:
    def check(response) -> str | None:
        return None if needle in text(response) else f"does not contain {needle!r}"

    return check


def redirects_to(path: str) -> Callable[[Any], str | None]:
    def check(response) -> str | None:
        location = response.headers.get("Location", "")
        return None if location.endswith(path) else f"redirects to {location!r}, not {path}"

    return check


def referee_post(w: World, rule: str) -> tuple[dict[str, Any], bool]:
    """A legitimate referee submission for a POST route (its form, and whether a file)."""
    game = w.store.get(w.game_id)
    revision = str(game.revision)
    if rule == "/games":
        return setup_form("Second evening", PLAYERS), False
    if rule == "/games/import":
        return {"record": (RECORD.open("rb"), "three.json"), "name": "Imported"}, True
    if rule.endswith("/act") and w.game == "urland":  # an Ichto action the console enters
        offered = projection.choices(game.state, None)
        choice = next(c for c in offered if c["type"] not in ("end_actions", "double_turn"))
        return {"action": json.dumps(choice), "revision": revision}, False
    if rule.endswith("/act"):
        action = json.dumps(action_to_dict(legal_actions(game.state)[0]))
        return {"kind": "action", "action": action, "revision": revision}, False
    if rule.endswith("/entering"):  # the referee takes every choice on the laptop
        return {"by": "referee", "revision": revision}, False
    if rule.endswith("/correct"):
        fields = {"field": "bp", "color": "red", "value": "7", "reason": "the table says so"}
        if w.game == "urland":  # a marker on a free space
            fields = {
                **fields,
                "field": "marker",
                "value": str(game.state.setup.board.track_length),
            }
        return {**fields, "revision": revision}, False
    return {"revision": revision}, False


def plan(w: World, rule: str, method: str, role: str) -> Check:
    """The request a role makes on a route, and the status it must get."""
    kind = ROUTES[(rule, method)]
    url = rule.replace("<game_id>", w.game_id).replace("<path:filename>", "app.css")
    url = url.replace("<area>", "scoring").replace("<int:seq>", "1")
    referee = role == "referee"
    if kind == "seat_roll":  # Ursuppe: refused, no dice awaited of anyone (a card is); Urland: 404
        url = url.replace("<token>", role_seat_token(w, role))
        data = {"csrf": w.csrf[role], "revision": str(w.revision())}
        if role in ("seat_a", "seat_b", "referee"):
            return Check(role, method, url, 422 if w.game == "ursuppe" else 404, data=data)
        return Check(role, method, url, 410 if role == "revoked" else 404, data=data)
    if kind == "seat_settle":  # a phone asks after its own tap: its seat's link only
        url = url.replace("<token>", role_seat_token(w, role)).replace("<tap>", WALK_TAP)
        data = {"csrf": w.csrf[role]}
        if role in ("seat_a", "seat_b", "referee"):
            return Check(role, method, url, 200, data=data, extra=[contains('"recorded":false')])
        return Check(role, method, url, 410 if role == "revoked" else 404, data=data)
    if w.game == "urland" and rule.rsplit("/", 1)[-1] in URSUPPE_TOOLS:
        data = {"csrf": w.csrf[role], "revision": str(w.revision())} if method == "POST" else None
        return Check(role, method, url, 404, data=data, extra=[no_game_secrets(w)])
    if kind == "open":
        return Check(role, method, url, 200)
    if kind == "language":
        url = url.replace("<code>", "en") + "?next=/rules/scoring"  # the walk reads English
        return Check(role, method, url, 303, extra=[redirects_to("/rules/scoring")])
    if kind == "login":
        token = w.app.config["REFEREE_TOKEN"] if referee else role_seat_token(w, role)
        if role == "none":
            token = unknown_token()
        return Check(role, method, url.replace("<token>", token), 303 if referee else 403)
    if kind == "index":
        if referee:
            return Check(role, method, url, 200, extra=[contains(GAME_NAME)])
        back = {"seat_a": w.seats["red"], "seat_b": w.seats["yellow"], "revoked": w.revoked}
        if role in back:  # a phone finds its way back to its seat
            return Check(role, method, url, 303, extra=[redirects_to(f"/s/{back[role]}")])
        return Check(role, method, url, 200, extra=[no_game_secrets(w), contains("Welcome")])
    if kind == "seat":
        token = role_seat_token(w, role)
        url = url.replace("<token>", token)
        if role in ("seat_a", "seat_b", "referee"):
            extra = []
            if rule.endswith("/events"):
                extra.append(event_stream)
            elif rule.endswith("/manifest.webmanifest"):
                extra.append(manifest_opens(f"/s/{token}"))
            else:
                extra.append(h1_is("Bartholomew" if role == "seat_b" else "Anastasia"))
            return Check(role, method, url, 200, extra=extra)
        return Check(role, method, url, 410 if role == "revoked" else 404)
    if kind == "seat_story":  # a seat's link opens the story, the game's public view
        url = url.replace("<token>", role_seat_token(w, role))
        if role in ("seat_a", "seat_b", "referee"):
            return Check(role, method, url, 200)  # tests/web checks what it shows
        return Check(role, method, url, 410 if role == "revoked" else 404)
    if kind == "seat_post":  # a phone's own choice: none is red's or yellow's now (422)
        url = url.replace("<token>", role_seat_token(w, role))
        data = {"csrf": w.csrf[role], "revision": str(w.revision())}
        if role in ("seat_a", "seat_b", "referee"):
            return Check(role, method, url, 422, data=data)  # a seat's link, but no choice
        return Check(role, method, url, 410 if role == "revoked" else 404, data=data)
    if kind == "seat_preview":  # Ursuppe's phones fill in no forms: 404; Urland's a line
        url = url.replace("<token>", role_seat_token(w, role))
        if w.game == "urland" and role in ("seat_a", "seat_b", "referee"):
            return Check(role, method, url, 200)  # its line (tests/web checks what it says)
        return Check(role, method, url, 410 if role == "revoked" else 404)
    if kind == "preview":  # the referee's; Ursuppe has no such form (a preview, a private
        # entry): 404
        if referee:
            return Check(role, method, url, 200 if w.game == "urland" else 404)
        kind = "referee"
    if kind == "board":
        url = url.replace("<token>", role_board_token(w, role))
        if role in ("board", "referee"):
            extra = [event_stream] if rule.endswith("/events") else [no_posting_forms]
            return Check(role, method, url, 200, extra=extra)
        return Check(role, method, url, 404)
    assert kind == "referee", kind
    url = url.replace("<color>", "blue")  # blue is nobody's role: reissuing it breaks nothing
    url = url.replace("<tap>", WALK_TAP)
    if not referee:
        data = {"csrf": w.csrf[role], "revision": str(w.revision())} if method == "POST" else None
        return Check(role, method, url, 403, data=data, extra=[no_game_secrets(w)])
    if method == "GET":
        return Check(role, method, url, 200)
    if rule.endswith("/delete"):  # not the walk's game: the routes after it still need it
        walked = w.store.get(w.game_id)
        spare = w.store.create_game(walked.setup, "Spare", False, False, core=walked.core)
        url = rule.replace("<game_id>", spare.id)
    data, files = referee_post(w, rule)
    answer = 200 if rule.endswith("/settle") else 303  # settle answers JSON
    if rule.endswith("/chance"):  # Ursuppe's chance is entered as dice and cards; Urland's
        answer = 409  # game is in its Ichto actions: nothing to draw
    return Check(role, method, url, answer, data={**data, "csrf": w.csrf[role]}, files=files)


def csp_problem(response) -> str | None:
    """script-src (or default-src) must be exactly 'self' on every HTML response."""
    csp = response.headers.get("Content-Security-Policy")
    if not csp:
        return "no Content-Security-Policy"
    if not response.headers.get("Content-Type", "").startswith("text/html"):
        return None
    directives = {}
    for part in csp.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    script = directives.get("script-src", directives.get("default-src"))
    if script is None:
        return f"no script-src in {csp!r}"
    if script != ["'self'"] or any("unsafe" in s for s in script):
        return f"script-src {script}"
    return None


def run(w: World, check: Check):
    client = w.clients[check.role]
    kwargs: dict[str, Any] = {}
    if check.data is not None:
        kwargs["data"] = check.data
        if check.files:
            kwargs["content_type"] = "multipart/form-data"
    return client.open(check.url, method=check.method, **kwargs)


# ----- the walk -------------------------------------------------------------------------------
def test_every_route_with_every_role(any_world: World):
    w = any_world
    rules = {
        (rule.rule, method)
        for rule in w.app.url_map.iter_rules()
        for method in rule.methods - {"HEAD", "OPTIONS"}
    }
    unclassified = sorted(rules - ROUTES.keys())
    stale = sorted(ROUTES.keys() - rules)
    assert not unclassified, f"classify these routes in ROUTES: {unclassified}"
    assert not stale, f"ROUTES names routes the app no longer has: {stale}"

    failures: list[str] = []
    checks = refused = 0
    # Non-referee roles first, so the referee's writes come after every refusal was checked.
    for role in sorted(ROLES, key=lambda r: r == "referee"):
        for rule, method in sorted(rules):
            check = plan(w, rule, method, role)
            before = w.snapshot() if method == "POST" and role != "referee" else None
            response = run(w, check)
            checks += 1
            where = f"{role:8} {method:4} {rule} ({check.url})"
            problems = []
            if response.status_code != check.expect:
                problems.append(f"status {response.status_code}, expected {check.expect}")
            elif check.expect in (403, 404):
                refused += 1
            problems += [p for p in (f(response) for f in check.extra) if p]
            if (csp := csp_problem(response)) is not None:
                problems.append(csp)
            if "Traceback" in text(response):
                problems.append("a traceback in the body")
            if before is not None and w.snapshot() != before:
                problems.append("a refused request changed the game")
            response.close()
            failures += [f"{where}: {p}" for p in problems]

    n_routes, n_roles = len(rules), len(ROLES)
    print(
        f"\nroles: {n_routes} routes x {n_roles} roles = {checks} checks, "
        f"{refused} refused as expected"
    )
    assert checks == n_routes * n_roles
    assert not failures, "\n".join(failures)


def test_the_referee_gets_404_for_a_game_that_does_not_exist(world: World):
    w = world
    client = w.clients["referee"]
    for (rule, method), kind in ROUTES.items():
        if "<game_id>" not in rule:
            continue
        url = rule.replace("<game_id>", "0123456789ab").replace("<color>", "red")
        data = {"csrf": w.csrf["referee"], "revision": "0"} if method == "POST" else None
        response = client.open(url, method=method, data=data)
        assert response.status_code == 404, (kind, url, response.status_code)
        assert '<p class="lead">' in text(response)


def test_every_seat_sees_itself_as_me(any_world: World):
    world = any_world
    w = world
    live = w.store.seat_tokens(w.game_id)  # the walk reissued blue: read the live links
    for name, color in PLAYERS:
        for suffix in ("", "/view"):
            response = w.app.test_client().get(f"/s/{live[color]}{suffix}")
            assert response.status_code == 200
            assert h1_is(name)(response) is None, (color, suffix, h1_is(name)(response))


def test_a_revoked_seat_link_is_refused_with_a_message(any_world: World):
    world = any_world
    client = world.app.test_client()
    for suffix in ("", "/view", "/events"):
        response = client.get(f"/s/{world.revoked}{suffix}")
        assert response.status_code == 410
        assert "This code was revoked: ask the referee for your new one" in text(response)
    assert "companion_seat" not in str(client.get(f"/s/{world.revoked}").headers)


# ----- Urland's phones: each its own choices --------------------------------------------------
def seat_post(w: World, role: str, token: str, form: dict[str, str], game_id: str):
    """A role's POST to a seat link's own choice (as the phone page submits it)."""
    revision = str(w.store.get(game_id).revision)
    data = {"csrf": w.csrf[role], "revision": revision, **form}
    return w.clients[role].post(f"/s/{token}/act", data=data, headers={"HX-Request": "true"})


def test_a_seat_bids_for_itself_only(urland_world: World):
    """002 §3.1: each player seals their own bid on their phone. A seat cannot bid for
    another, the console cannot bid when bids are on the phones, a TV or a revoked link cannot
    bid at all; refused, nothing changes. The seat's own bid is recorded as its own."""
    w = urland_world
    game_id = urland_game(w.store, Step.BID, "Bids")
    tokens = w.store.seat_tokens(game_id)
    board = w.store.get(game_id).board_token
    other = json.dumps({"type": "bid", "color": "yellow", "n": 0})
    before = json.dumps(w.store.export(game_id))
    refused = [
        (seat_post(w, "seat_a", tokens["red"], {"action": other}, game_id), 422),
        (seat_post(w, "board", board, {"bid": "0"}, game_id), 404),
        (seat_post(w, "revoked", w.revoked, {"bid": "0"}, game_id), 410),
        (seat_post(w, "none", secrets.token_urlsafe(24), {"bid": "0"}, game_id), 404),
    ]
    bid = json.dumps({"type": "bid", "color": "red", "n": 0})
    revision = str(w.store.get(game_id).revision)
    console = w.clients["referee"].post(
        f"/games/{game_id}/act",
        data={"csrf": w.csrf["referee"], "revision": revision, "action": bid},
    )
    refused.append((console, 422))
    tv = w.clients["board"].post(f"/b/{board}/act", data={"csrf": w.csrf["board"], "bid": "0"})
    refused.append((tv, 404))  # the TV's links post nothing at all
    for response, status in refused:
        assert response.status_code == status, (status, response.status_code)
    assert json.dumps(w.store.export(game_id)) == before, "a refused bid changed the record"
    # Whoever holds red's link is red's phone: the bid it seals is red's, never another's.
    mine = seat_post(w, "seat_b", tokens["red"], {"bid": "0", "color": "yellow"}, game_id)
    assert mine.status_code == 200
    assert w.store.export(game_id)["actions"][-1] == json.loads(bid)
    own = seat_post(w, "seat_b", tokens["yellow"], {"bid": "1"}, game_id)
    assert own.status_code == 200
    assert w.store.export(game_id)["actions"][-1] == {"type": "bid", "color": "yellow", "n": 1}


def test_only_the_environment_player_keeps_a_token(urland_world: World):
    """002 §2.1: the environment player keeps one of their three tokens; the dead, another
    seat, the console and the TV cannot choose it for them."""
    w = urland_world
    game_id = urland_game(w.store, Step.KEEP, "Keep")
    state = w.store.get(game_id).state
    tokens = w.store.seat_tokens(game_id)
    keep = json.dumps({"type": "keep", "token": state.hands[state.env][0]})
    env, dead = state.env_color.value, state.dead_color.value
    other = next(c.value for c in state.colors if c.value not in (env, dead))
    revision = w.store.get(game_id).revision
    for color in (dead, other):
        response = seat_post(w, "seat_a", tokens[color], {"action": keep}, game_id)
        assert response.status_code == 422, (color, response.status_code)
    console = w.clients["referee"].post(
        f"/games/{game_id}/act",
        data={"csrf": w.csrf["referee"], "revision": str(revision), "action": keep},
    )
    assert console.status_code == 422
    board = w.store.get(game_id).board_token
    assert seat_post(w, "board", board, {"action": keep}, game_id).status_code == 404
    assert w.store.get(game_id).revision == revision, "a refused keep was recorded"
    assert seat_post(w, "seat_a", tokens[env], {"action": keep}, game_id).status_code == 200
    assert w.store.export(game_id)["actions"][-1] == json.loads(keep)


# ----- CSRF and origin ------------------------------------------------------------------------
def post_routes(w: World) -> list[str]:
    return sorted(
        rule.rule for rule in w.app.url_map.iter_rules() if "POST" in (rule.methods or ())
    )


def refused_unchanged(w: World, rule: str, mangle: Callable[[dict, dict], None]) -> str | None:
    """Send the referee's legitimate request, mangled; it must be a 403 that changes nothing."""
    data, files = referee_post(w, rule)
    data = {**data, "csrf": w.csrf["referee"]}
    headers: dict[str, str] = {}
    mangle(data, headers)
    url = rule.replace("<game_id>", w.game_id).replace("<color>", "blue")
    url = url.replace("<tap>", WALK_TAP)
    before = w.snapshot()
    kwargs: dict[str, Any] = {"data": data, "headers": headers}
    if files:
        kwargs["content_type"] = "multipart/form-data"
    response = w.clients["referee"].post(url, **kwargs)
    problems = []
    unserved = w.game == "urland" and rule.rsplit("/", 1)[-1] in URSUPPE_TOOLS
    unserved = unserved and not rule.startswith("/s/")  # a phone's post checks its token first
    if response.status_code != (404 if unserved else 403):  # no such tool: 404 before all
        problems.append(f"status {response.status_code}")
    if w.snapshot() != before:
        problems.append("state changed")
    if not unserved and '<p class="lead">Refused' not in text(response):
        problems.append("no refusal message")
    return f"{rule}: {', '.join(problems)}" if problems else None


def _drop_csrf(data: dict, headers: dict) -> None:
    data.pop("csrf")


def _wrong_csrf(data: dict, headers: dict) -> None:
    data["csrf"] = secrets.token_urlsafe(24)


def _header_csrf_wrong(data: dict, headers: dict) -> None:
    data.pop("csrf")
    headers["X-CSRF-Token"] = "x" + secrets.token_urlsafe(24)


def _foreign_origin(data: dict, headers: dict) -> None:
    headers["Origin"] = "http://evil.example"


def _foreign_origin_same_port(data: dict, headers: dict) -> None:
    headers["Origin"] = "http://localhost.evil.example"


def _foreign_referer(data: dict, headers: dict) -> None:
    headers["Referer"] = "http://evil.example/games"


@pytest.mark.parametrize(
    "mangle",
    [
        _drop_csrf,
        _wrong_csrf,
        _header_csrf_wrong,
        _foreign_origin,
        _foreign_origin_same_port,
        _foreign_referer,
    ],
)
def test_every_post_refuses_a_forged_request(any_world: World, mangle):
    world = any_world
    routes = post_routes(world)
    assert len(routes) >= 7
    failures = [p for p in (refused_unchanged(world, rule, mangle) for rule in routes) if p]
    assert not failures, "\n".join(failures)


def test_a_same_origin_request_with_its_token_is_accepted(world: World):
    w = world
    before = w.revision()
    data, _ = referee_post(w, "/games/<game_id>/correct")
    response = w.clients["referee"].post(
        f"/games/{w.game_id}/correct",
        data=data,
        headers={"Origin": "http://localhost", "X-CSRF-Token": w.csrf["referee"]},
    )
    assert response.status_code == 303
    assert w.revision() == before + 1


def test_the_csrf_token_of_one_session_is_useless_in_another(world: World):
    w = world
    stranger = w.app.test_client()  # holds the referee cookie, but not the referee's session
    stranger.set_cookie("companion_referee", w.app.config["REFEREE_TOKEN"])
    before = w.snapshot()
    data, _ = referee_post(w, "/games/<game_id>/correct")
    response = stranger.post(f"/games/{w.game_id}/correct", data={**data, "csrf": "forged"})
    assert response.status_code == 403
    assert w.snapshot() == before


# ----- tokens ---------------------------------------------------------------------------------
def test_tokens_are_random_and_long(world: World):
    w = world
    client = w.clients["referee"]
    for _ in range(2):
        response = client.post("/games", data={**setup_form("Six", SIX), "csrf": w.csrf["referee"]})
        assert response.status_code == 303
    seats = [r["token"] for r in w.store.db.query("select token from seats")]
    boards = [r["board_token"] for r in w.store.db.query("select board_token from games")]
    six_games = [g["id"] for g in w.store.list_games() if g["name"] == "Six"]
    assert len(six_games) == 2
    for game_id in six_games:
        assert len(w.store.seat_tokens(game_id)) == 6
    tokens = seats + boards + [w.app.config["REFEREE_TOKEN"], w.csrf["referee"]]
    assert len(seats) >= 12 + len(PLAYERS)
    assert len(set(tokens)) == len(tokens), "every token is distinct"
    for token in tokens:
        assert len(token) >= 22, token  # 22 urlsafe base64 characters carry 132 bits
        assert set(token) <= URLSAFE, token
        assert len(set(token)) >= 10, f"{token} looks far from random"
    # The characters of many tokens together spread over the alphabet like random ones.
    pooled = "".join(tokens)
    assert len(set(pooled)) >= 50
    assert max(pooled.count(ch) for ch in set(pooled)) < 4 * len(pooled) / 64 + 10


# ----- headers, debug mode, the server --------------------------------------------------------
def test_every_html_response_forbids_inline_scripts(world: World):
    w = world
    urls = [
        "/",
        "/games/new",
        f"/games/{w.game_id}",
        f"/games/{w.game_id}/seats",
        f"/games/{w.game_id}/standings",
        f"/s/{w.seats['red']}",
        f"/b/{w.board_token}",
        f"/s/{w.revoked}",
        "/no/such/page",
        "/referee/wrong",
    ]
    for role in ROLES:
        for url in urls:
            response = w.clients[role].get(url)
            assert csp_problem(response) is None, (role, url, csp_problem(response))


def test_the_served_app_has_no_debugger(tmp_path: Path):
    app = create_app({"DEBUG": False, "INSTANCE_PATH": tmp_path / "served"})
    assert app.debug is False
    assert not app.testing
    assert not isinstance(app.wsgi_app, DebuggedApplication)

    def boom():
        raise RuntimeError("secret internals")

    app.add_url_rule("/boom-for-test", "boom_for_test", boom)
    response = app.test_client().get("/boom-for-test")
    body = text(response)
    assert response.status_code == 500
    for leak in ("Traceback", "secret internals", "Werkzeug Debugger", "__debugger__"):
        assert leak not in body
    response = app.test_client().get("/?__debugger__=yes&cmd=resource&f=debugger.js")
    assert "Werkzeug" not in text(response)


def test_companion_serve_never_turns_debug_on(tmp_path: Path, monkeypatch, capsys):
    from types import SimpleNamespace

    from companion import cli, serving

    source = inspect.getsource(cli.cmd_serve)
    assert "debug=True" not in source.replace(" ", "")
    assert "waitress" in source
    assert ".run(" not in source
    for node in ast.walk(ast.parse(inspect.getsource(cli))):
        if isinstance(node, ast.keyword) and node.arg == "debug":
            assert not (isinstance(node.value, ast.Constant) and node.value.value), "debug=True"

    served: dict[str, Any] = {}

    def bind(app, host, port, threads=48):  # listens nowhere; its run returns at once
        served.update(app=app, host=host, port=port)
        return SimpleNamespace(run=lambda: None, close=lambda: None)

    monkeypatch.setattr(serving, "bind", bind)
    args = cli.build_parser().parse_args(
        ["serve", "--host", "127.0.0.1", "--port", "8765", "--instance", str(tmp_path / "i")]
    )
    assert cli.cmd_serve(args) == 0
    app = served["app"]
    assert app.debug is False
    assert not isinstance(app.wsgi_app, DebuggedApplication)
    assert app.config["REFEREE_TOKEN"] in capsys.readouterr().out
