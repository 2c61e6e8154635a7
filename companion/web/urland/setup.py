"""Urland's setup page, with the group's board editor: players clockwise, the options, the
board drawn from the editor's fields; the new game made from it (its first volcano, deal and
genes drawn by the app), and the group's players, options and board remembered."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import redirect, render_template, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.game import URLAND
from companion.tracker.msg import msg
from companion.tracker.text import check_text
from companion.tracker.urland import codec
from companion.tracker.urland.board import DEFAULT_BOARD, OCEANS, REGIONS, BoardData
from companion.tracker.urland.state import Options, Seat, Step, UrlandSetup
from companion.web.common import store
from companion.web.shapes import GLYPHS, SHAPES, picker, shape_names
from companion.web.urland import autodraw
from companion.web.urland.svg import board_drawing

BOX = "urland_box"  # the group's remembered players, options and board (settings)
SETUP_STEPS = (Step.FIRST_VOLCANO, Step.DEAL, Step.TURN_GENES)  # drawn as the game is made


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
    phones = form.get("entering") != "referee"
    setup = UrlandSetup(
        tuple(seats), board_from_form(form), options, phones=phones, take_forced=True
    )
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
    if form.get("draws") == "auto":  # the app draws by itself what chance decides
        store().set_auto_roll(game.id, True)
        autodraw.follow(game)
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
