"""The benchmark: each target the server and the browser must meet, judged MET or MISSED.

`python -m bench` measures the server (in-process, then through `companion serve` on
127.0.0.1 with 12 phones listening, then the group's history), then taps in Chromium; it prints
the targets and writes them to bench/RESULTS.md. `--browser` or `--server` measure one side
only; `--quick --out FILE` is the few-samples smoke run. docs/benchmark.md says how each figure
is taken.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import time
from itertools import chain
from pathlib import Path

from bench import browser, history, measure
from bench.clients import ROOT, THREADS, cpu_split
from bench.measure import EXAMPLE, GAMES, WINDOWS, Config, ServerFigures, Undos
from bench.report import Guard, heading, pct, ratio, spread, table, verdicts

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few samples (the smoke test)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the results")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--browser", action="store_true", help="only the browser's figures")
    only.add_argument("--server", action="store_true", help="only the server's figures")
    args = parser.parse_args(argv)
    cfg = Config.make(args.quick)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still stops the server
    began, load = time.monotonic(), os.getloadavg()[0]
    lines = [] if args.browser else server_part(cfg)
    if not args.server:
        print("taps and phones in Chromium ...", flush=True)
        taps, visits = (4, 1) if cfg.quick else (30, 5)  # per window and speed; first visits
        lines += ["", *browser.report(browser.run(taps, visits))]
    flags = ["--browser"] * args.browser + ["--server"] * args.server + ["--quick"] * cfg.quick
    load = (load, os.getloadavg()[0])
    text = "\n".join(heading(" ".join(["python -m bench", *flags]), began, load) + lines)
    print(text)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def server_part(cfg: Config) -> list[str]:
    """Measure the server's guards: their lines of the results."""
    read = {p: json.loads(p.read_text(encoding="utf-8")) for p in (EXAMPLE, *GAMES.values())}
    games = {name: read[path] for name, path in GAMES.items()}
    print("replays and records of many undos, in-process ...", flush=True)
    replays = {
        path.relative_to(ROOT): measure.replay(data, cfg.reps) for path, data in read.items()
    }
    records = measure.undo_records(games["the long game"]).items()
    undos = [measure.bench_undos(name, data, cfg.reps) for name, data in records]
    print("early and late taps in turn, in-process ...", flush=True)
    turns = {name: measure.in_turn(data, cfg) for name, data in games.items()}
    print("the games through the server on 127.0.0.1 ...", flush=True)
    server = measure.through_server(games, cfg)
    print("the group's history and a story through the server ...", flush=True)
    count, bases, reps = (20, 2, 3) if cfg.quick else (200, 8, 20)
    stories = history.through_server(count, bases, reps, games["the long game"])
    split = cpu_split()
    where = f"on CPU {sorted(split[1])}, the server on CPU {sorted(split[0])}" if split else ""
    rows = []
    for name, played in server.games.items():
        for w in WINDOWS:
            rows.append((f"{name}: bare route before each {w} tap", played.bare[w]))
            rows.append((f"{name}: referee action, {w} window", played.taps[w]))
    rows.append(("bare route beside the seat polls", server.seat_bare))
    rows.append(("seat poll, nothing new (204)", server.poll))
    return [
        f"- server: `companion serve --host 127.0.0.1 --threads {THREADS}` in a subprocess; "
        f"the bench's clients {where or 'and the server on one CPU'}",
        "",
        *verdicts("guard", judge(server, turns, replays, undos) + stories),
        "",
        "Through the server (ms):",
        "",
        *table(["figure", "n", "p50", "p95"], [[f, len(v), *spread(v, 2)] for f, v in rows]),
        *chain.from_iterable(("", f"Note: {note}") for note in server.notes),
    ]


def judge(server: ServerFigures, turns: dict, replays: dict, undos: list[Undos]) -> list[Guard]:
    """Every server target, its figure and whether it is met (a figure not measured is not)."""
    out: list[Guard] = []
    for name, played in server.games.items():
        for w in WINDOWS:
            what = f"{name}: referee action, {w} window, <= 5x the bare route"
            out.append(ratio(what, pct(played.taps[w], 50), pct(played.bare[w], 50), 5.0))
    for name, kinds in turns.items():
        early, late = kinds["early"], kinds["late"]
        grown, shared = measure.same_kinds(early, late), [k for k in late if k in early]
        p50s = [pct(list(chain.from_iterable(w.values())), 50) for w in (late, early)]
        figure = f"{grown:.2f}x" if shared else "n/a (no kind in both windows)"
        figure += f" in thread CPU, in turn ({sum(len(late[k]) for k in shared)} late taps of "
        figure += f"{len(shared)} kinds; all taps p50 {p50s[0]:.2f} vs {p50s[1]:.2f} ms)"
        out.append(
            (f"{name}: late tap <= 1.1x an early one of the same kind", figure, grown <= 1.1)
        )
    what = "seat poll, nothing new, <= 1.5x the bare route"
    out.append(ratio(what, pct(server.poll, 50), pct(server.seat_bare, 50), 1.5))
    kb = sum(size for _, size, _ in server.first_load) / 1024
    cached = sum("immutable" in cache for _, _, cache in server.first_load)
    figure = f"{kb:.1f} KB in {len(server.first_load)} responses, gzip ({cached} cached by version)"
    out.append(("a seat's first load <= 40 KB on the wire", figure, 0 < kb <= 40))
    arrived = [t for played in server.games.values() for t in played.propagation]
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
        out.append(
            ("another game's action not held up while a long game opens", figure, u.other_during)
        )
    return out
