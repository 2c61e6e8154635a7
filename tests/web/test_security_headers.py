"""Every response carries a strict Content-Security-Policy (no inline script; no inline style
but the app's own style sheet, named by its hash).

The checking client in conftest asserts this for every response of every web test; this
module names the rule over a spread of pages, partials, errors and files.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion.web.wire import IMMUTABLE, static_version


def _get(client: FlaskClient, url: str, htmx: bool = False):
    return FlaskClient.open(client, url, headers={"HX-Request": "true"} if htmx else {})


URLS = [
    ("/", False),
    ("/games/new", False),
    ("/games/{game}", False),
    ("/games/{game}", True),
    ("/games/{game}/seats", False),
    ("/games/{game}/standings", False),
    ("/games/{game}/export", False),
    ("/s/{seat}", False),
    ("/s/{seat}/view", False),
    ("/s/{seat}/view?since=0", False),
    ("/b/{board}", False),
    ("/b/{board}/view", False),
    ("/referee/wrong-token", False),
    ("/no/such/page", False),
    ("/s/unknown-seat", False),
    ("/static/app.css", False),
    ("/static/htmx.min.js", False),
]


@pytest.mark.parametrize(("template", "htmx"), URLS)
def test_every_response_has_a_csp_without_unsafe_inline(game, seat_tokens, template, htmx):
    url = template.format(game=game.game_id, seat=seat_tokens["red"], board=game.game().board_token)

    response = _get(game.client, url, htmx)

    assert response.status_code < 500
    csp = response.headers.get("Content-Security-Policy")
    assert csp is not None
    assert "unsafe-inline" not in csp
    if url.startswith("/static/"):
        assert csp == "default-src 'none'; frame-ancestors 'none'"  # a file runs nothing
    else:
        assert "script-src 'self'" in csp
    assert "frame-ancestors 'none'" in csp
    response.close()


@pytest.mark.parametrize("name", ["app.js", "app.css", "htmx.min.js"])
def test_a_versioned_static_file_carries_only_what_a_cached_file_needs(game, name):
    """Issue 12 item 11: every header is sent on a phone's first load; a file's URL names its
    version, so it needs no validator, and no page rules (frames, referrers, cookies)."""

    version = static_version(game.client.application, name)
    response = FlaskClient.open(
        game.client, f"/static/{name}?v={version}", headers={"Accept-Encoding": "gzip"}
    )

    assert response.headers["Cache-Control"] == IMMUTABLE
    assert response.headers["Content-Encoding"] == "gzip"
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    for name in ("ETag", "Last-Modified", "Content-Disposition", "Set-Cookie", "X-Frame-Options"):
        assert name not in response.headers
    response.close()


def test_a_refused_post_also_carries_the_csp(game):
    response = FlaskClient.open(game.client, f"{game.url}/act", method="POST", data={})

    assert response.status_code == 403
    assert "unsafe-inline" not in response.headers["Content-Security-Policy"]


def test_no_page_inlines_a_script_or_a_style_but_the_style_sheet_its_csp_names(game, seat_tokens):
    game.play_until_scored(seed=1)
    urls = [
        "/",
        "/games/new",
        game.url,
        f"{game.url}/seats",
        f"{game.url}/standings",
        f"/s/{seat_tokens['red']}",
        f"/b/{game.game().board_token}",
    ]

    sheet = (Path(game.client.application.static_folder) / "app.css").read_text()
    for url in urls:
        answer = game.client.get(url)
        page = answer.get_data(as_text=True)
        assert re.search(r"<script(?![^>]*\bsrc=)", page) is None, url
        assert re.search(r"\son[a-z]+=", page) is None, url
        # One <style>: the app's own sheet (web/wire.py), allowed by its hash and no other.
        (style,) = re.findall(r"<style>(.*?)</style>", page, re.S)
        assert page.count("<style") == 1 and style.split("{")[0] in sheet, url
        digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
        policy = answer.headers["Content-Security-Policy"]
        assert f"style-src 'self' 'sha256-{digest}';" in policy, url
        assert " style=" not in page, url
        assert "javascript:" not in page, url
