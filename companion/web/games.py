"""Games: the list (resume the last game, archive, delete), and the setup page and creation
of a new game, handed to the game's shell (`gameshells.py`; each game's setup page is its
web package's, e.g. `web/ursuppe/setup.py`)."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.store import Game, NotFound
from companion.web.auth import SEAT_COOKIE, is_referee, referee_required
from companion.web.common import store
from companion.web.gameshells import shell_by_key

bp = Blueprint("games", __name__)


@bp.route("/")
def index():
    """The referee's games, or a phone's way back to its seat."""
    if not is_referee():
        token = request.cookies.get(SEAT_COOKIE)
        if token:
            return redirect(url_for("seat.page", token=token), code=303)
        return render_template("welcome.html")
    return render_template("index.html", games=store().list_games())


@bp.route("/games/new")
@referee_required
def new():
    """The setup page of the game asked for (`?game=`; Ursuppe's: players, rule options, the
    group's board, deck and ladder)."""
    return shell_by_key(request.args.get("game")).setup_page()


@bp.route("/games", methods=["POST"])
@referee_required
def create():
    """Create the game the form names (`game`, Ursuppe's if none) and open its console."""
    return shell_by_key(request.form.get("game")).create(request.form)


# ----- the games list: archive and delete ----------------------------------------------------
def _game(game_id: str) -> Game:
    try:
        return store().get(game_id)
    except NotFound:
        abort(404)


@bp.route("/games/<game_id>/archive", methods=["POST"])
@referee_required
def archive(game_id: str):
    """Put a game away from the games list (archived == "1"), or bring it back ("0")."""
    name = _game(game_id).name
    archived = request.form.get("archived", "1") != "0"
    store().set_archived(game_id, archived)
    if archived:
        flash(_("“%(name)s” was archived: it is listed under Archived games.", name=name))
    else:
        flash(_("“%(name)s” is back in the games list.", name=name))
    return redirect(url_for("games.index"), code=303)


@bp.route("/games/<game_id>/delete", methods=["GET", "POST"])
@referee_required
def delete(game_id: str):
    """Ask, then delete a game for good; a backup of the database is taken first."""
    game = _game(game_id)
    name = game.name
    if request.method == "GET":
        return render_template("delete.html", game=game)
    try:
        backup = store().delete_game(game_id)
    except OSError as exc:
        message = _(
            "“%(name)s” was NOT deleted: the backup copy could not be written (%(error)s). "
            "Free some disk space and try again.",
            name=name,
            error=exc.strerror or exc,
        )
        return render_template("delete.html", game=game, error=message), 503
    flash(
        _(
            "“%(name)s” was deleted. A copy of the database from just before is kept with "
            "the backups; to bring it back, stop the server and run: companion restore %(file)s",
            name=name,
            file=backup,
        )
    )
    return redirect(url_for("games.index"), code=303)
