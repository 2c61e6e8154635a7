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


def csrf_value() -> Markup:
    """This session's CSRF token, escaped once per request (every button carries it)."""
    ctx = _cv_request.get()
    found = getattr(ctx, "companion_csrf", None)
    if found is None:
        found = ctx.companion_csrf = escape(csrf_token())
    return found


def form_head(url: str, target: str, cls: str = "inline", form_id: str = "") -> str:
    """A form's opening, posting by htmx into `target` (or as a plain form without script),
    and its CSRF field: a one-button form's (the same for every button of a list) or the
    console's forms with several fields."""
    url = escape(url)
    named = f'id="{escape(form_id)}" ' if form_id else ""
    return (
        f'<form {named}class="{escape(cls)}" method="post" action="{url}" hx-post="{url}" '
        f'hx-target="{escape(target)}" hx-swap="outerHTML">\n'
        f'  <input type="hidden" name="csrf" value="{csrf_value()}">\n'
    )


def _fields(fields: dict[str, Any] | None) -> str:
    return "".join(
        f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
        for k, v in (fields or {}).items()
    )


def _button(head: str, hidden: str, label: Any, cls: str, confirm: str | None) -> str:
    asks = f' data-confirm="{escape(confirm)}"' if confirm else ""
    return (
        f"{head}  {hidden}\n"
        f'  <button type="submit" class="{escape(cls)}"{asks}>{escape(label)}</button>\n'
        "</form>"
    )


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
    return Markup(_button(form_head(url, target), _fields(fields), label, cls, confirm))


def choice_posts(url: str, buttons: list[Any], revision: int, primary: bool = True) -> Markup:
    """The console's choice buttons, one form each: every legal action on offer, its label
    in the reader's words (`primary` marks the suggested ones as such)."""
    # As `post` makes them, with only the action and its label to escape (a tap's answer
    # holds a dozen of these: the console's hot path).
    head = form_head(url, "#console")
    tail = f'<input type="hidden" name="revision" value="{int(revision)}">'
    return Markup(
        "".join(
            _button(
                head,
                '<input type="hidden" name="kind" value="action">'
                f'<input type="hidden" name="action" value="{escape(b.action)}">{tail}',
                t(b.label),
                "primary" if primary and b.primary else "",
                None,
            )
            for b in buttons
        )
    )


def dice_posts(url: str, low: int, high: int, revision: int) -> Markup:
    """One button per face a die may show, low to high (as `post` makes them)."""
    head = form_head(url, "#console")
    tail = f'<input type="hidden" name="revision" value="{int(revision)}">'
    return Markup(
        "".join(
            _button(
                head,
                f'<input type="hidden" name="kind" value="dice"><input type="hidden" name="d1" '
                f'value="{n}">{tail}',
                n,
                "die",
                None,
            )
            for n in range(int(low), int(high) + 1)
        )
    )
