"""The benchmark: replay in-process, then the real server (waitress) on loopback.

`python -m bench` replays a long recorded 6-player game in-process, starts
`companion serve` on 127.0.0.1 in a subprocess, plays the same game through it with 12
phones listening (server-sent events), and prints a table that is also written to
bench/RESULTS.md. `python -m bench --quick --out FILE` is the few-samples smoke run.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
from pathlib import Path

from bench.common import Config, _name, load_record
from bench.extragame import EXTRA_GAME
from bench.extragame import generate as generate_extra
from bench.longgame import EXAMPLE, LONG_GAME, undo_records
from bench.profiles import interleaved, profile_requests
from bench.replay import bench_replay
from bench.report import report
from bench.serverpart import bench_server, bench_server_extra
from bench.undos import bench_undo
from bench.urland import bench_urland_replay, urland_examples

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="few samples (the smoke test)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the results")
    parser.add_argument("--record", type=Path, default=LONG_GAME, help="the game to play")
    args = parser.parse_args(argv)
    cfg = Config.make(args.quick)
    # A plain `kill` of the benchmark still runs the finally blocks that stop the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    began = time.monotonic()
    load_start = _load()
    data = load_record(args.record)
    extra = load_record(EXTRA_GAME) if EXTRA_GAME.exists() else generate_extra()
    example = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    print("1. replay in-process ...", flush=True)
    replays = [
        bench_replay("examples/six-players.json", example, cfg.replay_reps, not cfg.quick),
        bench_replay(_name(args.record), data, cfg.replay_reps, True),
        bench_replay(_name(EXTRA_GAME), extra, cfg.replay_reps, not cfg.quick),
    ]
    urland = [bench_urland_replay(n, d, cfg.replay_reps) for n, d in urland_examples().items()]
    print("1b. records with many undo entries ...", flush=True)
    undos = [bench_undo(name, d, cfg.replay_reps) for name, d in undo_records(data).items()]
    print("2-5. the server on 127.0.0.1 ...", flush=True)
    server = bench_server(data, cfg)
    print("2b. the game with extra genes through a server ...", flush=True)
    server.extra = bench_server_extra(extra, cfg)
    server.notes += server.extra.notes
    print("early and late taps in turn, in-process ...", flush=True)
    server.interleaved = interleaved(data, cfg)
    server.extra.interleaved = interleaved(extra, cfg)
    print("profiles ...", flush=True)
    profiles = profile_requests(data, cfg)
    runtime = time.monotonic() - began
    text = report(
        cfg, replays, undos, server, profiles, runtime, (load_start, _load()), urland=urland
    )
    print(text)
    args.out.write_text(text, encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


if __name__ == "__main__":
    sys.exit(main())
