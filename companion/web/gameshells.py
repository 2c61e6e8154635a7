"""The web shell's registry: what is per game on the web side, looked up by the game's key.

The views never ask which game they serve: they take the `GameShell` of the stored game
(`shell_of`) and call it for the context of a page, the templates it renders, how a form
becomes an action, how a record is read and exported. The store takes the rules from the
same key (`tracker.game.GAMES`). A third game is a third entry in `SHELLS` (see
docs/engine.md, "Adding a third game").

Ursuppe's views predate this registry: their contexts stay where they were written
(`console_view.context`, `seat._context`, `board._context`, `ursuppe_setup.create_ursuppe`),
imported when called, so those modules may import this one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.store import Game
from companion.tracker.game import GAMES, URLAND, URSUPPE
from companion.tracker.game import Game as Core


@dataclass(frozen=True)
class GameShell:
    """One game's web side: templates per view, contexts, forms and records."""

    game: Core
    templates: Mapping[str, str]  # console, _console, seat, _seat, board, _board, standings,
    # moment
    console: Callable[..., dict]  # (game, **extra) -> the console's context
    seat: Callable[[Game, Any], dict]  # (game, color) -> a phone's context
    board: Callable[[Game, str], dict]  # (game, board token) -> the TV's context
    standings: Callable[[Game], dict]
    moment: Callable[[Game, Any, Any], dict]  # (game, state before, after) -> a moment's page
    action_from_form: Callable[[Any, Any, Any], Any]  # (state, form, viewer) -> action
    seat_acts: bool  # whether a phone submits choices of its own (keep, sealed bid)
    setup_page: Callable[..., Any]  # (error, form, status) -> the setup page (html, status)
    create: Callable[[Any], Any]  # the setup form -> a new game (raises InvalidAction)
    export_text: Callable[[Game], str]  # the record the referee downloads
    read_record: Callable[[Any], Any]  # record data -> Record, replayed (raises RecordError)
    unserved: frozenset[str] = frozenset()  # endpoints of another game's tools: 404 here
    preview: Callable[[Game, Any, Any], str] | None = None  # (game, form, viewer) -> the
    # line a form being filled in shows before it is sent (None: no such form; 404)


def refuse_unserved() -> None:
    """Before a request: 404 for a game's page its shell does not serve (Ursuppe's dice,
    corrections and the "why" numbers for an Urland game)."""
    from flask import abort, request

    from companion.store import NotFound
    from companion.web.common import store

    game_id = (request.view_args or {}).get("game_id")
    if not game_id or not request.endpoint:
        return
    try:
        game = store().get(game_id)
    except NotFound:
        return  # the view answers 404 itself
    if request.endpoint in shell_of(game).unserved:
        abort(404)


def template(game: Game, view: str) -> str:
    """The template of a view for this game."""
    return shell_of(game).templates[view]


def shell_of(game: Game) -> GameShell:
    """The shell of a stored game."""
    return SHELLS[game.core.key]


def shell_by_key(key: str | None) -> GameShell:
    """The shell for a key from a form; Ursuppe when none or unknown."""
    return SHELLS.get(key or URSUPPE.key, SHELLS[URSUPPE.key])


def games_offered() -> list[tuple[str, str]]:
    """(key, title) of every game the setup page offers."""
    return [(key, core.title) for key, core in GAMES.items() if key in SHELLS]


# ----- Ursuppe: its views' own functions, imported when called ------------------------------
def _ursuppe_console(game: Game, **extra: Any) -> dict:
    """Ursuppe's console; `?group=` opens a group of a long list of choices (web/stages.py)."""
    from flask import request

    from companion.web.console_view import context

    return context(game, group=request.args.get("group", "")[:200], **extra)


def _ursuppe_seat(game: Game, color: Any) -> dict:
    from companion.web.seat import _context

    return _context(game, color)


def _ursuppe_board(game: Game, token: str) -> dict:
    from companion.web.board import _context

    return _context(game, token)


def _ursuppe_standings(game: Game) -> dict:
    from companion.tracker.ursuppe.projection import public_view
    from companion.web.games import SHAPES

    return {"game": game, "view": public_view(game.state), "shapes": SHAPES}


def _ursuppe_moment(game: Game, before: Any, after: Any) -> dict:
    from companion.web.moment import ursuppe_moment

    return ursuppe_moment(game, before, after)


def _ursuppe_action(state: Any, form: Any, viewer: Any) -> Any:
    from companion.tracker.errors import InvalidAction
    from companion.web.controls import action_from_form

    if viewer is not None:
        raise InvalidAction("phones take no choices in this game")
    return action_from_form(state, form)


def _ursuppe_setup_page(error: str | None = None, form: Any = None, status: int = 200) -> Any:
    from companion.web.ursuppe_setup import setup_page

    return setup_page(error, form, status)


def _ursuppe_create(form: Any) -> Any:
    from companion.web.ursuppe_setup import create_ursuppe

    return create_ursuppe(form)


def _ursuppe_export(game: Game) -> str:
    from companion.tracker.ursuppe.record import record_text

    return record_text(game.record())


def _ursuppe_read(data: Any) -> Any:
    from companion.tracker.ursuppe.record import record_from_dict, replay_record

    record = record_from_dict(data)
    replay_record(record)
    return record


def _urland() -> GameShell:
    from companion.web import urland, urland_forms

    return GameShell(
        game=URLAND,
        templates={
            "console": "urland/console.html",
            "_console": "urland/_console.html",
            "seat": "urland/seat.html",
            "_seat": "urland/_seat.html",
            "board": "urland/board.html",
            "_board": "urland/_board.html",
            "standings": "urland/standings.html",
            "moment": "urland/moment.html",
        },
        console=urland.console_context,
        seat=urland.seat_context,
        board=urland.board_context,
        standings=urland.standings_context,
        moment=urland.moment_context,
        action_from_form=urland.action_from_form,
        seat_acts=True,
        setup_page=urland.setup_page,
        create=urland.create,
        export_text=urland.export_text,
        read_record=urland.read_record,
        preview=urland_forms.retreat_summary,
        unserved=frozenset(
            {
                "console.roll",
                "console.correct",
                "console.correction",
                "moment.why",
            }
        ),
    )


SHELLS: dict[str, GameShell] = {
    URSUPPE.key: GameShell(
        game=URSUPPE,
        templates={
            "console": "console.html",
            "_console": "_console.html",
            "seat": "seat.html",
            "_seat": "_seat.html",
            "board": "board.html",
            "_board": "_board_view.html",
            "standings": "standings.html",
            "moment": "moment.html",
        },
        console=_ursuppe_console,
        seat=_ursuppe_seat,
        board=_ursuppe_board,
        standings=_ursuppe_standings,
        moment=_ursuppe_moment,
        action_from_form=_ursuppe_action,
        seat_acts=False,
        setup_page=_ursuppe_setup_page,
        create=_ursuppe_create,
        export_text=_ursuppe_export,
        read_record=_ursuppe_read,
    ),
}
SHELLS[URLAND.key] = _urland()
