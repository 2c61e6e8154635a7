"""The public engine: `new_game`, `legal_actions`, `apply`, `replay`.

`apply` accepts exactly the actions `legal_actions` lists (plus corrections and the two
open-ended inputs), so the UI and the validation share one source of legality. A step with
a single legal choice that involves no chance (the only meal, starving, nothing affordable)
is taken automatically and explained, so the table never taps what the rules already decide.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import NamedTuple

from companion.tracker.colors import Color, color_term
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import msg
from companion.tracker.text import check_text
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import (
    Action,
    Correct,
    SetStartSpaces,
    ShuffleEnvironmentDeck,
)
from companion.tracker.ursuppe.choices import legal_actions as _legal
from companion.tracker.ursuppe.data import ENVIRONMENT_CARDS, START_CUBES_PER_SPACE
from companion.tracker.ursuppe.flow import Event, Events, say, start
from companion.tracker.ursuppe.genes.actions import ShuffleExtraGenes
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS
from companion.tracker.ursuppe.handlers import handle
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.phases import p3_extra
from companion.tracker.ursuppe.record.corrections import apply_correction
from companion.tracker.ursuppe.record.corrections_table import MAX_BOX
from companion.tracker.ursuppe.refusals.why_not import explain
from companion.tracker.ursuppe.rules import decoy, people
from companion.tracker.ursuppe.state import (
    GameSetup,
    GameState,
    Phase,
    Step,
    carry_answers,
    check_deck,
)
from companion.tracker.ursuppe.views import outcome
from companion.tracker.ursuppe.views.labels import describe
from companion.tracker.ursuppe.views.phrases import comma_list
from companion.tracker.ursuppe.views.prompts import prompt

CHANCE_STEPS = {
    Step.TURN_CARD,
    Step.START_ROLLS,
    Step.MOVE_ROLL,
    Step.FIGHT_ROLL,
    Step.CAMOUFLAGE_ROLL,
}
MAX_FORCED = 10_000


class Applied(NamedTuple):
    """The result of an action: the new state and the explained events it caused."""

    state: GameState
    events: tuple[Event, ...]


def validate_setup(setup: GameSetup) -> None:
    """Raise InvalidAction if the setup cannot start a game."""
    n = len(setup.seats)
    problem = people.check(setup)
    if problem:
        raise InvalidAction(problem)
    colors = [s.color for s in setup.seats]
    if len(set(colors)) != n:
        raise InvalidAction(msg("every player needs a different color"))
    for i, seat in enumerate(setup.seats, 1):
        check_text(seat.name, msg("the name of player {n}", n=i))
    for card in setup.deck:
        check_text(card.id, msg("an environment card's name"))
    names = [s.name.strip() for s in setup.seats]
    if any(not name or len(name) > 40 for name in names):
        raise InvalidAction(msg("every player needs a name of 1 to 40 characters"))
    if not people.names_unique(setup):
        raise InvalidAction(msg("two players have the same name"))
    problem = check_deck(setup.deck)
    if problem:
        raise InvalidAction(problem)
    if any(not 0 <= c.ozone <= 50 for c in setup.deck):
        raise InvalidAction(msg("an ozone thickness must be between 0 and 50"))
    if not 20 <= setup.ladder_length <= 100:
        raise InvalidAction(msg("the ladder must have 20 to 100 spaces"))
    zone = setup.end_zone_start
    if not n < zone <= setup.ladder_length:
        raise InvalidAction(
            msg(
                "the end zone must start between {first} and {last}",
                first=n + 1,
                last=setup.ladder_length,
            )
        )
    if not 1 <= setup.options.persistence_copies_4p <= 2:
        raise InvalidAction(msg("Persistence has 1 or 2 copies with 4 players"))
    if setup.rulebook not in sources.RULEBOOKS:
        raise InvalidAction(msg("the group's rulebook must be the Spanish or the Italian rules"))
    least = START_CUBES_PER_SPACE * setup.board.size
    if not least <= setup.box_cubes <= MAX_BOX:
        raise InvalidAction(
            msg(
                "the box holds {least} to {most} food cubes of each color",
                least=least,
                most=MAX_BOX,
            )
        )
    if not 1 <= setup.options.extra_genes_per_round <= 3:
        raise InvalidAction(msg("1 to 3 extra genes are turned per round"))
    _validate_extra(setup)
    assert len(setup.deck) == ENVIRONMENT_CARDS


def _validate_extra(setup: GameSetup) -> None:
    """The starting set (or fixed list) of extra genes: extra genes, each once (003 §Play)."""
    start = setup.extra_start
    if any(key not in EXTRA_KEYS for key in start):
        raise InvalidAction(msg("the starting set may only name extra genes"))
    if len(set(start)) != len(start):
        raise InvalidAction(msg("each extra gene is in the game once"))
    mode = setup.extra_genes
    if start and mode in (ExtraGenesMode.NONE, ExtraGenesMode.ALL_RANDOM):
        raise InvalidAction(msg("no extra gene starts face up when they all come at random"))
    if mode is ExtraGenesMode.FIXED_LIST and not start:
        raise InvalidAction(msg("a fixed list of extra genes names at least one"))


def new_game(setup: GameSetup) -> GameState:
    """A new game at its first prompt (turning the first environment card)."""
    validate_setup(setup)
    return start(setup)


def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action now, besides corrections and the open inputs."""
    if state.phase is Phase.OVER:
        return ()
    return _legal(state)


def _open_input(state: GameState, action: Action, events: Events) -> GameState | None:
    """Check and apply a recorded shuffle or directly set start spaces; None if not one."""
    if isinstance(action, ShuffleEnvironmentDeck):
        if state.cursor.step is not Step.TURN_CARD:
            raise IllegalAction(
                msg("a shuffle is recorded only when a card is to be turned"), sources.PHASE_2
            )
        if state.shuffled_order:
            raise IllegalAction(msg("the remaining cards were already shuffled"), sources.PHASE_2)
        if sorted(action.order) != sorted(state.remaining_cards()):
            raise IllegalAction(
                msg(
                    "a shuffle must list each remaining card exactly once: {cards}",
                    cards=comma_list(state.remaining_cards()),
                ),
                sources.SETUP,
            )
        return handle(state, action, events)
    if isinstance(action, ShuffleExtraGenes):
        p3_extra.check_shuffle(state, action)
        return handle(state, action, events)
    if isinstance(action, SetStartSpaces):
        cursor = state.cursor
        rolled = bool(cursor.start_rolls) or len(cursor.start_groups) > 1
        if cursor.step is not Step.START_ROLLS or rolled:
            raise IllegalAction(
                msg("start spaces are set before anyone rolls for the start order"),
                sources.START_ORDER,
            )
        spaces = dict(action.spaces)
        markers = people.marker_colors(state.setup)
        if set(spaces) != set(markers) or sorted(spaces.values()) != list(
            range(1, len(markers) + 1)
        ):
            raise IllegalAction(
                msg("each player needs a different start space 1-{last}", last=len(markers)),
                sources.START_ORDER,
            )
        return handle(state, action, events)
    return None


def _forced(state: GameState, events: Events) -> GameState:
    """Take steps with a single legal choice and no chance, explaining each."""
    for _ in range(MAX_FORCED):
        if state.phase is Phase.OVER or state.cursor.step in CHANCE_STEPS:
            return state
        options = _legal(state)
        chosen = decoy.choose(state, options)
        if chosen:
            now = prompt(state)
            # TRANSLATORS: {prompt} is what the table awaits ("Decoy ■ blue 2 feeds."),
            # {rule} the decoy's fixed rule, {choice} the action it takes.
            text = msg(
                "{prompt} The decoy plays by its rule ({rule}): {choice}.",
                prompt=now.msg,
                rule=chosen[1],
                choice=describe(state, chosen[0]),
            )
            say(events, "decoy", text, sources.TWO_PLAYERS)
            state = handle(state, chosen[0], events)
            continue
        if len(options) != 1:
            return state
        now = prompt(state)
        # TRANSLATORS: {prompt} is what the table awaits ("Ana ● red 2 feeds."), {choice} the
        # one legal action, taken by the app.
        text = msg(
            "{prompt} Only one choice is possible: {choice}.",
            prompt=now.msg,
            choice=describe(state, options[0]),
        )
        say(events, "forced", text, now.source)
        state = handle(state, options[0], events)
    raise RuntimeError("forced steps did not settle")  # pragma: no cover


def apply(state: GameState, action: Action) -> Applied:
    """Apply an action: the new state and its events, or IllegalAction / InvalidAction."""
    if not isinstance(action, Action):
        raise InvalidAction(msg("that is not an action"))
    events: Events = []
    if isinstance(action, Correct):
        new = outcome.refreshed(apply_correction(state, action, events))
        if new.phase is not Phase.OVER:  # the game continues from the corrected position
            new = _forced(new, events)
        return Applied(replace(new, revision=state.revision + 1), tuple(events))
    if state.phase is Phase.OVER:
        raise IllegalAction(
            msg("the game is over; only corrections are possible"), sources.GAME_END
        )
    for color in _colors_named(action):
        if color not in state.colors:
            text = msg("{color} is not a color in this game", color=color_term(color))
            raise InvalidAction(text)
    new = _open_input(state, action, events)
    if new is None:
        if action not in _legal(state):
            raise explain(state, action)
        new = handle(state, action, events)
    new = _forced(new, events)
    done = replace(new, revision=state.revision + 1)
    carry_answers(new, done)  # what was asked of `new` holds for `done`: none reads the revision
    return Applied(done, tuple(events))


def _colors_named(action: Action) -> list[Color]:
    found = []
    for value in vars(action).values():
        if isinstance(value, Color):
            found.append(value)
        elif isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], Color):
            found.append(value[0])
        elif isinstance(value, tuple):
            found += [v[0] for v in value if isinstance(v, tuple) and v and isinstance(v[0], Color)]
    return found


def replay(setup: GameSetup, actions: Iterable[Action]) -> GameState:
    """The state after applying a log of actions to a new game."""
    state = new_game(setup)
    for action in actions:
        state = apply(state, action).state
    return state


def replay_events(
    setup: GameSetup, actions: Iterable[Action]
) -> list[tuple[GameState, tuple[Event, ...]]]:
    """Every intermediate state with the events of the action that led to it."""
    state = new_game(setup)
    out = []
    for action in actions:
        state, events = apply(state, action)
        out.append((state, events))
    return out
