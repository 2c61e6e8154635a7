"""Builders for Urland tests: setups, random playouts choosing only legal actions."""

from __future__ import annotations

import random

from urland_draws import shuffled_draw

from companion.tracker.colors import Color
from companion.tracker.urland import engine
from companion.tracker.urland.actions import Bid
from companion.tracker.urland.state import Options, Seat, Step, UrlandSetup, UrlandState

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eva")
COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE, Color.BLACK)


def setup_for(n: int, **options) -> UrlandSetup:
    """A setup of n players (seats clockwise: Ana, Ben, ...)."""
    seats = tuple(Seat(NAMES[i], COLORS[i]) for i in range(n))
    return UrlandSetup(seats, options=Options(**options))


def random_action(state: UrlandState, rng: random.Random):
    """A random legal action: chance by shuffling, choices from the legal list."""
    draw = shuffled_draw(state, rng)
    if draw is not None:
        return draw
    legal = engine.legal_actions(state)
    if state.step is Step.BID:  # bids: small, so the game goes on
        color = legal[0].color
        return Bid(color, rng.randint(0, min(2, state.player(color).reserve)))
    if state.step is Step.ACTIONS:
        # keep playouts short but varied: rarely end early, rarely retreat
        moves = [a for a in legal if a.kind not in ("end_actions", "retreat")]
        if moves and rng.random() < 0.9:
            return rng.choice(moves)
    return rng.choice(legal)


def playout(setup: UrlandSetup, seed: int, check=None, limit: int = 3000):
    """Play a game to its end; `check(state, action, applied)` after every action."""
    rng = random.Random(seed)
    state = engine.new_game(setup)
    log = []
    for _ in range(limit):
        if state.step is Step.OVER:
            return state, log
        action = random_action(state, rng)
        applied = engine.apply(state, action)
        log.append(action)
        if check:
            check(state, action, applied)
        state = applied.state
    raise AssertionError(f"no end after {limit} actions: {state.step}")


def started(n: int = 4, **options) -> UrlandState:
    """A game past its setup (first volcano 11, a fixed deal), at the first keep or draw."""
    from dataclasses import replace as _replace

    from companion.tracker.urland.actions import DealRegions, DrawToken, TurnGenes

    state = engine.new_game(setup_for(n, **options))
    state = engine.apply(state, DrawToken(11)).state
    pool = [t for t in range(1, 13) if t != 11]
    size = 3 if n == 3 else 2
    hands = tuple(tuple(pool[i * size : (i + 1) * size]) for i in range(n))
    state = engine.apply(state, DealRegions(hands)).state
    state = engine.apply(state, TurnGenes(state.gene_deck[: 3 if n == 3 else 4])).state
    for token in (1, 2, 3) if options.get("tokens_by_app", True) else (-1, -1, -1):
        state = engine.apply(state, DrawToken(token)).state
    return _replace(state, revision=0)


def with_counts(state: UrlandState, table: dict[str, dict[Color, int]]) -> UrlandState:
    """The state with land emptied and these areas holding exactly these Ichto (reserves
    adjusted, so Ichto stay conserved)."""
    from companion.tracker.urland.board import AREAS, REGIONS
    from companion.tracker.urland.state import add

    for area in AREAS:
        if area in REGIONS or area in table:
            for color in state.colors:
                state = add(state, area, color, -state.count(area, color))
    for area, row in table.items():
        for color, n in row.items():
            state = add(state, area, color, n)
    return state


def with_markers(state: UrlandState, markers: dict[Color, int]) -> UrlandState:
    """The state with these track spaces."""
    from companion.tracker.urland.state import set_player

    for color, space in markers.items():
        state = set_player(state, color, marker=space)
    return state


def with_genes(state: UrlandState, color: Color, *genes: str) -> UrlandState:
    """The state with a color holding these genes."""
    from companion.tracker.urland.state import set_player

    return set_player(state, color, genes=tuple(genes))


def erupting(counts, pair=(10, 11)) -> UrlandState:
    """Four players at an epoch's end: the regions of `pair` erupt (first volcano: 2)."""
    from dataclasses import replace

    from companion.tracker.urland.actions import DealRegions, DrawToken, TurnGenes

    state = engine.apply(engine.new_game(setup_for(4)), DrawToken(2)).state
    pool = [t for t in range(1, 13) if t not in (2,)]
    hands = tuple(tuple(pool[i * 2 : i * 2 + 2]) for i in range(4))
    state = engine.apply(state, DealRegions(hands)).state
    state = engine.apply(state, TurnGenes(state.gene_deck[:4])).state
    state = with_counts(state, counts)
    spots = tuple(t for t in range(1, 13) if t not in (2, *pair))
    return replace(state, step=Step.VOLCANO_SCORED, erupting=tuple(map(str, pair)), spots=spots)
