"""Urland's forms that are not one listed choice: a retreat from several areas at once, and
the environment player's own draw on their phone.

Neither decides a rule. A retreat form becomes one `Retreat` with every area the referee
filled in, and the core's `check` (through `apply`) accepts or refuses it, naming its rule
(002 §2.2 Azioni degli Ichto: 4. Ritirata). A phone's draw is the same chance action as the
console's "Draw at random": `projection.seat_draw` says whether the draw is this seat's to
make (002 §2.4), the shell shuffles, `engine.from_shuffle` turns the shuffle into the action.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import render_template

from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.game import URLAND
from companion.tracker.msg import msg
from companion.tracker.urland import engine, projection
from companion.tracker.urland.actions import Action, Retreat
from companion.tracker.urland.codec import action_to_dict
from companion.tracker.urland.labels import label
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Step
from companion.tracker.urland.words import area_ref
from companion.web.rules import refusal
from companion.web.urland.private import FIELD, private_action

TAKE = "take_"  # a retreat form's field per area: take_<area> = how many Ichto leave it


def shuffled(items: tuple) -> tuple:
    """The items in a fair random order (the app's shuffle)."""
    order = list(items)
    secrets.SystemRandom().shuffle(order)
    return tuple(order)


def special_action(state: Any, form: Any, viewer: Color | None) -> Action | None:
    """The action of a retreat form or a phone's draw button (None: another form)."""
    if viewer is None and form.get(FIELD):  # a seat's bid typed on the laptop (private.py)
        return private_action(state, form)
    if form.get("retreat") is not None:
        return retreat_from_form(state, form, viewer)
    if form.get("draw") is not None and viewer is not None:
        return URLAND.from_shuffle(state, shuffled(projection.seat_draw(state, viewer)))
    return None


def retreat_from_form(state: Any, form: Any, viewer: Color | None) -> Retreat:
    """One retreat with every area given a number above 0, in the form's order; the core
    checks it when applied. Raises InvalidAction when it is not this viewer's to make."""
    if viewer is not None and viewer != prompt(state).actor:
        raise InvalidAction(msg("that choice is not yours to make now"))
    takes = []
    for key in form:
        if not key.startswith(TAKE):
            continue
        raw = (form.get(key) or "").strip() or "0"
        try:
            n = int(raw)
        except ValueError:
            raise InvalidAction(msg("a number of Ichto is a whole number")) from None
        if n < 0:
            raise InvalidAction(msg("a number of Ichto is a whole number"))
        if n:
            takes.append((key[len(TAKE) :][:8], n))
    return Retreat(tuple(takes))


def secret_choice(state: Any) -> bool:
    """Whether the choice awaited now is one only a phone makes: the environment player's
    kept token, or a bid sealed on the phones (taken from the phones whoever enters the rest)."""
    if state.step is Step.KEEP:
        return True
    return state.step is Step.BID and state.setup.options.bids_on_phones


def retreat_form(choices: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The retreat form's areas, from the one-area retreats offered now: each area with
    the most Ichto that may leave it (None: no retreat is offered)."""
    most: dict[str, int] = {}
    for c in choices:
        if c["type"] == "retreat" and len(c["takes"]) == 1:
            area, n = c["takes"][0]
            most[area] = max(most.get(area, 0), n)
    return [{"area": a, "name": area_ref(a), "most": n} for a, n in most.items()] or None


def retreat_summary(game: Game, form: Any, viewer: Color | None) -> str:
    """The one line a retreat form says before it is sent: what it takes off, or why the
    core would refuse it (the same `check`), or what to fill in."""
    state = game.state
    text = error = None
    try:
        action = retreat_from_form(state, form, viewer)
        if action.takes:
            engine.check(state, action)
            text = label(state, action_to_dict(action))
    except ActionError as exc:
        error = refusal(exc, game.setup.rulebook)
    return render_template("urland/_retreat_summary.html", text=text, error=error)
