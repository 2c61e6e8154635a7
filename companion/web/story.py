"""The story of a game: how it went (charts with their tables, the decisive moments), for the
referee's console, every phone and the TV, and as one self-contained HTML file to keep.

Each game's web side builds the story from the record (`GameShell.story`), from what lies
open on the table only: the phones and the TV see the same story as the referee, and the
referee's alone links each decisive moment to its moment page (which shows the whole state).
"""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, abort, make_response, render_template

from companion.store import Game, NotFound
from companion.web.auth import referee_required
from companion.web.charts import chart_uri
from companion.web.common import store
from companion.web.console import load
from companion.web.gameshells import served, shell_of
from companion.web.records import attachment
from companion.web.seat import revoked_page

bp = Blueprint("story", __name__)

STATIC = Path(__file__).resolve().parents[1] / "static"
SIZE = {"referee": "small", "seat": "phone", "board": "tv", "file": "small"}


def story_context(game: Game, reader: str, token: str | None = None) -> dict:
    """The story page's context for a reader: "referee", "seat", "board" or "file"."""
    context = dict(served(shell_of(game).story)(game))
    size = SIZE[reader]
    context["charts"] = [{**c, "uri": chart_uri(c["chart"], size)} for c in context["charts"]]
    return {
        **context,
        "game": game,
        "reader": reader,
        "token": token,
        "revision": game.revision,
    }


def _seat_game(token: str) -> Game:
    """A seat link's game; 404 for no such link, 410 for a revoked one (as the seat says)."""
    try:
        game_id, _color, revoked = store().find_seat(token)
    except NotFound:
        abort(404)
    if revoked:  # as the seat's own pages answer: ask the referee for the new code
        abort(make_response(revoked_page(game_id)))
    return store().get(game_id)


def _board_game(token: str) -> Game:
    try:
        return store().get(store().find_board(token))
    except NotFound:
        abort(404)


@bp.route("/games/<game_id>/story")
@referee_required
def referee(game_id: str):
    """The story, for the referee (each decisive moment links to its moment page)."""
    game = load(game_id)
    return render_template("story.html", **story_context(game, "referee"))


@bp.route("/s/<token>/story")
def seat(token: str):
    """The story, on a player's phone."""
    return render_template("story.html", **story_context(_seat_game(token), "seat", token))


@bp.route("/b/<token>/story")
def board(token: str):
    """The story, on the TV."""
    return render_template("story.html", **story_context(_board_game(token), "board", token))


@bp.route("/games/<game_id>/story/export")
@referee_required
def export(game_id: str):
    """The story as one HTML file (charts and text inline, nothing fetched)."""
    return _export(load(game_id))


@bp.route("/s/<token>/story/export")
def seat_export(token: str):
    """The story as one HTML file, from a player's phone."""
    return _export(_seat_game(token))


def _export(game: Game):
    style = (STATIC / "story.css").read_text(encoding="utf-8")
    html = render_template("story_file.html", style=style, **story_context(game, "file"))
    name = f"{game.name}-{game.created[:10]}"
    headers = {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Disposition": attachment(name, game.core.key, "html"),
    }
    return html, 200, headers
