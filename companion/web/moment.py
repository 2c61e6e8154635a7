"""Any moment of a game: the whole state right after one log entry, with what it changed
(the dispute review: "when Blue attacked, did Green still have Escape?")."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from companion.store import Game
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.record.document import History
from companion.tracker.ursuppe.state import GameState
from companion.tracker.ursuppe.views.moment import changes
from companion.tracker.ursuppe.views.public import public_view
from companion.web.auth import referee_required
from companion.web.console import load
from companion.web.games import SHAPES
from companion.web.gameshells import shell_of

bp = Blueprint("moment", __name__, url_prefix="/games/<game_id>")


def states_around(game: Game, seq: int) -> tuple[GameState, GameState]:
    """The state before entry `seq` and right after it (an undone entry is replayed)."""
    history = game.history
    position = history.position(seq)
    if position is not None:  # in force: its state is kept
        kept = game.kept
        before = kept[position - 2][1] if position > 1 else history.start
        return before, kept[position - 1][1]
    replayed = History(history.setup, history.start, applied=history.applied, step=history.step)
    before = replayed.state
    for entry in game.entries[:seq]:
        before = replayed.state
        replayed = replayed.add(entry)[0]
    return before, replayed.state


@bp.route("/at/<int:seq>")
@referee_required
def view(game_id: str, seq: int):
    """The whole state as it was right after entry `seq`, and what that entry changed (each
    game draws its own moment: `gameshells.GameShell.moment`)."""
    game = load(game_id)
    if not 1 <= seq <= game.revision:
        abort(404)
    shell = shell_of(game)
    before, after = states_around(game, seq)
    context = shell.moment(game, before, after)
    return render_template(
        shell.templates["moment"], game=game, seq=seq, item=game.log[seq - 1], **context
    )


def ursuppe_moment(game: Game, before: GameState, after: GameState) -> dict:
    """Ursuppe's moment: the public view then, the genes used that round, what changed."""
    used = {p.color.value: [GENES_BY_KEY[u].term for u in p.used_this_round] for p in after.players}
    return {
        "changed": changes(before, after),
        "view": public_view(after),
        "used": used,
        "attacked": not after.cursor.may_attack and after.cursor.amoeba is not None,
        "shapes": SHAPES,
    }


@bp.route("/why")
@referee_required
def why(game_id: str):
    """Every player's numbers with their derivations (the console loads it when opened)."""
    game = load(game_id)
    state = game.state
    view = public_view(state)
    return render_template("_console_why_body.html", state=state, view=view, game=game)
