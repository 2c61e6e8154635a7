"""Waiting for the console's choices to arm (app.js: new choices arrive unarmed, so that the
second tap of a double tap cannot land on them; a tap on unarmed choices is dropped)."""

from __future__ import annotations


def wait_armed(page, revision: int | None = None) -> None:
    """Wait until the console is armed and no tap is in flight (at `revision`, if given)."""
    at = f'[data-revision="{revision}"]' if revision is not None else ""
    page.wait_for_selector(f"#console{at}[data-armed=yes]:not([data-busy])")
