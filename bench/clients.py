"""The server in a subprocess and its clients: the referee's browser and the phones.

The referee talks through a transport: a keep-alive HTTP connection to the real server
(`Client`), or Flask's test client in this process (`InProcess`, for the taps timed in
thread CPU); the requests are the same.
"""

from __future__ import annotations

import contextlib
import gzip
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
PHONES = 12
THREADS = 48  # the server's threads: its viewers' stream cap is half of them (24)
RECORD_HEAD = {"format": "ursuppe-companion-record", "version": 1}
# A drawing sent whole or kept, or a patch (the soup's changed spaces) and the name it makes.
DRAWING = re.compile(rb'<svg (?:data-patch="[0-9a-f]+" )?data-(?:drawing|keep)="([0-9a-f]+)"')
# What a browser fetches while opening a page: its scripts, stylesheets and icon (not
# NoSleep.js nor the home-screen icon, fetched only when needed; tests/browser/test_first_load.py
# checks Chromium asks for exactly these).
STATIC_LINK = re.compile(
    rb'<(?:script[^>]*?\ssrc|link\s+rel="(?:stylesheet|icon)"[^>]*?\shref)="(/static/[^"]+)"'
)


def cpu_split() -> tuple[set[int], set[int]] | None:
    """The server's CPU and the clients' CPUs, or None on a single CPU: at a table the phones
    are other devices, so the bench's client threads must not take the server's CPU."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return None
    return ({cpus[-1]}, set(cpus[:-1])) if len(cpus) > 1 else None


class Server:
    """`companion serve` in a subprocess on 127.0.0.1; always terminated by `stop`."""

    def __init__(self, instance: Path) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.log = instance / "server.log"
        script = Path(sys.executable).with_name("companion")  # the installed command
        command = [str(script)] if script.exists() else [sys.executable, "-m", "companion.cli"]
        command += ["serve", "--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--url", f"http://127.0.0.1:{self.port}", "--instance", str(instance / "data")]
        command += ["--threads", str(THREADS)]
        split = cpu_split()

        def prepare() -> None:  # in the server's process
            with contextlib.suppress(OSError, AttributeError):  # die with the bench (Linux)
                import ctypes

                ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
            if split:
                os.sched_setaffinity(0, split[0])  # its threads, made later, inherit it

        self._out = self.log.open("wb")
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self._out, stderr=subprocess.STDOUT,
            preexec_fn=prepare if sys.platform == "linux" else None,
        )  # fmt: skip
        self.referee_token = ""
        # This thread and the client threads it starts keep to the other CPUs until `stop`.
        self._affinity = os.sched_getaffinity(0) if split else None
        if split:
            os.sched_setaffinity(0, split[1])

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited:\n{self.log.read_text(errors='replace')}")
            found = re.search(r"/referee/([\w-]+)", self.log.read_text(errors="replace"))
            if found:
                with contextlib.suppress(OSError):
                    if Client(self.port).get("/healthz")[2] == b"ok":
                        self.referee_token = found.group(1)
                        return
            time.sleep(0.05)
        raise RuntimeError("the server did not start in time")

    def stop(self) -> None:
        if self._affinity is not None:
            os.sched_setaffinity(0, self._affinity)
            self._affinity = None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()


class Client:
    """One browser on the real server: a keep-alive connection with its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(header)
            self.cookies.update({key: morsel.value for key, morsel in cookie.items()})
        if response.getheader("Connection", "").lower() == "close":
            self.reconnect()
        return response.status, dict(response.getheaders()), data

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", path, headers=headers)

    def reconnect(self) -> None:
        """A new connection (the server drops one idle for 10 s); the cookies stay."""
        self.conn.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def close(self) -> None:
        self.conn.close()


class InProcess:
    """One browser on the app in this process (Flask's test client keeps its cookies)."""

    def __init__(self, app: Any) -> None:
        self.client = app.test_client()

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        response = self.client.open(path, method=method, data=body, headers=headers or {})
        return response.status_code, dict(response.headers), response.data

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", path, headers=headers)

    def reconnect(self) -> None:
        pass

    def close(self) -> None:
        pass


def bare_before_tap(bare: Client) -> float | None:
    """The bare route asked three times back to back, the last one timed (ms; None if it did
    not answer 200): the first ones absorb what is left of the last tap (its phones' streams),
    as the bare route beside the seat poll is asked back to back too."""
    took = None
    for _ in range(3):
        begin = time.perf_counter()
        status = bare.get("/healthz")[0]
        took = (time.perf_counter() - begin) * 1000.0 if status == 200 else None
    return took


class Referee:
    """The referee's laptop, logged in by its link, with the session's CSRF token; `clock`
    times its taps (wall time through the server, thread CPU in-process)."""

    def __init__(self, browser: Client | InProcess, token: str, clock: Any = time.perf_counter):
        self.client, self.clock = browser, clock
        status = browser.get(f"/referee/{token}")[0]
        page = browser.get("/")[2]
        found = re.search(rb'name="csrf" value="([^"]+)"', page)
        if status != 303 or not found:
            raise RuntimeError(f"referee login answered {status}, CSRF token found: {found}")
        self.csrf = found.group(1).decode()
        self.drawings = ""  # what app.js sends as X-Drawings: the drawings the console shows

    def new_game(self, setup: dict, name: str, actions: list[dict] | None = None) -> str:
        """A game with this setup and these first actions, imported as a record."""
        self.drawings = ""  # a new console page
        record = json.dumps({**RECORD_HEAD, "setup": setup, "actions": actions or []}).encode()
        b = "benchboundary7f3a"
        part = f'--{b}\r\nContent-Disposition: form-data; name="%s"%s\r\n\r\n'
        body = b"".join(
            [
                (part % ("csrf", "")).encode() + self.csrf.encode(),
                ("\r\n" + part % ("name", "")).encode() + name.encode(),
                ("\r\n" + part % ("record", '; filename="bench.json"')).encode() + record,
                f"\r\n--{b}--\r\n".encode(),
            ]
        )
        headers = {"Content-Type": f"multipart/form-data; boundary={b}", "X-CSRF-Token": self.csrf}
        status, got, _ = self.client.request("POST", "/games/import", body, headers)
        found = re.search(r"/games/(\w+)", got.get("Location", ""))
        if status != 303 or not found:
            raise RuntimeError(f"import answered {status} {got.get('Location')!r}")
        return found.group(1)

    def seat_tokens(self, game_id: str, seats: int = 6) -> list[str]:
        """The seats' tokens of a game (from its seats page), `seats` of them."""
        status, _, page = self.client.get(f"/games/{game_id}/seats")
        tokens = list(dict.fromkeys(re.findall(rb"/s/([\w-]{16,})", page)))
        if status != 200 or len(tokens) != seats:
            raise RuntimeError(f"seats page answered {status} with {len(tokens)} seat links")
        return [t.decode() for t in tokens]

    def act(self, game_id: str, action: dict, revision: int) -> tuple[int, bytes, float]:
        """Post one action as the console does: the status, the answer, and the ms the
        request took (sent to answer read, as the bare route is timed)."""
        form = {"kind": "action", "action": json.dumps(action), "revision": revision}
        form["csrf"] = self.csrf
        body = "&".join(f"{k}={quote(str(v), safe='')}" for k, v in form.items())
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "X-CSRF-Token": self.csrf,
            "Accept-Encoding": "gzip, deflate, br",  # as the referee's browser asks
        }
        if self.drawings:  # as app.js does: the soup and ladder on screen are not sent again
            headers["X-Drawings"] = self.drawings
        start = self.clock()
        status, got, page = self.client.request(
            "POST", f"/games/{game_id}/act", body.encode(), headers
        )
        took = (self.clock() - start) * 1000.0
        if got.get("Content-Encoding") == "gzip":
            page = gzip.decompress(page)
        if status == 200:  # the console now shows the drawings sent, kept and patched
            self.drawings = b" ".join(DRAWING.findall(page)).decode()
        return status, page, took


class Phones:
    """Phones listening to a game's server-sent events: raw sockets, one thread each; the
    time each revision reached each phone."""

    def __init__(self, port: int, tokens: list[str], count: int = PHONES) -> None:
        self.port = port
        self.tokens = [tokens[i % len(tokens)] for i in range(count)]
        self.cond = threading.Condition()
        self.arrivals: dict[int, list[float]] = {}
        self.sockets: list[socket.socket] = []
        self.errors: list[str] = []
        self.stopping = False

    def start(self, revision: int, timeout: float = 10.0) -> None:
        for token in self.tokens:
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
            self.sockets.append(sock)
            threading.Thread(target=self._listen, args=(sock, token), daemon=True).start()
        if not self.wait(revision, timeout):
            raise RuntimeError(f"the phones did not connect: errors {self.errors}")

    def _listen(self, sock: socket.socket, token: str) -> None:
        """Read the stream line by line; the chunked framing's size lines are ignored."""
        request = f"GET /s/{token}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        try:
            sock.sendall(f"{request}Accept: text/event-stream\r\n\r\n".encode())
            pending, event = b"", ""
            while data := sock.recv(65536):
                now = time.perf_counter()
                *lines, pending = (pending + data).split(b"\n")
                for raw in lines:
                    text = raw.decode("utf-8", "replace").rstrip("\r")
                    if text.startswith("HTTP/") and " 200 " not in text + " ":
                        raise RuntimeError(f"events answered {text}")
                    if text.startswith("event:"):
                        event = text[6:].strip()
                    elif text.startswith("data:") and event == "revision":
                        with self.cond:
                            self.arrivals.setdefault(int(text[5:]), []).append(now)
                            self.cond.notify_all()
        except (OSError, ValueError, RuntimeError) as exc:
            if not self.stopping:
                self.errors.append(repr(exc))

    def wait(self, revision: int, timeout: float) -> bool:
        """Wait until every phone has received `revision`."""
        with self.cond:
            return self.cond.wait_for(
                lambda: len(self.arrivals.get(revision, ())) >= len(self.tokens), timeout
            )

    def stop(self) -> None:
        self.stopping = True
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()


def start_phones(port: int, tokens: list[str], revision: int, patience: float = 60.0) -> Phones:
    """Phones connected and at `revision`. The server counts a closed stream against the
    viewers' cap until a heartbeat's write fails (10-30 s): phones refused as over the cap
    try again, for up to `patience` seconds."""
    give_up = time.monotonic() + patience
    while True:
        phones = Phones(port, tokens)
        try:
            phones.start(revision)
            return phones
        except RuntimeError:
            phones.stop()
            if time.monotonic() > give_up:
                raise
            time.sleep(2.0)
