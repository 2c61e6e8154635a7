"""The benchmark: each target the server and the browser must meet, judged MET or MISSED.

`python -m bench` measures the server (in-process, through `companion serve` with 12 phones
listening, the group's history), then taps in Chromium, and writes the targets to
bench/RESULTS.md. docs/benchmark.md says how each figure is taken.
"""

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

from bench import browser, history, measure
from bench.clients import ROOT, THREADS, cpu_split
from bench.measure import BARE, POLL, SEAT_BARE, TAP, WINDOWS, ServerFigures, Undos
from bench.report import Guard, pct, ratio, spread, table, verdicts

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


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
    lines = [] if args.browser else server_part(measure.Config.make(args.quick))
    if not args.server:
        print("taps and phones in Chromium ...", flush=True)
        taps, visits = (4, 1) if args.quick else (30, 5)  # per window and speed; first visits
        lines += ["", *browser.report(browser.run(taps, visits))]
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
    replays = {
        path.relative_to(ROOT): measure.replay(data, cfg.reps) for path, data in read.items()
    }
    records = measure.undo_records(games["the long game"]).items()
    undos = [measure.bench_undos(name, record, cfg.reps) for name, record in records]
    print("early and late taps in turn, in-process ...", flush=True)
    turns = {name: measure.in_turn(game, cfg) for name, game in games.items()}
    print("the games through the server on 127.0.0.1 ...", flush=True)
    server = measure.through_server(games, cfg)
    print("the group's history and a story through the server ...", flush=True)
    count, bases, reps = (20, 2, 3) if cfg.quick else (200, 8, 20)
    stories = history.through_server(count, bases, reps, games["the long game"])
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
    arrived = server.propagation
    missed, p95 = sum(t == math.inf for t in arrived), pct(arrived, 95)
    figure = (
        f"{p95:.2f} ms from the POST sent ({len(arrived)} revisions, {missed} not there in 5 s)"
    )
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
