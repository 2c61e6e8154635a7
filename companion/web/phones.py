"""Who may enter a choice from a phone, in both games: the awaited person's own phone while
the players choose on their phones (the laptop can always step in), never the decoy's; and
the referee's switch between phones and "the referee enters everything", written in the log.

Nothing here decides what is legal: a phone's choices are the game's legal actions (the
console's), and each game's form reader checks that an action is the phone's own color's.
The referee's switch is `entering.py` (a console route).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from companion.store import Game
from companion.tracker.colors import Color
from companion.tracker.persons import Person


def person_of(game: Game, color: Color) -> Person | None:
    """The person whose phone a seat's link opens (both colors in double play)."""
    return next((p for p in game.setup.people if color in p.colors), None)


def awaited(game: Game) -> Person | None:
    """The person whose choice the table awaits now (None: nobody's, e.g. a card to turn, the
    decoy's own move, a game over)."""
    if game.over:
        return None
    actor = game.core.prompt(game.state).actor
    person = person_of(game, actor) if actor is not None else None
    return None if person is None or person.decoy else person


def waiting_for(game: Game) -> dict[str, Any] | None:
    """The phone the console waits for, with the colors it acts for (None: no phone is
    awaited, or the referee enters everything)."""
    if not game.phones_play:
        return None
    person = awaited(game)
    if person is None:
        return None
    actor = game.core.prompt(game.state).actor
    return {"name": person.name, "color": actor.value, "ref": game.setup.player_refs[actor]}


def may_choose(game: Game, color: Color) -> bool:
    """Whether this seat's phone offers the choices awaited now (its own person's turn, the
    players choosing on their phones)."""
    person = awaited(game)
    return game.phones_play and person is not None and color in person.colors


def refusal(game: Game, color: Color, secret: bool) -> str | None:
    """Why this seat's phone may not enter the choice awaited now, in the reader's words
    (None: it may). `secret`: the choice awaited is one only a phone makes (a kept token, a
    sealed bid), taken from the phones whoever enters the rest. Whose turn it is each game's
    form reader says, naming the rule (a phone's choice must be its own)."""
    person = person_of(game, color)
    if person is not None and person.decoy:
        return _("The decoy plays itself by its fixed rules: its phone takes no choices.")
    if secret:
        return None
    if game.over:
        return _("The game is over: nothing more is entered.")
    if not game.phones_play:
        return _(
            "The referee enters every choice in this game: tell the referee yours "
            "(the referee can hand the choices to the phones on the console)."
        )
    return None
