"""`python -m bench`: run the benchmark (bench/run.py)."""

from bench.run import main

raise SystemExit(main())
