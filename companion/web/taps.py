"""Taps: the browser's id of one console submission, so a repeated or late one is settled.

Every console POST may carry a `tap` field (16 random bytes, encoded, made in the browser at
submit time). The store records it with the entry it produced: the same tap again adds
nothing and is answered "already recorded as entry N". After a timeout the browser asks
`settle`: was that tap recorded? If not, the tap is given up, and should it arrive after
all it is refused (409), so the referee's "not recorded" stays true.
"""

from __future__ import annotations

from flask import Blueprint, abort, jsonify
from flask_babel import gettext as _

from companion.store import NotFound, SaveFailed, valid_tap
from companion.web.auth import referee_required
from companion.web.common import store

bp = Blueprint("taps", __name__, url_prefix="/games/<game_id>/taps")


def bad_tap() -> str:
    """The refusal of a damaged tap id."""
    return _("This tap carried a damaged id, so it was not recorded. Reload the console.")


def recorded_note(seq: int) -> str:
    """The note answering a tap that was already recorded."""
    return _("That tap was already recorded as entry %(seq)s; it was not applied twice.", seq=seq)


def given_up_message() -> str:
    """The refusal of a tap that arrived after the browser stopped waiting for it."""
    return _(
        "That tap was not recorded because it arrived after a timeout (the console had "
        "already said so). Check the table, then tap again if it is still needed."
    )


def save_message(reason: str) -> str:
    """Why an action could not be saved, that it was NOT recorded, and what to do."""
    if reason == "disk_full":
        return _(
            "NOT recorded: the laptop's disk is full, so the game could not be saved. "
            "Free disk space on the laptop, then tap again."
        )
    if reason == "locked":
        return _(
            "NOT recorded: the game's database is busy (another program is using it, such as "
            "a backup or a second copy of the app). Wait a moment, then tap again; if it "
            "keeps happening, close the other program."
        )
    return _(
        "NOT recorded: the game could not be written to the laptop's disk. Check the disk "
        "(space, a removed drive), then tap again."
    )


@bp.route("/<tap>/settle", methods=["POST"])
@referee_required
def settle(game_id: str, tap: str):
    """Was this tap recorded? If not, it never will be (a late arrival is refused)."""
    try:
        game = store().get(game_id)
    except NotFound:
        abort(404)
    return settled(game, tap)


def settled(game, tap: str):
    """The JSON answer to "was this tap recorded?" (the console's or a phone's); a tap not
    recorded by now is given up, so it never will be."""
    if not valid_tap(tap):
        return jsonify({"error": bad_tap()}), 422
    try:
        seq = store().settle_tap(game.id, tap)
    except SaveFailed as exc:
        return jsonify({"error": save_message(exc.reason)}), 503
    revision = store().get(game.id).revision
    if seq is None:
        return jsonify({"recorded": False, "revision": revision})
    return jsonify({"recorded": True, "seq": seq, "revision": revision})
