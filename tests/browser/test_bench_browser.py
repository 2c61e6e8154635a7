"""The browser benchmark works: `python -m bench --browser --quick` (a few taps in Chromium)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_browser_benchmark_reports_every_target(chromium_ok, tmp_path):
    """`python -m bench --browser --quick`: a few taps in Chromium, every browser target judged."""
    out = tmp_path / "results.md"
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--browser", "--quick", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    text = out.read_text(encoding="utf-8")
    targets = [line for line in text.splitlines() if line.endswith(("| MET |", "| MISSED |"))]
    # the console at two speeds, one slowed phone, the last of six, a first visit, late taps
    assert len(targets) == 6, text
    for figure in ("| floor, CPU 4x |", "| console, normal, late |", "| the last of 6 phones |"):
        assert figure in text
    assert "nan" not in text, text
