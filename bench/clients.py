"""The server in a subprocess and its clients: the referee's browser and 12 phones."""

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
from collections.abc import Callable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from bench.common import PHONES, ROOT

# ----- the server --------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _die_with_parent() -> None:
    """In the server's process (Linux): be terminated if the benchmark dies abruptly."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def cpu_split() -> tuple[set[int], set[int]] | None:
    """The server's CPU and the clients' CPUs, or None on a single CPU. At a real table the
    phones are other devices: the benchmark's twelve phone threads (and its referee, idle
    while it waits for an answer) must not take the server's CPU from under it."""
    try:
        cpus = sorted(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return None
    if len(cpus) < 2:
        return None
    return {cpus[-1]}, set(cpus[:-1])


def _server_process(cpus: set[int] | None) -> Callable[[], None]:
    def start() -> None:
        _die_with_parent()
        if cpus:
            os.sched_setaffinity(0, cpus)  # its threads, made later, inherit it

    return start


class Server:
    """`companion serve` in a subprocess on 127.0.0.1; always terminated by `stop`."""

    def __init__(self, instance: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log = instance / "server.log"
        env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
        command = [
            sys.executable,
            "-m",
            "companion.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--url",
            self.base,
            "--instance",
            str(instance / "data"),
            "--threads",
            "48",
        ]
        self._out = self.log.open("wb")
        split = cpu_split()
        self.proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=self._out,
            stderr=subprocess.STDOUT,
            preexec_fn=_server_process(split[0] if split else None)
            if sys.platform == "linux"
            else None,
        )
        self.referee_token = ""
        # This thread and the clients' threads it starts (they inherit it) keep to the
        # other CPUs until the server stops.
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
                try:
                    conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                    conn.request("GET", "/healthz")
                    if conn.getresponse().read() == b"ok":
                        self.referee_token = found.group(1)
                        conn.close()
                        return
                    conn.close()
                except OSError:
                    pass
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
    """One browser: a keep-alive connection with its cookies."""

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
            for key, morsel in cookie.items():
                self.cookies[key] = morsel.value
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        return response.status, dict(response.getheaders()), data

    def get(self, path: str, headers: dict | None = None) -> tuple[int, dict[str, str], bytes]:
        return self.request("GET", path, headers=headers)

    def close(self) -> None:
        self.conn.close()

    def reconnect(self) -> None:
        """A new connection (the server drops one idle for 10 s); the cookies stay."""
        self.conn.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)


def bare_before_tap(bare: Client) -> float | None:
    """The bare route asked three times back to back, the last one timed (ms; None if it did
    not answer 200): the first ones absorb what is left of the last tap (its phones'
    streams), as the bare route measured at the seat point is asked back to back too."""
    took = None
    for _ in range(3):
        begin = time.perf_counter()
        got, _, _ = bare.get("/healthz")
        took = (time.perf_counter() - begin) * 1000.0 if got == 200 else None
    return took


class Referee:
    """The referee's laptop: logged in by its link, with the session's CSRF token."""

    def __init__(self, server: Server) -> None:
        self.client = Client(server.port)
        status, headers, _ = self.client.get(f"/referee/{server.referee_token}")
        if status != 303:
            raise RuntimeError(f"referee login answered {status}")
        status, _, page = self.client.get("/")
        found = re.search(rb'name="csrf" value="([^"]+)"', page)
        if status != 200 or not found:
            raise RuntimeError("no CSRF token on the games page")
        self.csrf = found.group(1).decode()
        self.drawings = ""  # what app.js sends as X-Drawings: the drawings the console shows

    def new_game(
        self, setup: dict[str, Any], name: str, actions: list[dict[str, Any]] | None = None
    ) -> str:
        """A game with the record's setup and these first actions (none: a new game),
        imported as a record."""
        self.drawings = ""  # a new console page
        record = json.dumps({**RECORD_HEAD, "setup": setup, "actions": actions or []}).encode()
        boundary = "benchboundary7f3a"
        body = b"".join(
            [
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n'.encode(),
                self.csrf.encode(),
                f'\r\n--{boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n'.encode(),
                name.encode(),
                f"\r\n--{boundary}\r\nContent-Disposition: form-data; "
                f'name="record"; filename="bench.json"\r\n'
                f"Content-Type: application/json\r\n\r\n".encode(),
                record,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        headers = {
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-CSRF-Token": self.csrf,
        }
        status, got, _ = self.client.request("POST", "/games/import", body, headers)
        location = got.get("Location", "")
        found = re.search(r"/games/(\w+)", location)
        if status != 303 or not found:
            raise RuntimeError(f"import answered {status} {location!r}")
        return found.group(1)

    def seat_tokens(self, game_id: str) -> list[str]:
        status, _, page = self.client.get(f"/games/{game_id}/seats")
        tokens = list(dict.fromkeys(re.findall(rb"/s/([\w-]{16,})", page)))
        if status != 200 or len(tokens) != 6:
            raise RuntimeError(f"seats page answered {status} with {len(tokens)} seat links")
        return [t.decode() for t in tokens]

    def act(self, game_id: str, action: dict[str, Any], revision: int) -> tuple[int, bytes, float]:
        """Post one action as the console does: the answer, and the seconds the exchange took
        (request sent to answer read, as the bare route's figure is taken)."""
        body = (
            f"kind=action&action={_quote(json.dumps(action))}&revision={revision}"
            f"&csrf={_quote(self.csrf)}"
        ).encode()
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "X-CSRF-Token": self.csrf,
            "Accept-Encoding": "gzip, deflate, br",  # as the referee's browser asks
        }
        if self.drawings:  # as app.js does: the soup and ladder on screen are not sent again
            headers["X-Drawings"] = self.drawings
        start = time.perf_counter()
        status, got, page = self.client.request("POST", f"/games/{game_id}/act", body, headers)
        took = time.perf_counter() - start
        if got.get("Content-Encoding") == "gzip":
            page = gzip.decompress(page)
        if status == 200:  # the console now shows the drawings sent, kept and patched
            self.drawings = b" ".join(DRAWING.findall(page)).decode()
        return status, page, took


RECORD_HEAD = {"format": "ursuppe-companion-record", "version": 1}
# A drawing sent whole or kept, or a patch (the soup's changed spaces) and the name it makes.
DRAWING = re.compile(rb'<svg (?:data-patch="[0-9a-f]+" )?data-(?:drawing|keep)="([0-9a-f]+)"')


def _quote(text: str) -> str:
    from urllib.parse import quote

    return quote(text, safe="")


def start_phones(
    port: int, tokens: list[str], revision: int, count: int = PHONES, patience: float = 60.0
) -> Phones:
    """Phones connected and at `revision`. The server counts a closed stream against the
    viewers' cap until a heartbeat's write fails (10-30 s), so phones refused as over the cap
    after an earlier game try again, for up to `patience` seconds."""
    give_up = time.monotonic() + patience
    while True:
        phones = Phones(port, tokens, count)
        try:
            phones.start(revision)
            return phones
        except RuntimeError:
            phones.stop()
            if time.monotonic() > give_up:
                raise
            time.sleep(2.0)


class Phones:
    """12 phones listening to a game's server-sent events: raw sockets, one thread each."""

    def __init__(self, port: int, tokens: list[str], count: int = PHONES) -> None:
        self.port = port
        self.tokens = [tokens[i % len(tokens)] for i in range(count)]
        self.cond = threading.Condition()
        self.arrivals: dict[int, list[float]] = {}
        self.sockets: list[socket.socket] = []
        self.threads: list[threading.Thread] = []
        self.errors: list[str] = []
        self.stopping = False

    def start(self, revision: int, timeout: float = 10.0) -> None:
        for i, token in enumerate(self.tokens):
            sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
            self.sockets.append(sock)
            thread = threading.Thread(
                target=self._listen, args=(sock, token), name=f"phone{i}", daemon=True
            )
            self.threads.append(thread)
            thread.start()
        if not self.wait(revision, timeout):
            got = {rev: len(times) for rev, times in self.arrivals.items()}
            raise RuntimeError(
                f"the phones did not connect: revisions received {got} of {len(self.tokens)}"
                f" phones, errors {self.errors}"
            )

    def _listen(self, sock: socket.socket, token: str) -> None:
        """Read the stream line by line; chunk-size lines of the framing are ignored."""
        request = (
            f"GET /s/{token}/events HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
            "Accept: text/event-stream\r\n\r\n"
        )
        try:
            sock.sendall(request.encode())
            pending = b""
            in_headers = True
            event = ""
            for _ in range(1_000_000):  # bounded; the stream ends long before
                data = sock.recv(65536)
                if not data:
                    return
                now = time.perf_counter()
                pending += data
                *lines, pending = pending.split(b"\n")
                for raw in lines:
                    text = raw.decode("utf-8", "replace").rstrip("\r")
                    if in_headers:
                        if text.startswith("HTTP/") and " 200 " not in text + " ":
                            raise RuntimeError(f"events answered {text}")
                        in_headers = bool(text)
                    elif text.startswith("event:"):
                        event = text[6:].strip()
                    elif text.startswith("data:") and event == "revision":
                        revision = int(text[5:].strip())
                        with self.cond:
                            self.arrivals.setdefault(revision, []).append(now)
                            self.cond.notify_all()
                        event = ""
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
        for thread in self.threads:
            thread.join(5)
