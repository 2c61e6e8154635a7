"""Why this number, for Urland (issue 33): each derivation matches what the rules give by
hand, names its inputs and cites the book's section (002 §2.3 Punteggio, §3.1 Mutazione,
§4 Fine del gioco); a sealed bid is never in one."""

from __future__ import annotations

from dataclasses import replace

from urland_helpers import started, with_counts, with_genes, with_markers

from companion.tracker.colors import Color
from companion.tracker.msg import render
from companion.tracker.urland import engine, why
from companion.tracker.urland.actions import Bid, EndActions, KeepToken
from companion.tracker.urland.genes import MUSCLES
from companion.tracker.urland.state import Auction, Step

RED, YELLOW, GREEN, BLUE = Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE


def said(d) -> str:
    """A derivation as one English text."""
    return " | ".join(render(m) for m in (d.what, *d.inputs, d.rule))


def test_the_books_competition_example_by_hand():
    """002 §2.3: 4 striped, 3 black, 2 grey, 1 white: white goes home; 3, 2 and 2 points."""
    state = with_counts(started(4), {"5": {RED: 4, YELLOW: 3, GREEN: 2, BLUE: 1}})
    d = why.region_scoring(state, "5")
    text = said(d)
    assert "region 5 scores: Ana ● red 3, Ben ▲ yellow 2, Cleo ■ green 2" in text
    assert "Dev ◆ blue: 1 Ichto" in text and "the fewest go home: Dev ◆ blue" in text
    assert text.count("competition") == 1
    assert d.source.sections[0][1] == "2.3 Punteggio"


def test_the_books_second_example_and_muscles_named():
    """002 §2.3: 4 striped, 4 black, 1 grey, 1 white: grey and white go home, 3 and 3;
    002 §5 Muscoli: the holder's Ichto count half more, and the derivation says so."""
    state = with_counts(started(4), {"5": {RED: 4, YELLOW: 4, GREEN: 1, BLUE: 1}})
    text = said(why.region_scoring(state, "5"))
    assert "Ana ● red 3, Ben ▲ yellow 3" in text
    assert "the fewest go home: Cleo ■ green, Dev ◆ blue" in text
    muscled = with_genes(with_counts(started(4), {"5": {RED: 2, YELLOW: 2}}), RED, MUSCLES)
    text = said(why.region_scoring(muscled, "5"))
    assert "with Muscles (counts half an Ichto more)" in text
    assert "region 5 scores: Ana ● red 3" in text and "go home: Ben ▲ yellow" in text


def test_the_scoring_in_the_log_carries_its_derivation_as_it_was_then():
    """The revealed region is scored at the end of the actions: the scoring event explains
    it with the counts of that moment (the region empties of the fewest right after)."""
    state = engine.apply(started(4), KeepToken(1)).state  # blue keeps region 1
    state = with_counts(state, {"1": {RED: 2, GREEN: 1}})
    events = []
    for _ in range(2):
        applied = engine.apply(state, EndActions())
        state, events = applied.state, events + list(applied.events)
    (scored,) = [e for e in events if e.why is not None and e.kind == "scoring"]
    assert "region 1 scores: Ana ● red 3" in said(scored.why)
    assert "the fewest go home: Cleo ■ green" in said(scored.why)
    assert state.count("1", GREEN) == 0  # gone home after the scoring


def test_the_final_scorings_share_and_leave_out_who_took_the_three_alone():
    """002 §4: 3 points for the most Ichto on the board, 2 for the most on land, shared and
    rounded down; a player who alone took the 3 does not take part on land."""
    state = with_counts(started(4), {"1": {RED: 5}, "2": {YELLOW: 2}})
    text = said(why.final_scorings(state))
    assert "Ana ● red alone took the 3 points" in text
    assert text.startswith("Final scorings now: Ana ● red 3, Ben ▲ yellow 2")


def test_the_next_mutation_names_its_space():
    """002 §2.3 Mutazione?: spaces 12, 16, 21, each calls one mutation, once."""
    state = with_markers(started(4), {RED: 10})
    state = replace(state, spaces_called=(12,))
    text = said(why.mutation(state, RED))
    assert "Ana ● red calls a mutation on reaching space 16 (6 to go)" in text
    assert "already called: 12" in text
    assert why.mutation(state, RED).source.sections[0][1] == "2.3 Punteggio: Mutazione?"


def test_a_price_and_the_order_are_explained_only_once_the_fists_open():
    """002 §3.1: the price is the bid plus the genes held; the order is the bids', ties to
    the player further back; a sealed bid is in no derivation."""
    state = with_genes(started(4), RED, "legs", "egg")
    state = replace(state, step=Step.BID, auction=Auction(bids=((RED, 3),)))
    sealed = said(why.price(state, RED))
    assert "3" not in sealed.split("|")[0] and "genes held: 2" in sealed
    assert why.auction_order(state) is None
    for color in (YELLOW, GREEN, BLUE):
        state = engine.apply(state, Bid(color, 1 if color is not BLUE else 3)).state
    assert "Ana ● red pays 5 for a gene" in said(why.price(state, RED))
    order = said(why.auction_order(state))
    assert order.startswith("Bidders in order: ")
    assert "the player further back on the track" in order


def test_the_end_says_how_near_it_is():
    state = with_markers(started(4), {RED: 27})
    assert "no marker has reached space 30" in said(why.game_end(state))
    assert "furthest ahead: Ana ● red on space 27" in said(why.game_end(state))
    assert "The game ends after this scoring" in said(why.game_end(replace(state, ending=True)))
