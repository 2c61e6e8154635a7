"""`python -m companion.cli`: the `companion` command."""

import sys

from companion.cli import main

sys.exit(main())
