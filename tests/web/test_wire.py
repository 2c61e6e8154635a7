"""What goes over the Wi-Fi: gzip when accepted (never the SSE stream), versioned static files."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
from pathlib import Path

from conftest import text_of
from test_seat_and_board import first_events

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
STATIC_RE = re.compile(r'(?:src|href)="(/static/[^"?]+)\?v=([0-9a-f]+)"')


def test_a_seat_page_is_gzipped_for_a_phone_that_accepts_it(app, seat_tokens):
    phone = app.test_client()
    plain = phone.get(f"/s/{seat_tokens['red']}")
    packed = phone.get(f"/s/{seat_tokens['red']}", headers=GZIP)

    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 3


def test_a_client_that_refuses_gzip_gets_plain_text(app, seat_tokens):
    response = app.test_client().get(
        f"/s/{seat_tokens['red']}", headers={"Accept-Encoding": "gzip;q=0, identity"}
    )
    assert "Content-Encoding" not in response.headers
    assert text_of(response).lower().startswith("<!doctype html>")


def test_the_event_stream_is_never_compressed(app, seat_tokens):
    response = app.test_client().get(f"/s/{seat_tokens['red']}/events", headers=GZIP)
    assert response.mimetype == "text/event-stream"
    assert "Content-Encoding" not in response.headers
    assert "event: revision\ndata: 0\n\n" in first_events(response)


PHONE = {"REMOTE_ADDR": "192.168.1.57"}  # a device on the Wi-Fi, not the laptop


def test_the_console_answer_to_a_tap_from_another_device_is_gzipped_too(game):
    turn = '{"type": "turn_card", "card": "P1"}'
    game.client.environ_base.update(PHONE)  # a second referee device on the Wi-Fi
    response = game.post("/act", {"kind": "action", "action": turn}, headers=GZIP)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert b'id="console"' in gzip.decompress(response.data)


def test_the_laptops_own_browser_gets_its_taps_answers_uncompressed(game, monkeypatch):
    """Loopback, or the laptop's own Wi-Fi address (the referee's link names it): no
    network to spare, so no time spent on gzip; whole pages stay compressed (phones)."""
    import companion.web.wire as wire

    monkeypatch.setattr(wire, "_own_addresses", lambda: frozenset({"192.168.1.20"}))
    turn = '{"type": "turn_card", "card": "P1"}'
    for address in ("127.0.0.1", "::1", "::ffff:127.0.0.1", "192.168.1.20"):
        game.client.environ_base["REMOTE_ADDR"] = address
        answer = game.post("/act", {"kind": "action", "action": turn}, headers=GZIP)
        assert "Content-Encoding" not in answer.headers, address
        assert "Accept-Encoding" in answer.headers["Vary"]
        page = game.client.get(game.url, headers=GZIP)
        assert page.headers["Content-Encoding"] == "gzip", address
    game.client.environ_base.update(PHONE)
    answer = game.post("/act", {"kind": "dice", "d1": 12}, headers=GZIP)
    assert answer.headers["Content-Encoding"] == "gzip"


def test_the_laptops_addresses_are_looked_up_again_when_it_changes_network(monkeypatch):
    """The laptop may join another Wi-Fi mid-evening: its own addresses are not kept for
    the server's life, so its new address counts as the laptop after a short while."""
    import companion.lan as lan
    import companion.web.wire as wire

    networks = iter([["192.168.1.20"], ["10.0.0.7"]])
    monkeypatch.setattr(lan, "lan_addresses", lambda: next(networks))
    monkeypatch.setattr(wire, "_addresses", (float("-inf"), frozenset()))
    assert wire._own_addresses() == {"192.168.1.20"}
    assert wire._own_addresses() == {"192.168.1.20"}  # kept for a while: no lookup
    monkeypatch.setattr(wire, "ADDRESSES_FOR", 0.0)
    assert wire._own_addresses() == {"10.0.0.7"}


def test_static_files_are_linked_by_version_and_cached_for_a_year(app, seat_tokens):
    phone = app.test_client()
    page = text_of(phone.get(f"/s/{seat_tokens['red']}"))
    linked = STATIC_RE.findall(page)
    assert {path.rsplit("/", 1)[-1] for path, _ in linked} >= {
        "htmx.min.js",
        "htmx-ext-sse.js",
        "app.js",
    }
    for path, version in linked:
        response = phone.get(f"{path}?v={version}", headers=GZIP)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        if path.endswith(".js"):
            assert response.headers["Content-Encoding"] == "gzip"
        # Without the version (or with an old one) the browser must check again.
        assert phone.get(path).headers["Cache-Control"] == "no-cache"
        assert phone.get(f"{path}?v=0000").headers["Cache-Control"] == "no-cache"


def test_a_changed_static_file_gets_a_new_version(app, tmp_path):
    from companion.web.wire import static_version

    app.static_folder = str(tmp_path)
    (tmp_path / "x.js").write_text("one")
    first = static_version(app, "x.js")
    (tmp_path / "x.js").write_text("two, longer")
    assert static_version(app, "x.js") != first
    assert static_version(app, "missing.js") == ""


def test_the_style_sheet_goes_to_phones_in_the_page_without_its_comments(app, seat_tokens):
    """A page carries its style sheet (one weak-Wi-Fi request fewer before the first paint),
    every rule and none of the comments' bytes, allowed by its hash in the page's CSP."""
    phone = app.test_client()
    answer = phone.get(f"/s/{seat_tokens['red']}")
    page = text_of(answer)
    assert 'rel="stylesheet"' not in page
    sent = re.search(r"<style>(.*?)</style>", page, re.S).group(1).encode()
    source = (Path(app.static_folder) / "app.css").read_bytes()
    assert b"/*" in source and b"/*" not in sent and b"*/" not in sent
    assert sent == re.sub(rb"/\*.*?\*/", b"", source, flags=re.S).strip()
    comments = re.findall(rb"/\*.*?\*/", source, re.S)
    assert sent.count(b"{") == source.count(b"{") - sum(c.count(b"{") for c in comments)
    digest = base64.b64encode(hashlib.sha256(sent).digest()).decode()
    policy = answer.headers["Content-Security-Policy"]
    assert f"style-src 'self' 'sha256-{digest}';" in policy
    assert "unsafe-inline" not in policy
