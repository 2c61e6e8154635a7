"""Phrases several explanations share: lists joined with "and", dice, how a move was chosen.

Each is a message (or a game word, or a number) for the shell to render in its reader's
language; `str()` of any of them is the English text.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.tracker.msg import Msg, Param, Seq, Term, msg
from companion.tracker.ursuppe.data import GENES_BY_KEY


def and_list(parts: Sequence[Param]) -> Param:
    """Items as a sentence lists them: `Ana`, `Ana and Ben`, `Ana, Ben and Cleo`."""
    if len(parts) == 1:
        return parts[0]
    # TRANSLATORS: the end of a list: {items} are the items before the last, joined with
    # commas ("Ana, Ben"), {last} is the last item ("Cleo"): "Ana, Ben and Cleo".
    return msg("{items} and {last}", items=Seq(tuple(parts[:-1]), ", "), last=parts[-1])


def or_list(parts: Sequence[Param]) -> Param:
    """Alternatives as a sentence lists them: `Defense`, `Defense or Escape`."""
    if len(parts) == 1:
        return parts[0]
    # TRANSLATORS: the end of a list of alternatives: {items} are the items before the last,
    # joined with commas, {last} is the last item: "Defense or Escape".
    return msg("{items} or {last}", items=Seq(tuple(parts[:-1]), ", "), last=parts[-1])


def comma_list(parts: Sequence[Param]) -> Seq:
    """Items separated by commas: `north, east`, or `Ana ● red, Ben ▲ yellow`."""
    return Seq(tuple(parts), ", ")


def dice_ref(dice: Sequence[int]) -> Param:
    """A roll as players read it: `3`, or `3 and 5` with two dice."""
    return and_list(tuple(dice))


def how_chosen(dice: Sequence[int], chose: bool) -> Msg:
    """How a move's direction was found: `(rolled 3)`, `(rolled 1 and 6, chose)`, `(chose)`."""
    if not dice:
        # TRANSLATORS: after a move: the player chose its direction (Movement II).
        return msg("(chose)")
    if chose:
        # TRANSLATORS: after a move: {dice} were rolled and the player chose among them.
        return msg("(rolled {dice}, chose)", dice=dice_ref(dice))
    # TRANSLATORS: after a move: the direction {dice} rolled on the compass.
    return msg("(rolled {dice})", dice=dice_ref(dice))


def with_reason(event: Msg, reason: Msg | None) -> Msg:
    """An event followed by how it came about (`how_chosen`), if there is one."""
    if reason is None:
        return event
    # TRANSLATORS: a sentence about a move, then how its direction was found: "(rolled 3)".
    return msg("{event} {reason}", event=event, reason=reason)


def gene(key: str) -> Term:
    """A gene's name as a game word (`GENES_BY_KEY[key].term`)."""
    return GENES_BY_KEY[key].term
