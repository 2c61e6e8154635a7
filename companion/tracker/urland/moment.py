"""Any moment of an Urland game: what changed from one state to the next, in words.

The history page and `companion replay --at N` show the table right after an entry with
these lines beside it. They are read off the two PUBLIC views (`projection.public_view`), so
they can only say what the whole table may see at that moment: how many tokens a player
holds, never which (002 §2.1); who has sealed a bid, never how much until all are revealed
together (002 §3.1). Pure: two states in, messages out.
"""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color, color_ref
from companion.tracker.msg import Msg, Seq, msg
from companion.tracker.urland.projection import public_view
from companion.tracker.urland.state import UrlandState
from companion.tracker.urland.words import area_ref, listed, token_ref

ROLE_NAMES = {
    "environment": msg("environment player"),
    "dead": msg("the dead"),
    "ichto": msg("Ichto player"),
}

# A player's numbers that may change, each with its line.
NUMBERS = {
    "marker": lambda who, b, a: msg(
        "{player}: marker {before} → {after}", player=who, before=b, after=a
    ),
    "reserve": lambda who, b, a: msg(
        "{player}: reserve {before} → {after}", player=who, before=b, after=a
    ),
    "double_turns": lambda who, b, a: msg(
        "{player}: double-turn tokens {before} → {after}", player=who, before=b, after=a
    ),
    "tokens_held": lambda who, b, a: msg(
        "{player}: region tokens held {before} → {after}", player=who, before=b, after=a
    ),
}


def changes(before: UrlandState, after: UrlandState) -> tuple[Msg, ...]:
    """What differs between two moments of one game as everyone may see it, one message per
    fact."""
    old, new = public_view(before), public_view(after)
    lines: list[Msg] = []
    if (old["epoch"], old["turn"]) != (new["epoch"], new["turn"]):
        lines.append(msg("now epoch {epoch}, turn {turn}", epoch=new["epoch"], turn=new["turn"]))
    lines += _players(old, new)
    lines += _areas(old, new)
    lines += _table(old, new)
    return tuple(lines)


def _players(old: dict[str, Any], new: dict[str, Any]) -> list[Msg]:
    lines = []
    for was, now in zip(old["players"], new["players"]):
        who = now["label"]
        for key, said in NUMBERS.items():
            if was[key] != now[key]:
                lines.append(said(who, was[key], now[key]))
        if was["role"] != now["role"]:
            lines.append(msg("{player} is now {role}", player=who, role=ROLE_NAMES[now["role"]]))
        gained = [g for g in now["genes"] if g not in was["genes"]]
        if gained:
            lines.append(msg("{player} gains {genes}", player=who, genes=listed(gained)))
        lost = [g for g in was["genes"] if g not in now["genes"]]  # a correction's
        if lost:
            lines.append(msg("{player} no longer holds {gene}", player=who, gene=listed(lost)))
    return lines


def _areas(old: dict[str, Any], new: dict[str, Any]) -> list[Msg]:
    lines = []
    before = {r["region"]: r["counts"] for r in old["regions"]}
    before.update({o["ocean"]: o["counts"] for o in old["oceans"]})
    areas = [(r["region"], r["counts"]) for r in new["regions"]]
    areas += [(o["ocean"], o["counts"]) for o in new["oceans"]]
    for area, counts in areas:
        if before.get(area) != counts:
            text = msg("Ichto in {area}: {counts}", area=area_ref(area), counts=_counts(counts))
            lines.append(text)
    return lines


def _counts(counts: dict[str, int]) -> Msg | Seq:
    shown = [Seq((n, color_ref(Color(c)))) for c, n in counts.items() if n]
    return listed(shown) if shown else msg("nothing")


def _table(old: dict[str, Any], new: dict[str, Any]) -> list[Msg]:
    lines = []
    for members in new["merged"]:
        if members not in old["merged"]:
            regions = listed([area_ref(r) for r in members])
            lines.append(msg("a volcano joins {regions}", regions=regions))
    placed = [t for t in new["tokens_on_board"] if t not in old["tokens_on_board"]]
    if placed:
        tokens = listed([token_ref(t) for t in placed])
        lines.append(msg("onto the volcano spots: {tokens}", tokens=tokens))
    if old["face_up"] != new["face_up"]:
        genes = listed(new["face_up"]) if new["face_up"] else msg("nothing")
        lines.append(msg("genes face up: {genes}", genes=genes))
    sealed = [c for c in new["auction"]["bid"] if c not in old["auction"]["bid"]]
    if sealed and not new["auction"]["bids"]:
        who = listed([_label(new, c) for c in sealed])
        lines.append(msg("a bid is sealed: {players}", players=who))
    if new["auction"]["bids"] and not old["auction"]["bids"]:
        bids = listed([Seq((_label(new, c), n)) for c, n in new["auction"]["bids"].items()])
        lines.append(msg("the bids are revealed: {bids}", bids=bids))
    if new["winner"] and not old["winner"]:
        lines.append(msg("{player} wins", player=_label(new, new["winner"])))
    return lines


def _label(view: dict[str, Any], color: str) -> Any:
    return next(p["label"] for p in view["players"] if p["color"] == color)
