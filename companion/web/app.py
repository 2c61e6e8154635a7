"""The app factory: config, instance secrets, the store, blueprints and security headers."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

from flask import Flask, render_template, request
from flask_babel import Babel
from flask_babel import gettext as _
from flask_htmx import HTMX

from companion.live import Hub
from companion.store import Store

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


def _instance_secret(path: Path) -> str:
    """Read a secret from the instance folder, creating it on first run."""
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def build_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the app; `test_config` overrides settings (tests pass a temporary instance)."""
    app = Flask("companion", instance_relative_config=True)
    if test_config and "INSTANCE_PATH" in test_config:
        app.instance_path = str(test_config["INSTANCE_PATH"])
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.update(
        SECRET_KEY=_instance_secret(instance / "secret_key"),
        REFEREE_TOKEN=_instance_secret(instance / "referee_token"),
        DATABASE=str(instance / "companion.db"),
        MAX_CONTENT_LENGTH=512 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        BABEL_DEFAULT_LOCALE="en",
        SSE_HEARTBEAT=10.0,
        SSE_LIFETIME=300.0,
        PUBLIC_URL=None,
    )
    if test_config:
        app.config.update({k: v for k, v in test_config.items() if k != "INSTANCE_PATH"})
    Babel(app)
    HTMX(app)
    hub = Hub()
    app.extensions["companion.hub"] = hub
    app.extensions["companion.store"] = Store(app.config["DATABASE"], notify=hub.notify)

    from companion.web import auth, board, console, games, records, seat, svg, wire

    app.jinja_env.globals.update(
        board_svg=svg.board_svg,
        ladder_svg=svg.ladder_svg,
        chart_svg=svg.chart_svg,
        shape_icon=svg.shape_icon,
    )

    for module in (auth, games, console, seat, board, records):
        app.register_blueprint(module.bp)
    wire.init_app(app)

    @app.before_request
    def limit_bodies():
        # Read (and so size-check) every POST body before any view runs: a view that
        # ignores its body must still refuse an oversized one (413).
        if request.method == "POST":
            request.form  # noqa: B018

    @app.after_request
    def security_headers(response):
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["X-Frame-Options"] = "DENY"
        response.vary.add("HX-Request")
        if request.endpoint and not request.endpoint.startswith("static"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.errorhandler(404)
    def not_found(error):
        return render_template(
            "error.html", title=_("Not found"), message=_("There is nothing at this address.")
        ), 404

    @app.errorhandler(413)
    def too_large(error):
        return render_template(
            "error.html",
            title=_("Too large"),
            message=_("That upload is too large (512 KB at most)."),
        ), 413

    @app.errorhandler(405)
    def not_allowed(error):
        return render_template(
            "error.html",
            title=_("Not allowed"),
            message=_("That address does not take this kind of request."),
        ), 405

    return app
