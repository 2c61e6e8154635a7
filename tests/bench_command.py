"""`python -m bench` as the tests run it: a subprocess writing its results to a file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_bench(out: Path, *flags: str, timeout: float) -> str:
    """Run `python -m bench FLAGS --out OUT` from the checkout; its results' text."""
    done = subprocess.run(
        [sys.executable, "-m", "bench", *flags, "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return out.read_text(encoding="utf-8")
