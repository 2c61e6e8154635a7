"""What both games' referee corrections share: the reason each needs and how one is said in
the log (Ursuppe's `ursuppe/record/corrections.py`, Urland's `urland/corrections.py`)."""

from __future__ import annotations

from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg
from companion.tracker.text import check_text


def reason_of(reason: object) -> str:
    """The referee's reason, checked as any text that enters; InvalidAction when there is none."""
    if not isinstance(reason, str):
        raise InvalidAction(msg("a correction needs a reason"))
    reason = check_text(reason, msg("the reason")).strip()
    if not reason:
        raise InvalidAction(msg("a correction needs a reason"))
    return reason


def corrected(change: Msg, reason: str) -> Msg:
    """The log's line for a correction: what was set, and the referee's own words."""
    # TRANSLATORS: {change} says what was set; {reason} is the referee's own words.
    return msg("Referee correction: {change}. Reason: {reason}.", change=change, reason=reason)
