"""The laptop handed to one player whose phone died: the private part of their secret choice
(Urland's three tokens to keep one of), fetched only when that player taps their own opener on
the console, never kept by the browser, on the console's routes (`web/urland/private.py`)."""

from __future__ import annotations

from flask import make_response, request

from companion.web.auth import referee_required
from companion.web.console import bp, load
from companion.web.gameshells import served, shell_of


@bp.route("/private")
@referee_required
def private(game_id: str):
    """A seat's secret choice for the laptop (`seat`: its color); 404 for a game without."""
    game = load(game_id)
    response = make_response(served(shell_of(game).private)(game, request.args))
    response.headers["Cache-Control"] = "no-store"
    return response
