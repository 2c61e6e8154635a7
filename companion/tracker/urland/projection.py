"""What each viewer may see of an Urland state: the public table, and one seat's own view.

Hidden information (002 §1 step 8, §2.1, §3.1): the tokens in a hand, the kept token, the
pile's order, and bids not yet revealed. The public view (referee console, TV, standings,
readable record) shows only how many tokens each player holds and who has bid; a seat's view
adds its own hand, its own bid, what each region would score now and whether a mutation is
near. `choices` lists what a viewer may submit now, so the console never receives a hidden
choice (keeping a token, a sealed bid, or the draw itself, which the app makes).
"""

from __future__ import annotations

from typing import Any

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import auction, engine, roles, scoring, tokens
from companion.tracker.urland import board as geo
from companion.tracker.urland.actions import Action
from companion.tracker.urland.board import GOAL, MUTATION_SPACES
from companion.tracker.urland.codec import action_to_dict
from companion.tracker.urland.end import winner
from companion.tracker.urland.genes import GENES_BY_KEY
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import UNKNOWN, Step, UrlandState, player_ref
from companion.tracker.urland.words import token_ref

# Steps whose choices belong to one player alone (the console never lists them).
PRIVATE_STEPS = {Step.KEEP, Step.BID}


def _bids_revealed(state: UrlandState) -> bool:
    return state.step is not Step.BID


def public_view(state: UrlandState) -> dict[str, Any]:
    """The table as everyone sees it."""
    now = prompt(state)
    revealed = _bids_revealed(state)
    return {
        "game": "urland",
        "step": state.step.value,
        "epoch": state.epoch,
        "turn": state.turn,
        "over": state.step is Step.OVER,
        "awaiting": {"text": now.msg, "source": now.source, "actor": now.actor},
        "chance": engine.chance(state) is not None,
        "regions": [
            {
                "region": r,
                "members": geo.members(state.merged, r),
                "oceans": geo.shores(state.setup.board, state.merged, r),
                "counts": {c.value: state.count(r, c) for c in state.colors},
            }
            for r in geo.live_regions(state.merged)
        ],
        "oceans": [
            {"ocean": o, "counts": {c.value: state.count(o, c) for c in state.colors}}
            for o in geo.OCEANS
        ],
        "merged": [list(m) for m in state.merged],
        "volcano_tiles_left": state.tiles_left,
        "tokens_on_board": list(state.spots),
        "tokens_out": list(state.out),
        "pile": tokens.pile_size(state),
        "panic_in_pile": state.panic_in_pile,
        "erupting": list(state.erupting),
        "track": {
            "length": state.setup.board.track_length,
            "mutation_spaces": list(MUTATION_SPACES),
            "spaces_called": list(state.spaces_called),
            "goal": GOAL,
        },
        "players": [
            {
                "color": p.color.value,
                "label": player_ref(state, p.color),
                "role": roles.role_of(state, p.color),
                "marker": p.marker,
                "reserve": p.reserve,
                "on_board": state.on_board(p.color),
                "genes": [GENES_BY_KEY[g].term for g in p.genes],
                "double_turns": p.double_turns,
                "tokens_held": len(state.hands[state.seat(p.color)])
                + (1 if state.kept is not None and p.color == state.env_color else 0),
            }
            for p in state.players
        ],
        "acting": state.actors[0].value if state.step is Step.ACTIONS else None,
        "actions_left": state.actions_left if state.step is Step.ACTIONS else None,
        "face_up": [GENES_BY_KEY[g].term for g in state.face_up],
        "genes_in_deck": len(state.gene_deck),
        "auction": {
            "bid": [c.value for c, _ in state.auction.bids],
            "bids": {c.value: n for c, n in state.auction.bids} if revealed else {},
            "ranking": [c.value for c in state.auction.ranking],
            "paying": state.auction.paying,
        },
        "panic": {"region": state.panic.region, "ocean": state.panic.ocean},
        "winner": None if winner(state) is None else winner(state).value,
    }


def seat_view(state: UrlandState, color: Color) -> dict[str, Any]:
    """One player's own view: the public table plus their hand, bid, and advice."""
    view = public_view(state)
    seat = state.seat(color)
    hand = [t for t in state.hands[seat] if t != UNKNOWN]
    kept = state.kept if color == state.env_color and state.kept not in (None, UNKNOWN) else None
    own_bid = dict(state.auction.bids).get(color)
    player = state.player(color)
    next_space = next((s for s in MUTATION_SPACES if s not in state.spaces_called), None)
    view["you"] = {
        "color": color.value,
        "label": player_ref(state, color),
        "role": roles.role_of(state, color),
        "hand": [{"token": t, "name": token_ref(t)} for t in hand],
        "kept": None if kept is None else {"token": kept, "name": token_ref(kept)},
        "bid": own_bid,
        "reserve": player.reserve,
        "genes": [
            {"key": g, "name": GENES_BY_KEY[g].term, "effect": Msg(GENES_BY_KEY[g].effect)}
            for g in player.genes
        ],
        "would_score": {
            r: scoring.outcome(state, r)[1].get(color, 0) for r in geo.live_regions(state.merged)
        },
        "mutation_in": None if next_space is None else max(next_space - player.marker, 0),
        "price_now": auction.price(state, color)
        if state.step in (Step.BUY, Step.PAY) and color in state.auction.ranking
        else None,
    }
    return view


def project(state: UrlandState, viewer: Color | None) -> dict[str, Any]:
    """The view of a seat (its color), or the public view (None)."""
    return public_view(state) if viewer is None else seat_view(state, viewer)


def choices(state: UrlandState, viewer: Color | None) -> list[dict[str, Any]]:
    """The actions a viewer may submit now (the console: None), hidden ones to their owner only."""
    if engine.chance(state) is not None:
        return []  # chance: the shell draws (`engine.chance`, `engine.from_shuffle`)
    legal = engine.legal_actions(state)
    if state.step is Step.BID:
        fists = viewer is None and not state.setup.options.bids_on_phones
        mine = [a for a in legal if fists or getattr(a, "color", None) == viewer]
        return [action_to_dict(a) for a in mine]
    actor = prompt(state).actor
    if state.step in PRIVATE_STEPS and viewer != actor:
        return []
    return [action_to_dict(a) for a in legal if _for(viewer, actor, a)]


def _for(viewer: Color | None, actor: Color | None, action: Action) -> bool:
    # The console (None) acts for the table on open steps; a seat acts on its own turn.
    return viewer is None or viewer == actor


def seat_draw(state: UrlandState, color: Color) -> tuple[int | str, ...]:
    """What a seat's phone shuffles to draw its own token (`engine.chance`), or
    IllegalAction naming the rule: only the environment player draws, only when the app
    holds the tokens and a draw is awaited (002 §1 step 8, §2.4)."""
    now = prompt(state)
    items = engine.chance(state)
    if state.step is not Step.DRAW or items is None:
        raise IllegalAction(
            msg("nothing is drawn on a phone now: {awaited}", awaited=now.msg), now.source
        )
    if now.actor != color:
        who = player_ref(state, now.actor)
        raise IllegalAction(
            msg("only {who}, the environment player, draws now", who=who), now.source
        )
    return items


def may_draw(state: UrlandState, color: Color) -> bool:
    """Whether this seat's phone offers its own draw now (`seat_draw` would allow it)."""
    try:
        seat_draw(state, color)
    except IllegalAction:
        return False
    return True
