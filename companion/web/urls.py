"""The app's addresses, built once: Flask's `url_for` walks the URL map on every call, and a
console tap asks for the same half-dozen addresses of its game (act, undo, roll, the live
view, the why panel) every time.

Only plain addresses are kept: a page's endpoint with its values, under the request's script
root. Relative endpoints, static files (their version follows the file) and any `_external`,
`_anchor`, `_method` or `_scheme` go to Flask each time.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, has_request_context, request
from flask import url_for as flask_url_for

KEPT = 4096  # the addresses of a few games' pages, their moments and their groups
_KEY = "companion.urls"  # each app keeps its own (an address is its URL map's)


def url_for(endpoint: str, **values: Any) -> str:
    """Flask's `url_for`, remembered for a page's plain address."""
    if (
        endpoint.startswith(".")
        or endpoint == "static"
        or any(name.startswith("_") for name in values)
        or not has_request_context()
    ):
        return flask_url_for(endpoint, **values)
    kept = current_app.extensions.setdefault(_KEY, {})
    key = (request.script_root, endpoint, tuple(sorted(values.items())))
    try:
        found = kept.get(key)
    except TypeError:  # a value that cannot be hashed: built each time
        return flask_url_for(endpoint, **values)
    if found is None:
        # (in the request that asks first: an address depends on nothing else of it)
        if len(kept) >= KEPT:
            kept.clear()  # a long-running server's old games' addresses go
        found = kept[key] = flask_url_for(endpoint, **values)
    return found
