"""The decisions extra genes give in phases 1 and 4: their legal lists, handlers, prompts and
labels, in one dispatch per step (the phase modules merge these tables).

Fast Food (feed first), Suction (a meal with a neighbour's cubes), Cleanliness (where the
excreta go), Camouflage I (the attacker's die), Rebound (bounce or stay), Healing I and II
(heal, or pass the DP on). The rules themselves sit in `genes_feeding`, `genes_moves`,
`genes_attacks` and `genes_deaths`.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe import flow, sources
from companion.tracker.ursuppe.actions import Action, cubes_ref
from companion.tracker.ursuppe.genes import attacks as genes_attacks
from companion.tracker.ursuppe.genes import deaths as genes_deaths
from companion.tracker.ursuppe.genes import feeding as genes_feeding
from companion.tracker.ursuppe.genes import moves as genes_moves
from companion.tracker.ursuppe.genes.actions import (
    Bounce,
    FeedFirst,
    FeedWithSuction,
    Heal,
    PlaceExcreta,
    RollCamouflage,
    TransferDamage,
)
from companion.tracker.ursuppe.genes.extra import CAMOUFLAGE_1, CLEANLINESS, FAST_FOOD, REBOUND
from companion.tracker.ursuppe.phases.base import Events, say
from companion.tracker.ursuppe.rules.feeding import excretion
from companion.tracker.ursuppe.state import AmoebaId, GameState, Step, amoeba_ref, player_ref

DIE = range(1, 7)
Asked = tuple  # (actor color, amoeba id, message, source), as prompts.py builds it


# ----- legal lists ---------------------------------------------------------------------
def feed_first_actions(state: GameState, aid: AmoebaId) -> list[Action]:
    """Fast Food at the movement choice: feed first."""
    return [FeedFirst(aid)] if genes_moves.may_feed_first(state, aid) else []


def suction_actions(state: GameState, aid: AmoebaId) -> list[Action]:
    """Suction at the feeding step: every meal with cubes from a neighbouring space."""
    amoeba = state.amoeba(aid)
    return [
        FeedWithSuction(aid, s.meal.cubes, s.space, s.sucked, s.meal.parasite)
        for s in genes_feeding.suction_meals(state, amoeba)
    ]


def _excrete(state: GameState) -> list[Action]:
    amoeba = state.amoeba(state.cursor.amoeba)
    return [PlaceExcreta(amoeba.id, s) for s in genes_feeding.excreta_spaces(state, amoeba)]


def _camouflage_roll(state: GameState) -> list[Action]:
    return [RollCamouflage(d) for d in DIE]


def _rebound(state: GameState) -> list[Action]:
    mover = state.cursor.move.mover
    return [Bounce(mover, True), Bounce(mover, False)]


BUILDERS = {
    Step.EXCRETE: _excrete,
    Step.CAMOUFLAGE_ROLL: _camouflage_roll,
    Step.REBOUND: _rebound,
}


# ----- handlers ------------------------------------------------------------------------
def _feed_first(state: GameState, action: FeedFirst, events: Events) -> GameState:
    text = msg(
        "{who} feeds first and moves afterwards ({gene}).",
        who=amoeba_ref(state, action.amoeba),
        gene=state.gene(FAST_FOOD).term,
    )
    say(events, "move", text, sources.EXTRA_MOVEMENT)
    return state.with_cursor(step=Step.FEED, fast_food="eat_first")


def _feed_with_suction(state: GameState, action: FeedWithSuction, events: Events) -> GameState:
    amoeba = state.amoeba(action.amoeba)
    chosen = next(
        s
        for s in genes_feeding.suction_meals(state, amoeba)
        if (s.meal.cubes, s.meal.parasite, s.space, s.sucked)
        == (action.cubes, action.parasite, action.space, action.sucked)
    )
    state, placed = genes_feeding.eat(
        state, amoeba, chosen.meal, events, chosen.space, chosen.sucked
    )
    return flow.amoeba_done(state, events) if placed else state


def _place_excreta(state: GameState, action: PlaceExcreta, events: Events) -> GameState:
    cubes = ((action.amoeba.color, excretion(state, action.amoeba.color)),)
    text = genes_feeding.excreta_message(state, action.amoeba, cubes, action.space)
    say(events, "feed", text, sources.CLEANLINESS_READING)
    state = genes_feeding.excrete(state, action.amoeba, action.space, events)
    return flow.amoeba_done(state, events)


def _roll_camouflage(state: GameState, action: RollCamouflage, events: Events) -> GameState:
    attack = replace(state.cursor.attack, camouflage=action.die)
    text = genes_attacks.camouflage_roll_message(state, attack, action.die)
    say(events, "roll", text, sources.EXTRA_ATTACKS)
    return flow.ask_response(state.with_cursor(attack=attack), events)


def _bounce(state: GameState, action: Bounce, events: Events) -> GameState:
    ctx = state.cursor.move
    origin = state.amoeba(ctx.mover).space
    name, gene = amoeba_ref(state, ctx.mover), state.gene(REBOUND).term
    if not action.go:
        text = msg("{who} does not bounce ({gene}).", who=name, gene=gene)
        say(events, "move", text, sources.EXTRA_MOVEMENT)
        return flow.arrive(state, ctx, origin, origin, events)
    text = msg(
        "{who} bounces from space {start} to space {end} ({gene}).",
        who=name,
        start=origin,
        end=ctx.rebound,
        gene=gene,
    )
    say(events, "move", text, sources.EXTRA_MOVEMENT)
    return flow.arrive(state, ctx, origin, ctx.rebound, events)


def _heal(state: GameState, action: Heal, events: Events) -> GameState:
    return genes_deaths.heal(state, action.amoeba, events)


def _transfer(state: GameState, action: TransferDamage, events: Events) -> GameState:
    return genes_deaths.transfer(state, action.amoeba, action.target, events)


HANDLERS = {
    FeedFirst: _feed_first,
    FeedWithSuction: _feed_with_suction,
    PlaceExcreta: _place_excreta,
    RollCamouflage: _roll_camouflage,
    Bounce: _bounce,
    Heal: _heal,
    TransferDamage: _transfer,
}

# The step at which each of these actions is answered (refusals: "not now" or "not allowed").
STEP_OF = {
    FeedFirst: Step.MOVEMENT_CHOICE,
    FeedWithSuction: Step.FEED,
    PlaceExcreta: Step.EXCRETE,
    RollCamouflage: Step.CAMOUFLAGE_ROLL,
    Bounce: Step.REBOUND,
    Heal: Step.DIVIDE,
    TransferDamage: Step.DIVIDE,
}


# ----- prompts -------------------------------------------------------------------------
def _excrete_prompt(state: GameState) -> Asked:
    amoeba = state.amoeba(state.cursor.amoeba)
    cubes = ((amoeba.color, excretion(state, amoeba.color)),)
    text = msg(
        "{amoeba} excretes {cubes}: onto its space {space} or a neighbouring space ({gene}).",
        amoeba=amoeba_ref(state, amoeba.id),
        cubes=cubes_ref(cubes),
        space=amoeba.space,
        gene=state.gene(CLEANLINESS).term,
    )
    return amoeba.color, amoeba.id, text, sources.CLEANLINESS_READING


def _camouflage_prompt(state: GameState) -> Asked:
    attack = state.cursor.attack
    text = msg(
        "{attacker} rolls a die ({gene}): 1-3 {target} may defend itself, 4-6 it may not.",
        attacker=amoeba_ref(state, attack.attacker),
        gene=state.gene(CAMOUFLAGE_1).term,
        target=amoeba_ref(state, attack.target),
    )
    return attack.attacker.color, attack.attacker, text, sources.EXTRA_ATTACKS


def _rebound_prompt(state: GameState) -> Asked:
    ctx = state.cursor.move
    text = msg(
        "{amoeba} hit an obstacle: bounce to space {space} ({gene}), or stay?",
        amoeba=amoeba_ref(state, ctx.mover),
        space=ctx.rebound,
        gene=state.gene(REBOUND).term,
    )
    return ctx.mover.color, ctx.mover, text, sources.EXTRA_MOVEMENT


PROMPTS = {
    Step.EXCRETE: _excrete_prompt,
    Step.CAMOUFLAGE_ROLL: _camouflage_prompt,
    Step.REBOUND: _rebound_prompt,
}


# ----- labels --------------------------------------------------------------------------
def describe(state: GameState, action: Action) -> Msg | None:
    """A button's label for these actions; None for any other action."""
    match action:
        case FeedFirst(amoeba=aid):
            return msg(
                "{amoeba} feeds first ({gene})",
                amoeba=amoeba_ref(state, aid),
                gene=state.gene(FAST_FOOD).term,
            )
        case FeedWithSuction(amoeba=aid, cubes=cubes, space=space, sucked=sucked, parasite=payer):
            if payer:
                return msg(
                    "{amoeba} eats {cubes}, {sucked} of them from space {space}; {player} pays "
                    "1 BP",
                    amoeba=amoeba_ref(state, aid),
                    cubes=cubes_ref(cubes),
                    sucked=cubes_ref(sucked),
                    space=space,
                    player=player_ref(state, payer),
                )
            return msg(
                "{amoeba} eats {cubes}, {sucked} of them from space {space}",
                amoeba=amoeba_ref(state, aid),
                cubes=cubes_ref(cubes),
                sucked=cubes_ref(sucked),
                space=space,
            )
        case PlaceExcreta(space=space):
            return msg("excreta onto space {space}", space=space)
        case RollCamouflage(die=die):
            return msg("camouflage die {die}", die=die)
        case Bounce(go=go):
            return msg("bounce") if go else msg("do not bounce")
        case Heal() | TransferDamage():
            return genes_deaths.heal_label(state, action)
    return None
