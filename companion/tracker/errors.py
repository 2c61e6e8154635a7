"""The two ways an action is refused: it cannot be read, or it is not legal now."""

from __future__ import annotations

from companion.tracker.citations import Rule
from companion.tracker.msg import Msg, as_msg


class ActionError(Exception):
    """Base of refused actions; `message` is written for the players at the table.

    `source` is the rule the refusal rests on; `str()` cites it in the Spanish rules, the
    shell cites it in the group's own rulebook (`citations.cite`).
    """

    def __init__(self, message: Msg | str, source: Rule | None = None) -> None:
        self.msg = as_msg(message)
        self.source = source
        super().__init__(self.msg)  # rendered only when shown: `legal_actions` refuses often

    @property
    def message(self) -> str:
        """The refusal in English (the shell renders `msg` in its reader's language)."""
        return str(self.msg)

    def __str__(self) -> str:
        return f"{self.message} ({self.source})" if self.source else self.message


class InvalidAction(ActionError):
    """The action is malformed: an unknown verb, a missing field, a value out of range."""


class IllegalAction(ActionError):
    """The action is well formed but the rules do not allow it now."""
