"""The record as the public may read it while a game runs: the app's shuffle of the
environment cards (`shuffle_deck`) lists every card still face down, in the order they will
be turned, which only a Sensing gene's holder may know of the next card (003 §Environmental
Sensing, 000 §Fase 2). The public record leaves the shuffle out and writes each card where it
was turned, as a `turn_card` entry; it replays to the same table, the next cards unknown."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.record_core import Undo
from companion.tracker.ursuppe.actions import Action, ShuffleEnvironmentDeck, TurnEnvironmentCard
from companion.tracker.ursuppe.engine import apply, new_game
from companion.tracker.ursuppe.record.document import Entry, Record
from companion.tracker.ursuppe.state import GameState


def _public(state: GameState, action: Action) -> tuple[GameState, list[Action]]:
    """The state after an action, and the public entries it stands for."""
    shuffle = isinstance(action, ShuffleEnvironmentDeck)
    order = tuple(action.order) if shuffle else state.shuffled_order
    before = len(state.turned)
    after = apply(state, action).state
    shown: list[Action] = [] if shuffle else [action]
    drawn = after.turned[before:]
    if (
        order
        and drawn
        and drawn == order[: len(drawn)]
        and not isinstance(action, TurnEnvironmentCard)
    ):
        shown += [TurnEnvironmentCard(card) for card in drawn]
    return after, shown


def public_record(record: Record) -> Record:
    """The record with the shuffle left out and each card turned from it written as the
    `turn_card` entry it stands for; undo markers are kept, counting the public entries
    (an undo keeps the first K actions in force: K becomes the public entries they made)."""
    states = [new_game(record.setup)]
    made: list[int] = []  # public entries made by each action in force
    out: list[Entry] = []
    for entry in record.entries:
        if isinstance(entry, Undo):
            out.append(Undo(sum(made[: entry.to])))
            del made[entry.to :], states[entry.to + 1 :]
            continue
        state, shown = _public(states[-1], entry)
        states.append(state)
        made.append(len(shown))
        out += shown
    return replace(record, entries=tuple(out))


def has_secrets(record: Record) -> bool:
    """Whether the record holds a shuffle the public record leaves out."""
    return any(isinstance(e, ShuffleEnvironmentDeck) for e in record.entries)
