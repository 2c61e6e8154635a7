"""Urland's choices as the console and the phones offer them: one label per action, grouped.

A choice is an action in record form (`urland.codec.action_to_dict`); its button posts that
JSON, and the view takes only what `projection.choices` offers the viewer now. Long lists
(moves between areas, the Ichto a buyer pays) become one picker per kind.
"""

from __future__ import annotations

import json
from typing import Any

from companion.tracker.msg import msg
from companion.tracker.urland.labels import label
from companion.tracker.urland.state import UrlandState

BUTTONS_AT_MOST = 8  # a kind with more choices becomes a picker


GROUP_TITLES = {
    "land": msg("Land"),
    "proliferate": msg("Proliferate"),
    "swim": msg("Swim"),
    "retreat": msg("Retreat"),
    "assimilate": msg("Assimilation"),
    "walk": msg("Legs: walk"),
    "egg": msg("Egg"),
    "fly": msg("Wings: fly"),
    "stink": msg("Stinkglands"),
    "bite": msg("Teeth"),
    "pay": msg("Pay the price"),
    "bid": msg("Bids as the fists open"),
}


def groups(state: UrlandState, choices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The choices grouped by kind, in the order offered: each group a title (or None),
    its choices as (label, JSON), and whether it is shown as a picker."""
    out: list[dict[str, Any]] = []
    by_kind: dict[str, dict[str, Any]] = {}
    for c in choices:
        kind = c["type"]
        group = by_kind.get(kind)
        if group is None:
            group = by_kind[kind] = {"kind": kind, "title": GROUP_TITLES.get(kind), "options": []}
            out.append(group)
        group["options"].append({"label": label(state, c), "json": json.dumps(c)})
    for group in out:
        group["picker"] = len(group["options"]) > BUTTONS_AT_MOST
    return out


def bid_form(choices: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A phone's sealed bid: its color and the most it may bid (None: no bid to give)."""
    bids = [c for c in choices if c["type"] == "bid"]
    if not bids:
        return None
    return {"color": bids[0]["color"], "most": max(c["n"] for c in bids)}
