"""Urland's game record: the setup and the append-only entries, with the `game` key.

The same document as Ursuppe's (docs/record-format.md: format, version, setup, entries, and
undo markers that keep the first K actions, `record.Undo`), plus `"game": "urland"`, which
tells the shell which core replays it. A record holds the hidden draws and sealed bids, so
while a game runs the table reads `readable` (the events each viewer may see) and an export
gives `public_entries` (hidden tokens and unrevealed bids masked); the whole record is for
after the game.
"""

from __future__ import annotations

from typing import Any

from companion.tracker.errors import ActionError, InvalidAction
from companion.tracker.msg import msg
from companion.tracker.record_core import (
    FORMAT,
    MAX_ENTRIES,
    VERSION,
    Entering,
    Undo,
    effective_actions,
    marker_from_dict,
    marker_to_dict,
)
from companion.tracker.record_errors import RecordError, too_many, undo_too_far
from companion.tracker.urland import codec, engine
from companion.tracker.urland.actions import Action, Correct, DrawToken, KeepToken
from companion.tracker.urland.corrections_secret import SECRETS, masked
from companion.tracker.urland.log import Event, visible
from companion.tracker.urland.state import PANIC, UNKNOWN, Step, UrlandSetup, UrlandState

GAME = "urland"
Entry = Action | Undo | Entering


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """An entry in record form."""
    marker = marker_to_dict(entry)
    return codec.action_to_dict(entry) if marker is None else marker


def entry_from_dict(data: Any) -> Entry:
    """An entry from record form; raises InvalidAction."""
    marker = marker_from_dict(data)
    return codec.action_from_dict(data) if marker is None else marker


def record_to_dict(setup: UrlandSetup, entries: tuple[Entry, ...]) -> dict[str, Any]:
    """The whole record as one JSON document."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "setup": codec.setup_to_dict(setup),
        "actions": [entry_to_dict(e) for e in entries],
    }


def record_from_dict(data: Any) -> tuple[UrlandSetup, tuple[Entry, ...]]:
    """A record's setup and entries; InvalidAction if it is not an Urland record."""
    if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("game") != GAME:
        raise InvalidAction(msg("that is not an Urland record"))
    if "setup" not in data:
        raise InvalidAction(msg("that is not an Urland record"))
    setup = codec.setup_from_dict(data["setup"])
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(msg("'actions' must be a list"))
    if len(actions) > MAX_ENTRIES:
        raise too_many(MAX_ENTRIES)
    entries: list[Entry] = []
    in_force = 0
    for i, item in enumerate(actions, 1):
        try:
            entry = entry_from_dict(item)
        except InvalidAction as exc:
            raise RecordError(exc.msg, i) from None
        if isinstance(entry, Undo) and entry.to > in_force:
            raise RecordError(undo_too_far(entry.to, in_force), i)
        if not isinstance(entry, Entering):
            in_force = entry.to if isinstance(entry, Undo) else in_force + 1
        entries.append(entry)
    return setup, tuple(entries)


def replay_entries(setup: UrlandSetup, entries: tuple[Entry, ...]) -> UrlandState:
    """The state the entries lead to (undo markers applied); an action the rules refuse
    raises RecordError naming its entry (1-based) and the rule."""
    kept: list[tuple[int, Action]] = []
    for i, entry in enumerate(entries, 1):
        if isinstance(entry, Undo):
            del kept[entry.to :]
        elif not isinstance(entry, Entering):
            kept.append((i, entry))
    state = engine.new_game(setup)
    for i, action in kept:
        try:
            state = engine.apply(state, action).state
        except ActionError as exc:
            raise RecordError(exc.msg, i, exc.source) from None
    return state


def readable(
    setup: UrlandSetup, entries: tuple[Entry, ...], viewer: Any
) -> list[tuple[Event, ...]]:
    """The events of each action in force, as a viewer (a color, or None) may read them."""
    state = engine.new_game(setup)
    out = []
    for action in effective_actions(entries):
        state, events = engine.apply(state, action)
        out.append(visible(events, viewer))
    return out


def public_entries(setup: UrlandSetup, entries: tuple[Entry, ...]) -> list[dict[str, Any]]:
    """The actions in force as the public may read them: the tokens drawn into a hand and
    the kept one masked, and the bids of an auction still open."""
    state = engine.new_game(setup)
    out: list[dict[str, Any]] = []
    for action in effective_actions(entries):
        shown = action
        if state.step is Step.DRAW and isinstance(action, DrawToken) and action.token != PANIC:
            shown = DrawToken(UNKNOWN)
        elif isinstance(action, KeepToken):
            shown = KeepToken(UNKNOWN)
        elif isinstance(action, Correct) and action.field in SECRETS:
            shown = masked(action)
        out.append(codec.action_to_dict(shown))
        state = engine.apply(state, action).state
    if state.step is Step.BID:  # the bids entered since the auction began (a bid of 0
        for row in reversed(out):  # taken by itself has no entry: `forced`)
            if row["type"] == "bid":
                row["n"] = None
            elif row["type"] != "correct":
                break
    return out
