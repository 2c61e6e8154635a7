"""The inputs Urland's corrections check alike: an input the kind needs, the player named,
a value in the range the table can show, and how a set value is said."""

from __future__ import annotations

from companion.tracker.colors import Color, color_term
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import cite
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.state import UrlandState


def need(value: object, field: str, what: Msg) -> None:
    """Refuse a correction that lacks an input its field needs."""
    if value is None:
        # TRANSLATORS: {field} is the record's name of the correction; {what} the missing input.
        raise InvalidAction(msg("a '{field}' correction needs {what}", field=field, what=what))


def color_of(state: UrlandState, action: Correct) -> Color:
    """The player a correction names; InvalidAction when it names none in this game."""
    need(action.color, action.field, msg("a color"))
    assert action.color is not None
    if action.color not in state.colors:
        raise InvalidAction(
            msg("{color} is not a color in this game", color=color_term(action.color))
        )
    return action.color


def value_in(action: Correct, low: int, high: int) -> int:
    """The value a correction sets, or IllegalAction when the table cannot show it."""
    need(action.value, action.field, msg("a value"))
    assert action.value is not None
    if not low <= action.value <= high:
        raise IllegalAction(
            msg("the value goes from {low} to {high} here", low=low, high=high), cite.CORRECTION
        )
    return action.value


def set_text(what: Msg, before: object, after: object) -> Msg:
    """`{what} set from {before} to {after}`: what most corrections say."""
    return msg("{what} set from {before} to {after}", what=what, before=before, after=after)
