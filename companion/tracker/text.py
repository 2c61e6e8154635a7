"""Text that cannot break a game: the one check for every text that enters, and its mending.

Names, game names, card ids and reasons are single-line Unicode text. A control character
(C0, DEL, C1: a line break, a terminal escape), a line or paragraph separator, or a lone
surrogate (which cannot be encoded, so no page holding it could be sent) is refused with a
message naming the field. Text stored before this check existed is mended on reading: each
such character becomes the replacement character, so an old game still opens.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.tracker.errors import InvalidAction

REPLACEMENT = "\ufffd"
_BAD = {"Cc": "a control character", "Cs": "an invalid character", "Zl": "a line break"}
_BAD["Zp"] = _BAD["Zl"]


def text_problem(text: str) -> str | None:
    """What is wrong with a text (first bad character), or None if it is fine."""
    if text.isprintable():  # the common case: no character of any refused category
        return None
    for ch in text:
        kind = _BAD.get(unicodedata.category(ch))
        if kind:
            return f"contains {kind} (U+{ord(ch):04X}); use plain single-line text"
    return None


def check_text(text: str, field: str) -> str:
    """The text unchanged, or InvalidAction naming the field."""
    problem = text_problem(text)
    if problem:
        raise InvalidAction(f"{field} {problem}")
    return text


def check_json_text(data: Any, path: str) -> None:
    """Check every key and string of JSON data; InvalidAction names the path at fault."""
    if isinstance(data, str):
        check_text(data, f"{path}:")
    elif isinstance(data, dict):
        for key, value in data.items():
            check_text(str(key), f"{path}: a field name" if path else "a field name")
            check_json_text(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_json_text(value, f"{path}[{i}]")


def mended(text: str) -> str:
    """The text with every refused character replaced by U+FFFD (for text already stored)."""
    if text_problem(text) is None:
        return text
    return "".join(REPLACEMENT if unicodedata.category(ch) in _BAD else ch for ch in text)


def mend(data: Any) -> Any:
    """JSON data with every key and string mended."""
    if isinstance(data, str):
        return mended(data)
    if isinstance(data, dict):
        return {mended(str(k)) if isinstance(k, str) else k: mend(v) for k, v in data.items()}
    if isinstance(data, list):
        return [mend(v) for v in data]
    return data
