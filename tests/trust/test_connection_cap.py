"""One address cannot lock the referee out (issue 30, item 13): a guest holding 1,100 idle
connections would fill waitress's 1,000-connection limit, and the console would wait ~10 s
for them to time out. `companion serve` caps the connections one address may hold
(serving.PER_ADDRESS), so the referee's page answers within 1 s meanwhile. Against a real
`companion serve` on loopback: the guest connects from 127.0.0.3, the referee from 127.0.0.2.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.serving import PER_ADDRESS

GUEST, REFEREE = "127.0.0.3", "127.0.0.2"
HELD = 1_100


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def connect(port: int, source: str) -> socket.socket:
    s = socket.socket()
    s.bind((source, 0))
    s.settimeout(5)
    s.connect(("127.0.0.1", port))
    return s


def get(port: int, source: str, path: str = "/") -> tuple[float, bytes]:
    """Seconds until the whole answer to one GET, and its status line."""
    start = time.monotonic()
    with connect(port, source) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: laptop\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return time.monotonic() - start, data.split(b"\r\n", 1)[0]


@pytest.fixture
def served(tmp_path):
    port = free_port()
    command = [str(Path(sys.executable).parent / "companion"), "serve", "--host", "127.0.0.1"]
    server = subprocess.Popen(
        [*command, "--port", str(port), "--instance", str(tmp_path / "i")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                get(port, REFEREE)
                break
            except OSError:
                time.sleep(0.05)
        yield port
    finally:
        server.terminate()
        server.wait(10)


def _still_open(sockets) -> int:
    """How many of these sockets the server has not closed (b"" is its close)."""
    count = 0
    for s in sockets:
        try:
            count += s.recv(1) != b""
        except BlockingIOError:
            count += 1
        except OSError:
            pass
    return count


def test_a_guest_holding_1100_idle_connections_leaves_the_referee_answering(served):
    held = []
    try:
        for _ in range(HELD):
            try:
                held.append(connect(served, GUEST))
            except OSError:
                break
        for s in held:
            s.setblocking(False)
        # The server accepts (and drops) the extra ones as fast as its one accepting thread
        # goes: a second on a quiet machine, longer under a parallel test run's load.
        deadline = time.monotonic() + 10
        while (open_ones := _still_open(held)) > PER_ADDRESS + 5 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert open_ones <= PER_ADDRESS + 5, open_ones  # the rest were closed
        seconds, status = get(served, REFEREE)
        assert status.startswith(b"HTTP/1.1 200") and seconds < 1.0, (seconds, status)
    finally:
        for s in held:
            s.close()
