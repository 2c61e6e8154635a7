"""The session cookie (it holds the CSRF token), its signature checked once per cookie.

Flask checks the cookie's signature on every request: a new serializer, a derived key and
two HMACs, a fiftieth of a referee's tap. The referee's browser and each phone send the same
cookie tap after tap, so a cookie whose signature held is remembered by its exact text (the
same text signs alike with the same keys), and only its age is checked again, as Flask would.
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

REMEMBERED = 256  # cookies: a referee's tabs and a table's phones, many times over


class CheckedOnceSessions(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, each cookie's signature checked once."""

    def __init__(self) -> None:
        self._checked: OrderedDict[tuple, tuple[Any, int]] = OrderedDict()
        self._lock = threading.Lock()  # waitress answers on many threads

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """The request's session, from the cookie remembered if its signature held before."""
        text = request.cookies.get(self.get_cookie_name(app))
        if not text or not app.secret_key:
            return super().open_session(app, request)
        key = (app.secret_key, tuple(app.config.get("SECRET_KEY_FALLBACKS") or ()), text)
        max_age = int(app.permanent_session_lifetime.total_seconds())
        with self._lock:
            found = self._checked.get(key)
            if found is not None:
                self._checked.move_to_end(key)
        if found is None:
            serializer = self.get_signing_serializer(app)
            try:
                data, signed = serializer.loads(text, return_timestamp=True)
            except BadSignature:
                return self.session_class()
            found = (data, int(signed.timestamp()))
            with self._lock:
                self._checked[key] = found
                if len(self._checked) > REMEMBERED:
                    self._checked.popitem(last=False)
        data, signed_at = found
        age = int(time.time()) - signed_at
        # The age, first load or not, checked here once (itsdangerous' own max_age check
        # would repeat it): expired, or from the future, as itsdangerous refuses it.
        if age > max_age or age < 0:
            with self._lock:
                self._checked.pop(key, None)
            return self.session_class()
        return self.session_class(copy.deepcopy(data))  # a view may change its own copy
