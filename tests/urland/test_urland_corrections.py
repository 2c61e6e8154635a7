"""Urland's referee corrections (the app's tool, cited as the companion's reading): every
tracked fact set to what the table shows, with a reason, as an entry of the record; the
28 Ichto of a color (002 "Contenuto") and one marker per space (002 §2.3) kept; secrets
corrected only for their owner; the game goes on from the corrected position."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from urland_helpers import started, with_markers

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import render
from companion.tracker.record_core import Undo
from companion.tracker.urland import codec, engine
from companion.tracker.urland import record as urecord
from companion.tracker.urland.actions import Correct, EndActions, KeepToken
from companion.tracker.urland.log import visible
from companion.tracker.urland.projection import project
from companion.tracker.urland.state import ICHTO_PER_PLAYER, Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def fix(state, **fields):
    """Apply a correction with a reason."""
    return engine.apply(state, Correct(reason="the table shows it", **fields))


@pytest.fixture(scope="module")
def acting():
    """Four players, blue keeps region 1; the first Ichto player (green) acts."""
    state = engine.apply(started(4), KeepToken(1)).state
    assert state.step is Step.ACTIONS and state.actors[0] == GREEN
    return state


def test_ichto_put_in_a_region_come_out_of_the_reserve(acting):
    before = acting.count("5", RED), acting.player(RED).reserve
    after = fix(acting, field="ichto", area="5", color=RED, value=before[0] + 2)
    assert after.state.count("5", RED) == before[0] + 2
    assert after.state.player(RED).reserve == before[1] - 2
    assert (
        after.state.on_board(RED) + after.state.player(RED).reserve
        == acting.on_board(RED) + acting.player(RED).reserve
    )
    (event,) = after.events
    assert event.kind == "correction" and "Reason: the table shows it" in event.text
    assert event.source.area == "urland-corrections"


def test_ichto_beyond_the_reserve_are_refused_and_nothing_changes(acting):
    most = acting.count("A", RED) + acting.player(RED).reserve
    with pytest.raises(IllegalAction):
        fix(acting, field="ichto", area="A", color=RED, value=most + 1)
    with pytest.raises(InvalidAction):
        fix(acting, field="ichto", area="11", color=RED, value=1)  # erupted into 10
    assert (
        fix(acting, field="ichto", area="A", color=RED, value=most).state.player(RED).reserve == 0
    )


def test_a_reserve_leaves_room_for_the_ichto_on_the_board_and_the_marker(acting):
    room = ICHTO_PER_PLAYER - 1 - acting.on_board(YELLOW)
    assert (
        fix(acting, field="reserve", color=YELLOW, value=room).state.player(YELLOW).reserve == room
    )
    with pytest.raises(IllegalAction, match="at most"):
        fix(acting, field="reserve", color=YELLOW, value=room + 1)


def test_one_marker_per_track_space(acting):
    taken = acting.player(BLUE).marker
    with pytest.raises(IllegalAction, match="one marker per space"):
        fix(acting, field="marker", color=RED, value=taken)
    moved = fix(acting, field="marker", color=RED, value=9).state
    assert moved.player(RED).marker == 9 and not moved.ending


def test_a_marker_corrected_to_the_goal_ends_the_game_after_this_turns_scoring(acting):
    state = fix(acting, field="marker", color=RED, value=31).state
    assert state.ending
    for _ in range(6):
        if state.step is Step.OVER:
            break
        state = engine.apply(state, EndActions()).state
    assert state.step is Step.OVER


def test_a_gene_passed_to_the_wrong_player_is_given_to_the_right_one(acting):
    gene = acting.face_up[0]
    wrong = engine.apply(
        acting, Correct("gene", reason="taken at the table", gene=gene, place="red")
    )
    assert gene in wrong.state.player(RED).genes and gene not in wrong.state.face_up
    right = fix(wrong.state, field="gene", gene=gene, place="yellow").state
    assert gene in right.player(YELLOW).genes and gene not in right.player(RED).genes
    back = fix(right, field="gene", gene=gene, place="face_up").state
    assert back.face_up[-1] == gene and not back.player(YELLOW).genes
    with pytest.raises(IllegalAction):
        fix(back, field="gene", gene=gene, place="face_up")


def test_genes_left_out_with_three_players_cannot_be_placed():
    state = engine.apply(started(3), KeepToken(1)).state
    with pytest.raises(InvalidAction):
        fix(state, field="gene", gene="muscles", place="red")


def test_an_ichto_player_left_without_actions_ends_their_turn_as_in_play(acting):
    kept = fix(acting, field="actions_left", value=0).state
    assert kept.actors[0] == GREEN  # a double-turn token may still be spent, as in play
    broke = fix(acting, field="double_turns", color=GREEN, value=0).state
    applied = fix(broke, field="actions_left", value=0)
    assert applied.state.actors[0] == YELLOW  # green is done: the next Ichto player acts
    assert [e.kind for e in applied.events][:2] == ["correction", "action"]


def test_whose_turn_it_is_among_the_ichto_players(acting):
    state = fix(acting, field="actor", color=YELLOW).state
    assert state.actors == (YELLOW,) and state.actions_left == 2
    for role in (BLUE, RED):  # the environment player and the dead take no actions
        with pytest.raises(IllegalAction):
            fix(acting, field="actor", color=role)


def test_counters_epoch_turn_tiles_and_double_turns(acting):
    state = fix(acting, field="tiles", value=4).state
    state = fix(state, field="epoch", value=2).state
    state = fix(state, field="turn", value=5).state
    state = fix(state, field="double_turns", color=RED, value=1).state
    assert (state.tiles_left, state.epoch, state.turn, state.player(RED).double_turns) == (
        4,
        2,
        5,
        1,
    )
    with pytest.raises(IllegalAction):
        fix(state, field="tiles", value=8)
    with pytest.raises(IllegalAction):
        fix(state, field="double_turns", color=RED, value=3)


def test_a_correction_needs_a_reason_a_known_field_and_its_inputs(acting):
    with pytest.raises(InvalidAction, match="reason"):
        engine.apply(acting, Correct("marker", 4, " ", color=RED))
    with pytest.raises(InvalidAction, match="unknown correction field"):
        fix(acting, field="soup")
    with pytest.raises(InvalidAction, match="needs a color"):
        fix(acting, field="marker", value=4)


def seen(value) -> str:
    return json.dumps(value, default=render, sort_keys=True)


def test_a_kept_token_corrected_is_read_by_its_keeper_alone(acting):
    """Twin games: the kept token corrected to 4 or to 9 look the same to every other view."""
    a = fix(acting, field="kept", value=4)
    b = fix(acting, field="kept", value=9)
    assert a.state.kept == 4 and b.state.kept == 9
    for viewer in (None, RED, YELLOW, GREEN):
        assert seen(project(a.state, viewer)) == seen(project(b.state, viewer)), viewer
        assert seen([e.msg for e in visible(a.events, viewer)]) == seen(
            [e.msg for e in visible(b.events, viewer)]
        )
    assert seen([e.msg for e in visible(a.events, BLUE)]) != seen(
        [e.msg for e in visible(b.events, BLUE)]
    )


def test_a_hand_corrected_is_masked_in_the_public_record(acting):
    hand = acting.hands[acting.seat(RED)]  # the dead holds the two passed tokens
    setup = acting.setup
    entries = _entries_to(acting) + (
        Correct("hand", reason="I misread", color=RED, tokens=(hand[1], 5)),
    )
    public = json.dumps(urecord.public_entries(setup, entries))
    assert '"tokens": [-1, -1]' in public and "misread" not in public
    whole = urecord.record_to_dict(setup, entries)
    assert urecord.record_from_dict(json.loads(json.dumps(whole)))[1] == entries


def _entries_to(state):
    """The actions that built the `acting` game (the fixture's helper, replayed)."""
    from urland_helpers import setup_for

    from companion.tracker.urland.actions import DealRegions, DrawToken, TurnGenes

    s = engine.new_game(setup_for(4))
    pool = [t for t in range(1, 13) if t != 11]
    hands = tuple(tuple(pool[i * 2 : i * 2 + 2]) for i in range(4))
    first = (DrawToken(11), DealRegions(hands))
    s = engine.apply(engine.apply(s, first[0]).state, first[1]).state
    entries = (*first, TurnGenes(s.gene_deck[:4]), DrawToken(1), DrawToken(2), DrawToken(3))
    entries += (KeepToken(1),)
    assert codec.to_dict(replace(urecord.replay_entries(s.setup, entries), revision=0)) == (
        codec.to_dict(replace(state, revision=0))
    )
    return entries


def test_corrections_replay_undo_and_round_trip_through_the_record(acting):
    entries = _entries_to(acting)
    fixed = Correct("ichto", acting.count("5", RED) + 1, "one more on 5", area="5", color=RED)
    with_fix = entries + (fixed,)
    data = json.loads(json.dumps(urecord.record_to_dict(acting.setup, with_fix)))
    setup, read = urecord.record_from_dict(data)
    assert read == with_fix
    assert urecord.replay_entries(setup, read).count("5", RED) == acting.count("5", RED) + 1
    undone = urecord.replay_entries(setup, read + (Undo(len(entries)),))
    assert undone.count("5", RED) == acting.count("5", RED)


def test_after_the_game_a_corrected_marker_changes_the_winner():
    from companion.tracker.urland import end
    from companion.tracker.urland.state import Step as S

    state = with_markers(engine.apply(started(4), KeepToken(1)).state, {RED: 33, YELLOW: 30})
    state = replace(state, step=S.OVER)
    assert end.winner(state) == RED
    assert end.winner(fix(state, field="marker", color=YELLOW, value=35).state) == YELLOW


def _buying():
    """Four players past a mutation's bids: the fists are open, the best bidder chooses."""
    from companion.tracker.urland.actions import Bid
    from companion.tracker.urland.state import Auction

    state = engine.apply(started(4), KeepToken(1)).state
    state = replace(state, step=Step.BID, auction=Auction(), mutation_due=False)
    for color, n in ((RED, 2), (YELLOW, 1), (GREEN, 0), (BLUE, 0)):
        state = engine.apply(state, Bid(color, n)).state
    assert state.step is Step.BUY and state.auction.ranking[0] == RED
    return state


def test_a_sealed_bid_is_never_corrected_but_an_open_one_is():
    """002 §3.1: the bids are secret until all are in; once open, one can be set right."""
    from companion.tracker.urland.state import Auction

    sealed = replace(engine.apply(started(4), KeepToken(1)).state, step=Step.BID, auction=Auction())
    with pytest.raises(IllegalAction, match="once the fists are open"):
        fix(sealed, field="bid", color=RED, value=3)
    state = fix(_buying(), field="bid", color=YELLOW, value=4).state
    assert dict(state.auction.bids)[YELLOW] == 4


def test_the_bidder_choosing_and_the_genes_taken():
    """002 §3.1: up to 3 genes a mutation; with the third taken the auction ends as in play."""
    state = fix(_buying(), field="bidder", color=YELLOW).state
    assert state.auction.ranking[0] == YELLOW and state.step is Step.BUY
    with pytest.raises(IllegalAction):
        fix(state, field="bought", value=4)
    done = fix(state, field="bought", value=3).state
    assert done.step is not Step.BUY and done.auction.ranking == ()


def test_a_volcano_placed_at_the_table_joins_its_region_as_an_eruption_does(acting):
    """002 §3.3: a volcano tile joins its region to its volcano neighbour; the token leaves."""
    from companion.tracker.urland import board as geo

    pile = [r for r in geo.live_regions(acting.merged) if int(r) not in acting.spots]
    held = {t for h in acting.hands for t in h} | {acting.kept}
    region = next(r for r in pile if int(r) not in held)
    target = geo.volcano_target(acting.setup.board, acting.merged, region)
    moved = acting.count(region, RED) + acting.count(target, RED)
    state = fix(acting, field="erupted", area=region).state
    assert region not in geo.live_regions(state.merged) and int(region) in state.out
    assert state.tiles_left == acting.tiles_left - 1
    assert state.count(geo.home(state.merged, region), RED) == moved
    with pytest.raises(IllegalAction, match="in play"):
        fix(acting, field="erupted", area=str(acting.kept))
    with pytest.raises(InvalidAction):
        fix(state, field="erupted", area="A")


def test_the_environment_player_is_corrected_before_their_draw():
    """002 §2: the environment player draws; the dead is their left neighbour; the Ichto
    players are the others. Each hand stays with its holder."""
    from urland_helpers import setup_for

    from companion.tracker.urland.actions import DealRegions, DrawToken, TurnGenes

    state = engine.apply(engine.new_game(setup_for(4)), DrawToken(11)).state
    pool = [t for t in range(1, 13) if t != 11]
    hands = tuple(tuple(pool[i * 2 : i * 2 + 2]) for i in range(4))
    state = engine.apply(state, DealRegions(hands)).state
    state = engine.apply(state, TurnGenes(state.gene_deck[:4])).state
    state = engine.apply(state, DrawToken(1)).state
    assert state.step is Step.DRAW and state.env_color == BLUE
    fixed = fix(state, field="env", color=GREEN).state
    assert fixed.env_color == GREEN and fixed.dead_color == BLUE
    assert fixed.step is Step.DRAW and fixed.hands == state.hands
    with pytest.raises(IllegalAction, match="before they keep"):
        fix(engine.apply(started(4), KeepToken(1)).state, field="env", color=GREEN)
