"""The app factory: config, instance secrets, the store, blueprints and security headers."""

from __future__ import annotations

import secrets
import sqlite3
from pathlib import Path
from typing import Any

from flask import Flask, render_template, request
from flask.testing import FlaskClient
from flask_babel import gettext as _
from flask_htmx import HTMX

from companion import i18n
from companion.live import Hub
from companion.serving import app_settings
from companion.store import SaveFailed, Store
from companion.tracker.record_core import MAX_RECORD_BYTES
from companion.web.sessions import CheckedOnceSessions
from companion.web.urls import url_for as remembered_url_for

# The import route takes a whole record (and the form around it); every other POST is small.
IMPORT_ENDPOINT = "records.import_record"
MAX_IMPORT_BODY = MAX_RECORD_BYTES + 64 * 1024

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' {styles}; img-src 'self' data:; "
    "media-src data:; "  # NoSleep.js keeps a phone awake with a tiny data: video (wake.js)
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)


class ServerLikeClient(FlaskClient):
    """Flask's test client, closing each answer once it is read, as a WSGI server does once
    it has written it (waitress): what the app does on close (waking the phones after the
    referee's answer, `console.submit`) happens in tests too. Live streams stay open."""

    def open(self, *args: Any, **kwargs: Any):
        response = super().open(*args, **kwargs)
        if response.mimetype != "text/event-stream":
            response.make_sequence()
            response.close()
        return response


def _instance_secret(path: Path) -> str:
    """Read a secret from the instance folder, creating it on first run."""
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


def build_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Create the app; `test_config` overrides settings (tests pass a temporary instance)."""
    app = Flask("companion", instance_relative_config=True)
    app.test_client_class = ServerLikeClient
    app.session_interface = CheckedOnceSessions()
    app.jinja_env.globals["url_for"] = remembered_url_for  # the templates' addresses, built once
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
        # The console's guard against a double tap (app.js): new choices arm this long after
        # they appear, and never sooner than TAP_REPEAT_MS after the last tap sent. The
        # browser tests shorten both, but for the double-tap tests that measure them.
        TAP_ARM_MS=500,
        TAP_REPEAT_MS=1000,
        **app_settings(),
        PUBLIC_URL=None,
    )
    if test_config:
        app.config.update({k: v for k, v in test_config.items() if k != "INSTANCE_PATH"})
    i18n.init_app(app)
    HTMX(app)
    hub = Hub(app.config["SSE_MAX_STREAMS"], app.config["SSE_PER_TOKEN"])
    app.extensions["companion.hub"] = hub
    store = Store(app.config["DATABASE"], notify=hub.notify)
    store.on_revoke = hub.revoke
    app.extensions["companion.store"] = store

    from companion.web import (
        auth,
        board,
        console,
        fragments,
        games,
        gameshells,
        group,
        lang,
        macros,
        moment,
        phones,
        records,
        rulebook,
        rules,
        seat,
        story,
        svg,
        taps,
        wire,
    )

    store.on_finished = lambda game: group.keep_summary(store, game)  # the group's history
    app.jinja_env.globals.update(
        fragment=fragments.fragment,
        ladder_svg=svg.ladder_svg,
        chart_svg=svg.chart_svg,
        compass_svg=svg.compass_svg,
        shape_icon=svg.shape_icon,
        cite_link=rules.cite_link,
        csrf_token=auth.csrf_token,  # for the forms' macros (_forms.html), imported without context
        games_offered=gameshells.games_offered,
        phone_waiting=phones.waiting_for,
    )
    for shell in gameshells.SHELLS.values():  # each game's own helpers for its templates
        app.jinja_env.globals.update(shell.template_globals)
    app.jinja_env.globals.update(macros.shared_macros(app.jinja_env))

    from companion.web import entering, handover  # noqa: F401  (their routes join the console's)

    app.register_blueprint(lang.bp)
    for module in (auth, games, console, moment, seat, board, records, rulebook, story, group):
        app.register_blueprint(module.bp)
    app.before_request(gameshells.refuse_unserved)
    app.register_blueprint(taps.bp)
    wire.init_app(app)

    @app.before_request
    def limit_bodies():
        # Read (and so size-check) every POST body before any view runs: a view that
        # ignores its body must still refuse an oversized one (413).
        if request.method == "POST":
            if request.endpoint == IMPORT_ENDPOINT:
                request.max_content_length = MAX_IMPORT_BODY
            request.form  # noqa: B018

    @app.after_request
    def security_headers(response):
        response.headers["Content-Security-Policy"] = CSP.format(styles=wire.inline_hashes(app))
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["X-Frame-Options"] = "DENY"
        response.vary.add("HX-Request")
        response.vary.update(("Cookie", "Accept-Language"))  # each device its own language
        if request.endpoint and not request.endpoint.startswith("static"):
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @app.errorhandler(404)
    def not_found(error):
        return error_page(_("Not found"), _("There is nothing at this address."), 404)

    @app.errorhandler(413)
    def too_large(error):
        if request.endpoint == IMPORT_ENDPOINT:
            message = _(
                "That game record is too large (%(mb)d MB at most).",
                mb=MAX_RECORD_BYTES // (1024 * 1024),
            )
        else:
            message = _("That upload is too large (512 KB at most).")
        return error_page(_("Too large"), message, 413)

    @app.errorhandler(400)
    def bad_request(error):
        return error_page(
            _("Bad request"),
            _("The page sent something this app cannot read. Reload it and try again."),
            400,
        )

    @app.errorhandler(500)
    def server_error(error):
        return error_page(
            _("Something went wrong"),
            _(
                "The app could not answer this request. What was recorded before is kept; "
                "reload the page."
            ),
            500,
        )

    @app.errorhandler(405)
    def not_allowed(error):
        return error_page(
            _("Not allowed"), _("That address does not take this kind of request."), 405
        )

    @app.errorhandler(SaveFailed)
    @app.errorhandler(sqlite3.OperationalError)
    def not_saved(error):
        # The console answers its own (with the console); every other write lands here.
        reason = getattr(error, "reason", None) or SaveFailed.from_error(error).reason
        return error_page(_("Not saved"), taps.save_message(reason), 503)

    return app


def error_page(title: str, message: str, status: int):
    """The error page of an error handler: what went wrong and what to do, with its status."""
    return render_template("error.html", title=title, message=message), status
