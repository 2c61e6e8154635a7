"""Text that cannot break a game: the one check for every text that enters, and its mending.

Names, game names, card ids and reasons are single-line Unicode text. A control character
(C0, DEL, C1: a line break, a terminal escape), a line or paragraph separator, or a lone
surrogate (which cannot be encoded, so no page holding it could be sent), or a format
character that reorders the text around it (the bidirectional controls: embeddings,
overrides, isolates and marks, which can make a name read as something else on every screen
and in a terminal) is refused with a message naming the field. Other format characters stay:
the zero-width joiner builds emoji and some scripts need the non-joiner. Text stored before
this check existed is mended on reading: each such character becomes the replacement
character, so an old game still opens.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Msg, msg

REPLACEMENT = "\ufffd"
_BAD = {"Cc": "control", "Cs": "invalid", "Zl": "break"}
_BAD["Zp"] = _BAD["Zl"]
# The format characters (category Cf) that reorder text: ALM, LRM, RLM, the embeddings and
# overrides LRE RLE PDF LRO RLO, and the isolates LRI RLI FSI PDI.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f") | frozenset(map(chr, range(0x202A, 0x202F)))
BIDI_CONTROLS |= frozenset(map(chr, range(0x2066, 0x206A)))


def _bad_kind(ch: str) -> str | None:
    """Why a character is refused ("control", "invalid", "break", "direction"), or None."""
    if ch in BIDI_CONTROLS:
        return "direction"
    return _BAD.get(unicodedata.category(ch))


def _kind(kind: str) -> Msg:
    """A refused character's kind in words."""
    if kind == "control":
        return msg("a control character")
    if kind == "invalid":
        return msg("an invalid character")
    if kind == "direction":
        return msg("a character that reverses the text's direction")
    return msg("a line break")


def _first_bad(text: str) -> tuple[Msg, str] | None:
    """The kind and code point (`000A`) of the first refused character, or None."""
    if text.isprintable():  # the common case: no character of any refused category
        return None
    for ch in text:
        kind = _bad_kind(ch)
        if kind:
            return _kind(kind), f"{ord(ch):04X}"
    return None


def text_problem(text: str) -> Msg | None:
    """What is wrong with a text (first bad character), or None if it is fine."""
    bad = _first_bad(text)
    if bad is None:
        return None
    return msg("contains {kind} (U+{code}); use plain single-line text", kind=bad[0], code=bad[1])


def check_text(text: str, field: Msg | str) -> str:
    """The text unchanged, or InvalidAction naming the field (a message, or a record path)."""
    bad = _first_bad(text)
    if bad:
        # TRANSLATORS: {field} names the text ("the reason", or a record's path such as
        # "setup.seats[0].name:"); {kind} is what was found there; {code} is hexadecimal.
        raise InvalidAction(
            msg(
                "{field} contains {kind} (U+{code}); use plain single-line text",
                field=field,
                kind=bad[0],
                code=bad[1],
            )
        )
    return text


def check_json_text(data: Any, path: str) -> None:
    """Check every key and string of JSON data; InvalidAction names the path at fault."""
    if isinstance(data, str):
        check_text(data, f"{path}:")
    elif isinstance(data, dict):
        for key, value in data.items():
            if not str(key).isprintable():  # build the field's words only for a bad key
                where = msg("{path}: a field name", path=path) if path else msg("a field name")
                check_text(str(key), where)
            check_json_text(value, f"{path}.{key}" if path else str(key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            check_json_text(value, f"{path}[{i}]")


def mended(text: str) -> str:
    """The text with every refused character replaced by U+FFFD (for text already stored)."""
    if text_problem(text) is None:
        return text
    return "".join(REPLACEMENT if _bad_kind(ch) else ch for ch in text)


def mend(data: Any) -> Any:
    """JSON data with every key and string mended."""
    if isinstance(data, str):
        return mended(data)
    if isinstance(data, dict):
        return {mended(str(k)) if isinstance(k, str) else k: mend(v) for k, v in data.items()}
    if isinstance(data, list):
        return [mend(v) for v in data]
    return data
