"""The server in a subprocess and its clients: the referee (through it or in-process), phones."""

from __future__ import annotations

import contextlib
import gzip
import http.client
import io
import json
import math
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
from urllib.parse import quote, urlencode

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from companion.tracker.record_core import FORMAT, VERSION

ROOT = Path(__file__).resolve().parents[1]
PHONES = 12
THREADS = 48  # the server's threads: its viewers' stream cap is half of them (24)
# A drawing sent whole or kept, or a patch (the soup's changed spaces) and the name it makes.
DRAWING = re.compile(rb'<svg (?:data-patch="[0-9a-f]+" )?data-(?:drawing|keep)="([0-9a-f]+)"')
# A region sent whole or kept (web/fragments.py): its name and the look it shows.
REGION = re.compile(rb'data-(?:region|same)="([\w-]+)" data-shown="(\w+)"')
# What a browser fetches while opening a page: its scripts, stylesheets and icon (not
# NoSleep.js nor the home-screen icon, fetched only when needed; tests/browser/test_first_load.py
# checks Chromium asks for exactly these).
STATIC_LINK = re.compile(
    rb'<(?:script[^>]*?\ssrc|link\s+rel="(?:stylesheet|icon)"[^>]*?\shref)="(/static/[^"]+)"'
)
Answer = tuple[int, dict[str, str], bytes]  # status, headers, body


def expect(status: int, wanted: int, what: str) -> None:
    """Stop the bench if a request did not answer as it must."""
    if status != wanted:
        raise RuntimeError(f"{what} answered {status}, not {wanted}")


def cpu_split() -> tuple[set[int], set[int]] | None:
    """The server's CPU and the clients' (the phones are other devices); None on one CPU."""
    cpus = sorted(os.sched_getaffinity(0))
    return ({cpus[-1]}, set(cpus[:-1])) if len(cpus) > 1 else None


@contextlib.contextmanager
def serve(instance: Path, timeout: float = 30.0, floor: bool = False):
    """`companion serve` (`floor`: bench/floor.py's server) on 127.0.0.1: port, token, pid."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    data = str(instance / "data")
    command = [sys.executable, "-m", "bench.floor", str(port), data]  # on every CPU: browsers
    if not floor:  # its link names 127.0.0.1, the host it listens on
        command = [str(Path(sys.executable).with_name("companion")), "serve", "--port", str(port)]
        command += ["--host", "127.0.0.1", "--threads", str(THREADS), "--instance", data]
    split = None if floor else cpu_split()
    affinity, log = os.sched_getaffinity(0), instance / "server.log"

    def prepare() -> None:  # in the server's process
        with contextlib.suppress(OSError):  # die with the bench
            import ctypes

            ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)
        if split:
            os.sched_setaffinity(0, split[0])  # its threads, made later, inherit it

    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    with log.open("wb") as out:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, preexec_fn=prepare
        )
        try:
            if split:
                os.sched_setaffinity(0, split[1])
            deadline = time.monotonic() + timeout
            while not (found := re.search(r"/referee/([\w-]+)\s", log.read_text(errors="replace"))):
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start:\n{log.read_text()}")
                time.sleep(0.05)
            expect(Client(port).get("/healthz")[0], 200, "the server")
            yield port, found.group(1), proc.pid
        finally:
            os.sched_setaffinity(0, affinity)
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


class InProcess:
    """One browser on the app in this process (Flask's test client keeps its cookies)."""

    def __init__(self, app: Any) -> None:
        self.client = app.test_client()

    def request(self, method: str, path: str, body: bytes | None = None, headers=None) -> Answer:
        response = self.client.open(path, method=method, data=body, headers=headers or {})
        return response.status_code, dict(response.headers), response.data


class Client:
    """One browser on the real server: a keep-alive connection with its cookies."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def request(self, method: str, path: str, body: bytes | None = None, headers=None) -> Answer:
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        self.conn.request(method, path, body=body, headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            self.cookies.update({k: morsel.value for k, morsel in SimpleCookie(header).items()})
        if response.getheader("Connection", "").lower() == "close":
            self.reconnect()
        return response.status, dict(response.getheaders()), data

    def get(self, path: str, headers: dict | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def timed(self, path: str, wanted: int = 200, headers=None) -> tuple[float, bytes]:
        """GET `path`, which must answer `wanted`: the ms from sent to answer read, the body."""
        start = time.perf_counter()
        status, _, body = self.get(path, headers)
        took = (time.perf_counter() - start) * 1000.0
        expect(status, wanted, f"GET {path}")
        return took, body

    def reconnect(self) -> None:
        """A new connection (the server drops one idle for 10 s); the cookies stay."""
        self.conn.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)


class Referee:
    """The referee's laptop, logged in by its link; `clock` times its taps."""

    def __init__(self, browser: Client | InProcess, token: str, clock: Any = time.perf_counter):
        self.client, self.clock = browser, clock
        expect(browser.request("GET", f"/referee/{token}")[0], 303, "the referee's link")
        found = re.search(rb'name="csrf" value="([^"]+)"', browser.request("GET", "/")[2])
        self.csrf = found.group(1).decode()
        self.drawings = self.regions = ""  # what app.js sends: the drawings and regions shown

    def new_game(self, setup: dict, name: str, actions: list[dict] | None = None) -> str:
        """A game with this setup and these first actions, imported as a record."""
        self.drawings = self.regions = ""  # a new console page
        record = {"format": FORMAT, "version": VERSION, "setup": setup, "actions": actions or []}
        upload = FileStorage(io.BytesIO(json.dumps(record).encode()), "bench.json")
        boundary, body = encode_multipart({"csrf": self.csrf, "name": name, "record": upload})
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}"}
        status, got, _ = self.client.request("POST", "/games/import", body, headers)
        expect(status, 303, "the import")
        return got["Location"].rsplit("/", 1)[1]

    def seat_tokens(self, game_id: str) -> list[str]:
        """The seats' tokens of a game, from its seats page."""
        page = self.client.request("GET", f"/games/{game_id}/seats")[2]
        return list(dict.fromkeys(t.decode() for t in re.findall(rb"/s/([\w-]{16,})", page)))

    def act(self, game_id: str, action: dict, revision: int) -> tuple[int, bytes, float]:
        """Post an action as the console does: the status, the answer, the ms from sent to read."""
        form = {"kind": "action", "action": json.dumps(action), "revision": revision}
        body = urlencode(dict(form, csrf=self.csrf), quote_via=quote).encode()
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true"}
        headers["X-CSRF-Token"] = self.csrf
        headers["Accept-Encoding"] = "gzip, deflate, br"  # as the referee's browser asks
        if self.drawings:  # as app.js does: the soup and ladder on screen are not sent again
            headers["X-Drawings"] = self.drawings
        if self.regions:
            headers["X-Regions"] = self.regions
        start = self.clock()
        status, got, page = self.client.request("POST", f"/games/{game_id}/act", body, headers)
        took = (self.clock() - start) * 1000.0
        if got.get("Content-Encoding") == "gzip":
            page = gzip.decompress(page)
        if status == 200:  # the console now shows the drawings sent, kept and patched
            self.drawings = b" ".join(DRAWING.findall(page)).decode()
            self.regions = " ".join(f"{n.decode()}:{t.decode()}" for n, t in REGION.findall(page))
        return status, page, took


class Phones:
    """12 phones listening to a new game's server-sent events: when each revision reached each."""

    def __init__(self, port: int, tokens: list[str]) -> None:
        self.cond = threading.Condition()
        self.arrivals: dict[int, list[float]] = {}
        self.errors: list[str] = []  # read before `stop`, which ends every stream
        self.sockets = [socket.create_connection(("127.0.0.1", port), 60) for _ in range(PHONES)]
        for i, sock in enumerate(self.sockets):
            token = tokens[i % len(tokens)]
            threading.Thread(target=self._listen, args=(sock, token), daemon=True).start()
        if self.last_arrival(0, 10.0) == math.inf:  # all connected, at the new game's revision
            self.stop()
            raise RuntimeError(f"the phones did not connect: errors {self.errors}")

    def _listen(self, sock: socket.socket, token: str) -> None:
        """Note when each revision arrives (the HTTP and chunked framing's lines are ignored)."""
        request = f"GET /s/{token}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        try:
            sock.sendall(f"{request}Accept: text/event-stream\r\n\r\n".encode())
            event = b""
            for line in sock.makefile("rb"):  # each line as soon as it arrives
                if line.startswith(b"event:"):
                    event = line[6:].strip()
                elif line.startswith(b"data:") and event == b"revision":
                    now = time.perf_counter()
                    with self.cond:
                        self.arrivals.setdefault(int(line[5:]), []).append(now)
                        self.cond.notify_all()
        except (OSError, ValueError) as exc:
            self.errors.append(repr(exc))

    def last_arrival(self, revision: int, timeout: float) -> float:
        """When the last phone received `revision` (inf: not every phone within `timeout`)."""
        with self.cond:
            if self.cond.wait_for(lambda: len(self.arrivals.get(revision, ())) >= PHONES, timeout):
                return max(self.arrivals[revision][:PHONES])
        return math.inf

    def stop(self) -> None:
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()
