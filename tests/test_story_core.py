"""Issue 32: each game's story as its core reads it from the record (the decisive moments,
the series per player), public information only.

Ursuppe: 000 §Muerte (a violent death in Struggle for Survival), the Aggression gene (a kill
in phase 5), 000 §Fase 6 (the ladder). Urland: 002 §3.1 (bids revealed together)."""

from __future__ import annotations

import json
from pathlib import Path

from builders import aid, at_phase, play, position
from test_attacks import STRUGGLE, hungry

from companion.tracker.colors import Color
from companion.tracker.game import URSUPPE
from companion.tracker.urland import engine as urland_engine
from companion.tracker.urland.actions import Bid
from companion.tracker.urland.state import Step
from companion.tracker.urland.story import story as urland_story
from companion.tracker.ursuppe.actions import Attack, Strike
from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.state import Phase
from companion.tracker.ursuppe.views.story import story

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def told(start, *actions):
    """The story of `actions` played from `start`, each entry numbered from 1."""
    steps, state = [], start
    for seq, action in enumerate(actions, 1):
        state, _events = play(state, action)
        steps.append((seq, action, state))
    return story(start, steps), state


def test_a_violent_death_in_an_attack_is_a_decisive_moment():
    start = hungry(amoebas=("red-1@8", "yellow-1@8", "green-1@3"), genes={"red": [STRUGGLE]})
    found, _ = told(start, Attack(aid("red-1"), aid("yellow-1")))
    texts = [str(m.text) for m in found.moments]
    assert texts == [f"Round {start.round}: Ben ▲ yellow 1 dies in an attack."]
    assert found.moments[0].seq == 1
    assert found.deaths[Color.YELLOW][-1] == 1 and found.deaths[Color.RED][-1] == 0


def test_an_aggression_kill_is_a_death_in_an_attack_too():
    start = at_phase(
        position(4, amoebas=["red-1@8", "yellow-1@8"], genes={"red": ["aggression"]}),
        Phase.DEATHS,
    )
    found, _ = told(start, Strike(aid("red-1"), aid("yellow-1")))
    assert [m.seq for m in found.moments] == [1]
    assert "dies in an attack" in str(found.moments[0].text)


def replayed(name: str):
    record = record_from_dict(json.loads((EXAMPLES / f"{name}.json").read_text()))
    history = URSUPPE.begin(record.setup)
    for entry in record.entries:
        history = history.add(entry)[0]
    return history


def test_the_ladder_series_ends_at_each_player_s_final_marker_and_ranks_by_it():
    history = replayed("four-players")
    steps = [(seq, history.entries[seq - 1], state) for seq, state in history.kept]
    found = story(history.start, steps)
    final = history.state
    assert found.over and found.rounds == tuple(range(1, final.round + 1))
    for player in final.players:
        assert found.ladder[player.color][-1] == player.marker
        assert found.bp[player.color][-1] == player.bp
    assert found.ranking == final.result.ranking
    # each round's value is the marker the round's scoring left (the score history)
    assert [row for row in zip(*found.ladder.values())] == [tuple(r) for r in final.score_history]


def test_lead_changes_name_the_round_their_entry_was_made_in():
    history = replayed("six-players")
    steps = [(seq, history.entries[seq - 1], state) for seq, state in history.kept]
    found = story(history.start, steps)
    states = dict(history.kept)
    for moment in found.moments:
        if "takes the lead" in str(moment.text):
            before = states.get(moment.seq - 1, history.start)
            assert str(moment.text).startswith(f"Round {before.round}:")


def test_urland_bids_enter_the_story_only_once_all_are_in():
    """002 §3.1: the fists open together; until then the story holds no bid at all."""
    from urland_recorded import urland_example, urland_index

    setup, actions = urland_example()
    at = urland_index(setup, actions, Step.BID)
    state = urland_engine.new_game(setup)
    steps = []
    for seq, action in enumerate(actions[:at], 1):
        state = urland_engine.apply(state, action).state
        steps.append((seq, action, state))
    start = urland_engine.new_game(setup)
    for i, color in enumerate(state.colors):
        state = urland_engine.apply(state, Bid(color, 0)).state
        steps.append((at + i + 1, Bid(color, 0), state))
        found = urland_story(start, steps)
        if i < len(state.colors) - 1:
            assert found.mutations == ()
    assert [m.bids for m in found.mutations] == [tuple((c, 0) for c in state.colors)]
