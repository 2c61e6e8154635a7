"""What every game's `companion replay` shares: the rulebook a record names, and text made
safe for the terminal."""

from __future__ import annotations

from typing import Any

from companion.tracker.citations import Book
from companion.tracker.text import mended


def rulebook(data: Any) -> Book:
    """The rulebook a record's setup names (the Spanish rules when it names none)."""
    setup = data.get("setup") if isinstance(data, dict) else None
    try:
        return Book(setup.get("rulebook", Book.SPANISH.value))
    except (AttributeError, ValueError):
        return Book.SPANISH


def shown(text: str) -> str:
    """Text for the terminal: no control character (an escape sequence) reaches it raw."""
    return "\n".join(mended(line) for line in text.split("\n"))
