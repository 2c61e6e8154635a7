"""Shared fixtures; scenario builders live in tests/builders.py."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
