"""Shared fixtures; scenario builders live in tests/builders.py."""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def pytest_collection_modifyitems(config, items):
    """TIMING_TESTS=skip leaves out the tests that measure real tap timings, =only keeps just
    them: scripts/test runs them alone after the parallel run, whose load would bend them."""
    mode = os.environ.get("TIMING_TESTS", "")
    if mode not in ("skip", "only"):
        return
    keep = [i for i in items if (i.get_closest_marker("timing") is not None) == (mode == "only")]
    if len(keep) != len(items):
        config.hook.pytest_deselected(items=[i for i in items if i not in keep])
        items[:] = keep
