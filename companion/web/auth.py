"""Who may do what: the referee (writes), a seat (its own view), the public board (reads).

The referee's link carries the token printed in the terminal; it is then kept in a cookie.
Every state-changing request must carry the session's CSRF token (a header set by htmx, or
a form field) and come from this app's own origin.
"""

from __future__ import annotations

import hmac
import secrets
from functools import wraps
from urllib.parse import urlsplit

from flask import Blueprint, abort, current_app, redirect, render_template, request, session
from flask_babel import gettext as _

bp = Blueprint("auth", __name__)

REFEREE_COOKIE = "companion_referee"
SEAT_COOKIE = "companion_seat"


def csrf_token() -> str:
    """This session's CSRF token (created on first use)."""
    token = session.get("csrf")
    if not token:
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def is_referee() -> bool:
    """Whether the request carries the referee's token (cookie)."""
    given = request.cookies.get(REFEREE_COOKIE, "")
    return bool(given) and hmac.compare_digest(given, current_app.config["REFEREE_TOKEN"])


def referee_required(view):
    """Only the referee may open this page or make this change."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        if not is_referee():
            return render_template(
                "error.html",
                title=_("Referee only"),
                message=_(
                    "This page belongs to the referee. Open the referee link printed in the "
                    "laptop's terminal, or scan your seat's QR code."
                ),
            ), 403
        if request.method == "POST":
            check_csrf()
        return view(*args, **kwargs)

    return wrapped


def check_csrf() -> None:
    """Refuse a state-changing request without this session's token or from another origin."""
    origin = request.headers.get("Origin") or request.headers.get("Referer")
    if origin and urlsplit(origin).netloc != request.host:
        abort(403, _("Refused: this request did not come from the console page."))
    sent = request.headers.get("X-CSRF-Token") or request.form.get("csrf", "")
    expected = session.get("csrf", "")
    if not expected or not hmac.compare_digest(sent, expected):
        abort(
            403,
            _("Refused: the page was out of date or not from this app. Reload it and try again."),
        )


@bp.app_context_processor
def inject_auth():
    """Templates see the CSRF token and whether the viewer is the referee."""
    return {"csrf_token": csrf_token, "is_referee": is_referee}


@bp.route("/healthz")
def healthz():
    """A fixed small response: liveness for the referee, and the benchmark's bare route."""
    return "ok", 200, {"Content-Type": "text/plain"}


@bp.route("/referee/<token>")
def referee_login(token: str):
    """The referee link: keep the token in a cookie and go to the games."""
    if not hmac.compare_digest(token, current_app.config["REFEREE_TOKEN"]):
        return render_template(
            "error.html",
            title=_("Wrong link"),
            message=_(
                "This referee link is not valid. Use the one printed in the laptop's terminal."
            ),
        ), 403
    response = redirect("/", code=303)
    response.set_cookie(
        REFEREE_COOKIE, token, max_age=60 * 60 * 24 * 365, httponly=True, samesite="Lax"
    )
    return response


@bp.app_errorhandler(403)
def forbidden(error):
    """A refused request, explained."""
    message = getattr(error, "description", None) or _("That is not allowed.")
    return render_template("error.html", title=_("Not allowed"), message=message), 403
