"""A player's phone: the seat view, opened by its QR link, live by server-sent events."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Conflict, NotFound, SaveFailed
from companion.tracker.colors import Color
from companion.tracker.errors import ActionError
from companion.web.auth import SEAT_COOKIE, check_csrf
from companion.web.common import page_or_partial, store, unchanged_since, wants_partial
from companion.web.gameshells import served, shell_of
from companion.web.manifest import manifest_response
from companion.web.rules import refusal
from companion.web.streams import live_response, stale
from companion.web.taps import save_message

bp = Blueprint("seat", __name__, url_prefix="/s/<token>")


class Revoked(Exception):
    """The seat's link was revoked (the referee issued a new one)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id


def _seat(token: str):
    try:
        game_id, color, revoked = store().find_seat(token)
    except NotFound:
        abort(404)
    if revoked:
        raise Revoked(game_id)
    return store().get(game_id), Color(color)


@bp.errorhandler(Revoked)
def revoked(exc: Revoked):
    """410 with a `#seat` that says so and polls no more (its page, or the bare partial)."""
    try:
        revision = store().get(exc.game_id).revision
    except NotFound:
        revision = 0
    message = _("This code was revoked: ask the referee for your new one")
    page = "revoked_seat.html" if request.endpoint == "seat.page" else "_revoked_seat.html"
    if wants_partial():
        page = "_revoked_seat.html"
    return render_template(page, message=message, revision=revision), 410


@bp.route("")
def page(token: str):
    """The seat page; the token stays in a cookie so the phone finds its way back."""
    game, color = _seat(token)
    shell = shell_of(game)
    templates = shell.templates
    html, status = page_or_partial(templates["seat"], templates["_seat"], **shell.seat(game, color))
    response = current_app.make_response((html, status))
    response.set_cookie(SEAT_COOKIE, token, max_age=60 * 60 * 24 * 2, httponly=True, samesite="Lax")
    return response


@bp.route("/view")
def view(token: str):
    """The seat partial; 204 if nothing changed since `since` (the polling fallback)."""
    game, color = _seat(token)
    if unchanged_since(game.revision):
        return "", 204
    shell = shell_of(game)
    return render_template(shell.templates["_seat"], **shell.seat(game, color))


@bp.route("/act", methods=["POST"])
def act(token: str):
    """A phone's own choice, in a game whose phones take choices (a token kept, a sealed
    bid); answers the seat partial, with the refusal in place (422 / 409)."""
    check_csrf()  # this session's token, from this app's own page (as the console's posts)
    game, color = _seat(token)
    shell = shell_of(game)
    if not shell.seat_acts:
        abort(404)
    error = None
    status = 200
    try:
        seen = int(request.form.get("revision", ""))
        action = shell.action_from_form(game.state, request.form, color)
        game, _events = store().append(game.id, action, seen)
    except ValueError:
        error, status = _("The form was damaged; nothing was recorded."), 422
    except Conflict as exc:
        game, error, status = store().get(game.id), t(exc), 409
    except ActionError as exc:
        if (moved := stale(game)) is not None:  # refused because the table moved on
            error, status = t(moved), 409
        else:
            error, status = refusal(exc, game.setup.rulebook), 422
    except SaveFailed as exc:
        game, error, status = store().get(game.id), save_message(exc.reason), 503
    html = render_template(shell.templates["_seat"], **{**shell.seat(game, color), "error": error})
    return html, status


@bp.route("/preview")
def preview(token: str):
    """The line a phone's form being filled in shows before it is sent (as the console's)."""
    game, color = _seat(token)
    return served(shell_of(game).preview)(game, request.args, color)


@bp.route("/events")
def events(token: str):
    """Server-sent events: `revision N` whenever the game changes."""
    game, _ = _seat(token)
    return live_response(game.id, game.revision)


@bp.route("/manifest.webmanifest")
def manifest(token: str):
    """This seat's manifest: its home-screen icon is named for the player and opens the seat."""
    game, color = _seat(token)
    name = next(s.name for s in game.setup.seats if s.color == color)
    return manifest_response(f"{name} · {game.core.title}", name, url_for("seat.page", token=token))
