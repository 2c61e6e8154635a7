"""Urland's web side: the contexts of its console, phones and TV, how a form becomes an action,
and its records (its `SHELL`: `__init__.py`; the setup page: `setup.py`).

Who sees what is the core's (`urland.projection`): the console, the TV and the standings get
`project(state, None)` and `choices(state, None)`; a phone gets its own color's. A form's
action is taken only if it is one of the choices offered to that viewer now, so a phone
cannot keep another's token nor the console seal a bid made on the phones (a retreat from
several areas and a phone's own draw are checked by the core as they are: `forms`).
"""

from __future__ import annotations

import json
from typing import Any

from flask import request

from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.game import URLAND
from companion.tracker.msg import msg
from companion.tracker.record_core import MAX_RECORD_BYTES
from companion.tracker.record_errors import RecordError
from companion.tracker.urland import codec, projection
from companion.tracker.urland import moment as umoment
from companion.tracker.urland import record as urecord
from companion.web.common import store
from companion.web.urland.correction import secret_from_form
from companion.web.urland.forms import retreat_form, secret_choice, special_action
from companion.web.urland.labels import bid_form, groups
from companion.web.urland.private import private_bidders, private_keeper

LOG_SHOWN = 30


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
        "private_keeper": private_keeper(state),  # a dead phone's kept token, opened here
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
    # The referee entering everything: a phone keeps only the choices no one else may make.
    entered = game.phones_play or secret_choice(state)
    choices = projection.choices(state, color) if entered else []
    return {
        "game": game,
        "token": request.view_args["token"],
        "view": projection.project(state, color),
        "groups": groups(state, [c for c in choices if c["type"] not in ("bid", "retreat")]),
        "retreat": retreat_form(choices),
        "bid": bid_form(choices),
        "can_draw": game.phones_play and projection.may_draw(state, color),
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


def correction_context(game: Game) -> dict:
    """The correction form, fetched when the referee opens it."""
    return {"game": game, "state": game.state, "rev": game.revision, "refill": None}


def why_context(game: Game) -> dict:
    """The console's "why" numbers (loaded when the panel is opened)."""
    return {"game": game, "state": game.state, "rulebook": game.setup.rulebook}


def action_from_form(state: Any, form: Any, viewer: Color | None) -> Any:
    """The action a form posts (`action`: a choice's JSON; a sealed bid: `bid`), taken only
    if it is offered to this viewer now; a retreat from several areas and a phone's own draw
    go to the core's checks as they are (`forms`); raises InvalidAction."""
    special = special_action(state, form, viewer)
    if special is None and viewer is not None:
        special = secret_from_form(state, form, viewer)
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
