"""`companion replay FILE --seat COLOR [--at N]`: what that seat's phone shows at that moment,
in the reader's language (both games): its own view (hidden information only its own: a
Sensing gene's next card, its tokens, its bid) and the public table, laid out with the phone's
own words (each game's `seat_text`); `--json` gives the same projection as data
(`Game.project`): codes stay codes, every message, term and rule cited is rendered in the
reader's language."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from enum import Enum
from typing import Any

from companion.i18n import citation, refusal_text, t
from companion.tracker.citations import Book, Citation, Rule, citation_msg
from companion.tracker.errors import ActionError
from companion.tracker.game import Game

SeatText = Callable[[Any, dict, str], str]  # (state, the seat's projection, lang) -> text


def plain(value: Any, lang: str, book: Any = Book.SPANISH) -> Any:
    """A projection as JSON data: messages, terms, events and cited rules in the reader's
    language (`book`: the group's rulebook, which the citations name)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, Rule):
        return citation(value, book, lang)
    if isinstance(value, Citation):  # a section already chosen for the group's book
        return t(citation_msg(value), lang)
    if isinstance(value, dict):
        return {str(k): plain(v, lang, book) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [plain(v, lang, book) for v in value]
    return t(value, lang)


def print_seat(
    game: Game, state: Any, seat: str, lang: str, as_json: bool, shown: Any, text: SeatText
) -> int:
    """Print one seat's projection (text, or `--json`); 2 for a seat not in the game."""
    try:
        view = game.project(state, seat)
    except ActionError as exc:
        print(shown(refusal_text(exc, Book.SPANISH, lang)), file=sys.stderr)
        return 2
    if as_json:
        data = plain(view, lang, state.setup.rulebook)
        print(json.dumps(data, indent=1, ensure_ascii=False))
        return 0
    print(shown(text(state, view, lang)))
    return 0
