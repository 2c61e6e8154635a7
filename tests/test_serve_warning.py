"""`companion serve` on a loopback address warns that phones cannot reach it; on a port that is
taken it says so, prints no link and exits 2 (issue 30, item 16)."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from companion import serving
from companion.cli import loopback_warning, main


def fake_bind(seen: list):
    """`serving.bind` that listens nowhere: it notes the host and returns a server whose run
    returns at once."""

    def bind(app, host, port, threads=48):
        seen.append(host)
        return SimpleNamespace(run=lambda: None, close=lambda: None, app=app)

    return bind


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.1.1", "::1", "[::1]", "localhost"])
def test_a_loopback_host_gets_a_warning_saying_what_to_use_instead(host):
    warning = loopback_warning(host)
    assert warning and "phones" in warning and "leave --host out" in warning


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "laptop.lan"])
def test_an_address_phones_can_reach_gets_no_warning(host):
    assert loopback_warning(host) is None


def test_serve_on_127_0_0_1_prints_the_warning_before_serving(tmp_path, monkeypatch, capsys):
    served = []
    monkeypatch.setattr(serving, "bind", fake_bind(served))
    assert main(["serve", "--host", "127.0.0.1", "--instance", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert served == ["127.0.0.1"]
    assert "127.0.0.1 is a loopback address" in out and "phones" in out


def test_serve_on_every_network_prints_no_loopback_warning(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(serving, "bind", fake_bind([]))
    assert main(["serve", "--instance", str(tmp_path)]) == 0
    assert "loopback" not in capsys.readouterr().out


def test_a_taken_port_is_said_plainly_with_no_link(tmp_path):
    """A real `companion serve` on a port another socket holds: no "running", no referee
    link, no traceback; which port, how to choose another; exit 2."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [
                str(Path(sys.executable).parent / "companion"),
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--instance",
                str(tmp_path / "i"),
            ],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2, done.stderr
    assert "/referee/" not in done.stdout and "running" not in done.stdout
    assert "Traceback" not in done.stderr
    assert f"Port {port} is already taken" in done.stderr and "--port 8080" in done.stderr


def test_a_taken_port_is_said_in_the_readers_language(tmp_path, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        args = ["serve", "--host", "127.0.0.1", "--port", str(port), "--lang", "es"]
        assert main([*args, "--instance", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"El puerto {port} ya está ocupado" in err
