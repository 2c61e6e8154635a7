"""The benchmark command works on a fresh clone: `python -m bench --quick` (few samples).

It starts the real server (waitress) on 127.0.0.1 in a subprocess, plays the start of the
bench game through it with 12 phones listening, then the start of the long game with extra
genes (bench/long-six-players-extra.json, issue 11) on a server of its own, and writes its
table to a temporary file;
bench/RESULTS.md (the full run's numbers) is left alone.
"""

from __future__ import annotations

import json
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
        "with extra genes: POST /act, early",
        "with extra genes: POST /act, late",
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
    assert "replaying a complete 6-player game (bench/long-six-players-extra.json" in text
    assert "Records with many undo entries" in text
    assert "first load over the wire" in text
    assert "0 not received within 5 s" in text
    assert (results.read_bytes() if results.exists() else None) == before
