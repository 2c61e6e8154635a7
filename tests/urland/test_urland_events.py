"""Urland's setup and events, with the rulebook's worked examples (002 §1, §3.1-§3.3, §4)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from urland_helpers import erupting, setup_for, started, with_counts, with_genes, with_markers

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.urland import auction, board, cite, end, engine, panic
from companion.tracker.urland.actions import (
    Bid,
    BuyGene,
    ChooseOcean,
    ChooseRegion,
    DrawToken,
    PassGene,
    PayIchto,
    ScoreVolcano,
)
from companion.tracker.urland.genes import EARS
from companion.tracker.urland.state import PANIC, Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


# ----- 002 §1 Preparazione -----------------------------------------------------------
def test_002_first_volcano_example_eleven_joins_ten_with_two_oceans():
    state = engine.apply(engine.new_game(setup_for(4)), DrawToken(11)).state
    assert board.home(state.merged, "11") == "10" and "11" not in board.live_regions(state.merged)
    assert board.shores(state.setup.board, state.merged, "10") == ("D", "E")
    assert state.out == (11,) and state.tiles_left == 6 and state.step is Step.DEAL


@pytest.mark.parametrize(("n", "reserve"), [(3, 7), (4, 8), (5, 8)])
def test_002_setup_reserves_add_up_with_one_ichto_per_dealt_region(n, reserve):
    state = started(n)
    assert all(p.reserve == reserve for p in state.players)
    assert sorted(p.marker for p in state.players) == list(range(1, n + 1))
    assert all(p.double_turns == (1 if n == 3 else 2) for p in state.players)
    assert len(state.face_up) == (3 if n == 3 else 4)


def test_three_players_play_without_stinkglands_and_muscles():
    state = started(3)
    assert not {"stinkglands", "muscles"} & set(state.face_up + state.gene_deck)


def test_the_start_player_holds_the_highest_number_and_others_follow_to_the_right():
    state = started(4)  # Dev holds 7 and 8, the highest
    assert state.player(BLUE).marker == 1 and state.player(GREEN).marker == 2
    assert state.env_color == BLUE and state.dead_color == RED


def test_the_panic_token_joins_the_pile_after_the_start_players_three_draws():
    state = started(4)
    assert state.panic_in_pile and len(state.hands[state.env]) == 3


# ----- 002 §3.1 Mutazione ------------------------------------------------------------
def bidding(markers: dict[Color, int]):
    state = started(4)
    state = with_markers(state, markers)
    deck = tuple(g for g in state.gene_deck + state.face_up if g not in ("legs", "egg", "teeth"))
    return replace(
        state,
        step=Step.BID,
        face_up=("legs", "egg", "teeth", "ears"),
        turn=5,
        gene_deck=tuple(g for g in deck if g != "ears"),
    )


def test_002_auction_example_four_one_four_four():
    # Bids 4, 1, 4, 4: black (furthest back of the 4s) first, then striped, grey; white last.
    state = bidding({RED: 5, YELLOW: 7, GREEN: 3, BLUE: 6})
    for color, n in ((RED, 4), (YELLOW, 4), (GREEN, 4), (BLUE, 1)):
        state = engine.apply(state, Bid(color, n)).state
    assert state.auction.ranking == (GREEN, RED, YELLOW, BLUE)
    assert state.step is Step.BUY and state.auction.must_buy
    with pytest.raises(IllegalAction) as refused:
        engine.apply(state, PassGene())
    assert refused.value.source == cite.CHOICE


def test_002_price_is_the_bid_plus_the_genes_held():
    # The example: black already holding a gene pays 5 for a bid of 4.
    state = with_genes(bidding({RED: 5, YELLOW: 7, GREEN: 3, BLUE: 6}), GREEN, "turbo")
    for color, n in ((RED, 0), (YELLOW, 0), (GREEN, 4), (BLUE, 1)):
        state = engine.apply(state, Bid(color, n)).state
    assert auction.price(state, GREEN) == 5
    state = engine.apply(state, BuyGene("legs")).state
    assert state.step is Step.PAY and state.auction.paying == 5
    state = engine.apply(state, PayIchto("A", 3)).state
    state = engine.apply(state, PayIchto("B", 2)).state
    assert state.player(GREEN).genes == ("turbo", "legs") and state.auction.ranking[0] == BLUE


def test_a_bidder_who_cannot_pay_drops_out_and_the_next_must_buy():
    from companion.tracker.urland.state import add

    state = with_counts(bidding({RED: 5, YELLOW: 7, GREEN: 3, BLUE: 6}), {})
    for ocean in board.OCEANS[1:]:
        state = add(state, ocean, GREEN, -state.count(ocean, GREEN))
    assert state.on_board(GREEN) == 3
    for color, n in ((RED, 1), (YELLOW, 0), (GREEN, 4), (BLUE, 0)):
        applied = engine.apply(state, Bid(color, n))
        state = applied.state
    # green's price (4) is more than its 3 Ichto on the board: red moves up and must buy
    assert state.auction.ranking[0] == RED and state.auction.must_buy
    assert any(e.source == cite.PRICE and "drops out" in e.text for e in applied.events)


def test_at_most_three_genes_then_three_new_are_turned():
    state = bidding({RED: 5, YELLOW: 7, GREEN: 3, BLUE: 6})
    for color in (RED, YELLOW, GREEN, BLUE):
        state = engine.apply(state, Bid(color, 0)).state
    for gene in ("legs", "egg", "teeth"):
        state = engine.apply(state, BuyGene(gene)).state
    assert state.step is Step.TURN_GENES and state.face_up == ("ears",)
    turned = engine.legal_actions(state)[0]
    assert len(turned.genes) == 3


# ----- 002 §3.2 Panico ---------------------------------------------------------------
def test_002_panic_example_tied_regions_the_last_player_picks_region_and_ocean():
    state = with_counts(started(4), {"1": {RED: 4}, "3": {YELLOW: 2, GREEN: 2}, "5": {BLUE: 1}})
    state = with_markers(state, {RED: 9, YELLOW: 2, GREEN: 5, BLUE: 7})
    state = replace(state, step=Step.DRAW, hands=((), (), (), (1, 2)), panic_in_pile=True)
    state = engine.apply(state, DrawToken(PANIC)).state
    assert state.step is Step.PANIC_REGION and panic.last_player(state) == YELLOW
    state = engine.apply(state, ChooseRegion("1")).state
    assert state.step is Step.PANIC_OCEAN
    with pytest.raises(IllegalAction):
        engine.apply(state, ChooseOcean("E"))
    state = engine.apply(state, ChooseOcean("B")).state
    assert state.count("1", RED) == 0 and state.count("B", RED) == 7
    assert state.step is Step.DRAW and not state.panic_in_pile


def test_ears_holders_may_stay_on_land_in_a_panic():
    state = with_counts(started(4), {"2": {RED: 2, YELLOW: 3}})
    state = with_genes(state, YELLOW, EARS)
    state = replace(state, step=Step.DRAW, hands=((), (), (), (1, 3)), panic_in_pile=True)
    state = engine.apply(state, DrawToken(PANIC)).state  # region 2 borders ocean A only
    assert state.step is Step.EARS and state.count("A", RED) == 5
    from companion.tracker.urland.actions import Dive

    state = engine.apply(state, Dive(1)).state
    assert state.count("2", YELLOW) == 2 and state.step is Step.DRAW


# ----- 002 §3.3 Vulcani --------------------------------------------------------------
def test_002_volcano_example_one_ichto_per_color_survives():
    # Black 2 in region 10 and 3 in 11, white 1 in 10; 11 joins 10: black loses 4, white 0.
    state = erupting({"10": {GREEN: 2, BLUE: 1}, "11": {GREEN: 3}}, pair=(11, 7))
    before = state.player(GREEN).reserve
    state = engine.apply(state, ScoreVolcano("7")).state  # region 7 is scored, empty
    assert state.count("10", GREEN) == 1 and state.count("10", BLUE) == 1
    assert state.player(GREEN).reserve == before + 4
    assert 11 in state.out and 7 in state.out and state.tiles_left == 4
    assert state.epoch == 2 and state.panic_in_pile and state.spots == ()


def test_the_randomly_scored_volcano_region_scores_normally_first():
    state = erupting({"10": {GREEN: 2}, "11": {GREEN: 3, RED: 1}}, pair=(11, 7))
    start = state.player(GREEN).marker
    state = engine.apply(state, ScoreVolcano("11")).state
    assert state.player(GREEN).marker > start and state.player(RED).marker > 0
    assert state.count("10", RED) == 0 or state.count("10", RED) == 1


# ----- 002 §4 Fine del gioco ---------------------------------------------------------
def test_final_scorings_share_points_rounded_down_and_exclude_the_lone_total_winner():
    state = with_counts(started(4), {"5": {RED: 3, YELLOW: 3}})
    total, land = end.final_points(state)
    # Totals: every color has 15 in the oceans; red and yellow 18: 3 // 2 = 1 each
    assert total == {RED: 1, YELLOW: 1} and land == {RED: 1, YELLOW: 1}
    state = with_counts(state, {"5": {RED: 4, YELLOW: 3}})
    total, land = end.final_points(state)
    assert total == {RED: 3} and land == {YELLOW: 2}


def test_reaching_thirty_ends_the_game_after_the_scoring():
    from companion.tracker.urland.actions import EndActions, KeepToken

    state = engine.apply(started(4), KeepToken(1)).state
    state = with_counts(state, {"1": {RED: 1}})
    state = with_markers(state, {RED: 29, YELLOW: 3, GREEN: 2, BLUE: 1})
    state = engine.apply(state, EndActions()).state
    applied = engine.apply(state, EndActions())
    assert applied.state.step is Step.OVER
    assert end.winner(applied.state) == RED
    assert any(e.source == cite.FINAL for e in applied.events)
