"""Remembered answers: the shell's memo (`companion/memo.py`) and the core's answers kept on
each state (`GameState.answers`): a tap asks the same legality and meal questions of one
state several times; each is answered once, for that very state."""

from __future__ import annotations

from dataclasses import replace

from builders import setup_for

from companion.memo import KEPT, MISSING, LastAnswer
from companion.tracker.ursuppe import apply, choices, legal_actions, new_game
from companion.tracker.ursuppe.engine import CHANCE_STEPS
from companion.tracker.ursuppe.state import carry_answers, remember


def test_an_answer_is_for_the_very_state_and_an_equal_key():
    memo = LastAnswer()
    state, twin = object(), object()
    assert memo.get(state) is MISSING
    assert memo.put(state, ("red", 1), "meals") == "meals"
    assert memo.get(state, ("red", 1)) == "meals"
    assert memo.get(state, ("red", 2)) is MISSING  # another amoeba
    assert memo.get(twin, ("red", 1)) is MISSING  # an equal state is not this one


def test_a_few_answers_are_kept_so_two_consoles_in_turn_do_not_forget_each_other():
    """A server with two games asks about their states in turn: each keeps its answer until
    `KEPT` newer ones have been asked."""
    memo = LastAnswer()
    first, second = object(), object()
    memo.put(first, None, "first's legal actions")
    memo.put(second, None, "second's legal actions")
    assert memo.get(first) == "first's legal actions"
    assert memo.get(second) == "second's legal actions"
    for _ in range(KEPT):
        memo.put(object(), None, "another state's")
    assert memo.get(first) is MISSING and memo.get(second) is MISSING


def test_an_answer_is_kept_on_the_state_it_was_asked_of_only():
    """What the core works out about a state is kept on that state, never on an equal one."""
    state = new_game(setup_for(4))
    assert remember(state, "question", lambda: ["answer"]) == ["answer"]
    kept = state.answers["question"]
    assert remember(state, "question", lambda: ["again"]) is kept  # not worked out twice
    twin = replace(state, revision=state.revision)
    assert twin == state and "question" not in twin.answers
    carry_answers(state, twin)
    assert twin.answers["question"] is kept


def test_apply_hands_the_next_states_legal_actions_on_without_asking_again():
    """The engine's last step renumbers the state (its revision); the legal actions it worked
    out for the forced steps stay remembered for the copy, and equal a fresh computation."""
    state = new_game(setup_for(4))
    for k in range(200):  # to the first action after which the table has a choice to make
        options = legal_actions(state)
        done = apply(state, options[k * 7 % len(options)]).state  # varied rolls: no endless tie
        if done.cursor.step not in CHANCE_STEPS:
            break
        state = done
    remembered = done.answers.get(choices.legal_actions)  # for the forced steps, before the copy
    assert remembered is not None and legal_actions(done) is remembered
    fresh = replace(done, revision=done.revision)  # an equal state, not the same object
    assert legal_actions(fresh) == remembered
