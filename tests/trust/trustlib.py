"""Helpers of the trust tests: a stdlib HTTP client with a cookie jar, games to play, servers.

Everything talks to 127.0.0.1 only and every wait is bounded.
"""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from html import unescape
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

from urland_recorded import urland_example, urland_index  # noqa: F401  (the trust tests' own)
from webforms import setup_form

from companion.tracker.game import URLAND
from companion.tracker.urland import projection
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe.actions import Action, action_to_dict
from companion.tracker.ursuppe.record.document import record_from_dict

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_4P = ROOT / "examples" / "four-players.json"
URLAND_PLAYERS = (("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green"), ("Dev", "blue"))
TIMEOUT = 15.0
CSRF_RE = re.compile(r'name="csrf" value="([^"]+)"')


def normal(data):
    """JSON data as it comes back from the server (tuples become lists)."""
    return json.loads(json.dumps(data))


def json_paths(value, prefix: tuple = ()) -> list[tuple]:
    """Every place in a JSON document (a key of an object, an index of a list), as the path
    of keys and indexes to it (not the document itself)."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += json_paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += json_paths(inner, (*prefix, index))
    return found


def action_json(action: Action) -> dict:
    """An action in record form, normalised for comparison with an export."""
    return normal(action_to_dict(action))


def example_record():
    """The record of examples/four-players.json."""
    return record_from_dict(json.loads(EXAMPLE_4P.read_text(encoding="utf-8")))


def urland_board_fields(page: str) -> dict[str, str]:
    """The board editor's values as Urland's setup page shows them (the group's board)."""
    form = {}
    for m in re.finditer(r'<input name="(shore\d+|currents|strips)" value="([^"]*)"', page):
        form[m.group(1)] = unescape(m.group(2))
    for m in re.finditer(r'<select name="(volcano\d+)"[^>]*>(.*?)</select>', page, re.S):
        form[m.group(1)] = re.search(r'<option value="(\w+)" selected', m.group(2)).group(1)
    form["track"] = re.search(r'name="track" value="(\d+)"', page).group(1)
    return form


@dataclass(frozen=True)
class Move:
    """One Urland submission: where it goes (`chance`, `console`, or a seat's color), its
    form, and the action in record form (None for a draw: the server shuffles)."""

    where: str
    form: dict[str, str]
    action: dict | None


def urland_move(state, rng) -> Move:
    """A move the app offers now, as the table would make it: the referee's draw or choice,
    else a phone's own (a kept token, a sealed bid), chosen at random."""
    if URLAND.chance(state) is not None:
        return Move("chance", {}, None)
    mine = projection.choices(state, None)
    if mine:
        choice = _pick(state, mine, rng)
        return Move("console", {"action": json.dumps(choice)}, normal(choice))
    offers = {c: projection.choices(state, c) for c in state.colors}
    offers = {c: offered for c, offered in offers.items() if offered}
    if offers:  # several phones at once when all bid (002 §3.1): any of them
        color = rng.choice(sorted(offers, key=lambda c: c.value))
        offered = offers[color]
        if state.step is Step.BID:
            n = rng.randint(0, min(max(c["n"] for c in offered), 2))
            return Move(color.value, {"bid": str(n)}, {"type": "bid", "color": color.value, "n": n})
        choice = _pick(state, offered, rng)
        return Move(color.value, {"action": json.dumps(choice)}, normal(choice))
    raise AssertionError(f"nobody is offered anything at {state.step}")


def _pick(state, offered: list[dict], rng) -> dict:
    if state.step is Step.ACTIONS:  # keep games moving: rarely end early or retreat
        moves = [c for c in offered if c["type"] not in ("end_actions", "retreat")]
        if moves and rng.random() < 0.9:
            return rng.choice(moves)
    return rng.choice(offered)


def free_port() -> int:
    """A free TCP port on loopback (the kernel picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, deadline: float = 30.0) -> None:
    """Wait until 127.0.0.1:port accepts connections (bounded)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {deadline:.0f} s")


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: str


@dataclass
class Client:
    """One device: its own cookie jar (referee cookie and Flask session) and CSRF token."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    csrf: str = ""

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = TIMEOUT,
    ) -> Response:
        """One request on a fresh connection; raises OSError / HTTPException if cut off."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            sent = dict(headers or {})
            body = None
            if form is not None:
                body = urlencode(form)
                sent["Content-Type"] = "application/x-www-form-urlencoded"
            if self.cookies:
                sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            conn.request(method, path, body=body, headers=sent)
            reply = conn.getresponse()
            data = reply.read().decode("utf-8", "replace")
            for raw in reply.headers.get_all("Set-Cookie") or []:
                jar = SimpleCookie()
                jar.load(raw)
                for name, morsel in jar.items():
                    self.cookies[name] = morsel.value
            return Response(reply.status, {k.lower(): v for k, v in reply.getheaders()}, data)
        finally:
            conn.close()

    def get(self, path: str, **kw) -> Response:
        return self.request("GET", path, **kw)

    def post(self, path: str, form: dict[str, str], **kw) -> Response:
        return self.request("POST", path, form={"csrf": self.csrf, **form}, **kw)

    def login(self, referee_token: str) -> None:
        """Open the referee link, then read this session's CSRF token from a referee page."""
        r = self.get(f"/referee/{referee_token}")
        assert r.status == 303, (r.status, r.body[:300])
        assert "companion_referee" in self.cookies
        r = self.get("/")
        assert r.status == 200, r.status
        match = CSRF_RE.search(r.body)
        assert match, "no CSRF token on the games page"
        self.csrf = unescape(match.group(1))
        assert "session" in self.cookies

    def create_game(self, name: str = "Trust") -> str:
        """Create a four-player game through the setup form; returns its id."""
        form = setup_form(name)
        r = self.post("/games", form)
        assert r.status == 303, (r.status, r.body[:500])
        return r.headers["location"].rstrip("/").rsplit("/", 1)[-1]

    def act(self, game_id: str, action: Action, revision: int, htmx: bool = False) -> Response:
        """Submit one legal action made against `revision`."""
        headers = {"HX-Request": "true", "X-CSRF-Token": self.csrf} if htmx else {}
        form = {"kind": "action", "action": json.dumps(action_to_dict(action))}
        form["revision"] = str(revision)
        return self.post(f"/games/{game_id}/act", form, headers=headers)

    def create_urland(self, name: str = "Trust Urland", **options: str) -> str:
        """Create a four-player Urland game through its setup form; returns its id."""
        page = self.get("/games/new?game=urland").body
        form = {"game": "urland", "game_name": name, **urland_board_fields(page), **options}
        for i, (player, color) in enumerate(URLAND_PLAYERS):
            form[f"name{i}"], form[f"color{i}"] = player, color
        r = self.post("/games", form)
        assert r.status == 303, (r.status, r.body[:500])
        return r.headers["location"].rstrip("/").rsplit("/", 1)[-1]

    def move(self, game_id: str, move: Move, revision: int, seats: dict[str, str]) -> Response:
        """Submit an Urland move made against `revision` (a seat's through its phone link)."""
        form = {**move.form, "revision": str(revision)}
        if move.where == "chance":
            return self.post(f"/games/{game_id}/chance", form)
        if move.where == "console":
            return self.post(f"/games/{game_id}/act", form)
        headers = {"HX-Request": "true"}
        return self.post(f"/s/{seats[move.where]}/act", form, headers=headers)

    def export(self, game_id: str) -> dict:
        r = self.get(f"/games/{game_id}/export")
        assert r.status == 200, (r.status, r.body[:300])
        return json.loads(r.body)


@dataclass
class ThreadServer:
    """The app served by waitress on 127.0.0.1 in a daemon thread (as tests/browser does)."""

    app: object
    server: object
    thread: threading.Thread

    @property
    def port(self) -> int:
        return self.server.effective_port

    def close(self) -> None:
        self.server.close()  # the loop thread is a daemon; the port is released now


def serve_in_thread(instance: Path, threads: int = 16) -> ThreadServer:
    from waitress.server import create_server

    from companion import create_app

    app = create_app({"INSTANCE_PATH": str(instance), "PUBLIC_URL": "http://127.0.0.1"})
    server = create_server(app, host="127.0.0.1", port=0, threads=threads)
    app.config["PUBLIC_URL"] = f"http://127.0.0.1:{server.effective_port}"
    thread = threading.Thread(target=server.run, name="waitress-trust", daemon=True)
    thread.start()
    wait_for_port(server.effective_port, 10)
    return ThreadServer(app, server, thread)


@dataclass
class ServeProcess:
    """`companion serve` as a subprocess on 127.0.0.1 (exactly as a user starts it)."""

    instance: Path
    port: int
    log: Path
    args: tuple[str, ...] = ()
    proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        return [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"] + [
            "--port",
            str(self.port),
            "--url",
            self.url,
            "--instance",
            str(self.instance),
            *self.args,
        ]

    def start(self, wait: bool = True) -> subprocess.Popen:
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                self.command(), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
            )
        if wait:
            wait_for_port(self.port, 30)
        return self.proc

    @property
    def referee_token(self) -> str:
        return (self.instance / "referee_token").read_text().strip()

    def stop(self) -> None:
        """Ctrl+C (SIGINT), then SIGKILL if it does not end within a few seconds."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(5)
