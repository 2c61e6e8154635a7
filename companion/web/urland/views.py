"""Urland's web side: its setup page (with the group's board), the contexts of its console,
phones and TV, how a form becomes an action, and its records (its `SHELL`: `__init__.py`).

Who sees what is the core's (`urland.projection`): the console, the TV and the standings get
`project(state, None)` and `choices(state, None)`; a phone gets its own color's. A form's
action is taken only if it is one of the choices offered to that viewer now, so a phone
cannot keep another's token nor the console seal a bid made on the phones (a retreat from
several areas and a phone's own draw are checked by the core as they are: `forms`).
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

from flask import redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.game import URLAND
from companion.tracker.msg import msg
from companion.tracker.record_core import MAX_RECORD_BYTES
from companion.tracker.record_errors import RecordError
from companion.tracker.text import check_text
from companion.tracker.urland import codec, projection
from companion.tracker.urland import moment as umoment
from companion.tracker.urland import record as urecord
from companion.tracker.urland.board import DEFAULT_BOARD, OCEANS, REGIONS, BoardData
from companion.tracker.urland.state import Options, Seat, Step, UrlandSetup
from companion.web.common import store
from companion.web.shapes import GLYPHS, SHAPES, picker, shape_names
from companion.web.urland.forms import retreat_form, special_action
from companion.web.urland.labels import bid_form, groups
from companion.web.urland.private import private_bidders
from companion.web.urland.svg import board_drawing

BOX = "urland_box"  # the group's remembered players, options and board (settings)
SETUP_STEPS = (Step.FIRST_VOLCANO, Step.DEAL, Step.TURN_GENES)  # drawn as the game is made
LOG_SHOWN = 30


# ----- the setup page and the group's board --------------------------------------------------
def _box() -> dict[str, Any]:
    return store().setting(BOX, {}) or {}


def _remembered_board() -> BoardData:
    data = _box().get("setup")
    if data:
        try:
            return codec.setup_from_dict(data).board
        except (InvalidAction, KeyError, TypeError, ValueError):
            pass  # a setup saved by an older version: start from the default again
    return DEFAULT_BOARD


def board_from_form(form: Any) -> BoardData:
    """The board editor's fields: each region's oceans and volcano neighbour, the currents,
    the water strips and the track length; raises InvalidAction naming what is wrong."""
    try:
        shores = tuple(
            (r, tuple(o for o in OCEANS if o in (form.get(f"shore{r}") or "").upper()))
            for r in REGIONS
        )
        volcanoes = tuple((r, (form.get(f"volcano{r}") or "").strip()) for r in REGIONS)
        currents = tuple(_pairs(form.get("currents") or "", upper=True))
        strips = tuple(_pairs(form.get("strips") or ""))
        board = BoardData(shores, currents, strips, volcanoes, int(form.get("track") or "40"))
    except ValueError:
        raise InvalidAction(msg("the track length must be a number")) from None
    problem = board.problem()
    if problem:
        raise InvalidAction(problem)
    return board


def _pairs(text: str, upper: bool = False) -> list[tuple[str, str]]:
    """`A-B, A-C` (or `1-2 2-3`) as pairs."""
    out = []
    for part in text.replace(",", " ").split():
        a, sep, b = part.partition("-")
        if not sep:
            raise InvalidAction(msg("write each pair as two names joined by '-', e.g. A-B"))
        out.append((a.upper(), b.upper()) if upper else (a, b))
    return out


def editor_fields(board: BoardData) -> dict[str, Any]:
    """The editor's values for a board."""
    return {
        "shores": {r: " ".join(o) for r, o in board.shores},
        "volcanoes": dict(board.volcanoes),
        "currents": " ".join(f"{a}-{b}" for a, b in board.currents),
        "strips": " ".join(f"{a}-{b}" for a, b in board.strips),
        "track": board.track_length,
    }


def setup_page(error: str | None = None, form: Any = None, status: int = 200):
    """Urland's setup page: players clockwise, the options, the board drawing and editor."""
    box = _box()
    board = _remembered_board()
    if form is not None:
        try:
            board = board_from_form(form)
        except InvalidAction as exc:
            error = error or t(exc)
    html = render_template(
        "urland/setup.html",
        box=box,
        board=board,
        fields=editor_fields(board),
        drawing=board_drawing(board),
        board_confirmed=bool(box.get("setup")),
        default_board=board == DEFAULT_BOARD,
        colors=[c.value for c in Color],
        shapes=SHAPES,
        shape_names=shape_names(),
        glyphs=GLYPHS,
        regions=REGIONS,
        default_name=_("Urland of %(date)s", date=date.today().isoformat()),
        error=error,
        form=form or {},
        **picker(URLAND.key),
    )
    return html, status


def setup_from_form(form: Any) -> tuple[UrlandSetup, str]:
    """The setup and the game's name from the form; raises InvalidAction."""
    seats = []
    for i in range(5):
        name = check_text(form.get(f"name{i}") or "", msg("the name of player {n}", n=i + 1))
        if name.strip():
            try:
                seats.append(Seat(name.strip()[:40], Color(form.get(f"color{i}") or "")))
            except ValueError:
                raise InvalidAction(msg("player {n} needs a color", n=i + 1)) from None
    options = Options(
        ichto_per_dealt_region=3 if form.get("ichto_per_region") == "3" else 1,
        tokens_by_app=form.get("tokens") != "table",
        bids_on_phones=form.get("bids") != "fists",
    )
    setup = UrlandSetup(tuple(seats), board_from_form(form), options)
    name = check_text(form.get("game_name") or "", msg("the name of this game")).strip()[:60]
    return setup, name or _("Urland of %(date)s", date=date.today().isoformat())


def create(form: Any):
    """Create an Urland game (the first volcano, the deal and the first genes drawn by the
    app), remember the group's board and players, and open the console; or, with `check`,
    show the page again with the board drawn from the editor."""
    if form.get("check"):
        return setup_page(form=form)
    try:
        setup, name = setup_from_form(form)
        state = URLAND.new_game(setup)
        first = []
        while state.step in SETUP_STEPS:
            action = _drawn(state)
            first.append(action)
            state = URLAND.apply(state, action).state
        game = store().create_game(setup, name, False, True, first, core=URLAND)
    except InvalidAction as exc:
        return setup_page(t(exc), form, 422)
    data = codec.setup_to_dict(setup)
    store().set_setting(
        BOX,
        {"players": data["seats"], "options": data["options"], "setup": data},
    )
    return redirect(url_for("console.view", game_id=game.id), code=303)


def _drawn(state: Any) -> Any:
    import secrets

    order = list(URLAND.chance(state) or ())
    secrets.SystemRandom().shuffle(order)
    return URLAND.from_shuffle(state, tuple(order))


# ----- the console, the phones, the TV ---------------------------------------------------------
def _log(game: Game, shown: int) -> list:
    return list(reversed(game.log[-shown:]))


def console_context(
    game: Game,
    error: str | None = None,
    conflict: bool = False,
    note: str | None = None,
    log_from: int | None = None,
) -> dict:
    """The console: the public view, the choices the table makes, the log (public events)."""
    state = game.state
    choices = projection.choices(state, None)
    return {
        "game": game,
        "state": state,
        "view": projection.project(state, None),
        "groups": groups(state, [c for c in choices if c["type"] != "retreat"]),
        "retreat": retreat_form(choices),
        "can_draw": URLAND.chance(state) is not None,
        "private_bidders": private_bidders(state),  # a dead phone's bid typed here
        "log": _log(game, LOG_SHOWN),  # always whole: this console keeps no older rows
        "log_hidden": max(0, len(game.log) - LOG_SHOWN),
        "error": error,
        "conflict": conflict,
        "note": note,
        "backup_error": store().backup_error,
        "rulebook": game.setup.rulebook,
    }


def seat_context(game: Game, color: Color) -> dict:
    """A phone: its own view (hand, bid, advice) and its own choices."""
    state = game.state
    choices = projection.choices(state, color)
    return {
        "game": game,
        "token": request.view_args["token"],
        "view": projection.project(state, color),
        "groups": groups(state, [c for c in choices if c["type"] not in ("bid", "retreat")]),
        "retreat": retreat_form(choices),
        "bid": bid_form(choices),
        "can_draw": projection.may_draw(state, color),
        "revision": game.revision,
        "rulebook": game.setup.rulebook,
        "error": None,
    }


def board_context(game: Game, token: str) -> dict:
    """The TV: the public view and the newest public events."""
    return {
        "game": game,
        "token": token,
        "view": projection.project(game.state, None),
        "revision": game.revision,
        "log": _log(game, 12),
        "rulebook": game.setup.rulebook,
    }


def standings_context(game: Game) -> dict:
    """The standings: markers, Ichto on the board, genes (public only)."""
    return {"game": game, "view": projection.project(game.state, None)}


def moment_context(game: Game, before: Any, after: Any) -> dict:
    """A moment of the history: the table as everyone saw it right after an entry and what
    changed, read off the public views only (`urland.moment`): a token still in a hand or a
    bid still sealed at that moment stays hidden, whatever was revealed later."""
    return {
        "view": projection.project(after, None),
        "changed": umoment.changes(before, after),
        "rulebook": game.setup.rulebook,
    }


def action_from_form(state: Any, form: Any, viewer: Color | None) -> Any:
    """The action a form posts (`action`: a choice's JSON; a sealed bid: `bid`), taken only
    if it is offered to this viewer now; a retreat from several areas and a phone's own draw
    go to the core's checks as they are (`forms`); raises InvalidAction."""
    special = special_action(state, form, viewer)
    if special is not None:
        return special
    if form.get("bid") is not None and viewer is not None:
        try:
            data = {"type": "bid", "color": viewer.value, "n": int(form.get("bid"))}
        except ValueError:
            raise InvalidAction(msg("a bid is a whole number of Ichto")) from None
    else:
        try:
            data = json.loads(form.get("action") or "")
        except ValueError:
            raise InvalidAction(msg("the form did not say which choice")) from None
    action = codec.action_from_dict(data)
    if codec.action_to_dict(action) not in projection.choices(state, viewer):
        raise InvalidAction(msg("that choice is not yours to make now"))
    return action


# ----- records -------------------------------------------------------------------------------
def export_text(game: Game) -> str:
    """The whole record once the game is over; while it runs, the public record (hidden
    tokens and unrevealed bids masked: `urland.record.public_entries`)."""
    if game.over:
        return URLAND.record_text(game.record())
    data = urecord.record_to_dict(game.setup, ())
    data["actions"] = urecord.public_entries(game.setup, game.entries)
    data["public"] = True
    return json.dumps(data, indent=1)


def read_record(data: Any) -> Any:
    """An Urland record, replayed; raises RecordError."""
    try:
        setup, entries = urecord.record_from_dict(data)
        if len(json.dumps(data)) > MAX_RECORD_BYTES:
            raise InvalidAction(msg("the record is too large"))
        urecord.replay_entries(setup, entries)
    except InvalidAction as exc:
        raise RecordError(exc.msg) from None
    except ActionError as exc:  # an action the replay refuses
        raise RecordError(exc.msg) from None
    return URLAND.record(setup, entries)
