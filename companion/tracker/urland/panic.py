"""Panic (002 §3.2): the land region with the most Ichto empties into a bordering ocean.

The player last on the track picks among tied regions and, when the region borders several
oceans, the ocean, even with no Ichto there. Ears holders' Ichto may stay on land: each holder
says how many dive (002 §5 Orecchie). A panic with no Ichto on land moves nobody (reading).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker import track
from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg
from companion.tracker.urland import board as geo
from companion.tracker.urland import cite
from companion.tracker.urland.actions import ChooseOcean, ChooseRegion, Dive
from companion.tracker.urland.genes import EARS, GENES_BY_KEY
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import Panic, Step, UrlandState, move, player_ref
from companion.tracker.urland.words import area_ref, ichto, listed, moved


def fullest(state: UrlandState) -> tuple[str, ...]:
    """The land regions holding the most Ichto (none if land is empty)."""
    totals = {r: state.total(r) for r in geo.live_regions(state.merged)}
    top = max(totals.values())
    return tuple(r for r, t in totals.items() if t == top) if top else ()


def last_player(state: UrlandState) -> Color:
    """The player furthest back on the track."""
    return track.last_on_track(state.markers())


def start(state: UrlandState, events: Events) -> UrlandState:
    """Find the panic's region, or ask the last player to pick among the tied ones."""
    regions = fullest(state)
    if not regions:
        say(events, "panic", msg("No Ichto on land: the panic moves nobody."), cite.EMPTY_PANIC)
        return replace(state, step=Step.RESUME)
    if len(regions) > 1:
        text = msg(
            "{regions} hold the most Ichto: {who}, last on the track, picks one.",
            regions=listed([area_ref(r) for r in regions]),
            who=player_ref(state, last_player(state)),
        )
        say(events, "panic", text, cite.PANIC)
        return replace(state, step=Step.PANIC_REGION)
    return _region(state, regions[0], events)


def check_region(state: UrlandState, action: ChooseRegion) -> None:
    """Raise IllegalAction unless the region is one of the fullest."""
    if action.region not in fullest(state):
        raise IllegalAction(msg("the panic strikes a region with the most Ichto"), cite.PANIC)


def choose_region(state: UrlandState, action: ChooseRegion, events: Events) -> UrlandState:
    """The last player's pick among the fullest regions."""
    return _region(state, action.region, events)


def _region(state: UrlandState, region: str, events: Events) -> UrlandState:
    say(
        events,
        "panic",
        msg(
            "Panic in {region} ({ichto}).",
            region=area_ref(region),
            ichto=ichto(state.total(region)),
        ),
        cite.PANIC,
    )
    state = replace(state, panic=Panic(region=region))
    oceans = geo.shores(state.setup.board, state.merged, region)
    if len(oceans) == 1:
        return _flee(state, oceans[0], events)
    return replace(state, step=Step.PANIC_OCEAN)


def check_ocean(state: UrlandState, action: ChooseOcean) -> None:
    """Raise IllegalAction unless the ocean borders the panic's region."""
    if action.ocean not in geo.shores(state.setup.board, state.merged, state.panic.region):
        raise IllegalAction(msg("the Ichto flee into an ocean bordering the region"), cite.PANIC)


def choose_ocean(state: UrlandState, action: ChooseOcean, events: Events) -> UrlandState:
    """The last player's pick of the ocean."""
    return _flee(state, action.ocean, events)


def _flee(state: UrlandState, ocean: str, events: Events) -> UrlandState:
    region = state.panic.region
    ears = []
    for color in state.colors:
        n = state.count(region, color)
        if not n:
            continue
        if state.has(color, EARS):
            ears.append(color)
            continue
        state = move(state, region, ocean, color, n)
        who = player_ref(state, color)
        text = msg("{who}: {ichto} flee from {a} into {b}.", **moved(who, n, region, ocean))
        say(events, "panic", text, cite.PANIC)
    state = replace(state, panic=replace(state.panic, ocean=ocean, ears=tuple(ears)))
    return _next_ears(state, events)


def _next_ears(state: UrlandState, events: Events) -> UrlandState:
    if state.panic.ears:
        color = state.panic.ears[0]
        text = msg(
            "{who} hears the panic (Ears): how many Ichto dive?", who=player_ref(state, color)
        )
        say(events, "panic", text, GENES_BY_KEY[EARS].rule)
        return replace(state, step=Step.EARS)
    return replace(state, panic=Panic(), step=Step.RESUME)


def check_dive(state: UrlandState, action: Dive) -> None:
    """Raise IllegalAction unless the holder has that many Ichto in the region."""
    color = state.panic.ears[0]
    if not 0 <= action.n <= state.count(state.panic.region, color):
        raise IllegalAction(msg("you have fewer Ichto there"), GENES_BY_KEY[EARS].rule)


def dive(state: UrlandState, action: Dive, events: Events) -> UrlandState:
    """An Ears holder's Ichto dive (some, all or none), the rest stay on land."""
    color = state.panic.ears[0]
    region, ocean = state.panic.region, state.panic.ocean
    state = move(state, region, ocean, color, action.n)
    text = msg(
        "{who}: {ichto} dive into {ocean}, {stay} stay in {region}.",
        who=player_ref(state, color),
        ichto=ichto(action.n),
        ocean=area_ref(ocean),
        stay=state.count(region, color),
        region=area_ref(region),
    )
    say(events, "panic", text, GENES_BY_KEY[EARS].rule)
    state = replace(state, panic=replace(state.panic, ears=state.panic.ears[1:]))
    return _next_ears(state, events)
