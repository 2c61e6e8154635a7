"""The log's markup, shared by every view that shows it: each entry's events with the rule
each rests on, and the consoles' entries with "the table then" and "Back to here".

Built in Python rather than in each template: seven templates showed the same events, and a
tap's answer renders its newest entries every time (the console's hot path, as `postform`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from markupsafe import Markup, escape

from companion.i18n import gettext as _
from companion.i18n import t
from companion.web.postform import post
from companion.web.rules import cite_link
from companion.web.urls import url_for


def event_items(events: Iterable[Any], rulebook: Any) -> Markup:
    """Each event's `<li>`: its words in the reader's language and, when it rests on a rule,
    that rule cited as the group's rulebook names it."""
    out = []
    for e in events:
        cited = f" <cite>{cite_link(e.source, rulebook)}</cite>" if e.source else ""
        out.append(f'<li class="ev-{escape(e.kind)}">{escape(t(e))}{cited}</li>')
    return Markup("".join(out))


def console_entries(
    log: Iterable[Any], game_id: str, revision: int, undo_url: str, rulebook: Any
) -> Markup:
    """The console's log entries, newest first: each one's label, a link to the table right
    after it, "Back to here" while it is in force, and its events."""
    then = escape(_("the table then"))
    back = _("Back to here")
    asks = _("Undo everything after this entry?")
    out = []
    # Each entry's moment address is the game's (`/games/<id>/at/<seq>`) with its number:
    # built once, not per entry (a new entry's address is new to `url_for`'s memory, so each
    # was a walk of the URL map).
    prefix = url_for("moment.view", game_id=game_id, seq=0).removesuffix("0")
    for item in log:
        cls = ("undone" if item.undone else "") + (" undo" if item.is_undo else "")
        moment = f"{prefix}{int(item.seq)}"
        undo = ""
        if not item.undone and not item.is_undo:
            fields = {"revision": revision, "seq": item.seq}
            form = post(undo_url, back, fields, "small", "#console", asks)
            undo = f' <span class="back-to-here">{form}</span>'
        out.append(
            f'<li class="{cls}" value="{item.seq}"><div class="entry-head">'
            f'<span class="entry-label">{escape(t(item.label))}</span> '
            f'<a class="small" href="{escape(moment)}" data-moment-link>{then}</a>{undo}</div>'
            f'<ul class="events">{event_items(item.events, rulebook)}</ul></li>'
        )
    return Markup("\n".join(out))
