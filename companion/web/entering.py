"""The referee's switch between the players choosing on their phones (the laptop can always
step in) and the referee entering everything: an entry of the log, on the console's routes
(`phones.py` says what it allows)."""

from __future__ import annotations

from flask import request
from flask_babel import gettext as _

from companion.tracker.record_core import Entering
from companion.web.auth import referee_required
from companion.web.console import bp, load, render_console, submit, tapped


@bp.route("/entering", methods=["POST"])
@referee_required
@tapped
def entering(game_id: str):
    """The referee hands the players' choices to their phones, or takes them all on the
    laptop; the change is an entry of the log (it changes who may submit, never a result)."""
    game = load(game_id)
    by = request.form.get("by", "")
    if by not in ("phones", "referee"):
        return render_console(
            game, status=422, error=_("Phones or the referee? The form was damaged.")
        )
    phones = by == "phones"
    if phones == game.phones_play:
        return render_console(game)  # already so (a second tap): nothing to write
    return submit(game, Entering(phones))
