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
import platform
import signal
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from bench import browser
from bench.clients import cpu_split
from bench.history import HistoryFigures
from bench.history import through_server as history_through_server
from bench.measure import (
    EXAMPLE,
    EXTRA_GAME,
    LONG_GAME,
    Config,
    ServerFigures,
    Undos,
    bench_undos,
    in_turn,
    pct,
    replay,
    same_kinds,
    through_server,
    undo_records,
)

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
GAMES = {"the long game": LONG_GAME, "with extra genes": EXTRA_GAME}
ACTION_VS_BARE = 5.0
LATE_VS_EARLY = 1.1
POLL_VS_BARE = 1.5
FIRST_LOAD_KB = 40.0
PROPAGATION_P95_MS = 250.0
REPLAY_MS = 200.0
UNDO_MS = 1000.0
GROUP_MS = 1000.0
GROUP_MB = 50.0
STORY_MS = 200.0

BROWSER_SAMPLES = {False: (30, 5), True: (4, 1)}  # taps per window and speed, first visits
Guard = tuple[str, str, bool]  # what is guarded (with its target), the figure, met


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
    began, load = time.monotonic(), [_load()]
    if args.browser:
        return browser_only(cfg, args.out, began, load)
    games = {name: json.loads(path.read_text(encoding="utf-8")) for name, path in GAMES.items()}
    print("replays and records of many undos, in-process ...", flush=True)
    records = {_name(EXAMPLE): json.loads(EXAMPLE.read_text(encoding="utf-8"))}
    records.update({_name(GAMES[name]): data for name, data in games.items()})
    replays = {name: replay(data, cfg.reps) for name, data in records.items()}
    longest = undo_records(games["the long game"])
    undos = [bench_undos(name, data, cfg.reps) for name, data in longest.items()]
    print("early and late taps in turn, in-process ...", flush=True)
    turns = {name: in_turn(data, cfg) for name, data in games.items()}
    print("the games through the server on 127.0.0.1 ...", flush=True)
    server = through_server(games, cfg)
    print("the group's history and a story through the server ...", flush=True)
    count, bases = (20, 2) if cfg.quick else (200, 8)
    history = history_through_server(count, bases, 3 if cfg.quick else 20, games["the long game"])
    load.append(_load())
    guards = judge(server, turns, replays, undos) + judge_history(history)
    seen = None
    if not args.server:
        print("taps and phones in Chromium ...", flush=True)
        seen = browser.run(*BROWSER_SAMPLES[cfg.quick])
    load.append(_load())
    text = report(cfg, guards, server, time.monotonic() - began, load, "--server" * args.server)
    if seen is not None:
        text += "\n" + "\n".join(browser.report(seen)) + "\n"
    print(text)
    args.out.write_text(text, encoding="utf-8")
    print(f"written to {args.out}")
    return 0


def browser_only(cfg: Config, out: Path, began: float, load: list[float]) -> int:
    """`--browser`: the browser's figures alone, written after the run's heading."""
    seen = browser.run(*BROWSER_SAMPLES[cfg.quick])
    load.append(_load())
    text = "\n".join(
        [*heading(cfg, time.monotonic() - began, load, "--browser"), *browser.report(seen)]
    )
    print(text)
    out.write_text(text + "\n", encoding="utf-8")
    print(f"written to {out}")
    return 0


def judge(
    server: ServerFigures,
    turns: dict[str, dict[str, dict[str, list[float]]]],
    replays: dict[str, tuple[float, float]],
    undos: list[Undos],
) -> list[Guard]:
    """Every target with its figure and whether it is met (a figure not measured is not)."""
    out: list[Guard] = []
    for name, played in server.games.items():
        for window in ("early", "late"):
            tap, bare = pct(played.taps[window], 50), pct(played.bare[window], 50)
            out.append(
                (
                    f"{name}: referee action, {window} window, <= {ACTION_VS_BARE:.0f}x the bare "
                    "route",
                    f"p50 {tap:.2f} vs {bare:.2f} ms, {tap / bare:.2f}x",
                    tap / bare <= ACTION_VS_BARE,
                )
            )
    for name, kinds in turns.items():
        ratio = same_kinds(kinds["early"], kinds["late"])
        shared = [k for k in kinds["late"] if k in kinds["early"]]
        counted = sum(len(kinds["late"][k]) for k in shared)
        taps = {w: [t for ts in kinds[w].values() for t in ts] for w in kinds}
        out.append(
            (
                f"{name}: late tap <= {LATE_VS_EARLY}x an early one of the same kind",
                f"{_times(ratio)} in thread CPU, in turn ({counted} late taps of {len(shared)} "
                f"kinds; all taps p50 {pct(taps['late'], 50):.2f} vs "
                f"{pct(taps['early'], 50):.2f} ms)",
                ratio <= LATE_VS_EARLY,
            )
        )
    poll, bare = pct(server.poll, 50), pct(server.seat_bare, 50)
    out.append(
        (
            f"seat poll, nothing new, <= {POLL_VS_BARE}x the bare route",
            f"p50 {poll:.2f} vs {bare:.2f} ms, {poll / bare:.2f}x",
            poll / bare <= POLL_VS_BARE,
        )
    )
    kb = sum(size for _, size, _ in server.first_load) / 1024
    cached = sum("immutable" in cache for _, _, cache in server.first_load)
    out.append(
        (
            f"a seat's first load <= {FIRST_LOAD_KB:.0f} KB on the wire",
            f"{kb:.1f} KB in {len(server.first_load)} responses, gzip ({cached} cached by version)",
            0 < kb <= FIRST_LOAD_KB,
        )
    )
    spread = [t for played in server.games.values() for t in played.propagation]
    missed = sum(played.missed for played in server.games.values())
    p95 = pct(spread, 95)
    out.append(
        (
            f"propagation to all 12 phones, p95 < {PROPAGATION_P95_MS:.0f} ms",
            f"{p95:.2f} ms from the POST sent ({len(spread)} revisions, {missed} not there in 5 s)",
            p95 < PROPAGATION_P95_MS,
        )
    )
    for name, (best, cold) in replays.items():
        out.append(
            (
                f"replay of {name} < {REPLAY_MS:.0f} ms",
                f"{best:.1f} ms best warm, {cold:.1f} ms cold",
                best < REPLAY_MS,
            )
        )
    for u in undos:
        out.append(
            (
                f"{u.name} ({u.entries} entries, {u.undos} undos): import and open < "
                f"{UNDO_MS:.0f} ms",
                f"import {u.import_ms:.0f} ms, open {u.open_ms:.0f} ms",
                max(u.import_ms, u.open_ms) < UNDO_MS,
            )
        )
    if undos:
        u = max(undos, key=lambda u: u.open_ms)
        out.append(
            (
                "another game's action not held up while a long game opens",
                f"{u.other_ms:.2f} ms, {'during' if u.other_during else 'only after'} the "
                f"open of {u.name} ({u.open_ms:.0f} ms)",
                u.other_during,
            )
        )
    return out


def judge_history(h: HistoryFigures) -> list[Guard]:
    """The group's history and a game's story (issue 32)."""
    grown = (h.rss_after_kb - h.rss_before_kb) / 1024
    group, story = pct(h.group, 50), pct(h.story, 50)
    return [
        (
            f"/group with {h.games} finished games < {GROUP_MS:.0f} ms",
            f"p50 {group:.1f} ms ({len(h.group)} visits; the first {h.group_cold:.1f} ms; "
            f"{h.rows} people rows; store made in {h.made_s:.0f} s)",
            group < GROUP_MS and h.group_cold < GROUP_MS,
        ),
        (
            f"the server's memory after /group within {GROUP_MB:.0f} MB of before",
            f"{grown:+.1f} MB (resident {h.rss_before_kb / 1024:.1f} MB before, "
            f"{h.rss_after_kb / 1024:.1f} MB after)",
            grown <= GROUP_MB,
        ),
        (
            f"a game's story (the long game) < {STORY_MS:.0f} ms",
            f"p50 {story:.1f} ms ({len(h.story)} visits; the first, opening the game, "
            f"{h.story_cold:.1f} ms)",
            story < STORY_MS,
        ),
    ]


def report(
    cfg: Config,
    guards: list[Guard],
    server: ServerFigures,
    runtime: float,
    load: list[float],
    flag: str = "",
) -> str:
    split = cpu_split()
    where = (
        f"the bench's clients on CPU {sorted(split[1])}, the server on CPU {sorted(split[0])}"
        if split
        else "the bench's clients and the server on one CPU"
    )
    lines = [
        *heading(cfg, runtime, load, flag),
        f"- server: `companion serve --host 127.0.0.1 --threads 48` in a subprocess; {where}",
        "",
        "| guard | figure | verdict |",
        "| --- | --- | --- |",
        *(f"| {what} | {figure} | {'MET' if ok else 'MISSED'} |" for what, figure, ok in guards),
        "",
        "Through the server (ms):",
        "",
        "| figure | n | p50 | p95 |",
        "| --- | ---: | ---: | ---: |",
    ]
    rows: list[tuple[str, list[float]]] = []
    for name, played in server.games.items():
        for window in ("early", "late"):
            rows.append((f"{name}: bare route before each {window} tap", played.bare[window]))
            rows.append((f"{name}: referee action, {window} window", played.taps[window]))
    rows += [("bare route beside the seat polls", server.seat_bare)]
    rows += [("seat poll, nothing new (204)", server.poll)]
    lines += [f"| {f} | {len(v)} | {pct(v, 50):.2f} | {pct(v, 95):.2f} |" for f, v in rows]
    lines += [f"\nNote: {note}" for note in server.notes]
    return "\n".join(lines) + "\n"


def heading(cfg: Config, runtime: float, load: list[float], flag: str = "") -> list[str]:
    """The results' title, date, command and machine."""
    command = " ".join(
        ["python -m bench", *([flag] if flag else []), *(["--quick"] if cfg.quick else [])]
    )
    return [
        "# Benchmark results",
        "",
        f"- date: {datetime.now(UTC):%Y-%m-%d %H:%M UTC}; command: `{command}`; runtime "
        f"{runtime:.0f} s",
        f"- machine: {_machine()}; load average (1 min) {load[0]:.2f} at the start, "
        f"{load[-1]:.2f} at the end",
    ]


def _times(ratio: float) -> str:
    return f"{ratio:.2f}x" if ratio == ratio else "n/a (no kind in both windows)"


def _name(path: Path) -> str:
    return str(path.relative_to(RESULTS.parent.parent))


def _load() -> float:
    try:
        return os.getloadavg()[0]
    except OSError:
        return float("nan")


def _machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        lines = Path("/proc/cpuinfo").read_text().splitlines()
        cpu = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    python = platform.python_version()
    return f"{platform.platform()}; {os.cpu_count()} CPUs ({cpu}); Python {python}"


if __name__ == "__main__":
    sys.exit(main())
