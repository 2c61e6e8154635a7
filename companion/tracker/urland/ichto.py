"""The four Ichto actions and the double turn (002 §2.2 Azioni degli Ichto).

Land: one Ichto from an ocean to a bordering land region (two with Legs or Turbo, 002 §5).
Proliferate: every color in the chosen ocean with 3-5 Ichto gains 1, with 6 or more 2 (Care
of Young: 2-3 gain 1, 4-5 gain 2, 6+ gain 3), as far as its reserve allows; only if the
chooser's own color proliferates there and their reserve is not empty. Swim: any number of
own Ichto to a bordering ocean (any ocean with Turbo). Retreat: any number of own Ichto off
the board into the reserve.
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.tracker.citations import Rule
from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Param, msg
from companion.tracker.urland import board as geo
from companion.tracker.urland import cite
from companion.tracker.urland.actions import Action, Land, Proliferate, Retreat, Swim
from companion.tracker.urland.genes import CARE_OF_YOUNG, GENES_BY_KEY, LEGS, TURBO
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import UrlandState, add, move, player_ref
from companion.tracker.urland.words import area_ref, ichto, listed, moved

KINDS = {Land.kind, Proliferate.kind, Swim.kind, Retreat.kind}


def gain(count: int, care: bool) -> int:
    """New Ichto a color of `count` in an ocean gets from proliferation."""
    if care:
        return 0 if count < 2 else 1 if count <= 3 else 2 if count <= 5 else 3
    return 0 if count < 3 else 1 if count <= 5 else 2


def _ocean(area: str, source: Rule) -> None:
    if not geo.is_ocean(area):
        raise IllegalAction(msg("{area} is not an ocean", area=area_ref(area)), source)


def check(state: UrlandState, action: Action, color: Color) -> None:
    """Raise IllegalAction, naming its rule, unless the basic action is legal."""
    board = state.setup.board
    if isinstance(action, Land):
        _ocean(action.ocean, cite.LAND)
        if action.region not in geo.live_regions(state.merged):
            raise IllegalAction(msg("Ichto land on a land region"), cite.LAND)
        if action.ocean not in geo.shores(board, state.merged, action.region):
            text = msg(
                "{ocean} does not border {region}",
                ocean=area_ref(action.ocean),
                region=area_ref(action.region),
            )
            raise IllegalAction(text, cite.LAND)
        if action.n not in (1, 2):
            raise IllegalAction(msg("one Ichto lands per action"), cite.LAND)
        if action.n == 2 and not (state.has(color, LEGS) or state.has(color, TURBO)):
            raise IllegalAction(msg("only Legs or Turbo land two at once"), GENES_BY_KEY[LEGS].rule)
        if state.count(action.ocean, color) < action.n:
            raise IllegalAction(msg("you have fewer Ichto in that ocean"), cite.LAND)
    elif isinstance(action, Proliferate):
        _ocean(action.ocean, cite.PROLIFERATE)
        if state.player(color).reserve < 1:
            raise IllegalAction(
                msg("with an empty reserve you cannot proliferate"), cite.PROLIFERATE
            )
        if not gain(state.count(action.ocean, color), state.has(color, CARE_OF_YOUNG)):
            text = msg("your own Ichto must proliferate in {ocean}", ocean=area_ref(action.ocean))
            raise IllegalAction(text, cite.PROLIFERATE)
    elif isinstance(action, Swim):
        _ocean(action.source, cite.SWIM)
        _ocean(action.target, cite.SWIM)
        near = geo.currents(board, action.source)
        if action.target == action.source or (
            action.target not in near and not state.has(color, TURBO)
        ):
            raise IllegalAction(msg("Ichto swim to a bordering ocean"), cite.SWIM)
        if not 1 <= action.n <= state.count(action.source, color):
            raise IllegalAction(msg("you have fewer Ichto in that ocean"), cite.SWIM)
    elif isinstance(action, Retreat):
        areas = [a for a, _ in action.takes]
        if not areas:
            raise IllegalAction(
                msg("a retreat takes at least one Ichto off the board"), cite.RETREAT
            )
        if len(set(areas)) != len(areas):
            raise IllegalAction(msg("a retreat names each area once"), cite.RETREAT)
        live = geo.live_regions(state.merged) + geo.OCEANS
        for area, n in action.takes:
            if area not in live or not 1 <= n <= state.count(area, color):
                raise IllegalAction(
                    msg(
                        "you have fewer Ichto in {area}",
                        area=area_ref(area) if area in live else area,
                    ),
                    cite.RETREAT,
                )


def perform(state: UrlandState, action: Action, color: Color, events: Events) -> UrlandState:
    """Carry out a checked basic action, explained."""
    who = player_ref(state, color)
    if isinstance(action, Land):
        state = move(state, action.ocean, action.region, color, action.n)
        text = msg(
            "{who} lands {ichto} from {a} on {b}.",
            **moved(who, action.n, action.ocean, action.region),
        )
        say(events, "action", text, cite.LAND if action.n == 1 else GENES_BY_KEY[LEGS].rule)
    elif isinstance(action, Proliferate):
        return proliferate(state, action.ocean, color, events)
    elif isinstance(action, Swim):
        state = move(state, action.source, action.target, color, action.n)
        text = msg(
            "{who} swims {ichto} from {a} to {b}.",
            **moved(who, action.n, action.source, action.target),
        )
        say(events, "action", text, cite.SWIM)
    elif isinstance(action, Retreat):
        for area, n in action.takes:
            state = add(state, area, color, -n)
        parts = [
            msg("{ichto} from {area}", ichto=ichto(n), area=area_ref(a)) for a, n in action.takes
        ]
        text = msg("{who} retreats {parts} into the reserve.", who=who, parts=listed(parts))
        say(events, "action", text, cite.RETREAT)
    return state


def proliferate(state: UrlandState, ocean: str, chooser: Color, events: Events) -> UrlandState:
    """Every color in the ocean gains what its count gives, as far as its reserve allows."""
    parts: list[Param] = []
    for color in state.colors:
        count = state.count(ocean, color)
        due = gain(count, state.has(color, CARE_OF_YOUNG))
        got = min(due, state.player(color).reserve)
        if due:
            state = add(state, ocean, color, got)
            part = msg("{who} {count} +{got}", who=player_ref(state, color), count=count, got=got)
            if got < due:
                part = msg("{part} (reserve short of {due})", part=part, due=due)
            parts.append(part)
    text = msg(
        "{who} makes {ocean} proliferate: {parts}.",
        who=player_ref(state, chooser),
        ocean=area_ref(ocean),
        parts=listed(parts),
    )
    say(events, "action", text, cite.PROLIFERATE)
    return state


def candidates(state: UrlandState, color: Color) -> Iterator[Action]:
    """Basic actions worth checking for a color now (`check` decides)."""
    board = state.setup.board
    for ocean in geo.OCEANS:
        own = state.count(ocean, color)
        if not own:
            continue
        yield Proliferate(ocean)
        for region in geo.coasts(board, ocean, state.merged):
            yield Land(ocean, region)
            if own >= 2:
                yield Land(ocean, region, 2)
        targets = geo.OCEANS if state.has(color, TURBO) else geo.currents(board, ocean)
        for target in targets:
            for n in range(1, own + 1):
                yield Swim(ocean, target, n)
    for area in geo.live_regions(state.merged) + geo.OCEANS:
        for n in range(1, state.count(area, color) + 1):
            yield Retreat(((area, n),))
