"""Seeded random playouts of the three two-player variants (000 §Ursuppe para 2 jugadores).

After every action: cubes conserved, one marker per ladder space for each marker holder
(double play II: a person's colors share one), the colors of a person in double play II hold
the same purse, genes and marker, gene copies conserved counting each person once, the decoy
never holds BP nor buys a gene, and no BP is negative. At the end: replay(log) == state, the
JSON round trip, and a ranking of the two people (and a scoring decoy).
"""

from __future__ import annotations

import random

import pytest
from playout import choose
from seeds import seeds

from companion.tracker.colors import Color
from companion.tracker.ursuppe import apply, from_dict, legal_actions, new_game, replay, to_dict
from companion.tracker.ursuppe.data import FOOD_CUBES_PER_COLOR, GENES
from companion.tracker.ursuppe.options import RuleOptions
from companion.tracker.ursuppe.rules.people import TwoPlayers, marker_colors, partners, ranking
from companion.tracker.ursuppe.state import GameSetup, GameState, Phase, Seat, partners_before

GAMES = 50
VARIANTS = (TwoPlayers.DECOY, TwoPlayers.DOUBLE_1, TwoPlayers.DOUBLE_2)


def two_player_setup(variant: TwoPlayers, seed: int) -> GameSetup:
    """Seats in a shuffled color order; half the games end early (an earlier end zone)."""
    rng = random.Random(seed)
    colors = list(Color)
    rng.shuffle(colors)
    if variant is TwoPlayers.DECOY:
        seats = (Seat("Ana", colors[0]), Seat("Ben", colors[1]), Seat("Decoy", colors[2]))
    else:
        names = ["Ana", "Ana", "Ben", "Ben"]
        rng.shuffle(names)  # a person's colors need not sit together
        seats = tuple(Seat(n, c) for n, c in zip(names, colors))
    options = RuleOptions(end_zone_start=rng.choice([None, 25]))
    return GameSetup(seats=seats, two_players=variant, decoy_scores=seed % 2 == 0, options=options)


def check_invariants(state: GameState) -> None:
    """The invariants of every state of a two-player game."""
    for i, color in enumerate(state.colors):
        assert all(row[i] >= 0 for row in state.cubes)
        on_board = sum(row[i] for row in state.cubes)
        assert on_board + state.supply(color) == FOOD_CUBES_PER_COLOR
    holders = marker_colors(state.setup)
    placed = [state.player(c).marker for c in holders if state.player(c).marker]
    assert len(placed) == len(set(placed)), "two markers share a ladder space"
    for p in state.players:
        assert p.bp >= 0, "negative BP"
        for other in partners(state.setup, p.color):
            q = state.player(other)
            assert (q.bp, q.genes, q.marker) == (p.bp, p.genes, p.marker), "purse not shared"
    for card in GENES:
        held = sum(
            1 for p in state.players if p.holds(card.key) and not partners_before(state, p.color)
        )
        assert held + state.copies_left(card.key) == state.copies_total(card.key)
    if state.setup.two_players is TwoPlayers.DECOY:
        decoy = state.player(state.colors[-1])
        assert decoy.bp == 0 and decoy.gene_keys == ("life_expectancy",)
    if state.phase is not Phase.OVER:
        assert legal_actions(state)


def playout(variant: TwoPlayers, seed: int) -> GameState:
    """One complete game, invariants after every action."""
    rng = random.Random(seed)
    setup = two_player_setup(variant, seed)
    state, log = new_game(setup), []
    while state.phase is not Phase.OVER:
        assert len(log) < 3000, "the game did not end"
        action = choose(rng, state)
        state = apply(state, action).state
        log.append(action)
        check_invariants(state)
    assert replay(setup, log) == state
    assert from_dict(to_dict(state)) == state
    return state


@pytest.mark.parametrize("seed", seeds(0, GAMES, normal=16))
@pytest.mark.parametrize("variant", VARIANTS)
def test_two_player_playout_keeps_every_invariant(variant, seed):
    state = playout(variant, seed)
    names = [p.person.name for p in ranking(state)]
    scoring_decoy = variant is TwoPlayers.DECOY and state.setup.decoy_scores
    assert sorted(names) == (["Ana", "Ben", "Decoy"] if scoring_decoy else ["Ana", "Ben"])
