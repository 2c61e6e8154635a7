"""Fixtures for the web shell: an app on a temporary instance, clients, and the referee.

Every response any test client receives is checked here: it carries a Content-Security-Policy
without 'unsafe-inline', and it is never a server error (5xx).
"""

from __future__ import annotations

import html
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webforms import setup_form

from companion import create_app
from companion.store import Game, Store
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import Action, action_to_dict
from companion.tracker.ursuppe.state import Phase
from companion.web.app import ServerLikeClient

REFEREE_COOKIE_NAME = "companion_referee"
SEAT_COOKIE_NAME = "companion_seat"
PLAYERS = [("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green"), ("Dev", "blue")]
CSRF_RE = re.compile(r'name="csrf" value="([^"]+)"')
PROMPT_RE = re.compile(r'class="prompt">([^<]*)<')
ALERT_RE = re.compile(r'role="alert">(.*?)</p>', re.S)
TAG_RE = re.compile(r"<[^>]+>")
REVISION_RE = re.compile(r'id="console" class="console" data-revision="(\d+)"')


class CheckedClient(ServerLikeClient):
    """A test client that checks the rules every response must keep."""

    def open(self, *args: Any, **kwargs: Any):
        response = super().open(*args, **kwargs)
        assert response.status_code < 500, f"server error {response.status_code}"
        csp = response.headers.get("Content-Security-Policy", "")
        assert csp, "every response carries a Content-Security-Policy"
        assert "unsafe-inline" not in csp
        return response


def build(instance: Path) -> Flask:
    """An app on the given instance folder, as the tests configure it."""
    app = create_app(
        {"INSTANCE_PATH": instance, "TESTING": True, "SSE_HEARTBEAT": 0.05, "SSE_LIFETIME": 0.2}
    )
    app.test_client_class = CheckedClient
    return app


@pytest.fixture
def instance(tmp_path: Path) -> Path:
    return tmp_path / "instance"


@pytest.fixture
def app(instance: Path) -> Flask:
    return build(instance)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def text_of(response) -> str:
    return response.get_data(as_text=True)


def prompt_of(response) -> str:
    match = PROMPT_RE.search(text_of(response))
    assert match, "the page shows a prompt"
    return html.unescape(match.group(1))


def alert_of(response) -> str:
    match = ALERT_RE.search(text_of(response))
    assert match, "the page shows a refusal"
    return html.unescape(TAG_RE.sub("", match.group(1)))


class Referee:
    """The referee at the laptop: logs in, sets up games and submits choices."""

    def __init__(self, app: Flask, client: FlaskClient) -> None:
        self.app = app
        self.client = client
        self.game_id: str | None = None
        self._csrf: str | None = None

    # ----- session -------------------------------------------------------------------
    @property
    def token(self) -> str:
        return self.app.config["REFEREE_TOKEN"]

    def login(self):
        self._csrf = None
        return self.client.get(f"/referee/{self.token}")

    @property
    def csrf(self) -> str:
        if self._csrf is None:
            match = CSRF_RE.search(text_of(self.client.get("/")))
            assert match, "the games page carries the CSRF token"
            self._csrf = match.group(1)
        return self._csrf

    @property
    def store(self) -> Store:
        return self.app.extensions["companion.store"]

    # ----- games ---------------------------------------------------------------------
    def example_at(self, name: str, entries: int, lang: str | None = None):
        """`examples/<name>.json` imported with its first `entries` entries (the console's
        language set to `lang`); the game."""
        from companion.tracker.ursuppe.record.document import Record, record_from_dict

        path = Path(__file__).resolve().parents[2] / "examples" / f"{name}.json"
        record = record_from_dict(json.loads(path.read_text(encoding="utf-8")))
        game = self.store.import_record(Record(record.setup, record.entries[:entries]), name)
        if lang:
            self.client.set_cookie("lang", lang)
        return game

    def setup_form(self, players=PLAYERS, **overrides: str) -> dict[str, str]:
        form = {"csrf": self.csrf, **setup_form("Tuesday soup", players)}
        form.update(overrides)
        return form

    def refused_setup(self, **overrides: str) -> str:
        """Post a setup form the server must refuse: 422, no game made; return its alert."""
        response = self.client.post("/games", data=self.setup_form(**overrides))
        assert response.status_code == 422
        assert self.store.list_games() == []
        return alert_of(response)

    def create_game(self, **overrides: str) -> str:
        response = self.client.post("/games", data=self.setup_form(**overrides))
        assert response.status_code == 303, text_of(response)
        self.game_id = response.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
        return self.game_id

    def game(self, game_id: str | None = None) -> Game:
        return self.store.get(game_id or self.game_id)

    @property
    def revision(self) -> int:
        return self.game().revision

    @property
    def url(self) -> str:
        return f"/games/{self.game_id}"

    def console(self, htmx: bool = False):
        headers = {"HX-Request": "true"} if htmx else {}
        return self.client.get(self.url, headers=headers)

    def correction(self):
        """The correction form, as the console fetches it when the referee opens it."""
        return self.client.get(f"{self.url}/correction", headers={"HX-Request": "true"})

    def console_revision(self) -> int:
        match = REVISION_RE.search(text_of(self.console(htmx=True)))
        assert match
        return int(match.group(1))

    # ----- submissions ---------------------------------------------------------------
    def post(
        self,
        path: str,
        data: dict[str, Any] | None = None,
        htmx: bool = True,
        revision: int | None = None,
        csrf: bool = True,
        headers: dict | None = None,
    ):
        form = {k: str(v) for k, v in (data or {}).items()}
        form.setdefault("revision", str(self.revision if revision is None else revision))
        if csrf:
            form["csrf"] = self.csrf
        sent = {"HX-Request": "true"} if htmx else {}
        sent.update(headers or {})
        return self.client.post(f"{self.url}{path}", data=form, headers=sent)

    def act(
        self, kind: str = "action", *, htmx: bool = True, revision: int | None = None, **fields: Any
    ):
        return self.post("/act", {"kind": kind, **fields}, htmx=htmx, revision=revision)

    def play(self, action: Action, **kwargs: Any):
        return self.act("action", action=json.dumps(action_to_dict(action)), **kwargs)

    def play_ok(self, action: Action) -> None:
        response = self.play(action)
        assert response.status_code == 200, alert_of(response)

    def start_rolls_to_placement(self) -> None:
        """Turn the first card, roll distinct start totals, pick start spaces: red places."""
        self.act_ok(action=json.dumps({"type": "turn_card", "card": "P1"}))
        for total in (12, 10, 8, 6):
            self.act_ok(kind="dice", d1=total)
        for space in (1, 2, 3):
            state = self.game().state
            (choice,) = [a for a in legal_actions(state) if getattr(a, "space", None) == space]
            self.play_ok(choice)

    def act_ok(self, kind: str = "action", **fields: Any) -> None:
        response = self.act(kind, **fields)
        assert response.status_code == 200, alert_of(response)

    def play_until_scored(self, seed: int = 0, limit: int = 400) -> None:
        """Play seeded legal choices until a round has been scored (or the game ends)."""
        rng = random.Random(seed)
        for _ in range(limit):
            state = self.game().state
            if state.score_history or state.phase is Phase.OVER:
                return
            self.play_ok(rng.choice(legal_actions(state)))
        raise AssertionError("no round was scored")


@pytest.fixture
def referee(app: Flask, client: FlaskClient) -> Referee:
    ref = Referee(app, client)
    ref.login()
    return ref


@pytest.fixture
def game(referee: Referee) -> Referee:
    """The referee with a fresh 4-player game (Ana red, Ben yellow, Cleo green, Dev blue)."""
    referee.create_game()
    return referee


@pytest.fixture
def seat_tokens(game: Referee) -> dict[str, str]:
    return game.store.seat_tokens(game.game_id)
