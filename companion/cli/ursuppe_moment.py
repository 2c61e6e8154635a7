"""`companion replay FILE --at N` and `--legal`: the game as it was right after entry N, with
what that entry changed, and the actions the table may take at that moment (JSON lines)."""

from __future__ import annotations

import json
from collections.abc import Callable

from companion.i18n import citation, t
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import action_to_dict
from companion.tracker.ursuppe.record.document import History, Record, entry_text
from companion.tracker.ursuppe.state import GameState
from companion.tracker.ursuppe.views.moment import changes


def moment(record: Record, at: int) -> tuple[GameState, GameState, tuple]:
    """The state before and right after entry `at` (1-based), and that entry's events."""
    history = History.begin(record.setup)
    before, events = history.state, ()
    for entry in record.entries[:at]:
        before = history.state
        history, events, _ = history.add(entry)
    return before, history.state, events


def moment_text(record: Record, at: int, lang: str, board: Callable[[GameState], str]) -> str:
    """Entry `at` (its JSON, its events), what it changed, and the whole state after it."""
    _ = lambda text: t(text, lang)  # noqa: E731 - shorthand for messages in the reader's language
    before, after, events = moment(record, at)
    book = record.setup.rulebook
    lines = [f"{at:>4}. {entry_text(record.entries[at - 1])}"]
    for event in events:
        cited = citation(event.source, book, lang) if event.source else ""
        lines.append(f"      {_(event)}" + (f"  [{cited}]" if cited else ""))
    changed = changes(before, after)
    if changed:
        lines.append("")
        lines += [f"  * {_(line)}" for line in changed]
    lines += ["", board(after)]
    return "\n".join(lines)


def legal_lines(state: GameState) -> list[str]:
    """Each legal action now, one per line in the record's JSON form."""
    return [json.dumps(action_to_dict(a)) for a in legal_actions(state)]
