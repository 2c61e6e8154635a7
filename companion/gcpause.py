"""Long replays with Python's cyclic garbage collector held off (the shell's, for the store:
the pure core never touches the interpreter's global state).

A replay keeps every state it computes (the history holds them), so the collector's passes
during it find almost nothing to free while rescanning an ever larger heap: measured, a
third of the time to open a record of thousands of undos. Reference counting still frees
everything else at once; any cycles made meanwhile go at the first pass after. The switch is
process-wide, so nested and concurrent replays count their holders: the collector comes
back (if it was on) when the last one ends.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_holders = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Hold the cyclic garbage collector off for the block (see the module's docstring)."""
    global _holders, _was_enabled
    with _lock:
        if _holders == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _holders += 1
    try:
        yield
    finally:
        with _lock:
            _holders -= 1
            if _holders == 0 and _was_enabled:
                gc.enable()
