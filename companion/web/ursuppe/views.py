"""Ursuppe's pages beside the console: a phone's seat, the TV's board, the standings, a moment
of the history, the "why" numbers, and its records read and exported (the generic views in
`web/` render them with Ursuppe's templates)."""

from __future__ import annotations

from typing import Any

from flask import request

from companion.gcpause import collector_paused
from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.record.document import record_from_dict, record_text, replay_record
from companion.tracker.ursuppe.record.public import has_secrets, public_record
from companion.tracker.ursuppe.state import GameState
from companion.tracker.ursuppe.views.moment import changes
from companion.tracker.ursuppe.views.public import public_view
from companion.tracker.ursuppe.views.seat import person_seat_view, seat_view
from companion.web.shapes import SHAPES
from companion.web.ursuppe import phone
from companion.web.ursuppe.console import context
from companion.web.ursuppe.controls import action_from_form
from companion.web.ursuppe.tvnews import news, own_events


def console(game: Game, **extra: Any) -> dict:
    """The console's context; `?group=` opens a group of a long list of choices (stages.py)."""
    return context(game, group=request.args.get("group", "")[:200], **extra)


def seat(game: Game, color: Color) -> dict:
    """The seat's view; in double play the person's, with both colors (either QR opens it)."""
    person = person_seat_view(game.state, color)
    mine = [v["color"] for v in person["colors"]] if person else [color.value]
    return {
        "game": game,
        "token": request.view_args["token"],
        "me": seat_view(game.state, color),
        "person": person,
        "view": public_view(game.state),
        "revision": game.revision,
        "shapes": SHAPES,
        "highlight": mine,
        "mine": mine,
        **phone.choices(game, color, request.args.get("group", "")[:200]),
    }


def board(game: Game, token: str) -> dict:
    """The TV's board: everything on the table and the latest entries of the log."""
    return {
        "game": game,
        "token": token,
        "view": public_view(game.state),
        "revision": game.revision,
        "shapes": SHAPES,
        "highlight": None,
        "news": news(game.log[-1].events) if game.log else [],
        "recent": [own_events(item.events) for item in reversed(game.log[-6:])],
    }


def standings(game: Game) -> dict:
    """Standings and the chart of every marker round by round."""
    return {"game": game, "view": public_view(game.state), "shapes": SHAPES}


def moment(game: Game, before: GameState, after: GameState) -> dict:
    """A moment: the public view then, the genes used that round, what changed."""
    used = {p.color.value: [GENES_BY_KEY[u].term for u in p.used_this_round] for p in after.players}
    return {
        "changed": changes(before, after),
        "view": public_view(after),
        "used": used,
        "attacked": not after.cursor.may_attack and after.cursor.amoeba is not None,
        "shapes": SHAPES,
    }


def why(game: Game) -> dict:
    """Every player's numbers with their derivations (the console loads them when opened)."""
    state = game.state
    return {"state": state, "view": public_view(state), "game": game}


def correction_form(game: Game) -> dict:
    """The correction form, fetched when the referee opens it."""
    return {"game": game, "state": game.state, "rev": game.revision, "refill": None}


def action(state: Any, form: Any, viewer: Any) -> Any:
    """A console form as an action, or a phone's (its own legal choices only: `phone`)."""
    if viewer is not None:
        return phone.action(state, form, viewer)
    return action_from_form(state, form)


def export_text(game: Game) -> str:
    """The record the referee downloads: the whole record once the game is over; while it
    runs, the public record (the app's shuffle of the face-down cards left out, each card
    written where it was turned: `record.public`)."""
    record = game.record()
    if game.over or not has_secrets(record):
        return record_text(record)
    text = record_text(public_record(record))
    return text.replace('"version": 1,', '"version": 1, "public": true,', 1)


def read_record(data: Any) -> Any:
    """A record read and replayed (raises RecordError)."""
    record = record_from_dict(data)
    with collector_paused():  # a long record: see gcpause
        replay_record(record)
    return record
