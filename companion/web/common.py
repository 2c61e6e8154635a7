"""Helpers shared by the blueprints: the store, the hub, and page-or-partial rendering."""

from __future__ import annotations

from flask import current_app, render_template, request

from companion.live import Hub
from companion.store import Store


def store() -> Store:
    """The app's store."""
    return current_app.extensions["companion.store"]


def hub() -> Hub:
    """The app's live-update hub."""
    return current_app.extensions["companion.hub"]


def wants_partial() -> bool:
    """Whether htmx made this request and wants only the partial (HX-Request)."""
    return (
        request.headers.get("HX-Request") == "true"
        and request.headers.get("HX-History-Restore-Request") != "true"
    )


def page_or_partial(page: str, partial: str, status: int = 200, **context):
    """The whole page, or only the partial when htmx asks."""
    return render_template(partial if wants_partial() else page, **context), status


def unchanged_since(revision: int) -> bool:
    """Whether a polling view's `since` names the current revision (answer 204)."""
    since = request.args.get("since", "")
    return since.isascii() and since.isdigit() and int(since) == revision
