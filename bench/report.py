"""The report: the results as Markdown tables, then the targets and the profiles."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from bench.bykind import kind_lines
from bench.clients import cpu_split
from bench.common import Config, _name, fmt, machine, pct
from bench.extragame import EXTRA_GAME
from bench.replay import ReplayResult
from bench.serverpart import ServerResult
from bench.targets import evaluate
from bench.undos import UndoResult

# ----- the report ------------------------------------------------------------------------


def report(
    cfg: Config,
    replays: list[ReplayResult],
    undos: list[UndoResult],
    server: ServerResult,
    profiles: dict[str, Any],
    runtime: float,
    load: tuple[float, float],
    urland: list[ReplayResult] | tuple = (),
) -> str:
    bare50, bare95 = pct(server.bare, 50), pct(server.bare, 95)
    lines = [
        "# Benchmark results",
        "",
        f"- date: {datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {machine()}",
        f"- load average (1 min) at the start {load[0]:.2f}, at the end {load[1]:.2f} "
        "(other work on the machine disturbs the figures)",
        f"- command: `python -m bench{' --quick' if cfg.quick else ''}`; runtime {runtime:.0f} s",
        "- server: `companion serve --host 127.0.0.1 --threads 48` (waitress) in a subprocess; "
        "the client (12 phone threads, the referee, the pollers) runs on the same machine, "
        + (
            f"on CPU {sorted(split[1])} while the server has CPU {sorted(split[0])} (at a real "
            "table the phones are other devices: they do not take the server's CPU)"
            if (split := cpu_split())
            else "on its one CPU"
        ),
        "",
        "## 1. Replaying a recorded game in-process (`replay_record`)",
        "",
        "Per action: the mean cost per action of replaying the first k actions "
        "(total(k) / k), and the marginal cost of actions k-9..k within one replay "
        "(best of the repetitions). The last column is the marginal cost over the bare route's "
        "p50.",
        "",
        "| game | actions | first (cold) ms | total ms, best / median | k | mean ms/action "
        "| marginal ms/action | marginal / bare |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for r in [*replays, *urland]:
        for j, k in enumerate(r.average):
            head = (
                f"| {r.name} | {r.actions} | {fmt(r.cold_ms)} | {fmt(r.best_ms)} / "
                f"{fmt(r.total_ms)} "
                if j == 0
                else "| | | | "
            )
            lines.append(
                f"{head}| {k} | {fmt(r.average[k])} | {fmt(r.marginal[k])} "
                f"| {fmt(r.marginal[k] / bare50)}x |"
            )
        if r.actions < 1000:
            lines.append(
                f"| | | | | 1000 | n/a: {r.actions} actions | | |",
            )
    lines += [
        "",
        "A complete 6-player game ends after at most 10 rounds (11 environment cards), so no "
        "legal complete game reaches 1000 actions; the bench game "
        "(bench/long-six-players.json, seed 31, 100-space ladder so all 10 rounds are played) "
        "is the longest of 40 seeded games.",
        "",
        "The examples/urland rows replay Urland's golden games (`urland.engine.replay`), one "
        "per player count; an Urland game ends within 3 epochs (7 volcano tiles), so none "
        "reaches 1000 actions. They have no target of their own: they show that the second "
        "game's replay costs per action what Ursuppe's does.",
        "",
        "## 1b. Records with many undo entries (worst cases for undo)",
        "",
        "Built from the bench game by `bench/longgame.py` (`undo_records`), each up to the "
        "20,000 entries a record may hold. Replay: `replay_record`, best of the repetitions. "
        "Import: `Store.import_record` (replay, log labels, one insert per entry). Open: "
        "`Store.get` in a fresh store, as after a restart (best of the repetitions). Other "
        "game: an action in another game of the same store, made while the record was being "
        "opened in another thread. States computed: the engine's `apply` runs once per "
        "distinct (state, action); an undo computes none.",
        "",
        "| record | entries | undo entries | size KB | states computed | replay ms | import ms "
        "| open ms | other game's action ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for u in undos:
        during = "during the open" if u.other_during_open else "after the open ended"
        lines.append(
            f"| {u.name} | {u.entries} | {u.undos} | {u.size_kb:.0f} | {u.applies} "
            f"| {fmt(u.replay_ms)} | {fmt(u.import_ms)} | {fmt(u.open_ms)} "
            f"| {fmt(u.other_ms)} ({during}) |"
        )
    lines += [
        "",
        "## 2-5. Through the server (HTTP on 127.0.0.1, 12 phones connected)",
        "",
        "| figure | n | p50 ms | p95 ms | p50 / bare | p95 / bare |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]

    def ratio(value: float, base: float) -> str:
        return f"{fmt(value / base)}x" if value > 0 else "n/a"

    def row(name: str, values: list[float], base: list[float] | None = None) -> str:
        p50, p95 = pct(values, 50), pct(values, 95)
        b50, b95 = (pct(base, 50), pct(base, 95)) if base else (bare50, bare95)
        return (
            f"| {name} | {len(values)} | {fmt(p50)} | {fmt(p95)} | {ratio(p50, b50)} "
            f"| {ratio(p95, b95)} |"
        )

    window = cfg.window
    lines += [
        row("bare route GET /healthz (with the seat figures)", server.bare),
        *_windows(row, server, "", window),
        *_in_turn(row, server, ""),
        *(
            _windows(row, server.extra, "with extra genes: ", window)
            + _in_turn(row, server.extra, "with extra genes: ")
            if server.extra
            else []
        ),
        row("seat poll, nothing new (204)", server.poll),
        row("seat view render after a change (200)", server.render),
        row(
            "propagation to all 12 phones, from the POST sent (upper bound)",
            server.propagation_send,
        ),
        row(
            "propagation to all 12 phones, after the POST response (negative: already there)",
            server.propagation,
        ),
        row("spread, first phone to last phone", server.spread),
        "",
        f"Seat figures measured at action {server.seat_point} of the first game, interleaved "
        "with the bare route (one keep-alive connection each). The referee's actions are "
        "compared with the bare route asked just before each of them (its own connection), "
        "each window with its own, so that both are measured at the same moments of the run "
        "(the windows are minutes apart); both figures are the "
        "request and its answer read, as the client sends and reads them (the referee's "
        "client then reads the drawings out of the answer, as app.js does, untimed). "
        "Referee actions: "
        f"{server.actions_played} played in {cfg.games} game(s) (after a warm-up game)"
        + (
            f"; with extra genes: {server.extra.actions_played} of {_name(EXTRA_GAME)} "
            "(the recommended pair, 2 turned over a round, `bench/extragame.py`), on a server "
            "of its own after a warm-up game. "
            if server.extra
            else ". "
        )
        + f"Propagation: {server.before_response} of {len(server.propagation)} events reached "
        "all 12 phones before the referee's own response had been read (the server wakes the "
        "phones once the referee's answer is written, so a phone is ahead only when the "
        "client reads its answer late); "
        f"{server.missed_events} not received within 5 s. The commit itself is not visible "
        "to a client, so the figure from the POST sent (validation, commit, the referee's "
        "answer, then the notification) is the upper bound the target is checked on.",
    ]
    lines += [f"Note: {n}" for n in server.notes]
    lines += kind_lines(server, "the bench game")
    if server.extra:
        lines += kind_lines(server.extra, "with extra genes")
    lines += first_load_lines(server.first_load)
    lines += ["", "## Targets", ""]
    targets = evaluate(replays, undos, server, profiles)
    for t in targets:
        lines.append(f"- {t}")
    lines += ["", "## Profiles", ""]
    for r in replays:
        if r.profile:
            lines.append(f"Replay of {r.name} ({r.actions} actions), cProfile, most own time:")
            lines.append("")
            lines += [f"    {p}" for p in r.profile]
            lines.append("")
    if profiles:
        for label in ("early", "late"):
            p = profiles[label]
            lines.append(
                f"Referee action, {label} (in-process, Flask test client, cProfile): "
                f"{fmt(p['ms'])} ms per action under the profiler; app functions with "
                "callees:"
            )
            lines.append("")
            lines += [f"    {x}" for x in p["cumulative"]]
            lines.append("")
            lines.append("  most own time:")
            lines.append("")
            lines += [f"    {x}" for x in p["own"]]
            lines.append("")
        lines.append("Parts of a referee action's answer, in-process (ms, best of 5):")
        lines.append("")
        lines.append("| part | early | late |")
        lines.append("| --- | ---: | ---: |")
        early, late = profiles["parts"]["early"], profiles["parts"]["late"]
        for key in early:
            lines.append(f"| {key} | {fmt(early[key])} | {fmt(late[key])} |")
        lines.append("")
        lines.append(
            f"Seat poll (204) in-process: {fmt(profiles['poll']['ms'])} ms per request under the "
            f"profiler vs {fmt(profiles['bare']['ms'])} ms for /healthz; app functions:"
        )
        lines.append("")
        lines += [f"    {x}" for x in profiles["poll"]["cumulative"]]
        lines.append("")
    return "\n".join(lines) + "\n"


def first_load_lines(rows: list[dict[str, Any]]) -> list[str]:
    """The seat's first load, resource by resource, and what a re-opened phone fetches."""
    if not rows:
        return []
    lines = [
        "",
        "## 6. A seat's first load over the wire (a phone opening its QR link)",
        "",
        "As a browser asks (Accept-Encoding: gzip); wire bytes include the response headers.",
        "",
        "| resource | bytes on the wire | body sent | body unpacked | encoding | Cache-Control |",
        "| --- | ---: | ---: | ---: | --- | --- |",
    ]
    for r in rows:
        name = r["path"] + (" (?v=version)" if r["versioned"] else "")
        lines.append(
            f"| {name} | {r['wire']} | {r['body']} | {r['plain']} | {r['encoding']} "
            f"| {r['cache']} |"
        )
    total, plain = sum(r["wire"] for r in rows), sum(r["plain"] for r in rows)
    again = sum(r["wire"] for r in rows if "immutable" not in r["cache"])
    lines += [
        f"| **total** | **{total}** | | {plain} | | |",
        "",
        f"Re-opened later, the phone keeps the files marked immutable and fetches only the "
        f"rest: {again} bytes.",
    ]
    return lines


def _windows(row: Any, server: ServerResult, prefix: str, window: int) -> list[str]:
    """The rows of the early and the late window, each beside the bare route asked just
    before each of its taps."""
    out = []
    for name, taps, which in (
        ("early", server.early, f"actions 1-{window}"),
        ("late", server.late, f"last {window} actions"),
    ):
        bare = server.tap_bare[name] or server.bare
        out += [
            row(f"{prefix}bare route, just before each {name} tap", bare, bare),
            row(f"{prefix}referee action POST /act, {name} ({which})", taps, bare),
        ]
    return out


def _in_turn(row: Any, server: ServerResult, prefix: str) -> list[str]:
    """The rows of the early and late actions taken in turn (bench/inturn.py), if measured."""
    turns, bare = server.turns, server.turns_bare
    if not (turns["early"] and turns["late"] and bare):
        return []
    return [
        row(f"{prefix}bare route, just before each tap taken in turn", bare, bare),
        row(f"{prefix}POST /act, early, in turn with the late ones", turns["early"], bare),
        row(f"{prefix}POST /act, late, in turn with the early ones", turns["late"], bare),
    ]
