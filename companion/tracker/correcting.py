"""What both games' referee corrections share: their first fields, the reason each needs,
the check of the field, and how one is said in the log (Ursuppe's
`ursuppe/record/corrections.py`, Urland's `urland/corrections.py`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg
from companion.tracker.text import check_text


@dataclass(frozen=True)
class CorrectionFields:
    """What every correction entry holds first, in both games' records: the fact it sets
    (`field`), the value the table shows, the referee's reason, and the player it is about."""

    field: str
    value: int | None = None
    reason: str = ""
    color: Color | None = None


def reason_of(reason: object) -> str:
    """The referee's reason, checked as any text that enters; InvalidAction when there is none."""
    if not isinstance(reason, str):
        raise InvalidAction(msg("a correction needs a reason"))
    reason = check_text(reason, msg("the reason")).strip()
    if not reason:
        raise InvalidAction(msg("a correction needs a reason"))
    return reason


def checked(action: CorrectionFields, fields: Iterable[str]) -> str:
    """A correction's reason, once its field is one the game corrects; InvalidAction else."""
    reason = reason_of(action.reason)
    if action.field not in fields:
        raise InvalidAction(
            msg(
                "unknown correction field {field}; the fields are {fields}",
                field=repr(action.field),
                fields=", ".join(fields),
            )
        )
    return reason


def corrected(change: Msg, reason: str) -> Msg:
    """The log's line for a correction: what was set, and the referee's own words."""
    # TRANSLATORS: {change} says what was set; {reason} is the referee's own words.
    return msg("Referee correction: {change}. Reason: {reason}.", change=change, reason=reason)
