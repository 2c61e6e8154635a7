"""A choice that can only be one thing is taken by itself (issue 30, item 6), as in Ursuppe,
with a line in the log naming its rule: a bidder with no Ichto in the reserve bids 0 (002 §3.1
Mutazione: 1. Offerte), the best bidder's only face-up gene is taken (002 §3.1: 2. Scelta dei
Geni), an Ichto player with nothing to do ends (002 §2.2). Only in games set up so (every game
the app creates): a record written before holds those choices as entries and replays as it was
written (the golden games in examples/urland/ have explicit 0 bids)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from urland_helpers import playout, setup_for, started

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.urland import cite, codec, engine, forced, projection, roles
from companion.tracker.urland.actions import Bid, Correct, KeepToken
from companion.tracker.urland.board import AREAS
from companion.tracker.urland.record import public_entries, record_from_dict, replay_entries
from companion.tracker.urland.state import Step, add, set_player

GOLDEN = Path(__file__).resolve().parents[2] / "examples" / "urland" / "four-players.json"


def _on(state):
    """The state of a game whose forced choices are taken by themselves."""
    return replace(state, setup=replace(state.setup, take_forced=True))


def _before_mutation():
    """The golden four-player game just before the entry that starts its first auction."""
    setup, entries = record_from_dict(json.loads(GOLDEN.read_text()))
    state = engine.new_game(setup)
    for i, action in enumerate(entries):
        after = engine.apply(state, action).state
        if after.step is Step.BID:
            return setup, entries, i, state
        state = after
    raise AssertionError("the golden game holds no auction")


def test_a_bidder_with_an_empty_reserve_bids_0_by_itself_with_the_rule():
    _, entries, i, state = _before_mutation()
    broke = state.colors[1]
    state = set_player(_on(state), broke, reserve=0)
    after, events = engine.apply(state, entries[i])
    assert after.step is Step.BID
    assert dict(after.auction.bids) == {broke: 0}
    line = next(e for e in events if e.kind == "forced")
    assert "no Ichto in the reserve, so the only bid is 0" in line.text
    assert line.source == cite.BIDS and line.audience is None
    assert projection.choices(after, broke) == []  # nothing left to ask that phone
    assert all(projection.choices(after, c) for c in after.colors if c != broke)
    with pytest.raises(IllegalAction):  # the bid is in: a second one is refused
        engine.apply(after, Bid(broke, 0))


def test_when_every_reserve_is_empty_the_fists_open_by_themselves():
    _, entries, i, state = _before_mutation()
    state = _on(state)
    for color in state.colors:
        state = set_player(state, color, reserve=0)
    after, events = engine.apply(state, entries[i])
    assert after.step is not Step.BID
    assert sum(e.kind == "forced" for e in events) == len(state.colors)
    assert any("The fists open" in e.text for e in events)


def test_the_best_bidders_only_face_up_gene_is_taken_by_itself():
    _, entries, i, state = _before_mutation()
    state = _on(state)
    at_bid = engine.apply(state, entries[i]).state
    only = at_bid.face_up[0]
    at_bid = replace(at_bid, face_up=(only,))
    best = min(at_bid.colors, key=lambda c: at_bid.player(c).marker)  # ties: further back
    for color in at_bid.colors:  # the last bid opens the fists: the best must buy (002 §3.1)
        at_bid, events = engine.apply(at_bid, Bid(color, 0))
    assert only in at_bid.player(best).genes and only not in at_bid.face_up
    line = next(e for e in events if e.kind == "forced")
    assert "Only one choice is possible" in line.text and line.source == cite.CHOICE


def test_an_ichto_player_with_nothing_to_do_ends_by_itself():
    state = _on(started(4))
    assert state.step is Step.KEEP
    idle = roles.ichto_players(state)[0]  # the first to act once the token is kept
    empty = set_player(state, idle, reserve=0)
    for area in AREAS:  # none of theirs on the board, none in the reserve: nothing to do
        empty = add(empty, area, idle, -empty.count(area, idle))
    after, events = engine.apply(empty, KeepToken(state.hands[state.env][0]))
    line = next(e for e in events if e.kind == "forced")
    assert "Only one choice is possible: End these actions" in line.text
    assert line.source == cite.ACTIONS
    assert after.step is Step.ACTIONS and after.actors[0] != idle


@pytest.mark.parametrize("n, seed", [(3, 7), (4, 8), (5, 9)])
def test_no_game_ever_waits_on_a_choice_that_can_only_be_one_thing(n, seed):
    def check(_before, _action, applied):
        state = applied.state
        if state.step is not Step.OVER:
            rules = engine.RULES[state.step]
            assert forced.forced(state, rules.candidates(state), rules.check) is None

    end, _ = playout(replace(setup_for(n), take_forced=True), seed, check)
    assert end.step is Step.OVER


def test_a_record_written_before_replays_its_explicit_0_bids_as_written():
    setup, entries = record_from_dict(json.loads(GOLDEN.read_text()))
    assert not setup.take_forced  # the key is missing: written before
    assert "take_forced" not in json.loads(GOLDEN.read_text())["setup"]
    assert replay_entries(setup, entries).step is Step.OVER
    fresh = replace(setup_for(4), take_forced=True)
    data = codec.setup_to_dict(fresh)
    assert data["take_forced"] is True and codec.setup_from_dict(data) == fresh
    assert "take_forced" not in codec.setup_to_dict(setup_for(4))


def test_an_open_auctions_bids_stay_masked_beside_a_0_bid_taken_by_itself():
    setup, entries, i, state = _before_mutation()
    broke = state.colors[1]
    prefix = list(entries[: i + 1])
    # the same game set up so, with the broke bidder's reserve emptied by a correction
    fix = Correct(field="reserve", color=broke, value=0, reason="spent")
    setup = replace(setup, take_forced=True)
    done = [*prefix[:i], fix, prefix[i]]
    other = next(c for c in state.colors if c != broke and state.player(c).reserve)
    shown = public_entries(setup, (*done, Bid(other, 1)))
    assert shown[-1] == {"type": "bid", "color": other.value, "n": None}
    assert shown[-2] == codec.action_to_dict(prefix[i])  # what began the auction: no bid
    assert all(row.get("n") is not None for row in shown[:-1] if row["type"] == "bid")
    assert Color(shown[-1]["color"]) == other
