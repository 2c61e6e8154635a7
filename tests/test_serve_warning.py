"""`companion serve` on a loopback address warns that phones cannot reach it."""

from __future__ import annotations

import pytest
import waitress

from companion.cli import loopback_warning, main


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.1.1", "::1", "[::1]", "localhost"])
def test_a_loopback_host_gets_a_warning_saying_what_to_use_instead(host):
    warning = loopback_warning(host)
    assert warning and "phones" in warning and "leave --host out" in warning


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "laptop.lan"])
def test_an_address_phones_can_reach_gets_no_warning(host):
    assert loopback_warning(host) is None


def test_serve_on_127_0_0_1_prints_the_warning_before_serving(tmp_path, monkeypatch, capsys):
    served = []
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: served.append(kw["host"]))
    assert main(["serve", "--host", "127.0.0.1", "--instance", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert served == ["127.0.0.1"]
    assert "127.0.0.1 is a loopback address" in out and "phones" in out


def test_serve_on_every_network_prints_no_loopback_warning(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(waitress, "serve", lambda app, **kw: None)
    assert main(["serve", "--instance", str(tmp_path)]) == 0
    assert "loopback" not in capsys.readouterr().out
