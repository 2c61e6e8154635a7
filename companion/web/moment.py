"""Any moment of a game: the whole state right after one log entry, with what it changed
(the dispute review: "when Blue attacked, did Green still have Escape?")."""

from __future__ import annotations

import dataclasses
from typing import Any

from flask import Blueprint, abort, render_template

from companion.store import Game
from companion.web.auth import referee_required
from companion.web.console import load
from companion.web.gameshells import served, shell_of

bp = Blueprint("moment", __name__, url_prefix="/games/<game_id>")


def states_around(game: Game, seq: int) -> tuple[Any, Any]:
    """The state before entry `seq` and right after it (an undone entry is replayed)."""
    history = game.history
    position = history.position(seq)
    if position is not None:  # in force: its state is kept
        kept = game.kept
        before = kept[position - 2][1] if position > 1 else history.start
        return before, kept[position - 1][1]
    empty = game.core.empty_stack  # the same history from its start, sharing what was applied
    replayed = dataclasses.replace(history, recorded=empty, in_force=empty)
    before = replayed.state
    for entry in game.entries[:seq]:
        before = replayed.state
        replayed = replayed.add(entry)[0]
    return before, replayed.state


@bp.route("/at/<int:seq>")
@referee_required
def view(game_id: str, seq: int):
    """The whole state as it was right after entry `seq`, and what that entry changed (each
    game draws its own moment: `GameShell.moment`)."""
    game = load(game_id)
    if not 1 <= seq <= game.revision:
        abort(404)
    shell = shell_of(game)
    before, after = states_around(game, seq)
    context = shell.moment(game, before, after)
    return render_template(
        shell.templates["moment"], game=game, seq=seq, item=game.log[seq - 1], **context
    )


@bp.route("/why")
@referee_required
def why(game_id: str):
    """Every player's numbers with their derivations (the console loads it when opened)."""
    game = load(game_id)
    shell = shell_of(game)
    return render_template(shell.templates["_why"], **served(shell.why)(game))
