"""The public board: read-only, for a TV; everything on the table, nobody's controls."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask_babel import gettext as _

from companion.store import NotFound
from companion.web.common import page_or_partial, store, unchanged_since
from companion.web.gameshells import shell_of
from companion.web.manifest import manifest_response
from companion.web.story import story_context
from companion.web.streams import live_response

bp = Blueprint("board", __name__, url_prefix="/b/<token>")


def _game(token: str):
    try:
        return store().get(store().find_board(token))
    except NotFound:
        abort(404)


@bp.route("")
def page(token: str):
    """The board page; once the game is over, its story (the ranking, then the charts)."""
    game = _game(token)
    if game.over:
        return page_or_partial("story_board.html", "_board_story.html", **_story(game, token))
    shell = shell_of(game)
    return page_or_partial(
        shell.templates["board"], shell.templates["_board"], **shell.board(game, token)
    )


@bp.route("/view")
def view(token: str):
    """The board partial (the story once the game is over); 204 if nothing changed since
    `since`."""
    game = _game(token)
    if unchanged_since(game.revision):
        return "", 204
    if game.over:
        return render_template("_board_story.html", **_story(game, token))
    shell = shell_of(game)
    return render_template(shell.templates["_board"], **shell.board(game, token))


def _story(game, token: str) -> dict:
    """The TV once the game is over: the game's own final word (its ranking), then the story."""
    shell = shell_of(game)
    return {
        **shell.board(game, token),
        **story_context(game, "board", token),
        "final": shell.templates["_final"],
    }


@bp.route("/events")
def events(token: str):
    """Server-sent events for the board."""
    game = _game(token)
    return live_response(game.id, game.revision)


@bp.route("/manifest.webmanifest")
def manifest(token: str):
    """The board's manifest: its home-screen icon opens the public board."""
    game = _game(token)
    return manifest_response(
        f"{game.name} · {_('Board')}", _("Board"), url_for("board.page", token=token)
    )
