"""Urland's referee corrections: set a tracked fact to what the table shows, with a reason.

A correction is an entry of the record like any action (undoable, exported, replayed). It
keeps what the box holds honest: 28 Ichto a color, one of them the score marker, so Ichto
put on the board come out of the reserve and Ichto taken off go back to it; one marker per
track space; one card per gene. The secrets (the environment player's kept token, a hand of
region tokens) are corrected on their owner's phone: the token is in that player's event
alone (`secret_change`). After a correction the game goes on as from that position in play
(`settle`): an Ichto player left with no action ends their turn, a price paid in full ends
the purchase.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.correcting import checked, corrected
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import auction, cite, roles, turn, volcanoes
from companion.tracker.urland import board as geo
from companion.tracker.urland import corrections_auction as auction_fixes
from companion.tracker.urland import corrections_secret as secrets
from companion.tracker.urland import corrections_turn as turn_fixes
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.board import GOAL, VOLCANO_TILES
from companion.tracker.urland.correction_inputs import color_of, need, set_text, value_in
from companion.tracker.urland.genes import gene_deck, gene_term
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import (
    ICHTO_PER_PLAYER,
    Step,
    UrlandState,
    add,
    player_ref,
    set_player,
)
from companion.tracker.urland.words import area_ref

FACE_UP, DECK = "face_up", "deck"
MAX_EPOCHS = 9  # the book plays 2 or 3; a group may have played on: room, not a rule


def _ichto(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    color = color_of(state, action)
    live = geo.live_regions(state.merged) + geo.OCEANS
    need(action.area, action.field, msg("an area"))
    if action.area not in live:
        raise InvalidAction(msg("there is no area {area} on the board now", area=str(action.area)))
    area = str(action.area)
    before = state.count(area, color)
    reserve = state.player(color).reserve
    value = value_in(action, 0, before + reserve)
    state = add(state, area, color, value - before)
    text = msg(
        "{who}'s Ichto in {area} set from {before} to {after} (reserve {reserve})",
        who=player_ref(state, color),
        area=area_ref(area),
        before=before,
        after=value,
        reserve=state.player(color).reserve,
    )
    return state, text


def _reserve(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    color = color_of(state, action)
    # 002 "Contenuto": 28 Ichto a color, one of them the score marker.
    room = ICHTO_PER_PLAYER - 1 - state.on_board(color)
    if action.value is not None and action.value > room:
        raise IllegalAction(
            msg(
                "{who} has {n} Ichto on the board: with the marker, at most {room} are left "
                "for the reserve",
                who=player_ref(state, color),
                n=state.on_board(color),
                room=room,
            ),
            cite.CORRECTION,
        )
    value = value_in(action, 0, room)
    before = state.player(color).reserve
    state = set_player(state, color, reserve=value)
    return state, set_text(msg("{who}'s reserve", who=player_ref(state, color)), before, value)


def _marker(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    color = color_of(state, action)
    value = value_in(action, 1, state.setup.board.track_length)
    if any(p.marker == value and p.color != color for p in state.players):
        raise IllegalAction(
            msg("track space {space} is taken; one marker per space", space=value), cite.TRACK
        )
    before = state.player(color).marker
    state = set_player(state, color, marker=value)
    if state.step is not Step.OVER:
        state = replace(state, ending=any(p.marker >= GOAL for p in state.players))
    return state, set_text(msg("{who}'s marker", who=player_ref(state, color)), before, value)


def _double_turns(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    color = color_of(state, action)
    value = value_in(action, 0, roles.double_turns(state.n))
    before = state.player(color).double_turns
    state = set_player(state, color, double_turns=value)
    what = msg("{who}'s double-turn tokens", who=player_ref(state, color))
    return state, set_text(what, before, value)


def gene_place(state: UrlandState, gene: str) -> str:
    """Where a gene card is now: a holder's color, `face_up` or `deck`."""
    for p in state.players:
        if gene in p.genes:
            return p.color.value
    return FACE_UP if gene in state.face_up else DECK


def _gene(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    need(action.gene, action.field, msg("a gene"))
    need(action.place, action.field, msg("where the gene is"))
    gene, place = str(action.gene), str(action.place)
    if gene not in gene_deck(state.n):
        raise InvalidAction(msg("{gene} is not in this game", gene=repr(gene)))
    holders = [c.value for c in state.colors]
    if place not in (*holders, FACE_UP, DECK):
        raise InvalidAction(msg("a gene is held by a player, face up, or in the deck"))
    before = gene_place(state, gene)
    if before == place:
        raise IllegalAction(msg("the app already has it so"), cite.CORRECTION)
    players = tuple(replace(p, genes=tuple(g for g in p.genes if g != gene)) for p in state.players)
    state = replace(
        state,
        players=players,
        face_up=tuple(g for g in state.face_up if g != gene),
        gene_deck=tuple(g for g in state.gene_deck if g != gene),
    )
    if place == FACE_UP:
        state = replace(state, face_up=state.face_up + (gene,))
    elif place == DECK:
        state = replace(state, gene_deck=state.gene_deck + (gene,))
    else:
        color = Color(place)
        state = set_player(state, color, genes=state.player(color).genes + (gene,))
    text = msg(
        "{gene} moved from {before} to {after}",
        gene=gene_term(gene),
        before=_place_ref(state, before),
        after=_place_ref(state, place),
    )
    return state, text


def _place_ref(state: UrlandState, place: str) -> Msg:
    if place == FACE_UP:
        return msg("the genes face up")
    if place == DECK:
        return msg("the gene deck")
    return msg("{who}'s genes", who=player_ref(state, Color(place)))


def _counter(name: str, what: Msg, low: int, high: Callable[[UrlandState], int]):
    def correct(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
        value = value_in(action, low, high(state))
        before = getattr(state, name)
        return replace(state, **{name: value}), set_text(what, before, value)

    return correct


def _erupted(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """A volcano the table placed: its region joins its neighbour with its Ichto (002 §3.3);
    the referee then corrects the Ichto there to what the table shows."""
    need(action.area, action.field, msg("a region"))
    region = str(action.area)
    if region not in geo.live_regions(state.merged) or int(region) in state.out:
        raise InvalidAction(msg("{region} has no volcano to erupt", region=region))
    if not state.tiles_left:
        raise IllegalAction(msg("no volcano tile is left"), cite.VOLCANOES)
    token = int(region)
    if token in state.spots or any(token in h for h in state.hands) or token == state.kept:
        raise IllegalAction(
            msg("the token of {region} is in play: it erupts at an epoch's end", region=region),
            cite.VOLCANOES,
        )
    target = geo.volcano_target(state.setup.board, state.merged, region)
    state = volcanoes.erupt(state, region, [], cite.CORRECTION)  # said below, as a correction
    text = msg(
        "a volcano tile placed on {region}, joined to {target} with its Ichto",
        region=area_ref(region),
        target=area_ref(target),
    )
    return state, text


FIXES: dict[str, Callable[[UrlandState, Correct], tuple[UrlandState, Msg]]] = {
    "ichto": _ichto,
    "reserve": _reserve,
    "marker": _marker,
    "double_turns": _double_turns,
    "gene": _gene,
    "tiles": _counter("tiles_left", msg("volcano tiles left"), 0, lambda s: VOLCANO_TILES),
    "epoch": _counter("epoch", msg("the epoch"), 1, lambda s: MAX_EPOCHS),
    "turn": _counter("turn", msg("the turn"), 0, lambda s: 999),
    **turn_fixes.FIXES,
    "erupted": _erupted,
    **auction_fixes.FIXES,
    "kept": secrets.kept,
    "hand": secrets.hand,
}


def apply_correction(state: UrlandState, action: Correct, events: Events) -> UrlandState:
    """Apply a correction, or raise InvalidAction / IllegalAction (the state unchanged then)."""
    reason = checked(action, FIXES)
    state, change = FIXES[action.field](state, action)
    owner = secrets.owner(state, action)
    if owner is None:
        say(events, "correction", corrected(change, reason), cite.CORRECTION)
    else:
        public = msg(
            "{who} corrected a face-down token on their phone.", who=player_ref(state, owner)
        )
        say(events, "correction", public, cite.SECRET_CORRECTION)
        say(events, "correction", corrected(change, reason), cite.SECRET_CORRECTION, owner)
    return settle(state, events)


def settle(state: UrlandState, events: Events) -> UrlandState:
    """The game goes on from the corrected position as it would in play: an Ichto player with
    no action left (and no double turn to spend) is done; a price paid in full ends the
    purchase; an auction whose genes are all taken ends, a bidder who cannot pay drops out."""
    if state.step is Step.ACTIONS and not state.actions_left:
        color = state.actors[0]
        if not turn.can_double(state, color):
            say(
                events,
                "action",
                msg("{who} has no action left.", who=player_ref(state, color)),
                cite.ACTIONS,
            )
            return turn.next_actor(state, events)
    if state.step is Step.PAY and not state.auction.paying:
        return auction.done_with(state, events)
    if state.step is Step.BUY:  # the genes all taken, or a bidder who cannot pay
        return auction.next_bidder(state, events)
    if state.step is Step.DRAW:  # a new environment player with three tokens keeps one
        return turn.continue_draw(state, events)
    return state
