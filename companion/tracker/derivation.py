"""Why this number, for both games: a derivation names what was computed, its inputs, the
rule used, the rule options in force and the book's section (Ursuppe's are made in
`ursuppe/views/why.py`, Urland's in `urland/why.py`; the shell shows them alike)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.citations import Rule
from companion.tracker.msg import Msg


@dataclass(frozen=True)
class Derivation:
    """How a number was computed: what it is, its inputs, the rule, the options in force."""

    what: Msg
    inputs: tuple[Msg, ...]
    rule: Msg
    options: tuple[Msg, ...]
    source: Rule
