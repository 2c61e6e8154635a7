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

from webforms import setup_form

from companion.tracker.ursuppe.actions import Action, action_to_dict
from companion.tracker.ursuppe.record import record_from_dict

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE_4P = ROOT / "examples" / "four-players.json"
TIMEOUT = 15.0
CSRF_RE = re.compile(r'name="csrf" value="([^"]+)"')


def normal(data):
    """JSON data as it comes back from the server (tuples become lists)."""
    return json.loads(json.dumps(data))


def action_json(action: Action) -> dict:
    """An action in record form, normalised for comparison with an export."""
    return normal(action_to_dict(action))


def example_record():
    """The record of examples/four-players.json."""
    return record_from_dict(json.loads(EXAMPLE_4P.read_text(encoding="utf-8")))


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
