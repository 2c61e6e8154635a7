"""A player's phone: the seat view, opened by its QR link, live by server-sent events."""

from __future__ import annotations

import sqlite3

from flask import Blueprint, abort, current_app, render_template, request, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Conflict, NotFound, SaveFailed, TapGivenUp, TapRecorded, valid_tap
from companion.tracker.colors import Color
from companion.tracker.errors import ActionError, IllegalAction, InvalidAction
from companion.tracker.msg import msg
from companion.web import phones
from companion.web.auth import SEAT_COOKIE, check_csrf
from companion.web.common import page_or_partial, store, unchanged_since, wants_partial
from companion.web.gameshells import served, shell_of
from companion.web.manifest import manifest_response
from companion.web.rules import refusal
from companion.web.streams import live_response
from companion.web.taps import given_up_message, recorded_note, save_message, settled

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
    whole = request.endpoint == "seat.page" and not wants_partial()
    return revoked_page(exc.game_id, whole)


def revoked_page(game_id: str, whole: bool = True):
    """The 410 answer to a revoked seat's link: the page (or its `#seat` alone) that says to
    ask the referee for the new code."""
    try:
        revision = store().get(game_id).revision
    except NotFound:
        revision = 0
    message = _("This code was revoked: ask the referee for your new one")
    page = "revoked_seat.html" if whole else "_revoked_seat.html"
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
    """A phone's own choice: the awaited player's (both colors in double play, never the
    decoy's) while the players choose on their phones, or a secret one (a kept token, a
    sealed bid) whoever enters the rest; answers the seat partial, with a refusal in place
    (409 the table moved on, 422 not this phone's to make now or refused by the rules)."""
    check_csrf()  # this session's token, from this app's own page (as the console's posts)
    game, color = _seat(token)
    shell = shell_of(game)
    return entered(game, color, lambda: shell.action_from_form(game.state, request.form, color))


@bp.route("/roll", methods=["POST"])
def roll(token: str):
    """ "Roll for me" on the awaited player's phone: the app rolls the dice awaited (as the
    console's button does; 404 for a game whose dice are not the app's tool)."""
    check_csrf()
    game, color = _seat(token)
    app_roll = served(shell_of(game).app_roll)

    def rolled():
        awaited = game.core.prompt(game.state)
        if not phones.may_choose(game, color):
            raise IllegalAction(
                msg("the dice awaited now are not yours to roll: {awaited}", awaited=awaited.msg),
                awaited.source,
            )
        action = app_roll(game.state)
        if action is None:
            raise InvalidAction(msg("no dice are awaited now"))
        return action

    return entered(game, color, rolled)


def entered(game, color: Color, make):
    """Record the action `make` builds for this phone, if this phone may enter it now; the
    seat partial answers, the other screens are woken once it is written (as the console)."""
    with store().notices_held() as held:
        html, status = _entered(game, color, make)
        response = current_app.make_response((html, status))
        response.call_on_close(held.later())
        return response


def _entered(game, color: Color, make):
    shell = shell_of(game)
    error, note, status = None, None, 200
    tap = request.form.get("tap") or None
    try:
        seen = int(request.form.get("revision", ""))
        if tap is not None and not valid_tap(tap):
            raise ValueError(tap)
    except ValueError:
        error, status = _("The form was damaged; nothing was recorded."), 422
    else:
        error, note, status, game = _record(game, color, make, seen, tap)
    html = render_template(
        shell.templates["_seat"], **{**shell.seat(game, color), "error": error, "note": note}
    )
    return html, status


def _record(game, color: Color, make, seen: int, tap: str | None):
    """(error, note, status, game) of one phone's submission."""
    shell = shell_of(game)
    try:
        if tap:
            store().check_tap(game.id, tap)  # a tap already recorded, before anything else
        if seen != game.revision:  # the table moved on: say so before whose turn it is now
            raise Conflict(store().describe_since(game, seen), game.revision)
        why = phones.refusal(game, color, shell.secret_choice(game.state))
        if why is not None:
            return why, None, 422, game
        action = make()
        game, _events = store().append(game.id, action, seen, tap=tap)
    except Conflict as exc:
        return t(exc), None, 409, store().get(game.id)
    except TapRecorded as exc:
        return None, recorded_note(exc.seq), 200, store().get(game.id)
    except TapGivenUp:
        return given_up_message(), None, 409, store().get(game.id)
    except ActionError as exc:
        return refusal(exc, game.setup.rulebook), None, 422, game
    except (SaveFailed, sqlite3.OperationalError) as exc:
        reason = exc.reason if isinstance(exc, SaveFailed) else SaveFailed.from_error(exc).reason
        return save_message(reason), None, 503, store().get(game.id)
    if shell.follow is not None:
        game = shell.follow(game, action)  # the app rolls by itself, if set up so
    return None, None, 200, game


@bp.route("/taps/<tap>/settle", methods=["POST"])
def settle(token: str, tap: str):
    """Was this phone's tap recorded? (after no answer came: the laptop unreachable)."""
    check_csrf()
    game, _color = _seat(token)
    return settled(game, tap)


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
