"""The one-button forms of the console and the seats page: a tap that posts hidden fields.

Built in Python rather than as a template macro: a console answer holds a few dozen of them
(every choice, "Back to here", undo), and each macro call costs more than the markup it makes.
"""

from __future__ import annotations

from typing import Any

from flask.globals import _cv_request
from markupsafe import Markup, escape

from companion.i18n import t
from companion.web.auth import csrf_token


def _token() -> Markup:
    """This session's CSRF token, escaped once per request (every button carries it)."""
    ctx = _cv_request.get()
    found = getattr(ctx, "companion_csrf", None)
    if found is None:
        found = ctx.companion_csrf = escape(csrf_token())
    return found


def post(
    url: str,
    label: Any,
    fields: dict[str, Any] | None = None,
    cls: str = "",
    target: str = "#console",
    confirm: str | None = None,
) -> Markup:
    """A form with one button posting `fields` (and the CSRF token) to `url`, by htmx into
    `target`, or as a plain form without script; `confirm` asks before it is sent."""
    url = escape(url)
    hidden = "".join(
        f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
        for k, v in (fields or {}).items()
    )
    asks = f' data-confirm="{escape(confirm)}"' if confirm else ""
    return Markup(
        f'<form class="inline" method="post" action="{url}" hx-post="{url}" '
        f'hx-target="{escape(target)}" hx-swap="outerHTML">\n'
        f'  <input type="hidden" name="csrf" value="{_token()}">\n'
        f"  {hidden}\n"
        f'  <button type="submit" class="{escape(cls)}"{asks}>{escape(label)}</button>\n'
        "</form>"
    )


def choice_posts(url: str, buttons: list[Any], revision: int, primary: bool = True) -> Markup:
    """The console's choice buttons, one form each: every legal action on offer, its label
    in the reader's words (`primary` marks the suggested ones as such)."""
    return Markup("").join(
        post(
            url,
            t(b.label),
            {"kind": "action", "action": b.action, "revision": revision},
            "primary" if primary and b.primary else "",
        )
        for b in buttons
    )


def dice_posts(url: str, low: int, high: int, revision: int) -> Markup:
    """One button per face a die may show, low to high."""
    return Markup("").join(
        post(url, n, {"kind": "dice", "d1": n, "revision": revision}, "die")
        for n in range(low, high + 1)
    )
