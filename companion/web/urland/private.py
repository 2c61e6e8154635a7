"""A seat's secret choice typed on the laptop (issue 30, item 5): a phone that died while its
player must choose in secret is not waited for; the referee hands the laptop to that player.

Two secret choices: a mutation's sealed bid (002 §3.1 Mutazione), typed in a field shown as
dots, and the environment player's kept token (002 §2.1), whose three tokens the console
fetches only when the player's own opener is tapped (`private_form`, never in the console's
page itself). Either is sent at once and recorded exactly as the phone would record it: the
same `Bid` or `KeepToken` for that seat, checked against the same choices the seat's phone
gets (`projection.choices(state, seat)`); the console's answer shows none of it.
"""

from __future__ import annotations

from typing import Any

from flask import render_template

from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.urland import auction, codec, projection
from companion.tracker.urland.actions import Action
from companion.tracker.urland.labels import label
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Step, player_ref

FIELD = "private_for"  # the seat a private entry is for


def private_bidders(state: Any) -> list[str]:
    """The seats whose sealed bid the laptop may take privately: bids on the phones, and the
    seat's bid not in yet."""
    if state.step is not Step.BID or not state.setup.options.bids_on_phones:
        return []
    return [c.value for c in auction.bidders_left(state)]


def private_keeper(state: Any) -> str | None:
    """The seat whose kept token the laptop may take privately (the environment player, while
    the app holds the tokens and the keep is awaited), or None."""
    if state.step is not Step.KEEP:
        return None
    return prompt(state).actor.value


def private_action(state: Any, form: Any) -> Action | None:
    """The secret choice a private entry posts, as the seat's phone would post it (None: no
    private entry); raises InvalidAction when it is not that seat's to make now."""
    seat = form.get(FIELD)
    if not seat:
        return None
    if seat == private_keeper(state):
        wrong = msg("you keep one of the three tokens you drew")
        try:
            data = {"type": "keep", "token": int(form.get("token") or "")}
        except ValueError:
            raise InvalidAction(wrong) from None
    elif seat in private_bidders(state):
        try:
            data = {"type": "bid", "color": Color(seat).value, "n": int(form.get("bid") or "")}
        except ValueError:
            raise InvalidAction(msg("a bid is a whole number of Ichto")) from None
        wrong = msg("a bid is made from the reserve")
    else:
        raise InvalidAction(msg("that choice is not yours to make now"))
    action = codec.action_from_dict(data)
    if codec.action_to_dict(action) not in projection.choices(state, Color(seat)):
        raise InvalidAction(wrong)
    return action


def private_form(game: Game, args: Any) -> str:
    """The kept token's private entry, fetched when the laptop is handed to its player: their
    three tokens to keep one of (or, the table having moved on, a line that says so)."""
    state = game.state
    seat = private_keeper(state)
    if seat is None or args.get("seat") != seat:
        return render_template("urland/_private_keep.html", game=game, seat=None, tokens=[])
    color = Color(seat)
    tokens = [
        {"token": c["token"], "label": label(state, c)}
        for c in projection.choices(state, color)
        if c["type"] == "keep"
    ]
    return render_template(
        "urland/_private_keep.html",
        game=game,
        seat=seat,
        who=player_ref(state, color),
        dead=player_ref(state, state.dead_color),
        tokens=tokens,
    )
