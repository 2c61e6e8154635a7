"""What the referee console shows: the context its templates read, computed by the core, and
what each of its quiet regions reads (the name it is kept by)."""

from __future__ import annotations

from typing import Any

from companion.store import Game
from companion.tracker.ursuppe import prompt
from companion.tracker.ursuppe.data import GENES
from companion.tracker.ursuppe.views.public import table_view
from companion.web.common import store
from companion.web.shapes import SHAPES
from companion.web.urls import url_for
from companion.web.ursuppe.controls import Controls, controls

LOG_SHOWN = 30  # the console's log window; the full history has its own page


def context(
    game: Game,
    error: str | None = None,
    conflict: bool = False,
    note: str | None = None,
    log_from: int | None = None,
    group: str = "",
) -> dict:
    """Everything the console templates need, computed by the core.

    With `log_from`, the log holds only the entries from that seq on: the browser keeps the
    older ones it already shows (app.js), so a late-game tap costs what an early one does.
    """
    state = game.state
    view = table_view(state)
    log = game.log
    first = len(log) - LOG_SHOWN  # position of the oldest entry the window shows
    if log_from is not None:  # entry seq n sits at position n - 1
        first = max(first, log_from - 1)
    shown = log[max(first, 0) :]
    offered = controls(state, group)
    return {
        "game": game,
        "state": state,
        "view": view,
        "shown": shown_by_region(game.id, view),
        "actor": next(
            (p for p in view["players"] if p["color"] == view["awaiting"]["actor"]), None
        ),
        "prompt": prompt(state),
        "controls": offered,
        "rev": game.revision,
        "urls": addresses(game.id, offered),
        "log": list(reversed(shown)),
        "log_hidden": max(0, len(log) - LOG_SHOWN),
        "log_from": log_from,
        "log_limit": LOG_SHOWN,
        "error": error,
        "conflict": conflict,
        "note": note,
        "backup_error": store().backup_error,
        "shapes": SHAPES,
        "genes": GENES,
        "colors": [c.value for c in state.colors],
        "app_rolls": game.dice_by_app,
        "app_cards": game.cards_by_app,
    }


def addresses(game_id: str, offered: Controls) -> dict[str, Any]:
    """The console's addresses (its forms', its links', a moment's without its number, the
    open groups'), built once (`urls.url_for`)."""

    def console(endpoint: str) -> str:
        return url_for(endpoint, game_id=game_id)

    return {
        "act": console("console.act"),
        "undo": console("console.undo"),
        "roll": console("console.roll"),
        "live": console("console.live_view"),
        "history": console("console.history"),
        "standings": console("console.standings"),
        "moments": url_for("moment.view", game_id=game_id, seq=0).removesuffix("0"),
        "up": url_for("console.view", game_id=game_id, group=offered.back or None)
        if offered.trail
        else None,
        "groups": {
            g.path: url_for("console.view", game_id=game_id, group=g.path) for g in offered.groups
        },
    }


def shown_by_region(game_id: str, view: dict) -> dict[str, Any]:
    """What each quiet region of the console reads, as plain tuples (the name it is kept by,
    `drawings.fragment`): words as the core's terms and messages, the game's own names by
    its id."""
    card = view["card"]
    return {
        "status": (
            game_id,
            view["round"],
            view["phase"],
            tuple(card.items()) if card else None,
            view["cards_left"],
        ),
        "side": (
            game_id,
            tuple(view["extra_genes"]),  # terms and messages compare by value, unrendered
            tuple(view["sensing"]),
            tuple(view["gene_notes"]),  # events compare by value
            tuple(tuple(g["held_by"]) for g in view.get("extra_face_up", ())),
        ),
        "supply": tuple(view["supply"].items()),
        "rows": tuple(
            (
                p["color"],
                p["label"],
                p["amoebas"],
                p["bp"],
                p.get("income_due", 0),
                p["marker"],
                tuple(p["genes"]),
            )
            for p in view["players"]
        ),
    }
