"""The test tree collects in one process, as CI runs it."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).parent


def test_every_test_module_has_a_unique_basename():
    """pytest's default import mode refuses two test modules with one basename in one run."""
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []
