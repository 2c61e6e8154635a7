"""Records: export a game's record as JSON, import one as a new game."""

from __future__ import annotations

from urllib.parse import quote

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.store import NotFound
from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.game import game_of
from companion.tracker.msg import msg
from companion.tracker.record_core import parse_record
from companion.tracker.record_errors import RecordError
from companion.tracker.text import check_text, mended
from companion.web.auth import referee_required
from companion.web.common import store
from companion.web.gameshells import SHELLS, shell_of

bp = Blueprint("records", __name__)


@bp.route("/games/<game_id>/export")
@referee_required
def export(game_id: str):
    """Download the game record."""
    try:
        game = store().get(game_id)
    except NotFound:
        abort(404)
    if request.args.get("full") == "1":  # the referee's explicit whole record, secrets included
        body = game.core.record_text(game.record())
    else:  # while the game runs, what the public may read (the next cards and tokens hidden)
        body = shell_of(game).export_text(game)  # at most MAX_RECORD_BYTES, as the store
    return (
        body,
        200,
        {
            "Content-Type": "application/json",
            "Content-Disposition": _attachment(game.name, game.core.key),
        },
    )


def _attachment(name: str, prefix: str = "ursuppe", ext: str = "json") -> str:
    """The download's file name; HTTP headers are Latin-1, so any other script goes in
    the RFC 6266 `filename*` parameter (a header it cannot encode was a server error)."""
    wide = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)[:40]
    plain = "".join(ch if ch.isascii() else "-" for ch in wide)
    header = f'attachment; filename="{prefix}-{plain if plain.strip("-") else "game"}.{ext}"'
    if plain != wide:
        header += f"; filename*=UTF-8''{quote(f'{prefix}-{wide}.{ext}')}"
    return header


attachment = _attachment  # the story's export names its file alike


@bp.route("/games/import", methods=["POST"])
@referee_required
def import_record():
    """Import a record as a new game; a damaged record names the action and field at fault."""
    upload = request.files.get("record")
    if upload is None or not upload.filename:
        return _refuse(_("Choose a game record file (.json) to import."))
    try:
        data = parse_record(upload.read().decode("utf-8"))
    except RecordError as exc:
        return _refuse(_("The record cannot be imported: %(reason)s", reason=t(exc)))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _refuse(_("That file is not a JSON game record."))
    try:
        shell = SHELLS[game_of(data).key if isinstance(data, dict) else "ursuppe"]
    except KeyError:
        return _refuse(_("That record is of a game this app does not referee."))
    try:
        record = shell.read_record(data)
    except RecordError as exc:
        return _refuse(_("The record cannot be imported: %(reason)s", reason=t(exc)))
    try:
        field = msg("the name of the game")
        name = check_text(request.form.get("name") or "", field).strip()[:60]
    except InvalidAction as exc:
        return _refuse(t(exc))
    name = name or _("Imported %(file)s", file=mended(upload.filename)[:30])
    try:
        game = store().import_record(record, name, shell.game)
    except ActionError as exc:  # a record that would be too large to export again
        return _refuse(_("The record cannot be imported: %(reason)s", reason=t(exc)))
    return redirect(url_for("console.view", game_id=game.id), code=303)


def _refuse(message: str):
    return render_template("index.html", games=store().list_games(), error=message), 422
