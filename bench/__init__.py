"""The benchmark of the running app (see docs/benchmark.md)."""
