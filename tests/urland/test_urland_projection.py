"""Hidden information stays with its holder (002 §1 step 8, §2.1, §3.1): two games that
differ only in what a player holds face down, or bid in secret, look the same to everyone
else (console, TV, other seats, the public events), and differ to the holder."""

from __future__ import annotations

import json
from dataclasses import replace

from urland_helpers import setup_for, started

from companion.tracker.colors import Color
from companion.tracker.msg import render
from companion.tracker.urland import engine
from companion.tracker.urland.actions import Bid, DealRegions, DrawToken, KeepToken, TurnGenes
from companion.tracker.urland.log import visible
from companion.tracker.urland.projection import choices, project
from companion.tracker.urland.state import Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def seen(value) -> str:
    """A projection or events as a viewer receives them (messages rendered)."""
    return json.dumps(value, default=render, sort_keys=True)


def drawn(tokens: tuple[int, int, int]):
    """Four players after the setup; the start player (blue) drew these three tokens."""
    state = engine.apply(engine.new_game(setup_for(4)), DrawToken(11)).state
    pool = [t for t in range(1, 13) if t != 11]
    hands = tuple(tuple(pool[i * 2 : i * 2 + 2]) for i in range(4))
    state = engine.apply(state, DealRegions(hands)).state
    state = engine.apply(state, TurnGenes(state.gene_deck[:4])).state
    events = []
    for t in tokens:
        applied = engine.apply(state, DrawToken(t))
        state, events = applied.state, events + list(applied.events)
    return state, events


def test_the_drawn_tokens_are_seen_by_the_environment_player_alone():
    a, events_a = drawn((1, 2, 3))
    b, events_b = drawn((4, 9, 12))
    assert a.env_color == BLUE
    for viewer in (None, RED, YELLOW, GREEN):
        assert seen(project(a, viewer)) == seen(project(b, viewer)), viewer
        assert seen([e.msg for e in visible(events_a, viewer)]) == seen(
            [e.msg for e in visible(events_b, viewer)]
        )
    assert seen(project(a, BLUE)) != seen(project(b, BLUE))
    assert [h["token"] for h in project(a, BLUE)["you"]["hand"]] == [1, 2, 3]
    assert seen([e.msg for e in visible(events_a, BLUE)]) != seen(
        [e.msg for e in visible(events_b, BLUE)]
    )


def test_the_two_passed_tokens_are_seen_by_the_dead_and_the_kept_one_by_its_keeper():
    a, _ = drawn((1, 2, 3))
    b, _ = drawn((4, 9, 12))
    a = engine.apply(a, KeepToken(1))
    b = engine.apply(b, KeepToken(12))
    for viewer in (None, YELLOW, GREEN):
        assert seen(project(a.state, viewer)) == seen(project(b.state, viewer)), viewer
        assert seen([e.msg for e in visible(a.events, viewer)]) == seen(
            [e.msg for e in visible(b.events, viewer)]
        )
    assert [h["token"] for h in project(a.state, RED)["you"]["hand"]] == [2, 3]
    assert project(a.state, BLUE)["you"]["kept"]["token"] == 1
    assert project(a.state, RED)["you"]["kept"] is None


def test_keeping_is_offered_to_the_environment_players_phone_only():
    state = started(4)
    assert state.step is Step.KEEP
    assert choices(state, None) == [] and choices(state, RED) == []
    assert {c["token"] for c in choices(state, BLUE)} == {1, 2, 3}


def test_sealed_bids_are_seen_by_their_bidder_alone_until_all_are_in():
    base = replace(started(4), step=Step.BID, turn=3)
    a = engine.apply(base, Bid(RED, 5))
    b = engine.apply(base, Bid(RED, 1))
    for viewer in (None, YELLOW, GREEN, BLUE):
        assert seen(project(a.state, viewer)) == seen(project(b.state, viewer)), viewer
        assert seen([e.msg for e in visible(a.events, viewer)]) == seen(
            [e.msg for e in visible(b.events, viewer)]
        )
    assert project(a.state, RED)["you"]["bid"] == 5
    assert choices(base, None) == []
    assert {c["color"] for c in choices(base, GREEN)} == {"green"}


def test_bids_are_revealed_together():
    state = replace(started(4), step=Step.BID, turn=3)
    for color, n in ((RED, 2), (YELLOW, 1), (GREEN, 0), (BLUE, 3)):
        state = engine.apply(state, Bid(color, n)).state
    assert project(state, None)["auction"]["bids"] == {"red": 2, "yellow": 1, "green": 0, "blue": 3}


def test_when_the_app_draws_nobody_is_offered_the_pile():
    state, _ = drawn((1, 2, 3))
    state = replace(state, step=Step.DRAW, hands=((2, 3), (), (), ()), env=0)
    assert engine.chance(state) is not None
    assert all(choices(state, v) == [] for v in (None, RED, YELLOW, GREEN, BLUE))
