"""Ursuppe's choices on a player's phone: the console's controls (the same legal actions, the
same templates) with the phone's own addresses, and a phone's form read as an action only
when it is one of the legal actions now and its player's own."""

from __future__ import annotations

from typing import Any

from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg
from companion.tracker.ursuppe import legal_actions, prompt
from companion.tracker.ursuppe.rules.people import person_of
from companion.web import phones
from companion.web.urls import url_for
from companion.web.ursuppe.controls import Controls, action_from_form, controls


def choices(game: Game, color: Color, group: str) -> dict[str, Any]:
    """What a phone adds to its page while its player is awaited: the prompt and the
    console's controls (a long list in stages, `group`), posting to the phone's own routes."""
    if not phones.may_choose(game, color):
        return {"controls": None}
    offered = controls(game.state, group)
    return {
        "controls": offered,
        "prompt": prompt(game.state),
        "urls": addresses(game, offered),
        "rev": game.revision,
        "app_rolls": game.dice_by_app,
    }


def addresses(game: Game, offered: Controls) -> dict[str, Any]:
    """The phone's addresses for the console's controls: its own act and roll, its stages."""
    token = _token()

    def seat(group: str | None) -> str:
        return url_for("seat.page", token=token, group=group or None)

    return {
        "act": url_for("seat.act", token=token),
        "roll": url_for("seat.roll", token=token),
        "up": seat(offered.back) if offered.trail else None,
        "groups": {g.path: seat(g.path) for g in offered.groups},
        "standings": None,
    }


def _token() -> str:
    from flask import request

    return request.view_args["token"]


def action(state: Any, form: Any, viewer: Color) -> Any:
    """A phone's form as an action: one of the legal actions now, of a color its person
    plays (both in double play); raises IllegalAction naming why not."""
    person = person_of(state.setup, viewer)
    awaited = prompt(state)
    if awaited.actor is None or awaited.actor not in person.colors:
        raise IllegalAction(
            msg("that choice is not yours to make now: {awaited}", awaited=awaited.msg),
            awaited.source,
        )
    action = action_from_form(state, form)
    if action not in legal_actions(state):
        raise IllegalAction(msg("that choice is not offered now"), awaited.source)
    owner = getattr(action, "color", None)
    amoeba = getattr(action, "amoeba", None)
    owner = owner if owner is not None else getattr(amoeba, "color", None)
    if owner is not None and owner not in person.colors:
        raise IllegalAction(msg("that choice is not yours to make now"))
    return action
