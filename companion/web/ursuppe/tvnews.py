"""What the TV says of the newest entry, readable from across the room: the decisive events
whole (the game's end and its winner), the deaths and the scoring in one line each (who died;
each marker's move), in a band above the soup; and the latest entries' own events, without
the forced steps and phase headings, beside it. The console and the history keep every event
with its rule."""

from __future__ import annotations

from typing import Any

from companion.tracker.msg import Msg, Seq, msg

DECISIVE = ("end", "death", "score")
QUIET = ("forced", "phase")


def _param(event: Any, name: str) -> Any:
    text = getattr(event, "msg", None)
    return text.param(name) if isinstance(text, Msg) else None


def own_events(events: tuple[Any, ...]) -> list[Any]:
    """An entry's events without the forced steps and phase headings (else its last one)."""
    own = [e for e in events if e.kind not in QUIET]
    return own or list(events[-1:])


def news(events: tuple[Any, ...]) -> list[Any]:
    """The newest entry's decisive events as the TV's band shows them (messages or events,
    in order), or none when the entry decided nothing."""
    if not any(e.kind in DECISIVE for e in events):
        return []
    shown: list[Any] = []
    dead = [_param(e, "who") for e in events if e.kind == "death" and _param(e, "who")]
    if dead:
        shown.append(msg("Deaths: {amoebas}.", amoebas=Seq(tuple(dead), ", ")))
    shown += [e for e in events if e.kind == "death" and not _param(e, "who")]
    ended = [e for e in events if e.kind == "end"]
    moves = [
        msg(
            "{who} {start} → {end}",
            who=_param(e, "who"),
            start=_param(e, "start"),
            end=_param(e, "end"),
        )
        for e in events
        if e.kind == "score" and _param(e, "who") is not None
    ]
    if moves and not ended:  # the end names the final places itself
        shown.append(msg("Scoring: {moves}.", moves=Seq(tuple(moves), "; ")))
    return shown + ended
