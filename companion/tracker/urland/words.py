"""Words Urland's explanations share: areas, Ichto counts, tokens, lists."""

from __future__ import annotations

from collections.abc import Sequence

from companion.tracker.msg import Msg, Param, Seq, msg, nmsg
from companion.tracker.urland.board import is_ocean
from companion.tracker.urland.state import PANIC, UNKNOWN


def area_ref(area: str) -> Msg:
    """An area as players call it: `region 10`, `ocean A`."""
    if is_ocean(area):
        return msg("ocean {ocean}", ocean=area)
    return msg("region {region}", region=area)


def ichto(n: int) -> Msg:
    """`1 Ichto`, `3 Ichto`."""
    return nmsg("{n} Ichto", "{n} Ichto", n)


def moved(who: Param, n: int, source: str, target: str) -> dict[str, Param]:
    """The parameters of a message telling a move: {who} moves {ichto} from {a} to {b}."""
    return {"who": who, "ichto": ichto(n), "a": area_ref(source), "b": area_ref(target)}


def token_ref(token: int) -> Msg:
    """A token as players call it: `region 7`, `the Panic token`, `a face-down token`."""
    if token == PANIC:
        return msg("the Panic token")
    if token == UNKNOWN:
        return msg("a face-down token")
    return msg("region {region}", region=str(token))


def listed(parts: Sequence[Param]) -> Seq:
    """Items separated by commas."""
    return Seq(tuple(parts), ", ")
