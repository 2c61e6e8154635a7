"""The session cookie (it holds the CSRF token), its signature checked once per cookie.

Flask checks the cookie's signature on every request: a new serializer, a derived key and
two HMACs, a fiftieth of a referee's tap. The referee's browser and each phone send the same
cookie tap after tap, so a cookie whose signature held is remembered by its exact text (the
same text signs alike with the same keys), and only its age is checked again, as
itsdangerous checks it.
"""

from __future__ import annotations

import copy
import time
from functools import lru_cache
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

REMEMBERED = 256  # cookies: a referee's tabs and a table's phones, many times over


class CheckedOnceSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, each cookie's signature checked once."""

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The request's session, from the cookie remembered if its signature held before."""
        text = request.cookies.get(self.get_cookie_name(app))
        if not text or not app.secret_key:
            return super().open_session(app, request)
        keys = (app.secret_key, *(app.config.get("SECRET_KEY_FALLBACKS") or ()))
        try:
            data, signed_at = _signed(self, app, keys, text)
        except BadSignature:
            return self.session_class()
        age = int(time.time()) - signed_at
        if age > app.permanent_session_lifetime.total_seconds() or age < 0:
            return self.session_class()  # expired, or from the future: as itsdangerous says
        return self.session_class(copy.deepcopy(data))  # a view may change its own copy


@lru_cache(maxsize=REMEMBERED)
def _signed(interface: CheckedOnceSessions, app: Flask, keys: tuple, text: str) -> tuple[Any, int]:
    """A cookie's data and when it was signed, if its signature holds with `keys` (the app's
    keys when it was checked: a new key checks it again); BadSignature if not (not kept)."""
    data, signed = interface.get_signing_serializer(app).loads(text, return_timestamp=True)
    return data, int(signed.timestamp())
