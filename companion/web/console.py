"""The referee console: the prompt, the legal choices, the board, the explained log."""

from __future__ import annotations

import secrets
import sqlite3
from functools import wraps

from flask import (
    Blueprint,
    abort,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from companion.i18n import t
from companion.qr import qr_svg
from companion.store import (
    Conflict,
    Game,
    NotFound,
    SaveFailed,
    TapGivenUp,
    TapRecorded,
    valid_tap,
)
from companion.tracker.colors import Color, color_ref
from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.msg import Seq, msg
from companion.tracker.record_core import Undo
from companion.web.auth import referee_required
from companion.web.common import store, unchanged_since, wants_partial
from companion.web.gameshells import GameShell, served, shell_of
from companion.web.rules import refusal
from companion.web.shapes import SHAPES
from companion.web.streams import live_response, revision_seen, stale
from companion.web.taps import bad_tap, given_up_message, recorded_note, save_message

bp = Blueprint("console", __name__, url_prefix="/games/<game_id>")


def load(game_id: str) -> Game:
    """The game, or 404."""
    try:
        return store().get(game_id)
    except NotFound:
        abort(404)


def base_url() -> str:
    """The address phones use to reach the laptop."""
    from flask import current_app

    return (current_app.config.get("PUBLIC_URL") or request.host_url).rstrip("/")


def render_console(game: Game, status: int = 200, **extra):
    """The console page, or its partial for htmx (the game's own templates and context)."""
    shell = shell_of(game)
    context = shell.console(game, **extra)
    if wants_partial():
        return console_partial(shell, context), status
    return render_template(shell.templates["console"], **context), status


def console_partial(shell: GameShell, context: dict) -> str:
    """The console partial (every tap's answer): the game's `_console` template."""
    return render_template(shell.templates["_console"], **context)


def tap_route(rule: str):
    """A console tap's view: the referee's POST to `rule`, answered once per tap (`tapped`)."""

    def register(view):
        return bp.route(rule, methods=["POST"])(referee_required(tapped(view)))

    return register


def tapped(view):
    """Answer a tap already seen (or a damaged one) before the view parses the form: a
    repeated tap's form was made for a state that has moved on."""

    @wraps(view)
    def wrapped(game_id: str):
        tap = request.form.get("tap", "")
        if tap:
            game = load(game_id)
            if not valid_tap(tap):
                return render_console(game, status=422, error=bad_tap())
            try:
                store().check_tap(game.id, tap)
            except TapRecorded as exc:
                return render_console(game, note=recorded_note(exc.seq))
            except TapGivenUp:
                return render_console(game, status=409, error=given_up_message(), conflict=True)
        return view(game_id)

    return wrapped


def submit(game: Game, entry):
    """Append an entry; answer with the console, or the refusal in place (422 / 409), or
    503 when it could not be saved (nothing changed). The phones' live streams are woken
    once the answer has been written to the referee (the server closes the response; the
    entry is committed before either)."""
    with store().notices_held() as held:
        response = make_response(_submit(game, entry))
        response.call_on_close(held.later())
        return response


def _submit(game: Game, entry):
    try:
        seen = revision_seen()
        game, _ = store().append(game.id, entry, seen, tap=request.form.get("tap") or None)
    except Conflict as exc:
        return render_console(store().get(game.id), status=409, error=t(exc), conflict=True)
    except ActionError as exc:
        return render_console(game, status=422, error=refusal(exc, game.setup.rulebook))
    except TapRecorded as exc:
        return render_console(store().get(game.id), note=recorded_note(exc.seq))
    except TapGivenUp:
        return render_console(
            store().get(game.id), status=409, error=given_up_message(), conflict=True
        )
    except (SaveFailed, sqlite3.OperationalError) as exc:
        reason = exc.reason if isinstance(exc, SaveFailed) else SaveFailed.from_error(exc).reason
        return render_console(store().get(game.id), status=503, error=save_message(reason))
    follow = shell_of(game).follow
    if follow is not None:
        game = follow(game, entry)  # the app rolls by itself, if set up so
    if not wants_partial():
        return redirect(url_for("console.view", game_id=game.id), code=303)
    if isinstance(entry, Undo):
        return render_console(game)  # undone entries change their look: the whole log
    # Only the new entries: the browser keeps the ones it shows (the newest's "Back to here"
    # shows once it is no longer the newest, by the style sheet).
    return render_console(game, log_from=seen + 1)


@bp.route("")
@referee_required
def view(game_id: str):
    """The console of a game (its shell reads what else the address asks, e.g. `group`)."""
    return render_console(load(game_id))


@bp.route("/view")
@referee_required
def live_view(game_id: str):
    """The console partial for a referee's live follow; 204 if nothing changed since `since`."""
    game = load(game_id)
    if unchanged_since(game.revision):
        return "", 204
    shell = shell_of(game)
    return console_partial(shell, shell.console(game))


@bp.route("/events")
@referee_required
def events(game_id: str):
    """Server-sent events for the console: `revision N` whenever the game changes."""
    game = load(game_id)
    return live_response(game.id, game.revision)


@tap_route("/act")
def act(game_id: str):
    """Submit a choice: a legal action, dice seen, a space clicked, cubes carried."""
    game = load(game_id)
    try:
        action = shell_of(game).action_from_form(game.state, request.form, None)
    except ActionError as exc:
        if (moved := stale(game)) is not None:  # refused because the table moved on
            return render_console(game, status=409, error=t(moved), conflict=True)
        return render_console(game, status=422, error=refusal(exc, game.setup.rulebook))
    return submit(game, action)


@bp.route("/preview")
@referee_required
def preview(game_id: str):
    """The line a console form being filled in shows before it is sent (Urland's retreat
    from several areas); 404 for a game without such forms."""
    game = load(game_id)
    return served(shell_of(game).preview)(game, request.args, None)


@tap_route("/chance")
def chance(game_id: str):
    """The app draws what chance decides now (a token, the deal, genes, an erupting region):
    the game's items, shuffled here; 409 when nothing is left to chance."""
    game = load(game_id)
    action = chance_action(game)
    if action is None:
        moved = stale(game)  # a draw someone else made meanwhile: say that the table moved on
        error = t(moved) if moved else _("Nothing is to be drawn now.")
        return render_console(game, status=409, error=error, conflict=moved is not None)
    return submit(game, action)


def chance_action(game: Game):
    """The action a fair shuffle of what chance decides now gives, or None."""
    items = game.core.chance(game.state)
    if items is None:
        return None
    order = list(items)
    secrets.SystemRandom().shuffle(order)
    return game.core.from_shuffle(game.state, tuple(order))


@tap_route("/roll")
def roll(game_id: str):
    """The app rolls the awaited dice, or draws the next environment card."""
    game = load(game_id)
    action = served(shell_of(game).app_roll)(game.state)
    if action is None:
        return render_console(game, status=422, error=_("No dice or card is awaited now."))
    return submit(game, action)


@tap_route("/undo")
def undo(game_id: str):
    """Undo the last action, or go back to just after a log entry (recorded, never erased)."""
    game = load(game_id)
    try:
        if request.form.get("seq"):
            to = game.undo_target(int(request.form["seq"]))
        else:
            to = len(game.history.in_force) - 1  # O(1): the chain knows its size
            if to < 0:
                raise InvalidAction(msg("there is nothing to undo"))
    except ValueError:
        return render_console(game, status=422, error=_("Which entry? The form was damaged."))
    except ActionError as exc:
        return render_console(game, status=422, error=refusal(exc, game.setup.rulebook))
    return submit(game, Undo(to))


@tap_route("/correct")
def correct(game_id: str):
    """A referee correction: set a tracked quantity to what the table shows, with a reason."""
    game = load(game_id)
    read = served(shell_of(game).correction_from_form)
    try:
        action = read(request.form)
    except (ValueError, KeyError):
        return render_console(
            game,
            status=422,
            error=_("The correction needs a field, a whole number value and what it applies to."),
        )
    except ActionError as exc:  # a correction the console may not send (a secret's)
        return render_console(game, status=422, error=refusal(exc, game.setup.rulebook))
    return submit(game, action)


@bp.route("/correction")
@referee_required
def correction(game_id: str):
    """The correction form, fetched when the referee opens it (a tap's answer leaves it out)."""
    game = load(game_id)
    shell = shell_of(game)
    context = served(shell.correction_form)(game)
    return render_template(shell.templates["_correction_form"], **context)


@bp.route("/seats")
@referee_required
def seats(game_id: str):
    """A printable sheet of every seat's QR code, and the public board's."""
    game = load(game_id)
    base = base_url()
    tokens = store().seat_tokens(game.id)
    cards = []
    # One code per person: in double play a person's phone shows both colors (000 §Ursuppe
    # para 2 jugadores), so the code of their first color is the one handed out.
    for person in game.setup.people:
        color = person.holder
        if person.decoy:  # nobody holds the decoy's seat: it plays itself (000 §para 2)
            cards.append(
                {
                    "label": _person_ref(game.setup, person),
                    "decoy": True,
                    "colors": [c.value for c in person.colors],
                }
            )
            continue
        url = f"{base}/s/{tokens[color.value]}"
        cards.append(
            {
                "name": person.name,
                "label": _person_ref(game.setup, person),
                "color": color.value,
                "colors": [c.value for c in person.colors],
                "url": url,
                "svg": qr_svg(url),
            }
        )
    board_url = f"{base}/b/{game.board_token}"
    return render_template(
        "seats.html",
        game=game,
        cards=cards,
        shapes=SHAPES,
        board={"url": board_url, "svg": qr_svg(board_url)},
    )


def _person_ref(setup, person) -> Seq:
    """A person as the seats sheet names them: `Ana ● red + ▲ yellow` in double play."""
    if len(person.colors) == 1:
        return setup.player_refs.get(person.colors[0]) or color_ref(person.colors[0])
    return Seq((person.name, Seq(tuple(color_ref(c) for c in person.colors), " + ")))


@bp.route("/seats/<color>/reissue", methods=["POST"])
@referee_required
def reissue(game_id: str, color: str):
    """Revoke a seat's link (a lost or shared phone) and issue a new QR code."""
    game = load(game_id)
    if color not in {s.color.value for s in game.setup.seats}:
        abort(404)
    person = next(p for p in game.setup.people if Color(color) in p.colors)
    if person.decoy:
        abort(404)  # nobody holds the decoy's seat: there is no code to revoke
    for other in person.colors:  # every code of the person
        store().reissue_seat(game.id, other.value)
    return redirect(url_for("console.seats", game_id=game.id), code=303)


@bp.route("/log")
@referee_required
def history(game_id: str):
    """The whole explained history of a game, undone entries included (dispute review)."""
    game = load(game_id)
    return render_template("history.html", game=game, log=list(reversed(game.log)))


@bp.route("/standings")
@referee_required
def standings(game_id: str):
    """Standings and the chart of every marker round by round."""
    game = load(game_id)
    shell = shell_of(game)
    return render_template(shell.templates["standings"], **shell.standings(game))
