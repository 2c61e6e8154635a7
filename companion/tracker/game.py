"""The game interface the shell uses: one `Game` per game, looked up by the record's key.

The shell never asks which game it serves: it takes a `Game` from `GAMES` by the record's
`game` key (a record without one is Ursuppe's, as every record before Urland was) and calls
its functions, renders its projections with the templates under `templates/<key>/`, and
draws its chance through `chance` / `from_shuffle`. A third game is a third entry here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.tracker.colors import Color, color_ref
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import Seq, msg
from companion.tracker.urland import codec as urland_codec
from companion.tracker.urland import engine as urland_engine
from companion.tracker.urland import projection as urland_projection
from companion.tracker.urland import prompts as urland_prompts
from companion.tracker.urland.codec import action_from_dict as urland_action_from_dict
from companion.tracker.urland.codec import action_to_dict as urland_action_to_dict
from companion.tracker.urland.record import entry_from_dict as urland_entry_from_dict
from companion.tracker.urland.record import entry_to_dict as urland_entry_to_dict
from companion.tracker.urland.state import Step as UrlandStep
from companion.tracker.ursuppe import describe as ursuppe_describe
from companion.tracker.ursuppe import engine as ursuppe_engine
from companion.tracker.ursuppe.actions import TurnEnvironmentCard
from companion.tracker.ursuppe.actions import action_from_dict as ursuppe_action_from_dict
from companion.tracker.ursuppe.actions import action_to_dict as ursuppe_action_to_dict
from companion.tracker.ursuppe.record import codec as ursuppe_codec
from companion.tracker.ursuppe.record.chain import EMPTY
from companion.tracker.ursuppe.record.document import (
    History,
    Record,
    entry_text,
    record_bytes,
    record_text,
)
from companion.tracker.ursuppe.record.document import entry_from_dict as ursuppe_entry_from_dict
from companion.tracker.ursuppe.record.document import entry_to_dict as ursuppe_entry_to_dict
from companion.tracker.ursuppe.state import Phase
from companion.tracker.ursuppe.views import prompts as ursuppe_prompts
from companion.tracker.ursuppe.views import public as ursuppe_projection
from companion.tracker.ursuppe.views import seat as seat_projection

DEFAULT_GAME = "ursuppe"


@dataclass(frozen=True)
class Game:
    """One game's core, as the shell sees it (each field a function of that core)."""

    key: str
    title: str
    new_game: Callable[[Any], Any]
    legal_actions: Callable[[Any], tuple[Any, ...]]
    apply: Callable[[Any, Any], tuple[Any, tuple[Any, ...]]]
    prompt: Callable[[Any], Any]
    project: Callable[[Any, Any], dict[str, Any]]
    chance: Callable[[Any], tuple[Any, ...] | None]
    from_shuffle: Callable[[Any, tuple[Any, ...]], Any]
    action_to_dict: Callable[[Any], dict[str, Any]]
    action_from_dict: Callable[[Any], Any]
    setup_to_dict: Callable[[Any], dict[str, Any]]
    setup_from_dict: Callable[[Any], Any]
    to_dict: Callable[[Any], dict[str, Any]]
    from_dict: Callable[[dict[str, Any]], Any]
    # What the store needs besides: the log's entries (actions and undo markers) in record
    # form, a log label per action, whether a state is over, the round a backup is named by,
    # and the record's `game` key (None: written without one, as Ursuppe's always were).
    entry_to_dict: Callable[[Any], dict[str, Any]]
    entry_from_dict: Callable[[Any], Any]
    describe: Callable[[Any, Any], Any]
    over: Callable[[Any], bool]
    round_of: Callable[[Any], int]
    record_key: str | None
    # Whether an entry the app made by itself drew a card (the log says "drew", not "rolled").
    drawn: Callable[[Any], bool] = lambda entry: False

    def begin(self, setup: Any) -> History:
        """The replayed history of a new game (raises InvalidAction for a bad setup); undo
        works alike for every game."""
        return History.begin(setup, self.new_game, self.apply)

    def record(self, setup: Any, entries: tuple[Any, ...]) -> Record:
        """A game record: its setup and every entry of its log."""
        return Record(setup, entries)

    def record_text(self, record: Record) -> str:
        """The record as the app exports it (JSON, one entry per line, this game's key)."""
        return record_text(record, self)

    def record_bytes(self, setup: Any) -> int:
        """The size of `record_text` without entries (`record.record_bytes`)."""
        return record_bytes(setup, self)

    def entry_text(self, entry: Any) -> str:
        """An entry as one line of JSON, as the store keeps it and the export writes it."""
        return entry_text(entry, self.entry_to_dict)

    @property
    def empty_stack(self) -> Any:
        """The empty stack a log grows on (`Chain`: versions share their older part)."""
        return EMPTY


def seated(project: Callable[[Any, Any], dict[str, Any]]) -> Callable[[Any, Any], dict[str, Any]]:
    """A game's `project` that takes a viewer as a color or its name (`"black"`), and refuses
    one that is no color, or no seat of this game, with InvalidAction naming it."""

    def projected(state: Any, viewer: Any) -> dict[str, Any]:
        if viewer is None:
            return project(state, None)
        try:
            color = viewer if isinstance(viewer, Color) else Color(str(viewer).strip().lower())
        except ValueError:
            raise InvalidAction(
                msg(
                    "there is no color called {color}; the colors are {colors}",
                    color=repr(viewer),
                    colors=", ".join(c.value for c in Color),
                )
            ) from None
        if color not in state.colors:
            raise InvalidAction(
                msg(
                    "{color} has no seat in this game (its seats: {seats})",
                    color=color_ref(color),
                    seats=Seq(tuple(color_ref(c) for c in state.colors), ", "),
                )
            )
        return project(state, color)

    return projected


def _ursuppe_view(state: Any, viewer: Any) -> dict[str, Any]:
    if viewer is None:
        return ursuppe_projection.public_view(state)
    return {
        **ursuppe_projection.public_view(state),
        "you": seat_projection.seat_view(state, viewer),
    }


def _no_shuffle(state: Any, order: tuple[Any, ...]) -> Any:
    raise ValueError("Ursuppe's chance is entered as dice and cards, not shuffled here")


URSUPPE = Game(
    key="ursuppe",
    title="Ursuppe",
    new_game=ursuppe_engine.new_game,
    legal_actions=ursuppe_engine.legal_actions,
    apply=ursuppe_engine.apply,
    prompt=ursuppe_prompts.prompt,
    project=seated(_ursuppe_view),
    chance=lambda state: None,
    from_shuffle=_no_shuffle,
    action_to_dict=ursuppe_action_to_dict,
    action_from_dict=ursuppe_action_from_dict,
    setup_to_dict=ursuppe_codec.setup_to_dict,
    setup_from_dict=ursuppe_codec.setup_from_dict,
    to_dict=ursuppe_codec.to_dict,
    from_dict=ursuppe_codec.from_dict,
    entry_to_dict=ursuppe_entry_to_dict,
    entry_from_dict=ursuppe_entry_from_dict,
    describe=ursuppe_describe,
    over=lambda state: state.phase is Phase.OVER,
    round_of=lambda state: state.round,
    record_key=None,
    drawn=lambda entry: isinstance(entry, TurnEnvironmentCard),
)

URLAND = Game(
    key="urland",
    title="Urland",
    new_game=urland_engine.new_game,
    legal_actions=urland_engine.legal_actions,
    apply=urland_engine.apply,
    prompt=urland_prompts.prompt,
    project=seated(urland_projection.project),
    chance=urland_engine.chance,
    from_shuffle=urland_engine.from_shuffle,
    action_to_dict=urland_action_to_dict,
    action_from_dict=urland_action_from_dict,
    setup_to_dict=urland_codec.setup_to_dict,
    setup_from_dict=urland_codec.setup_from_dict,
    to_dict=urland_codec.to_dict,
    from_dict=urland_codec.from_dict,
    entry_to_dict=urland_entry_to_dict,
    entry_from_dict=urland_entry_from_dict,
    describe=urland_prompts.describe,  # what was awaited, or a correction
    over=lambda state: state.step is UrlandStep.OVER,
    round_of=lambda state: state.turn,
    record_key="urland",
    drawn=lambda entry: True,  # Urland's chance is drawn (tokens, genes, a region), never rolled
)

GAMES = {game.key: game for game in (URSUPPE, URLAND)}


class UnknownGame(InvalidAction, KeyError):
    """A record of no game this app referees (a KeyError too, as `game_of` always raised)."""

    def __str__(self) -> str:
        return InvalidAction.__str__(self)


def game_of(record: Any) -> Game:
    """The game a record (or a stored game row) belongs to, by its `game` key; UnknownGame
    for a key naming no game, or a record that is not an object."""
    if not isinstance(record, Mapping):
        raise UnknownGame(msg("a game record is a JSON object"))
    key = record.get("game", DEFAULT_GAME)
    if not isinstance(key, str) or key not in GAMES:
        raise UnknownGame(msg("this app referees no game called {game}", game=repr(key)[:40]))
    return GAMES[key]
