"""The benchmark: each target the server and the browser must meet, judged MET or MISSED.

`python -m bench` replays the recorded games and the records of many undos in-process, takes
early and late taps in turn in-process, then starts `companion serve` on 127.0.0.1 in a
subprocess and plays the long games through it with 12 phones listening; then it taps in
Chromium (bench/browser.py: the console, the phones, a first visit). It prints the targets and
writes them to bench/RESULTS.md. `--browser` or `--server` measure one side only; `--quick
--out FILE` is the few-samples smoke run. docs/benchmark.md says how each figure is taken.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from itertools import chain
from pathlib import Path

from bench import browser, history, measure
from bench.clients import ROOT, THREADS, cpu_split
from bench.measure import Config, ServerFigures, Undos
from bench.report import Guard, heading, pct, ratio, spread, table, verdicts

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
ACTION_VS_BARE = 5.0
LATE_VS_EARLY = 1.1
POLL_VS_BARE = 1.5
FIRST_LOAD_KB = 40.0
PROPAGATION_P95_MS = 250.0
REPLAY_MS = 200.0
UNDO_MS = 1000.0
BROWSER_SAMPLES = {False: (30, 5), True: (4, 1)}  # taps per window and speed, first visits


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
        lines += ["", *browser.report(browser.run(*BROWSER_SAMPLES[cfg.quick]))]
    flags = ["--browser"] * args.browser + ["--server"] * args.server + ["--quick"] * cfg.quick
    runtime, load = time.monotonic() - began, (load, os.getloadavg()[0])
    text = "\n".join([*heading(" ".join(["python -m bench", *flags]), runtime, load), *lines])
    print(text)
    args.out.write_text(text + "\n", encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def server_part(cfg: Config) -> list[str]:
    """Measure the server's guards: their lines of the results."""
    read = lambda path: json.loads(path.read_text(encoding="utf-8"))  # noqa: E731
    games = {name: read(path) for name, path in measure.GAMES.items()}
    print("replays and records of many undos, in-process ...", flush=True)
    replayed = (measure.EXAMPLE, *measure.GAMES.values())
    replays = {str(p.relative_to(ROOT)): measure.replay(read(p), cfg.reps) for p in replayed}
    records = measure.undo_records(games["the long game"]).items()
    undos = [measure.bench_undos(name, data, cfg.reps) for name, data in records]
    print("early and late taps in turn, in-process ...", flush=True)
    turns = {name: measure.in_turn(data, cfg) for name, data in games.items()}
    print("the games through the server on 127.0.0.1 ...", flush=True)
    server = measure.through_server(games, cfg)
    print("the group's history and a story through the server ...", flush=True)
    count, bases, reps = (20, 2, 3) if cfg.quick else (200, 8, 20)
    seen = history.through_server(count, bases, reps, games["the long game"])
    guards = judge(server, turns, replays, undos) + history.judge(seen)
    split = cpu_split()
    where = "the bench's clients and the server on one CPU"
    if split:
        where = (
            f"the bench's clients on CPU {sorted(split[1])}, the server on CPU {sorted(split[0])}"
        )
    rows = [
        (f"{name}: {what}", values)
        for name, played in server.games.items()
        for window in measure.WINDOWS
        for what, values in (
            (f"bare route before each {window} tap", played.bare[window]),
            (f"referee action, {window} window", played.taps[window]),
        )
    ]
    rows += [("bare route beside the seat polls", server.seat_bare)]
    rows += [("seat poll, nothing new (204)", server.poll)]
    return [
        f"- server: `companion serve --host 127.0.0.1 --threads {THREADS}` in a subprocess; "
        f"{where}",
        "",
        *verdicts("guard", guards),
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
        for w in measure.WINDOWS:
            what = f"{name}: referee action, {w} window, <= {ACTION_VS_BARE:.0f}x the bare route"
            tap, bare = pct(played.taps[w], 50), pct(played.bare[w], 50)
            out.append(ratio(what, tap, bare, ACTION_VS_BARE))
    for name, kinds in turns.items():
        early, late = kinds["early"], kinds["late"]
        grown = measure.same_kinds(early, late)
        shared = [k for k in late if k in early]
        p50s = [pct(list(chain.from_iterable(w.values())), 50) for w in (late, early)]
        what = f"{name}: late tap <= {LATE_VS_EARLY}x an early one of the same kind"
        figure = f"{grown:.2f}x" if shared else "n/a (no kind in both windows)"
        figure += f" in thread CPU, in turn ({sum(len(late[k]) for k in shared)} late taps of "
        figure += f"{len(shared)} kinds; all taps p50 {p50s[0]:.2f} vs {p50s[1]:.2f} ms)"
        out.append((what, figure, grown <= LATE_VS_EARLY))
    what = f"seat poll, nothing new, <= {POLL_VS_BARE}x the bare route"
    out.append(ratio(what, pct(server.poll, 50), pct(server.seat_bare, 50), POLL_VS_BARE))
    kb = sum(size for _, size, _ in server.first_load) / 1024
    cached = sum("immutable" in cache for _, _, cache in server.first_load)
    what = f"a seat's first load <= {FIRST_LOAD_KB:.0f} KB on the wire"
    figure = f"{kb:.1f} KB in {len(server.first_load)} responses, gzip ({cached} cached by version)"
    out.append((what, figure, 0 < kb <= FIRST_LOAD_KB))
    arrived = [t for played in server.games.values() for t in played.propagation]
    missed = sum(played.missed for played in server.games.values())
    p95 = pct(arrived, 95)
    what = f"propagation to all 12 phones, p95 < {PROPAGATION_P95_MS:.0f} ms"
    figure = (
        f"{p95:.2f} ms from the POST sent ({len(arrived)} revisions, {missed} not there in 5 s)"
    )
    out.append((what, figure, p95 < PROPAGATION_P95_MS))
    for name, (best, cold) in replays.items():
        figure = f"{best:.1f} ms best warm, {cold:.1f} ms cold"
        out.append((f"replay of {name} < {REPLAY_MS:.0f} ms", figure, best < REPLAY_MS))
    for u in undos:
        what = (
            f"{u.name} ({u.entries} entries, {u.undos} undos): import and open < {UNDO_MS:.0f} ms"
        )
        figure = f"import {u.import_ms:.0f} ms, open {u.open_ms:.0f} ms"
        out.append((what, figure, max(u.import_ms, u.open_ms) < UNDO_MS))
    if undos:
        u = max(undos, key=lambda u: u.open_ms)
        when = "during" if u.other_during else "only after"
        figure = f"{u.other_ms:.2f} ms, {when} the open of {u.name} ({u.open_ms:.0f} ms)"
        out.append(
            ("another game's action not held up while a long game opens", figure, u.other_during)
        )
    return out
