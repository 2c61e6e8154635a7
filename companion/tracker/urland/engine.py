"""Urland's public engine: `new_game`, `legal_actions`, `apply`, `replay`, and chance.

One source of legality: each step's `check` refuses an action with the rule it breaks;
`legal_actions` lists the candidates that pass it, `apply` runs it before anything changes.
Two open inputs pass the same checks without being listed one by one: the deal (a chance
input with too many orders to list) and a retreat from several areas at once (listed one area
at a time). Chance is an input: `chance` says what is shuffled now, `from_shuffle` turns the
shell's shuffle into the action recorded in the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from itertools import combinations
from typing import NamedTuple

from companion.tracker.colors import Color, color_ref
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import Seq, msg
from companion.tracker.urland import (
    auction,
    corrections,
    forced,
    gene_actions,
    ichto,
    panic,
    setup,
    tokens,
    turn,
    volcanoes,
)
from companion.tracker.urland import board as geo
from companion.tracker.urland.actions import (
    Action,
    Bid,
    BuyGene,
    ChooseOcean,
    ChooseRegion,
    Correct,
    DealRegions,
    Dive,
    DrawToken,
    EndActions,
    KeepToken,
    PassGene,
    PayIchto,
    RevealToken,
    ScoreVolcano,
    TurnGenes,
    UseDoubleTurn,
)
from companion.tracker.urland.log import Event, Events
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Step, UrlandSetup, UrlandState, player_ref


class Applied(NamedTuple):
    """The result of an action: the new state and the explained events it caused."""

    state: UrlandState
    events: tuple[Event, ...]


class StepRules(NamedTuple):
    """What a step accepts: action types, its check, its effect, its candidates."""

    kinds: tuple[type[Action], ...]
    check: Callable[[UrlandState, Action], None]
    perform: Callable[[UrlandState, Action, Events], UrlandState]
    candidates: Callable[[UrlandState], Iterable[Action]]


def _ichto_candidates(state: UrlandState) -> Iterator[Action]:
    color = state.actors[0]
    yield EndActions()
    yield UseDoubleTurn()
    yield from ichto.candidates(state, color)
    yield from gene_actions.candidates(state, color)


def _pay_candidates(state: UrlandState) -> Iterator[Action]:
    color = state.auction.ranking[0]
    for area in geo.live_regions(state.merged) + geo.OCEANS:
        for n in range(1, min(state.count(area, color), state.auction.paying) + 1):
            yield PayIchto(area, n)


def _gene_combos(state: UrlandState) -> Iterator[Action]:
    for combo in combinations(state.gene_deck, auction.turn_count(state)):
        yield TurnGenes(combo)


RULES: dict[Step, StepRules] = {
    Step.FIRST_VOLCANO: StepRules(
        (DrawToken,),
        setup.check_first_volcano,
        setup.first_volcano,
        lambda s: (DrawToken(t) for t in range(1, 13)),
    ),
    Step.DEAL: StepRules((DealRegions,), setup.check_deal, setup.deal, lambda s: ()),
    Step.TURN_GENES: StepRules((TurnGenes,), setup.check_genes, setup.turn_genes, _gene_combos),
    Step.DRAW: StepRules(
        (DrawToken,),
        turn.check_draw,
        turn.draw,
        lambda s: (DrawToken(t) for t in tokens.drawable(s)),
    ),
    Step.KEEP: StepRules(
        (KeepToken,), turn.check_keep, turn.keep, lambda s: (KeepToken(t) for t in s.hands[s.env])
    ),
    Step.ACTIONS: StepRules(tuple(), turn.check_ichto, turn.ichto_action, _ichto_candidates),
    Step.REVEAL: StepRules(
        (RevealToken,),
        turn.check_reveal,
        lambda s, a, e: turn.score_kept(s, a.token, e),
        lambda s: (RevealToken(t) for t in tokens.unseen(s)),
    ),
    Step.VOLCANO_SCORED: StepRules(
        (ScoreVolcano,),
        volcanoes.check_score,
        volcanoes.score,
        lambda s: (ScoreVolcano(r) for r in s.erupting),
    ),
    Step.BID: StepRules(
        (Bid,),
        auction.check_bid,
        auction.bid,
        lambda s: (
            Bid(c, n) for c in auction.bidders_left(s) for n in range(s.player(c).reserve + 1)
        ),
    ),
    Step.BUY: StepRules(
        (BuyGene, PassGene),
        auction.check_buy,
        auction.buy,
        lambda s: (PassGene(), *(BuyGene(g) for g in s.face_up)),
    ),
    Step.PAY: StepRules((PayIchto,), auction.check_pay, auction.pay, _pay_candidates),
    Step.PANIC_REGION: StepRules(
        (ChooseRegion,),
        panic.check_region,
        panic.choose_region,
        lambda s: (ChooseRegion(r) for r in panic.fullest(s)),
    ),
    Step.PANIC_OCEAN: StepRules(
        (ChooseOcean,),
        panic.check_ocean,
        panic.choose_ocean,
        lambda s: (ChooseOcean(o) for o in geo.OCEANS),
    ),
    Step.EARS: StepRules(
        (Dive,),
        panic.check_dive,
        panic.dive,
        lambda s: (Dive(n) for n in range(s.count(s.panic.region, s.panic.ears[0]) + 1)),
    ),
    Step.DIVE_OCEAN: StepRules(
        (ChooseOcean,),
        volcanoes.check_dive,
        volcanoes.choose_dive,
        lambda s: (ChooseOcean(o) for o in geo.OCEANS),
    ),
}
ICHTO_KINDS = {
    "land",
    "proliferate",
    "swim",
    "retreat",
    "double_turn",
    "end_actions",
    "assimilate",
    "walk",
    "egg",
    "fly",
    "stink",
    "bite",
}


def new_game(setup_: UrlandSetup) -> UrlandState:
    """A new game, awaiting the first volcano's token (InvalidAction if the setup is bad)."""
    return setup.new_game(setup_, [])


def new_game_events(setup_: UrlandSetup) -> Applied:
    """A new game with the events of its first setup steps."""
    events: Events = []
    return Applied(setup.new_game(setup_, events), tuple(events))


def check(state: UrlandState, action: Action) -> None:
    """Raise IllegalAction (naming the rule) or InvalidAction unless the action is legal now."""
    if not isinstance(action, Action):
        raise InvalidAction(msg("that is not an action"))
    if state.step is Step.OVER:
        now = prompt(state)
        raise IllegalAction(msg("the game is over"), now.source)
    seat = getattr(action, "color", None)
    if isinstance(seat, Color) and seat not in state.colors:
        raise InvalidAction(
            msg(
                "{color} has no seat in this game (its seats: {seats})",
                color=color_ref(seat),
                seats=Seq(tuple(player_ref(state, c) for c in state.colors), ", "),
            )
        )
    rules = RULES[state.step]
    fits = (
        action.kind in ICHTO_KINDS
        if state.step is Step.ACTIONS
        else isinstance(action, rules.kinds)
    )
    if not fits:
        now = prompt(state)
        raise IllegalAction(msg("not now: {awaited}", awaited=now.msg), now.source)
    rules.check(state, action)


def legal_actions(state: UrlandState) -> tuple[Action, ...]:
    """Every legal action now (the deal and multi-area retreats besides, see above)."""
    if state.step is Step.OVER:
        return ()
    found = []
    for action in RULES[state.step].candidates(state):
        try:
            RULES[state.step].check(state, action)
        except IllegalAction:
            continue
        found.append(action)
    return tuple(dict.fromkeys(found))


def apply(state: UrlandState, action: Action) -> Applied:
    """Apply an action: the new state and its events, or IllegalAction / InvalidAction. A
    correction is taken at any step (even once the game is over); the game goes on from it."""
    events: Events = []
    if isinstance(action, Correct):
        new = corrections.apply_correction(state, action, events)
    else:
        check(state, action)
        new = RULES[state.step].perform(state, action, events)
    new = forced.settle(new, events, RULES)
    return Applied(replace(new, revision=state.revision + 1), tuple(events))


def replay(setup_: UrlandSetup, actions: Iterable[Action]) -> UrlandState:
    """The state after applying a log of actions to a new game."""
    state = new_game(setup_)
    for action in actions:
        state = apply(state, action).state
    return state


def chance(state: UrlandState) -> tuple[int | str, ...] | None:
    """What chance decides now, as items the shell shuffles (None: a choice, or a draw made
    at the table). The first item of the shuffle is drawn (`from_shuffle`)."""
    if state.step is Step.FIRST_VOLCANO:
        return tuple(range(1, 13))
    if state.step is Step.DEAL:
        return tokens.in_play(state)
    if state.step is Step.DRAW and state.setup.options.tokens_by_app:
        return tokens.drawable(state)
    if state.step is Step.TURN_GENES:
        return state.gene_deck
    if state.step is Step.VOLCANO_SCORED:
        return state.erupting
    return None


def from_shuffle(state: UrlandState, order: tuple) -> Action:
    """The action a shuffle of `chance(state)` gives: the first items drawn, or dealt."""
    if sorted(map(str, order)) != sorted(map(str, chance(state) or ())):
        raise InvalidAction(msg("a shuffle lists each item once"))
    if state.step in (Step.FIRST_VOLCANO, Step.DRAW):
        return DrawToken(order[0])
    if state.step is Step.DEAL:
        size = setup.hand_size(state.n)
        return DealRegions(tuple(tuple(order[i * size : (i + 1) * size]) for i in range(state.n)))
    if state.step is Step.TURN_GENES:
        return TurnGenes(tuple(order[: auction.turn_count(state)]))
    return ScoreVolcano(order[0])
