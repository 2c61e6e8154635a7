"""`companion replay FILE --seat COLOR [--at N]`: what that seat's phone shows at that moment,
in the reader's language (both games): its own view (hidden information only its own: a
Sensing gene's next card, its tokens, its bid) and the public table; `--json` gives the same
projection as data (`Game.project`, every message rendered in the reader's language)."""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Any

from companion.i18n import refusal_text, t
from companion.tracker.citations import Book
from companion.tracker.errors import ActionError
from companion.tracker.game import Game

SKIPPED = {"cubes", "amoebas", "regions", "oceans", "chart", "score_history"}  # drawn, not read


def plain(value: Any, lang: str) -> Any:
    """A projection as JSON data: messages, terms and events in the reader's language."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(k): plain(v, lang) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v, lang) for v in value]
    return t(value, lang)


def _lines(data: Any, indent: int = 0) -> list[str]:
    pad = "  " * indent
    if isinstance(data, dict):
        out = []
        for key, value in data.items():
            if isinstance(value, (dict, list)) and value:
                out.append(f"{pad}{key}:")
                out += _lines(value, indent + 1)
            else:
                out.append(f"{pad}{key}: {'-' if value in (None, [], {}) else value}")
        return out
    if isinstance(data, list):
        out = []
        for item in data:
            if isinstance(item, dict):
                first, *rest = _lines(item, indent + 1) or [""]
                out.append(f"{pad}- {first.strip()}")
                out += rest
            else:
                out.append(f"{pad}- {item}")
        return out
    return [f"{pad}{data}"]


def print_seat(game: Game, state: Any, seat: str, lang: str, as_json: bool, shown: Any) -> int:
    """Print one seat's projection (text, or `--json`); 2 for a seat not in the game."""
    try:
        view = game.project(state, seat)
    except ActionError as exc:
        print(shown(refusal_text(exc, Book.SPANISH, lang)), file=sys.stderr)
        return 2
    data = plain(view, lang)
    if as_json:
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return 0
    you = data.pop("you", None)
    readable = {k: v for k, v in data.items() if k not in SKIPPED}
    lines = _lines(you) + [""] + _lines(readable) if you is not None else _lines(readable)
    print(shown("\n".join(lines)))
    return 0
