"""Urland's actions in the reader's words: one label per choice, for the buttons the console
and the phones offer and for the log's line on a choice taken by itself (`forced`)."""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.urland.genes import GENES_BY_KEY
from companion.tracker.urland.state import UrlandState, player_ref
from companion.tracker.urland.words import area_ref, ichto, listed, token_ref


def _who(state: UrlandState, color: str) -> Any:
    return player_ref(state, Color(color))


def label(state: UrlandState, c: dict[str, Any]) -> Msg:  # noqa: C901 - one case per kind
    """A choice (an action in record form) in the reader's words."""
    kind = c["type"]
    if kind in ("draw", "reveal"):
        return msg("The token: {token}", token=token_ref(c["token"]))
    if kind == "keep":
        return msg("Keep {token}", token=token_ref(c["token"]))
    if kind == "land":
        return msg(
            "Land {ichto} from {ocean} on {region}",
            ichto=ichto(c["n"]),
            ocean=area_ref(c["ocean"]),
            region=area_ref(c["region"]),
        )
    if kind == "proliferate":
        return msg("Proliferate in {ocean}", ocean=area_ref(c["ocean"]))
    if kind == "swim":
        return msg(
            "Swim {ichto} from {a} to {b}",
            ichto=ichto(c["n"]),
            a=area_ref(c["source"]),
            b=area_ref(c["target"]),
        )
    if kind == "fly":
        return msg(
            "Fly {ichto} from {a} to {b}",
            ichto=ichto(c["n"]),
            a=area_ref(c["source"]),
            b=area_ref(c["target"]),
        )
    if kind == "walk":
        return msg("Walk 1 Ichto from {a} to {b}", a=area_ref(c["source"]), b=area_ref(c["target"]))
    if kind == "stink":
        return msg(
            "Drive the others from {a} to {b}", a=area_ref(c["region"]), b=area_ref(c["target"])
        )
    if kind == "retreat":
        parts = [
            msg("{ichto} from {area}", ichto=ichto(n), area=area_ref(a)) for a, n in c["takes"]
        ]
        return msg("Retreat {what}", what=listed(parts))
    if kind == "assimilate":
        return msg(
            "Assimilate {who} in {area}", who=_who(state, c["victim"]), area=area_ref(c["area"])
        )
    if kind == "bite":
        return msg("Bite {who} in {area}", who=_who(state, c["victim"]), area=area_ref(c["area"]))
    if kind == "egg":
        return msg("Lay an egg in {region}", region=area_ref(c["region"]))
    if kind == "double_turn":
        return msg("Spend a double-turn token: 2 more actions")
    if kind == "end_actions":
        return msg("End these actions")
    if kind == "bid":
        return nmsg("{who} bids {n}", "{who} bids {n}", c["n"], who=_who(state, c["color"]))
    if kind == "buy":
        return msg("Take {gene}", gene=GENES_BY_KEY[c["gene"]].term)
    if kind == "pass_gene":
        return msg("Take no more genes")
    if kind == "pay":
        return msg("Pay {ichto} from {area}", ichto=ichto(c["n"]), area=area_ref(c["area"]))
    if kind in ("choose_region", "choose_ocean"):
        return area_ref(c.get("region") or c["ocean"])
    if kind == "dive":
        return nmsg("{n} Ichto dive", "{n} Ichto dive", c["n"])
    raise ValueError(f"no label for a choice of kind {kind!r}")
