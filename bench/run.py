"""The benchmark: each target the server and the browser must meet, judged MET or MISSED,
written to bench/RESULTS.md; docs/benchmark.md says how each figure is taken."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import signal
import sys
import time
from datetime import UTC, datetime
from itertools import chain
from pathlib import Path
from typing import Any

from bench import browser, history, measure
from bench.browser import LAPTOP, PARTS, PHONE, PHONES, SLOW, SPEEDS
from bench.clients import ROOT, THREADS, cpu_split
from bench.measure import BARE, POLL, SEAT_BARE, TAP, WINDOWS, ServerFigures, Undos, pct

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
Guard = tuple[str, str, bool]  # what is guarded (with its target), the figure, met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few samples (the smoke test)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the results")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--browser", action="store_true", help="only the browser's figures")
    only.add_argument("--server", action="store_true", help="only the server's figures")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still stops the server
    began, load = time.monotonic(), os.getloadavg()[0]
    lines = [] if args.browser else server_part(measure.QUICK if args.quick else measure.FULL)
    if not args.server:
        print("taps and phones in Chromium ...", flush=True)
        taps, visits = (4, 1) if args.quick else (30, 5)  # per window and speed; first visits
        lines += ["", *browser_section(browser.run(taps, visits))]
    flags = ["--browser"] * args.browser + ["--server"] * args.server + ["--quick"] * args.quick
    load = (load, os.getloadavg()[0])
    text = "\n".join(heading(" ".join(["python -m bench", *flags]), began, load) + lines)
    print(text)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def server_part(cfg: measure.Config) -> list[str]:
    """Measure the server's guards: their lines of the results."""
    paths = (measure.EXAMPLE, *measure.GAMES.values())
    read = {path: json.loads(path.read_text(encoding="utf-8")) for path in paths}
    games = {name: read[path] for name, path in measure.GAMES.items()}
    print("replays and records of many undos, in-process ...", flush=True)
    replays = {p.relative_to(ROOT): measure.replay(data, cfg.reps) for p, data in read.items()}
    records = measure.undo_records(games["the long game"]).items()
    undos = [measure.bench_undos(name, record, cfg.reps) for name, record in records]
    print("early and late taps in turn, in-process ...", flush=True)
    turns = {name: measure.in_turn(game, cfg) for name, game in games.items()}
    print("the games through the server on 127.0.0.1 ...", flush=True)
    server = measure.through_server(games, cfg)
    print("the group's history and a story through the server ...", flush=True)
    stories = history.through_server(*cfg.history, games["the long game"])
    split = cpu_split()
    where = f"on CPU {sorted(split[1])}, the server on CPU {sorted(split[0])}" if split else ""
    rows = [[row, len(values), *spread(values, 2)] for row, values in server.rows.items()]
    return [
        f"- server: `companion serve --host 127.0.0.1 --threads {THREADS}` in a subprocess; "
        f"the bench's clients {where or 'and the server on one CPU'}",
        "",
        *verdicts("guard", judge(server, turns, replays, undos) + stories),
        "",
        "Through the server (ms):",
        "",
        *table(["figure", "n", "p50", "p95"], rows),
        *chain.from_iterable(("", f"Note: {note}") for note in server.notes),
    ]


def judge(server: ServerFigures, turns: dict, replays: dict, undos: list[Undos]) -> list[Guard]:
    """Every server target, its figure and whether it is met (a figure not measured is not)."""
    out: list[Guard] = []
    for name in turns:  # the games played
        for w in WINDOWS:
            tap, bare = (pct(server.rows[row.format(name, w)], 50) for row in (TAP, BARE))
            what = f"{name}: referee action, {w} window, <= 5x the bare route"
            out.append(ratio(what, tap, bare, 5))
    for name, kinds in turns.items():
        early, late = kinds["early"], kinds["late"]
        grown, shared = measure.same_kinds(early, late), [k for k in late if k in early]
        p50s = [pct(list(chain.from_iterable(w.values())), 50) for w in (late, early)]
        figure = f"{grown:.2f}x" if shared else "n/a (no kind in both windows)"
        figure += f" in thread CPU, in turn ({sum(len(late[k]) for k in shared)} late taps of "
        figure += f"{len(shared)} kinds; all taps p50 {p50s[0]:.2f} vs {p50s[1]:.2f} ms)"
        what = f"{name}: late tap <= 1.1x an early one of the same kind"
        out.append((what, figure, grown <= 1.1))
    poll, bare = pct(server.rows[POLL], 50), pct(server.rows[SEAT_BARE], 50)
    out.append(ratio("seat poll, nothing new, <= 1.5x the bare route", poll, bare, 1.5))
    kb = sum(size for _, size, _ in server.first_load) / 1024
    cached = sum("immutable" in cache for _, _, cache in server.first_load)
    figure = f"{kb:.1f} KB in {len(server.first_load)} responses, gzip ({cached} cached by version)"
    out.append(("a seat's first load <= 40 KB on the wire", figure, 0 < kb <= 40))
    times = server.propagation  # a revision not at all 12 phones in 5 s: infinitely late
    missed, p95 = sum(t == math.inf for t in times), pct(times, 95)
    figure = f"{p95:.2f} ms from the POST sent ({len(times)} revisions, {missed} not there in 5 s)"
    out.append(("propagation to all 12 phones, p95 < 250 ms", figure, p95 < 250))
    for name, (best, cold) in replays.items():
        figure = f"{best:.1f} ms best warm, {cold:.1f} ms cold"
        out.append((f"replay of {name} < 200 ms", figure, best < 200))
    for u in undos:
        what = f"{u.name} ({u.entries} entries, {u.undos} undos): import and open < 1000 ms"
        figure = f"import {u.import_ms:.0f} ms, open {u.open_ms:.0f} ms"
        out.append((what, figure, max(u.import_ms, u.open_ms) < 1000))
    if undos:
        u = max(undos, key=lambda u: u.open_ms)
        when = "during" if u.other_during else "only after"
        figure = f"{u.other_ms:.2f} ms, {when} the open of {u.name} ({u.open_ms:.0f} ms)"
        what = "another game's action not held up while a long game opens"
        out.append((what, figure, u.other_during))
    return out


def heading(command: str, began: float, load: tuple[float, float]) -> list[str]:
    """The results' title, date, command, runtime and machine (load: at the start, the end)."""
    cpu = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
    machine = f"{platform.platform()}; {os.cpu_count()} CPUs ({cpu[1] if cpu else 'unknown'})"
    return [
        "# Benchmark results",
        "",
        f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M UTC}; command: `{command}`; runtime "
        f"{time.monotonic() - began:.0f} s",
        f"- machine: {machine}; Python {platform.python_version()}; load average (1 min) "
        f"{load[0]:.2f} at the start, {load[1]:.2f} at the end",
    ]


def judge_browser(fig: browser.Figures) -> list[Guard]:
    """Every browser target (issue 29) with its figure and whether it is met."""
    out = []
    for speed in SPEEDS:
        mine = pct([t for w in WINDOWS for t in fig.totals(f"console, {speed}, {w}")], 95)
        what = f"console click to painted, {speed}: p95 <= 2x the floor"
        out.append(ratio(what, mine, pct(fig.totals(f"floor, {speed}"), 95), 2, "p95 ", 0))
    slowed = pct(fig.phones[f"one phone, CPU {SLOW}x"], 95)
    what = f"one phone painted after the tap, CPU {SLOW}x: p95 <= 150 ms"
    out.append((what, f"p95 {slowed:.0f} ms", slowed <= 150))
    one, last = (pct(fig.phones[k], 95) for k in ("one phone", f"the last of {PHONES} phones"))
    what = f"the last of {PHONES} phones painted: p95 <= 2x one phone's"
    out.append(ratio(what, last, one, 2, "p95 ", 0))
    paint = pct([v["paint"] for v in fig.first_visit], 50)  # 624 ms: issue 29's, before it
    what = f"a phone's first visit, CPU {SLOW}x, weak Wi-Fi: first paint <= 1.1x 624 ms "
    out.append((what + "(before this work)", f"p50 {paint:.0f} ms", paint <= 1.1 * 624))
    early, late = (pct(fig.totals(f"console, normal, {w}"), 50) for w in WINDOWS)
    what = "a late-game tap <= 1.1x an early one (normal speed, p50)"
    out.append(ratio(what, late, early, 1.1, "", 0))
    return out


def browser_section(fig: browser.Figures) -> list[str]:
    """The browser section of the results: the targets, then every figure and its parts."""
    rows = sorted(fig.taps.items(), key=lambda row: not row[0].startswith("floor"))
    parts = [
        [name, len(taps), *spread([t.total for t in taps], 0)]
        + [f"{pct([getattr(t, k) for t in taps], 50):.0f}" for k in PARTS]
        for name, taps in rows
    ]
    visit = {k: pct([v[k] for v in fig.first_visit], 50) for k in ("paint", "load", "armed", "kb")}
    return [
        f"## In the browser (Chromium, laptop {LAPTOP['width']}x{LAPTOP['height']}, phones "
        f"{PHONE['width']}x{PHONE['height']}; {fig.runtime:.0f} s)",
        "",
        *verdicts("target", judge_browser(fig)),
        "",
        "Click to painted (ms), and where the median tap's time went: until the answer's last "
        "byte, htmx's swap (parse, merge, handlers), from the swap to the paint:",
        "",
        *table(["figure", "n", "p50", "p95", *PARTS.values()], parts),
        "",
        *table(
            ["phones: click to painted", "n", "p50", "p95"],
            [[name, len(times), *spread(times, 0)] for name, times in fig.phones.items()],
        ),
        "",
        f"A phone's first visit, cold, CPU {SLOW}x, 1.6 Mbps and 150 ms (p50 of "
        f"{len(fig.first_visit)}): paint {visit['paint']:.0f}, load {visit['load']:.0f}, armed "
        f"{visit['armed']:.0f} ms after the navigation began; {visit['kb']:.1f} KB.",
    ]


def spread(values: list[float], digits: int) -> list[str]:
    """The values' p50 and p95, to `digits` decimals."""
    return [f"{pct(values, p):.{digits}f}" for p in (50, 95)]


def ratio(what: str, a: float, b: float, most: float, at: str = "p50 ", digits: int = 2) -> Guard:
    """`a` against `b` (`at` names their percentile): met if a / b <= `most` (never if nan)."""
    return what, f"{at}{a:.{digits}f} vs {b:.{digits}f} ms, {a / b:.2f}x", a / b <= most


def table(head: list[str], rows: list[list[Any]], numbers: bool = True) -> list[str]:
    """A Markdown table; with `numbers`, the columns after the first aligned right."""
    rule = ["---"] + ["---:" if numbers else "---"] * (len(head) - 1)
    return [f"| {' | '.join(map(str, row))} |" for row in (head, rule, *rows)]


def verdicts(title: str, guards: list[Guard]) -> list[str]:
    """The guards' table: each with its figure, MET or MISSED."""
    rows = [[what, figure, "MET" if ok else "MISSED"] for what, figure, ok in guards]
    return table([title, "figure", "verdict"], rows, numbers=False)
