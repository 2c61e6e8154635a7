"""The browser benchmark works: `python -m bench --browser --quick` (a few taps in Chromium)."""

from __future__ import annotations

from bench_command import run_bench


def test_quick_browser_benchmark_reports_every_target(chromium_ok, tmp_path):
    """`python -m bench --browser --quick`: a few taps in Chromium, every browser target judged."""
    text = run_bench(tmp_path / "results.md", "--browser", "--quick", timeout=300)
    targets = [line for line in text.splitlines() if line.endswith(("| MET |", "| MISSED |"))]
    # the console at two speeds, one slowed phone, the last of six, a first visit, late taps
    assert len(targets) == 6, text
    for figure in ("| floor, CPU 4x |", "| console, normal, late |", "| the last of 6 phones |"):
        assert figure in text
    assert "nan" not in text, text
