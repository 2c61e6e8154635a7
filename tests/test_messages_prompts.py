"""Prompts, labels and refusals leave the core as message ids with parameters.

Seeded random playouts (tests/playout.py) walk whole games. At every state the prompt's
`.msg`, the label (`describe`) of every legal action, and the refusal of actions that are
not legal now are `Msg` objects; their parameters are numbers, references, game words
(`Term`), nested messages and sequences, and a plain string only for verbatim data that is
never translated (a player's name, a shape glyph, a card id, a value the record gave). An
English word as a plain string would reach a Spanish or Italian reader untranslated.
"""

from __future__ import annotations

import random

import pytest
from builders import NAMES, setup_for
from playout import choose

from companion.tracker.colors import SHAPES, Color
from companion.tracker.errors import ActionError
from companion.tracker.msg import Msg, Seq, Term
from companion.tracker.record_errors import RecordError
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import apply, describe, legal_actions, new_game, prompt
from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.rules import division, feeding, movement
from companion.tracker.ursuppe.state import AmoebaId, GameState, Phase

GAMES = 12


def _pending(value: object) -> set[str]:
    """A text another module still returns as a plain English string (none, once converted)."""
    return {value} if isinstance(value, str) else set()


def _verbatim(state: GameState) -> set[str]:
    """The plain strings a message may carry here: names, glyphs, card ids, and (for now)
    the English strings of modules not yet converted to messages."""
    allowed = set(NAMES) | {s.glyph for s in SHAPES.values()} | set(state.setup.cards)
    for option in movement.ALL_DIRECTIONS + (movement.STAY,):
        allowed |= _pending(movement.direction_text(option))
    for color in state.colors:
        allowed |= _pending(feeding.meal_description(state, color))
        allowed |= _pending(division.division_rule(state, color))
    return allowed


def _plain_strings(value: object, path: str = "") -> list[tuple[str, str]]:
    """Every plain string among a message's parameters, with where it sits."""
    if isinstance(value, Msg):
        return [s for name, v in value.params for s in _plain_strings(v, f"{path}.{name}")]
    if isinstance(value, Seq):
        return [s for i, v in enumerate(value.parts) for s in _plain_strings(v, f"{path}[{i}]")]
    if isinstance(value, str):
        return [(path, value)]
    assert isinstance(value, (Term, int)), f"{path}: {value!r} is not a message parameter"
    return []


def check_message(value: object, allowed: set[str], what: str) -> None:
    """A Msg whose plain-string parameters are all verbatim data."""
    assert isinstance(value, Msg), f"{what}: {value!r} is not a Msg"
    assert value.id and str(value), what
    english = [(p, s) for p, s in _plain_strings(value) if s not in allowed]
    assert not english, f"{what} {value.id!r} passes plain text {english}: {value}"


def _illegal(state: GameState, earlier: tuple, rng: random.Random) -> list[A.Action]:
    """Actions that are not legal now: earlier choices, and some of each kind."""
    colors = state.colors
    first, other = AmoebaId(colors[0], 1), AmoebaId(colors[-1], 1)
    crafted = [
        A.Move(first),
        A.Stay(first),
        A.Drift(other),
        A.Starve(first),
        A.Feed(first, ((colors[0], 1),)),
        A.Feed(first, ((colors[1], 9),), colors[1]),
        A.Attack(first, other),
        A.ChooseDirection("N"),
        A.CarryCubes(first, ((colors[1], 9),)),
        A.PlaceAmoeba(first, 99),
        A.PlaceAmoeba(first, 1),
        A.PayDebt(colors[0], (), 1),
        A.BuyGene(colors[0], "speed"),
        A.BuyGene(colors[0], "no_such_gene"),
        A.EndPurchases(colors[-1]),
        A.Divide(AmoebaId(colors[0], 7), 1),
        A.PlaceFreeAmoeba(first, 3),
        A.Strike(first, other),
        A.Defend(),
        A.MoveAgain(),
        A.FightRoll(1, 2),
    ]
    legal = set(legal_actions(state))
    found = [a for a in earlier if a not in legal][:3] + rng.sample(crafted, 4)
    return [a for a in found if a not in legal]


@pytest.mark.parametrize("seed", range(GAMES))
def test_prompts_labels_and_refusals_are_message_ids_with_parameters(seed):
    rng = random.Random(seed)
    colors = list(Color)
    rng.shuffle(colors)
    state = new_game(setup_for(3 + seed % 4, colors=tuple(colors)))
    earlier: tuple = ()
    steps = 0
    while state.phase is not Phase.OVER:
        steps += 1
        assert steps < 4000, "the game did not end"
        allowed = _verbatim(state)
        now = prompt(state)
        check_message(now.msg, allowed, f"prompt at {now.step}")
        assert now.text == str(now.msg)
        legal = legal_actions(state)
        for action in legal:
            check_message(describe(state, action), allowed, f"label of {action}")
        for action in _illegal(state, earlier, rng):
            with pytest.raises(ActionError) as refused:
                apply(state, action)
            why = refused.value
            extra = allowed.copy()
            if isinstance(action, A.BuyGene):  # the typed gene key is the user's own input
                extra.add(repr(action.gene))
            check_message(why.msg, extra, f"refusal of {action}")
            assert why.message == str(why.msg)
        earlier = legal
        state = apply(state, choose(rng, state)).state
    check_message(prompt(state).msg, _verbatim(state), "prompt at the end")


def test_a_correction_is_labelled_and_refused_in_message_ids():
    state = new_game(setup_for(4))
    allowed = _verbatim(state)
    red = Color.RED
    for action in (
        A.Correct("bp", 3, "the table says 3", color=red),
        A.Correct("cubes", 3, "recount", color=red, space=5),
        A.Correct("gene", 1, "forgotten", color=red, gene="speed"),
        A.Correct("dp", 1, "missed", amoeba=AmoebaId(red, 1)),
    ):
        # the heading says the referee's reason as typed (issue 30, item 9)
        check_message(describe(state, action), allowed | {action.reason}, f"label of {action}")
        try:
            result = apply(state, action)
        except ActionError as exc:
            check_message(exc.msg, allowed, f"refusal of {action}")
        else:
            for event in result.events:
                # the referee's reason is shown as typed
                check_message(event.msg, allowed | {action.reason}, "correction event")


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"format": "other"},
        {"format": "ursuppe-companion-record", "version": 7},
        {"format": "ursuppe-companion-record", "version": 1, "setup": {"seats": 3}},
    ],
)
def test_a_record_that_cannot_be_read_is_refused_in_message_ids(data):
    with pytest.raises(RecordError) as refused:
        record_from_dict(data)
    message = refused.value.msg
    assert isinstance(message, Msg) and refused.value.message == str(message)
    english = [s for _, s in _plain_strings(message) if s.isalpha() and s.islower()]
    assert not english, english
