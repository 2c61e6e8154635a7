"""The app's remembered addresses (companion/web/urls.py): each app keeps its own, and an
address under another script root (the app behind a path prefix) is that root's."""

from __future__ import annotations

from companion import create_app
from companion.web.urls import url_for


def test_addresses_are_kept_per_app_and_per_script_root(tmp_path):
    first = create_app({"INSTANCE_PATH": str(tmp_path / "a")})
    second = create_app({"INSTANCE_PATH": str(tmp_path / "b")})
    with first.test_request_context("/"):
        assert url_for("console.view", game_id="g1") == "/games/g1"
    with first.test_request_context("/", base_url="http://table.local/soup"):
        assert url_for("console.view", game_id="g1") == "/soup/games/g1"
    with first.test_request_context("/"):
        assert url_for("console.view", game_id="g1") == "/games/g1"  # not the prefixed one
    assert first.extensions["companion.urls"]
    assert "companion.urls" not in second.extensions  # nothing shared between apps
    with second.test_request_context("/"):
        assert url_for("console.view", game_id="g1") == "/games/g1"
