"""The language switch: a device chooses its language, kept a year in a cookie.

A plain link on every page (phones, the TV, the console): `/lang/<code>?next=<page>` sets the
`lang` cookie and goes back to the page it came from. It changes nothing stored, so it
needs no referee, no CSRF token, and works for seat and board links too.
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request

from companion.i18n import COOKIE, COOKIE_AGE, LANGUAGES, safe_next

bp = Blueprint("lang", __name__)


@bp.route("/lang/<code>")
def switch(code: str):
    """Remember this device's language and return to the page (a path on this site)."""
    if code not in LANGUAGES:
        abort(404)
    response = redirect(safe_next(request.args.get("next")), code=303)
    response.set_cookie(COOKIE, code, max_age=COOKIE_AGE, httponly=True, samesite="Lax")
    return response
