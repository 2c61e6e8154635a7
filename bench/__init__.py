"""The benchmark of the running app (see README, section Benchmark)."""
