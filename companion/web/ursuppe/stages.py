"""A long legal list offered in stages on the console (presentation only).

Suction II with diagonal neighbours gives a 6-player meal step hundreds of legal meals, and
every feeding gene combined thousands. The console then asks first where the meal comes
from (its own space or one neighbouring space), then, while a group is still long, whose BP
a parasite takes and which cubes are sucked, and only then the meal. Nothing here decides a
rule: the actions come from `legal_actions`, grouped by their own fields, and the engine
validates the one submitted like any other.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.tracker.msg import Msg, nmsg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe.actions import cubes_ref
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes import actions as X
from companion.tracker.ursuppe.state import GameState, player_ref

STAGED_OVER = 30  # more buttons than this: choose a group first
LISTED_UP_TO = 60  # a chosen group this small lists its actions


@dataclass
class Group:
    """A group of legal actions: the path that opens it, its label, how many it holds."""

    path: str
    label: Msg
    count: int


def _facets(action: A.Action) -> tuple[str, ...] | None:
    """The keys an action is grouped by, stage after stage; None: never grouped."""
    match action:
        case X.FeedWithSuction(space=space, sucked=sucked, parasite=payer):
            taken = ".".join(f"{c.value}{n}" for c, n in sucked)
            return (f"space{space}", f"payer-{payer.value if payer else ''}", f"take-{taken}")
        case A.Feed(parasite=payer):
            return ("own", f"payer-{payer.value if payer else ''}")
        case X.SwapGene(give=give):
            return (f"give-{give}",)
    return None


def _label(state: GameState, action: A.Action, level: int, count: int) -> Msg:
    """The words of the group `action` falls in at this stage."""
    match (level, action):
        case (0, X.FeedWithSuction(space=space)):
            return nmsg(
                "with cubes from space {space}: {n} meal",
                "with cubes from space {space}: {n} meals",
                count,
                space=space,
            )
        case (0, A.Feed()):
            return nmsg(
                "only cubes of its own space: {n} meal",
                "only cubes of its own space: {n} meals",
                count,
            )
        case (1, A.Feed(parasite=payer) | X.FeedWithSuction(parasite=payer)):
            if payer is None:
                return nmsg("without Parasitism: {n} meal", "without Parasitism: {n} meals", count)
            return nmsg(
                "{player} pays 1 BP (Parasitism): {n} meal",
                "{player} pays 1 BP (Parasitism): {n} meals",
                count,
                player=player_ref(state, payer),
            )
        case (2, X.FeedWithSuction(sucked=sucked, space=space)):
            return nmsg(
                "taking {cubes} from space {space}: {n} meal",
                "taking {cubes} from space {space}: {n} meals",
                count,
                cubes=cubes_ref(sucked),
                space=space,
            )
        case (_, X.SwapGene(give=give)):
            return nmsg(
                "give up {gene} for another gene: {n} choice",
                "give up {gene} for another gene: {n} choices",
                count,
                gene=GENES_BY_KEY[give].term,
            )
    raise ValueError(f"no group label for {action!r} at stage {level}")  # pragma: no cover


@dataclass
class Staged:
    """What one stage shows: the groups to open, the actions to offer, the groups chosen."""

    groups: list[Group]
    actions: list[A.Action]
    trail: list[Msg]
    path: str
    back: str = ""  # the path of the stage before this one


def stage(state: GameState, legal: tuple[A.Action, ...], path: str = "") -> Staged:
    """The stage of a legal list that `path` (the groups chosen so far, "/"-joined) opens."""
    faceted = [(a, _facets(a) or ()) for a in legal]
    if len(legal) <= STAGED_OVER or not any(f for _, f in faceted):
        return Staged([], list(legal), [], "")
    chosen = [k for k in path.split("/") if k]
    inside = [(a, f) for a, f in faceted if f and list(f[: len(chosen)]) == chosen]
    if not inside:
        chosen, inside = [], [(a, f) for a, f in faceted if f]  # a stale path: start again
    ungrouped = [] if chosen else [a for a, f in faceted if not f]
    level = len(chosen)
    while True:  # a stage with one group only is passed over
        keys = {f[level] if len(f) > level else None for _, f in inside}
        if len(keys) != 1 or None in keys:
            break
        chosen.append(keys.pop())
        level += 1
    shown_levels = [
        i
        for i in range(len(chosen))
        if _size(faceted, chosen[: i + 1]) < _size(faceted, chosen[:i])
    ]
    trail = [_trail_label(state, faceted, chosen[: i + 1]) for i in shown_levels]
    back = "/".join(chosen[: shown_levels[-1]]) if shown_levels else ""
    if (chosen and len(inside) <= LISTED_UP_TO) or all(len(f) <= level for _, f in inside):
        listed = [a for a, _ in inside] + ungrouped
        return Staged([], listed, trail, "/".join(chosen), back)
    counts = Counter(f[level] for _, f in inside if len(f) > level)
    groups: list[Group] = []
    shown: list[A.Action] = []
    seen: set[str] = set()
    for a, f in inside:
        if len(f) <= level or counts[f[level]] == 1:
            shown.append(a)  # a group of one is offered at once
        elif f[level] not in seen:
            seen.add(f[level])
            key = "/".join([*chosen, f[level]])
            groups.append(Group(key, _label(state, a, level, counts[f[level]]), counts[f[level]]))
    return Staged(groups, shown + ungrouped, trail, "/".join(chosen), back)


def _size(faceted: list, chosen: list[str]) -> int:
    return sum(1 for _, f in faceted if f and list(f[: len(chosen)]) == chosen)


def _trail_label(state: GameState, faceted: list, chosen: list[str]) -> Msg:
    """The label of the group a path names (counted over the whole list)."""
    members = [a for a, f in faceted if f and list(f[: len(chosen)]) == chosen]
    return _label(state, members[0], len(chosen) - 1, len(members))
