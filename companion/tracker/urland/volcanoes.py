"""Volcanoes and new epochs (002 §3.3; the first volcano, 002 §1 step 3).

When the environment player cannot draw, the two regions whose tokens are still in play
erupt. One of them, chosen at random (an input), is scored normally first; a mutation it
calls waits until after the eruption. Each volcano tile joins its region to its volcano
neighbour, and the enlarged region keeps the neighbour's number. A region a volcano erupts
in holds at most one Ichto per color afterwards: the rest go home, or with Ears dive into a
bordering ocean (002 §5 Orecchie). The erupted tokens leave the game, the tokens on the board
and the Panic token are shuffled again, and the environment player draws three.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg
from companion.tracker.urland import board as geo
from companion.tracker.urland import cite, scoring, tokens
from companion.tracker.urland.actions import ChooseOcean, ScoreVolcano
from companion.tracker.urland.genes import EARS, GENES_BY_KEY
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import Step, UrlandState, add, move, player_ref, set_hand
from companion.tracker.urland.words import area_ref, ichto


def start(state: UrlandState, events: Events) -> UrlandState:
    """No token to draw: the epoch ends; which region scores is chance."""
    erupting = tuple(str(t) for t in tokens.in_play(state) if t not in state.spots)
    text = msg(
        "No token left to draw: the epoch ends, the volcanoes of {a} and {b} erupt.",
        a=area_ref(erupting[0]),
        b=area_ref(erupting[-1]),
    )
    say(events, "volcano", text, cite.VOLCANOES)
    return replace(state, erupting=erupting, step=Step.VOLCANO_SCORED)


def check_score(state: UrlandState, action: ScoreVolcano) -> None:
    """Raise IllegalAction unless the region is one of the two erupting."""
    if action.region not in state.erupting:
        raise IllegalAction(msg("one of the two erupting regions is scored"), cite.VOLCANOES)


def score(state: UrlandState, action: ScoreVolcano, events: Events) -> UrlandState:
    """Score the region drawn at random, then both volcanoes erupt."""
    other = [r for r in state.erupting if r != action.region]
    text = msg(
        "Drawn at random: {region} is scored, {other} is not.",
        region=area_ref(action.region),
        other=area_ref(other[0] if other else action.region),
    )
    say(events, "volcano", text, cite.VOLCANOES)
    state = scoring.score_region(state, action.region, events)
    for region in [action.region, *other]:
        state = erupt(state, region, events, cite.VOLCANOES)
    state = set_hand(state, state.env_color, ())  # the two erupted tokens leave the game
    dives: list[tuple] = []
    for region in dict.fromkeys(geo.home(state.merged, r) for r in state.erupting):
        state = _losses(state, region, dives, events)
    return _next_dive(replace(state, dives=tuple(dives)), events)


def erupt(state: UrlandState, region: str, events: Events, source) -> UrlandState:
    """Place a volcano tile: the region joins its neighbour's region; its token leaves."""
    target = geo.volcano_target(state.setup.board, state.merged, region)
    state = replace(state, tiles_left=state.tiles_left - 1, out=state.out + (int(region),))
    if target == region:
        say(
            events,
            "volcano",
            msg("The volcano of {region} joins nothing new.", region=area_ref(region)),
            cite.JOINED,
        )
        return state
    for color in state.colors:
        n = state.count(region, color)
        if n:
            state = move(state, region, target, color, n)
    state = replace(state, merged=state.merged + ((region, target),))
    text = msg(
        "A volcano erupts in {region}: it joins {target}, which keeps its number.",
        region=area_ref(region),
        target=area_ref(target),
    )
    say(events, "volcano", text, source)
    return state


def _losses(state: UrlandState, region: str, dives: list, events: Events) -> UrlandState:
    for color in state.colors:
        excess = state.count(region, color) - 1
        if excess <= 0:
            continue
        if state.has(color, EARS):
            dives.append((color, region, excess))
            continue
        state = add(state, region, color, -excess)
        text = msg(
            "{who}: {ichto} in {region} go home (one per color stays).",
            who=player_ref(state, color),
            ichto=ichto(excess),
            region=area_ref(region),
        )
        say(events, "volcano", text, cite.LOSSES)
    return state


def _next_dive(state: UrlandState, events: Events) -> UrlandState:
    while state.dives:
        color, region, n = state.dives[0]
        oceans = geo.shores(state.setup.board, state.merged, region)
        if len(oceans) > 1:
            return replace(state, step=Step.DIVE_OCEAN)
        state = _dive(state, oceans[0], events)
    return _new_epoch(state, events)


def check_dive(state: UrlandState, action: ChooseOcean) -> None:
    """Raise IllegalAction unless the ocean borders the region the Ichto leave."""
    _, region, _ = state.dives[0]
    if action.ocean not in geo.shores(state.setup.board, state.merged, region):
        raise IllegalAction(
            msg("the excess dives into an ocean bordering the region"), GENES_BY_KEY[EARS].rule
        )


def choose_dive(state: UrlandState, action: ChooseOcean, events: Events) -> UrlandState:
    """An Ears holder's excess dives into the chosen ocean."""
    return _next_dive(_dive(state, action.ocean, events), events)


def _dive(state: UrlandState, ocean: str, events: Events) -> UrlandState:
    color, region, n = state.dives[0]
    state = move(state, region, ocean, color, n)
    text = msg(
        "{who} (Ears): {ichto} dive from {region} into {ocean}.",
        who=player_ref(state, color),
        ichto=ichto(n),
        region=area_ref(region),
        ocean=area_ref(ocean),
    )
    say(events, "volcano", text, GENES_BY_KEY[EARS].rule)
    return replace(state, dives=state.dives[1:])


def _new_epoch(state: UrlandState, events: Events) -> UrlandState:
    state = set_hand(state, state.env_color, ())
    state = replace(state, erupting=(), spots=(), panic_in_pile=True, step=Step.RESUME)
    # A game that ends here ends in the epoch of this eruption, which its status names (002:
    # "La partita consiste in 2 o 3 epoche"); only a game that goes on starts the next.
    if not state.tiles_left:
        say(events, "end", msg("The last volcano tile is placed: the game ends."), cite.NO_TILES)
        return replace(state, ending=True)
    if state.ending:
        return state
    state = replace(state, epoch=state.epoch + 1)
    text = msg(
        "Epoch {epoch} begins: the tokens on the board and the Panic token are shuffled; "
        "{who} draws three.",
        epoch=state.epoch,
        who=player_ref(state, state.env_color),
    )
    say(events, "volcano", text, cite.NEW_EPOCH)
    return state
