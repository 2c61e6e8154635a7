"""Late against early, kind by kind of action: the like-for-like figure the late/early target
is judged on (bench/targets.py), and its table in the report.

The windows' p50s (the first 100 actions against the last 100) also compare their mixes: the
first hold the set-up and many paid moves (a choice before the roll), the last more
divisions, meals and purchases among more offers. Comparing each kind with itself says
whether the same action costs more as the game goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bench.common import fmt, pct

if TYPE_CHECKING:
    from bench.serverpart import ServerResult


def turns_by_kind(server: ServerResult, label: str) -> dict[str, list[float]]:
    """The taps taken in turn through the server in one window ("early", "late"), by kind."""
    out: dict[str, list[float]] = {}
    for took, kind in zip(server.turns[label], server.turn_kinds[label], strict=True):
        out.setdefault(kind, []).append(took)
    return out


def by_kind(
    early: dict[str, list[float]], late: dict[str, list[float]], reps: int
) -> dict[str, tuple[int, float, int, float]]:
    """Each kind of action: its count in the early and the late window (per pass) and its p50
    there (ms, nan where the window has none), in the kinds' name order."""
    out = {}
    for kind in sorted(set(early) | set(late)):
        e, lt = early.get(kind, []), late.get(kind, [])
        out[kind] = (len(e) // reps, pct(e, 50), len(lt) // reps, pct(lt, 50))
    return out


def same_kinds(early: dict[str, list[float]], late: dict[str, list[float]]) -> float:
    """Late against early action by action kind: each kind's p50 late over its p50 early,
    weighted by the late window's counts, over the kinds both windows hold. The windows'
    p50s also compare their mixes (the last rounds divide and feed more, the first place
    and roll for the start); this says whether the same action grew with the game."""
    shared = [k for k in late if k in early]
    if not shared:
        return float("nan")
    grown = sum(pct(late[k], 50) * len(late[k]) for k in shared)
    return grown / sum(pct(early[k], 50) * len(late[k]) for k in shared)


def kind_lines(server: ServerResult, game: str) -> list[str]:
    """The report's table of the taps taken in turn by kind of action, through the server and
    in-process: each window's count (per pass) and p50, and late over early."""
    if not (server.turn_kinds["early"] or server.turn_kinds["late"]):
        return []
    inproc = server.interleaved.get("kinds", {})
    passes = max(1, len(server.turn_ratios))
    early, late = turns_by_kind(server, "early"), turns_by_kind(server, "late")
    server_kinds = by_kind(early, late, passes)
    lines = [
        "",
        f"The taps taken in turn ({game}), by kind of action (p50 ms; n per pass; the "
        "ratio is late over early):",
        "",
        "| kind | early n | late n | server early | server late | ratio | in-process early "
        "| in-process late | ratio |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]

    def ratio(e: float, lt: float) -> str:
        return f"{lt / e:.2f}x" if e == e and lt == lt else ""

    ranked = sorted(server_kinds, key=lambda k: -(server_kinds[k][0] + server_kinds[k][2]))
    for kind in ranked:
        ne, e, nl, lt = server_kinds[kind]
        _, ie, _, il = inproc.get(kind, (0, float("nan"), 0, float("nan")))
        lines.append(
            f"| {kind} | {ne} | {nl} | {fmt(e)} | {fmt(lt)} | {ratio(e, lt)} | {fmt(ie)} "
            f"| {fmt(il)} | {ratio(ie, il)} |"
        )
    return lines
