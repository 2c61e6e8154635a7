"""Seeded random playouts with extra genes in the game (003 §The Amoeba Advanced Genome
Project), choosing only legal actions and checking every invariant after every action.

Games mix how extra genes enter (003 §Play): a fixed list, the recommended pair with 1-3
turned over each round, all at random. Besides the base invariants
(`test_playouts.check_invariants`): one copy of each extra gene, never held twice, held only
once turned face up, never both face up and in the face-down pile; Toxic Excretions' DP
tokens lie only on spaces of the soup, and they are conserved: the tokens on the board change
by exactly those laid minus those taken, as the explained events say; the JSON round trip of
the state and the replay of the log agree.

How many games run where (the normal run; together with `test_playouts_turned.py` that is
200 games with extra genes, about 40 s of CPU on the shared 2-core machine):
- 40 games on the printed ladder (50 spaces), 3-6 players;
- 60 games on a 30-space ladder (the game ends in about 5 rounds instead of 9): the same
  extra genes, setups and invariants, with 3 genes turned over per round when they are.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from builders import setup_for
from playout import ADVANCED, RULED, choose
from seeds import seeds
from test_playouts import check_invariants

from companion.tracker.colors import Color
from companion.tracker.ursuppe import (
    action_from_dict,
    action_to_dict,
    apply,
    from_dict,
    new_game,
    replay,
    to_dict,
)
from companion.tracker.ursuppe.genes.extra import EXTRA_GENES, EXTRA_KEYS, RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenesMode, RuleOptions
from companion.tracker.ursuppe.state import GameState, Phase

GAMES = 40
SHORT_GAMES = 60
SHORT_LADDER = 30  # engine minimum is 20; the end zone starts at 21
MODES = (ExtraGenesMode.FIXED_LIST, ExtraGenesMode.START_AND_TURNED, ExtraGenesMode.ALL_RANDOM)
# The genes whose rules this file exercises most (playout.RULED, ADVANCED); each game draws a
# random set besides.
TOKENS_LAID = (
    "{who}'s excreta are toxic: {n} DP token lies on space {space}; the next amoeba to "
    "enter it takes it."
)
TOKENS_TAKEN = (
    "{who} enters space {space} and takes the {n} toxic DP token lying there (now {dp} DP)."
)


def check_extra(state: GameState) -> None:
    """The invariants extra genes add."""
    held_by_key = Counter(k for p in state.players for k in p.gene_keys)
    for card in EXTRA_GENES:
        held = held_by_key[card.key]
        assert held <= 1, f"{card.key} held twice"
        assert held + state.copies_left(card.key) == state.copies_total(card.key)
    shown, pile = state.extra_available, state.extra_pile
    assert len(set(shown)) == len(shown) and set(shown) <= set(EXTRA_KEYS)
    assert not set(shown) & set(pile), "a face-down extra gene is also face up"
    for p in state.players:
        assert all(k in shown for k in p.gene_keys if k in EXTRA_KEYS), "held but never shown"
    spaces = [s for s, _ in state.toxic]
    assert spaces == sorted(set(spaces)), "toxic tokens listed twice for a space"
    assert all(s in state.setup.board.spaces() and n > 0 for s, n in state.toxic)


def token_change(events) -> int:
    """Tokens laid minus tokens taken, as the events explain them."""
    change = 0
    for e in events:
        if e.msg.id == TOKENS_LAID:
            change += 1
        elif e.msg.id == TOKENS_TAKEN:
            change -= e.msg.count
    return change


def extra_setup(players: int, rng: random.Random, mode: ExtraGenesMode, short: bool = False):
    """A setup with extra genes: a fixed list drawn mostly from the genes ruled here, the
    recommended pair with more turned over each round, or all of them at random."""
    colors = list(Color)
    rng.shuffle(colors)
    start: tuple[str, ...] = ()
    if mode is ExtraGenesMode.FIXED_LIST:
        others = [g.key for g in EXTRA_GENES if g.key not in RULED + ADVANCED]
        chosen = rng.sample(RULED, 6) + rng.sample(others, 2)
        lowers = ("camouflage_1", "suction_1", "healing_1")
        chosen += [a for a, lower in zip(ADVANCED, lowers) if lower in chosen]
        start = tuple(chosen)
    elif mode is ExtraGenesMode.START_AND_TURNED:
        start = RECOMMENDED_START
    per_round = rng.choice((1, 2, 3))
    return setup_for(
        players,
        colors=tuple(colors),
        extra_genes=mode,
        extra_start=start,
        options=RuleOptions(extra_genes_per_round=3 if short else per_round),
        **({"ladder_length": SHORT_LADDER} if short else {}),
    )


def playout_extra(
    players: int, seed: int, max_actions: int = 5000, short: bool = False
) -> GameState:
    """Play one game with extra genes to its end, checking every invariant."""
    rng = random.Random(seed)
    setup = extra_setup(players, rng, MODES[seed % len(MODES)], short)
    state = new_game(setup)
    log = []
    while state.phase is not Phase.OVER:
        assert len(log) < max_actions, "the game did not end"
        action = choose(rng, state)
        assert action_from_dict(json.loads(json.dumps(action_to_dict(action)))) == action
        before = sum(n for _, n in state.toxic)
        previous = state
        state, events = apply(state, action)
        log.append(action)
        check_invariants(state)
        check_extra(state)
        assert sum(n for _, n in state.toxic) - before == token_change(events)
        if len(log) % 50 == 0:
            assert apply(from_dict(to_dict(previous)), action).state == state
    assert replay(setup, log) == state
    assert from_dict(to_dict(state)) == state
    return state


@pytest.mark.parametrize("seed", seeds(0, GAMES, normal=16))
def test_random_playout_with_extra_genes_keeps_every_invariant(seed):
    playout_extra(3 + seed % 4, seed)


@pytest.mark.parametrize("seed", seeds(GAMES, GAMES + SHORT_GAMES, normal=20))
def test_short_playout_with_extra_genes_keeps_every_invariant(seed):
    playout_extra(3 + seed % 4, seed, short=True)
