"""What a page that follows the table needs: its live stream (server-sent events), and
whether a form was made against a revision the table has moved on from."""

from __future__ import annotations

from flask import Response, current_app, request

from companion.store import Conflict, Game
from companion.tracker.errors import InvalidAction
from companion.web.auth import is_referee
from companion.web.common import hub, store


def live_response(game_id: str, revision: int) -> Response:
    """An SSE response for a game, counted against its link's streams (the token's, or the
    referee's, who is not counted against the viewers' cap)."""
    config = current_app.config
    token = (request.view_args or {}).get("token")
    stream = hub().stream(
        game_id,
        revision,
        heartbeat=config["SSE_HEARTBEAT"],
        lifetime=config["SSE_LIFETIME"],
        key=token or "referee",
        exempt=token is None and is_referee(),
    )
    return Response(
        stream,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def revision_seen() -> int:
    """The revision a form says it was made against (InvalidAction if it says none)."""
    try:
        return int(request.form.get("revision", ""))
    except ValueError:
        raise InvalidAction("the form did not say which state it was made against") from None


def stale(game: Game) -> Conflict | None:
    """The conflict of a form made against an older revision (a choice read off the state
    now, as Urland's are, would be refused for not being offered: the news is that the table
    moved on meanwhile, 409), or None."""
    try:
        seen = revision_seen()
    except InvalidAction:
        return None
    if seen == game.revision:
        return None
    return Conflict(store().describe_since(game, seen), game.revision)
