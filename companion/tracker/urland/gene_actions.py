"""The optional gene actions (002 §5 Geni): Assimilation, Legs' walk, Egg, Wings,
Stinkglands and Teeth, each checked against its card's rule, then carried out and explained.
Ears' immunity to Teeth on land is checked here (002 §5 Orecchie).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import board as geo
from companion.tracker.urland.actions import Action, Assimilate, Bite, Egg, Fly, Stink, Walk
from companion.tracker.urland.genes import (
    ASSIMILATION,
    EARS,
    EGG,
    GENES_BY_KEY,
    LEGS,
    STINKGLANDS,
    TEETH,
    WINGS,
    gene_term,
)
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import UrlandState, add, move, player_ref
from companion.tracker.urland.words import area_ref, moved


def _need(state: UrlandState, color: Color, gene: str) -> None:
    if not state.has(color, gene):
        raise IllegalAction(
            msg("only a holder of {gene} can do that", gene=gene_term(gene)),
            GENES_BY_KEY[gene].rule,
        )


def _refuse(text: Msg, gene: str) -> IllegalAction:
    return IllegalAction(text, GENES_BY_KEY[gene].rule)


def _live(state: UrlandState, area: str, gene: str) -> None:
    if not (geo.is_ocean(area) or area in geo.live_regions(state.merged)):
        raise _refuse(msg("that area is not on the board"), gene)


def cost(state: UrlandState, action: Action, color: Color) -> int:
    """The actions a gene action costs: Assimilation 2, Egg 2 (1 with 2 of yours there)."""
    if isinstance(action, Assimilate):
        return 2
    if isinstance(action, Egg):
        return 1 if action.region in geo.REGIONS and state.count(action.region, color) >= 2 else 2
    return 1


def check(state: UrlandState, action: Action, color: Color) -> None:
    """Raise IllegalAction, naming the gene's rule, unless the gene action is legal."""
    if isinstance(action, Assimilate):
        _need(state, color, ASSIMILATION)
        _live(state, action.area, ASSIMILATION)
        if state.count(action.area, color) < 1:
            raise _refuse(msg("Assimilation needs one of your Ichto in that area"), ASSIMILATION)
        if action.victim == color or action.victim not in state.colors:
            raise _refuse(msg("Assimilation converts Ichto of another color"), ASSIMILATION)
        if state.count(action.area, action.victim) < 2:
            raise _refuse(msg("Assimilation needs two Ichto of that color there"), ASSIMILATION)
        if state.player(color).reserve < 1:
            raise _refuse(msg("your reserve is empty"), ASSIMILATION)
    elif isinstance(action, Walk):
        _need(state, color, LEGS)
        _live(state, action.source, LEGS)
        if action.target not in geo.across_strips(state.setup.board, state.merged, action.source):
            raise _refuse(msg("Legs walk only across a thin water strip"), LEGS)
        if state.count(action.source, color) < 1:
            raise _refuse(msg("you have no Ichto there"), LEGS)
    elif isinstance(action, Egg):
        _need(state, color, EGG)
        if action.region not in geo.live_regions(state.merged):
            raise _refuse(msg("an Egg is laid in a land region"), EGG)
        if state.player(color).reserve < 1:
            raise _refuse(msg("your reserve is empty"), EGG)
    elif isinstance(action, Fly):
        _need(state, color, WINGS)
        if action.source not in geo.live_regions(state.merged):
            raise _refuse(msg("Wings fly from a land region"), WINGS)
        _live(state, action.target, WINGS)
        if action.target == action.source or action.n not in (1, 2):
            raise _refuse(msg("Wings carry 1 or 2 Ichto to another area"), WINGS)
        if state.count(action.source, color) < action.n:
            raise _refuse(msg("you have fewer Ichto there"), WINGS)
    elif isinstance(action, Stink):
        _need(state, color, STINKGLANDS)
        if action.region not in geo.live_regions(state.merged):
            raise _refuse(msg("Stinkglands act in a land region"), STINKGLANDS)
        if state.count(action.region, color) < 1:
            raise _refuse(msg("Stinkglands need one of your Ichto there"), STINKGLANDS)
        if state.total(action.region) == state.count(action.region, color):
            raise _refuse(msg("no other Ichto are there"), STINKGLANDS)
        board = state.setup.board
        if action.target not in geo.neighbours(board, state.merged, action.region):
            raise _refuse(msg("Stinkglands drive them to an adjacent area"), STINKGLANDS)
    elif isinstance(action, Bite):
        _need(state, color, TEETH)
        _live(state, action.area, TEETH)
        if state.count(action.area, color) < 1:
            raise _refuse(msg("Teeth need one of your Ichto in that area"), TEETH)
        if action.victim == color or action.victim not in state.colors:
            raise _refuse(msg("Teeth bite another color"), TEETH)
        if state.count(action.area, action.victim) < 1:
            raise _refuse(msg("that color has no Ichto there"), TEETH)
        if not geo.is_ocean(action.area) and state.has(action.victim, EARS):
            raise IllegalAction(
                msg("Ears hear Teeth coming: on land their holder is immune"),
                GENES_BY_KEY[EARS].rule,
            )


def perform(state: UrlandState, action: Action, color: Color, events: Events) -> UrlandState:
    """Carry out a checked gene action, explained."""
    who = player_ref(state, color)
    if isinstance(action, Assimilate):
        state = add(add(state, action.area, action.victim, -2), action.area, color, 1)
        text = msg(
            "{who} assimilates two Ichto of {victim} in {area}: they go home, one of yours "
            "comes from the reserve.",
            who=who,
            victim=player_ref(state, action.victim),
            area=area_ref(action.area),
        )
        say(events, "gene", text, GENES_BY_KEY[ASSIMILATION].rule)
    elif isinstance(action, Walk):
        state = move(state, action.source, action.target, color, 1)
        text = msg(
            "{who} walks an Ichto from {a} to {b}.",
            who=who,
            a=area_ref(action.source),
            b=area_ref(action.target),
        )
        say(events, "gene", text, GENES_BY_KEY[LEGS].rule)
    elif isinstance(action, Egg):
        state = add(state, action.region, color, 1)
        text = msg("{who} lays an Egg: a new Ichto in {a}.", who=who, a=area_ref(action.region))
        say(events, "gene", text, GENES_BY_KEY[EGG].rule)
    elif isinstance(action, Fly):
        state = move(state, action.source, action.target, color, action.n)
        text = msg(
            "{who} flies {ichto} from {a} to {b}.",
            **moved(who, action.n, action.source, action.target),
        )
        say(events, "gene", text, GENES_BY_KEY[WINGS].rule)
    elif isinstance(action, Stink):
        for other in state.colors:
            n = state.count(action.region, other)
            if other != color and n:
                state = move(state, action.region, action.target, other, n)
        text = msg(
            "{who}'s Stinkglands drive every other Ichto in {a} to {b}.",
            who=who,
            a=area_ref(action.region),
            b=area_ref(action.target),
        )
        say(events, "gene", text, GENES_BY_KEY[STINKGLANDS].rule)
    elif isinstance(action, Bite):
        state = add(state, action.area, action.victim, -1)
        text = msg(
            "{who} bites an Ichto of {victim} in {a}: it goes home.",
            who=who,
            victim=player_ref(state, action.victim),
            a=area_ref(action.area),
        )
        say(events, "gene", text, GENES_BY_KEY[TEETH].rule)
    return state


def candidates(state: UrlandState, color: Color) -> Iterator[Action]:
    """Gene actions worth checking for a color now (`check` decides)."""
    genes = state.player(color).genes
    live = geo.live_regions(state.merged) + geo.OCEANS
    mine = [a for a in live if state.count(a, color)]
    others = [c for c in state.colors if c != color]
    board = state.setup.board
    for area in mine:
        if ASSIMILATION in genes or TEETH in genes:
            for victim in others:
                yield Assimilate(area, victim)
                yield Bite(area, victim)
        if not geo.is_ocean(area):
            if LEGS in genes:
                for target in geo.across_strips(board, state.merged, area):
                    yield Walk(area, target)
            if WINGS in genes:
                for target in live:
                    yield Fly(area, target, 1)
                    yield Fly(area, target, 2)
            if STINKGLANDS in genes:
                for target in geo.neighbours(board, state.merged, area):
                    yield Stink(area, target)
    if EGG in genes:
        for region in geo.live_regions(state.merged):
            yield Egg(region)
