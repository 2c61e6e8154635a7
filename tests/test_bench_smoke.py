"""The benchmark command works on a fresh clone: `python -m bench --quick` (few samples).

It starts the real server (waitress) on 127.0.0.1 in a subprocess, plays the start of the
bench game through it with 12 phones listening, then the start of the long game with extra
genes (bench/long-six-players-extra.json, issue 11) on a server of its own, and writes its
table to a temporary file;
bench/RESULTS.md (the full run's numbers) is left alone.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Section 1's Urland rows: each golden Urland game, with its number of actions.
URLAND_ROWS = [
    f"| examples/urland/{p.name} | {len(json.loads(p.read_text(encoding='utf-8'))['actions'])} |"
    for p in sorted((ROOT / "examples" / "urland").glob("*-players.json"))
]


def test_quick_benchmark_runs_and_reports_every_target(tmp_path):
    results = ROOT / "bench" / "RESULTS.md"
    before = results.read_bytes() if results.exists() else None
    out = tmp_path / "results.md"
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,  # two servers; about 30 s on a loaded 2-core machine
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    text = out.read_text(encoding="utf-8")
    for figure in (
        "bare route GET /healthz",
        "referee action POST /act, early",
        "referee action POST /act, late",
        "with extra genes: referee action POST /act, early (actions 1-",
        "with extra genes: referee action POST /act, late (last ",
        "bare route, just before each early tap",
        "with extra genes: bare route, just before each late tap",
        "POST /act, early, in turn with the late ones",
        "with extra genes: POST /act, late, in turn with the early ones",
        "seat poll, nothing new (204)",
        "seat view render after a change (200)",
        "propagation to all 12 phones",
        "machine:",
        *URLAND_ROWS,
    ):
        assert figure in text
    targets = [
        line
        for line in text.splitlines()
        if line.startswith("- ") and (": MET (" in line or ": MISSED (" in line)
    ]
    # late vs early and action vs bare (with and without extra genes), first load, poll,
    # propagation, three replays, three undo records, another game's action
    assert len(targets) == 14, text
    late = [line for line in targets if "late-game referee action" in line]
    assert len(late) == 2, late
    assert all("the same kinds of action taken in turn through the server" in x for x in late)
    assert all("in turn in-process" in x and "the sequential windows" in x for x in late)
    assert "replaying a complete 6-player game (bench/long-six-players-extra.json" in text
    assert "Records with many undo entries" in text
    assert "first load over the wire" in text
    assert "0 not received within 5 s" in text
    assert (results.read_bytes() if results.exists() else None) == before


def test_late_vs_early_compares_the_same_kinds_of_action_taken_in_turn():
    """Issue 12 item 11 / issue 11 item 7: a late tap within 1.1x an early one, judged kind by
    kind of action on taps taken in turn, through the server and in-process (both must meet
    it); the windows' p50s (which also compare their mixes) and the sequential windows
    (minutes apart, moved by the machine's drift) are shown beside the verdict."""
    from bench.serverpart import ServerResult
    from bench.targets import late_vs_early

    mixed = ServerResult(early=[2.0] * 9, late=[3.0] * 9)  # 1.5x sequentially

    def taps(window: str, **kinds: list[float]) -> None:  # the taps in turn, kind by kind
        mixed.turns[window] = [t for ts in kinds.values() for t in ts]
        mixed.turn_kinds[window] = [k for k, ts in kinds.items() for _ in ts]

    # Each kind costs the same late as early; the late window holds more of the dear kind.
    taps("early", move=[1.0] * 6, roll_movement=[2.0] * 3)
    taps("late", move=[1.0] * 3, roll_movement=[2.0] * 6)
    kinds = {"Move": (6, 1.0, 3, 1.0), "RollMovement": (3, 2.0, 6, 2.0)}
    mixed.interleaved = {"early": 1.0, "late": 2.0, "ratio": 2.0, "n": 9, "same_kinds": 1.0}
    mixed.interleaved["kinds"] = kinds
    ok, text = late_vs_early(mixed)
    assert ok, text
    assert "1.00x the same kinds of action taken in turn through the server, 1.00x in-process" in (
        text
    )
    assert "the windows' p50s, which also compare their mixes: 2.00x in turn" in text
    assert "2.00x in turn in-process" in text and "the sequential windows" in text
    assert "The windows' p50s pass 1.1x: Bound by" in text and "6 RollMovement (2.00 ms)" in text
    assert "each pass" not in text  # one pass (or none recorded): no spread to show
    mixed.turn_ratios = [1.03, 1.07, 1.05]
    assert "each pass: 1.03x, 1.07x, 1.05x" in late_vs_early(mixed)[1]
    mixed.interleaved["same_kinds"] = 1.15
    assert not late_vs_early(mixed)[0]  # the same kind grew in-process: missed
    mixed.interleaved["same_kinds"] = 1.0
    taps("late", move=[1.2] * 3, roll_movement=[2.0] * 6)  # (1.2*3 + 2*6) / (1*3 + 2*6) = 1.04x
    assert late_vs_early(mixed)[0]
    taps("late", move=[1.2] * 3, roll_movement=[2.4] * 6)  # 1.20x through the server: missed
    assert not late_vs_early(mixed)[0]
    taps("late", divide=[2.0] * 9)  # no kind in both windows: not met, not guessed
    assert not late_vs_early(mixed)[0]
    plain = ServerResult(early=[2.0] * 9, late=[2.1] * 9)  # nothing in turn: the windows
    assert late_vs_early(plain) == (True, "the sequential windows: p50 2.10 vs 2.00 ms, 1.05x")


def test_the_same_kinds_of_action_compare_each_kind_with_itself():
    """Issue 11 item 7: beside the windows' p50s (which also compare their mixes), each kind
    of action late against the same kind early, weighted by the late window's counts; kinds
    only one window holds are left out."""
    from bench.bykind import same_kinds

    early = {"Move": [1.0, 1.0, 1.0], "RollMovement": [2.0], "PlaceAmoeba": [0.5] * 5}
    late = {"Move": [1.1, 1.1], "RollMovement": [2.0, 2.0], "Divide": [9.0]}
    # (1.1*2 + 2.0*2) / (1.0*2 + 2.0*2): the divides and placements do not count
    assert abs(same_kinds(early, late) - 6.2 / 6.0) < 1e-9
    assert math.isnan(same_kinds({"Move": [1.0]}, {"Divide": [2.0]}))  # no kind in both


def test_each_window_is_compared_with_the_bare_route_of_its_own_taps():
    """Issue 5 / issue 11 item 7: a referee action within 5x the bare route asked just before
    it; the windows are minutes apart, so each window against its own moments, and both must
    meet the target."""
    from bench.serverpart import ServerResult
    from bench.targets import action_vs_bare

    # a slow minute for the early window: its taps and its bare route alike
    result = ServerResult(early=[4.0] * 9, late=[2.0] * 9, bare=[0.5] * 9)
    result.tap_bare = {"early": [0.9] * 9, "late": [0.5] * 9}
    ok, text, worst = action_vs_bare(result)
    assert ok and abs(worst - 4.444) < 0.01
    assert text == "early p50 4.00 vs 0.90 ms, 4.44x; late p50 2.00 vs 0.50 ms, 4.00x"
    result.late = [2.6] * 9  # 5.2x its own bare route: missed, though early meets it
    assert not action_vs_bare(result)[0]
    alone = ServerResult(early=[2.0] * 9, late=[2.0] * 9, bare=[0.5] * 9)  # none asked
    assert action_vs_bare(alone)[:2] == (
        True,
        "early p50 2.00 vs 0.50 ms, 4.00x; late p50 2.00 vs 0.50 ms, 4.00x",
    )
