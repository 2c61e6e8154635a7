"""A turn (002 §2.1-§2.4): draw to three tokens, keep one, the Ichto players' actions, the
reveal and scoring, then the roles move on and the next environment player draws.

A drawn Panic token is resolved at once and the player draws again (002 §2.4 "Panico?"); no
token left to draw ends the epoch with two volcanoes (002 §2.4 "Vulcano?", §3.3).
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import msg, nmsg
from companion.tracker.urland import (
    auction,
    cite,
    end,
    gene_actions,
    ichto,
    panic,
    roles,
    scoring,
    tokens,
    volcanoes,
)
from companion.tracker.urland.actions import (
    Action,
    DrawToken,
    EndActions,
    KeepToken,
    RevealToken,
    UseDoubleTurn,
)
from companion.tracker.urland.log import Events, say
from companion.tracker.urland.state import (
    PANIC,
    UNKNOWN,
    Step,
    UrlandState,
    player_ref,
    region_home,
    set_hand,
    set_player,
)
from companion.tracker.urland.words import token_ref

HAND = 3  # 002 §2.1: the environment player looks at three tokens


def resume(state: UrlandState, events: Events) -> UrlandState:
    """After a scoring, panic, eruption or mutation: the end, a mutation, or the next draw."""
    if state.ending:
        if state.mutation_due:
            say(
                events,
                "end",
                msg("The game ends: the mutation due is not held."),
                cite.NO_LATE_MUTATION,
            )
        return end.finish(replace(state, mutation_due=False), events)
    if state.mutation_due:
        return auction.start(state, events)
    return continue_draw(state, events)


def continue_draw(state: UrlandState, events: Events) -> UrlandState:
    """The environment player draws up to three tokens, or the epoch ends."""
    hand = state.hands[state.env]
    if len(hand) >= HAND:
        return _to_keep(state, events)
    if not tokens.drawable(state):
        return volcanoes.start(state, events)
    return replace(state, step=Step.DRAW)


def check_draw(state: UrlandState, action: DrawToken) -> None:
    """Raise IllegalAction unless the token can be the one drawn now."""
    if action.token not in tokens.drawable(state):
        raise IllegalAction(msg("that token is not in the face-down pile"), cite.TURN_END)


def draw(state: UrlandState, action: DrawToken, events: Events) -> UrlandState:
    """A token drawn: the Panic strikes at once; a region token joins the hand, face down."""
    color = state.env_color
    who = player_ref(state, color)
    setup_draw = state.turn == 0 and state.epoch == 1
    source = cite.FIRST_DRAW if setup_draw else cite.TURN_END
    if action.token == PANIC:
        say(events, "panic", msg("{who} draws the Panic token: panic!", who=who), cite.PANIC)
        return panic.start(replace(state, panic_in_pile=False), events)
    hand = state.hands[state.env] + (action.token,)
    state = set_hand(state, color, hand)
    say(events, "draw", msg("{who} draws a token ({n} of 3).", who=who, n=len(hand)), source)
    if action.token != UNKNOWN:
        say(events, "draw", msg("You drew {token}.", token=token_ref(action.token)), source, color)
    if setup_draw and len(hand) == HAND and not state.panic_in_pile:
        state = replace(state, panic_in_pile=True)
        say(
            events,
            "draw",
            msg("The Panic token is shuffled into the other tokens."),
            cite.FIRST_DRAW,
        )
    return continue_draw(state, events)


def _to_keep(state: UrlandState, events: Events) -> UrlandState:
    if state.setup.options.tokens_by_app:
        return replace(state, step=Step.KEEP)
    return _pass_two(state, UNKNOWN, (UNKNOWN, UNKNOWN), events)


def check_keep(state: UrlandState, action: KeepToken) -> None:
    """Raise IllegalAction unless the token is in the environment player's hand."""
    if action.token not in state.hands[state.env]:
        raise IllegalAction(msg("you keep one of the three tokens you drew"), cite.CHOOSE_REGION)


def keep(state: UrlandState, action: KeepToken, events: Events) -> UrlandState:
    """The environment player keeps one token and passes the other two to the dead."""
    rest = list(state.hands[state.env])
    rest.remove(action.token)
    say(
        events,
        "keep",
        msg("You keep {token} face down.", token=token_ref(action.token)),
        cite.CHOOSE_REGION,
        state.env_color,
    )
    return _pass_two(state, action.token, tuple(rest), events)


def _pass_two(state: UrlandState, kept: int, rest: tuple[int, ...], events: Events) -> UrlandState:
    dead = state.dead_color
    state = set_hand(set_hand(state, state.env_color, ()), dead, rest)
    state = replace(state, kept=kept, turn=state.turn + 1)
    text = msg(
        "{env} keeps a token face down and passes two to {dead}, the dead this turn.",
        env=player_ref(state, state.env_color),
        dead=player_ref(state, dead),
    )
    say(events, "keep", text, cite.CHOOSE_REGION)
    if UNKNOWN not in rest:
        say(
            events,
            "keep",
            msg(
                "You receive {a} and {b}: look, but do not tell.",
                a=token_ref(rest[0]),
                b=token_ref(rest[1]),
            ),
            cite.CHOOSE_REGION,
            dead,
        )
    return _start_actor(replace(state, actors=roles.ichto_players(state)), events)


def _start_actor(state: UrlandState, events: Events) -> UrlandState:
    if not state.actors:
        return _to_reveal(state, events)
    color = state.actors[0]
    left = roles.allowance(state, color)
    text = nmsg(
        "{who}, Ichto player, has {n} action.",
        "{who}, Ichto player, has {n} actions.",
        left,
        who=player_ref(state, color),
    )
    say(events, "roles", text, cite.ACTIONS)
    return replace(state, step=Step.ACTIONS, actions_left=left, double_used=False)


def can_double(state: UrlandState, color: Color) -> bool:
    """Whether a double turn may be spent now: after the normal actions, once a turn."""
    return not state.actions_left and not state.double_used and state.player(color).double_turns > 0


def action_cost(state: UrlandState, action: Action, color: Color) -> int:
    """Actions an Ichto action costs."""
    if isinstance(action, (EndActions, UseDoubleTurn)):
        return 0
    return gene_actions.cost(state, action, color)


def check_ichto(state: UrlandState, action: Action) -> None:
    """Raise IllegalAction unless the acting Ichto player may take this action now."""
    color = state.actors[0]
    if isinstance(action, EndActions):
        return
    if isinstance(action, UseDoubleTurn):
        if not can_double(state, color):
            raise IllegalAction(
                msg("a double turn comes after the normal actions, one token a turn"),
                cite.DOUBLE_TURN,
            )
        return
    cost = action_cost(state, action, color)
    if cost > state.actions_left:
        text = nmsg(
            "that costs {n} action; you have {left}",
            "that costs {n} actions; you have {left}",
            cost,
            left=state.actions_left,
        )
        raise IllegalAction(text, cite.ACTIONS)
    if action.kind in ichto.KINDS:
        ichto.check(state, action, color)
    else:
        gene_actions.check(state, action, color)


def ichto_action(state: UrlandState, action: Action, events: Events) -> UrlandState:
    """Carry out a checked Ichto action; the next player acts when this one is done."""
    color = state.actors[0]
    if isinstance(action, EndActions):
        say(
            events,
            "action",
            msg("{who} ends their actions.", who=player_ref(state, color)),
            cite.ACTIONS,
        )
        return next_actor(state, events)
    if isinstance(action, UseDoubleTurn):
        player = state.player(color)
        state = set_player(state, color, double_turns=player.double_turns - 1)
        state = replace(state, actions_left=2, double_used=True)
        say(
            events,
            "action",
            msg("{who} spends a double-turn token: 2 more actions.", who=player_ref(state, color)),
            cite.DOUBLE_TURN,
        )
        return state
    cost = action_cost(state, action, color)
    if action.kind in ichto.KINDS:
        state = ichto.perform(state, action, color, events)
    else:
        state = gene_actions.perform(state, action, color, events)
    state = replace(state, actions_left=state.actions_left - cost)
    if not state.actions_left and not can_double(state, color):
        return next_actor(state, events)
    return state


def next_actor(state: UrlandState, events: Events) -> UrlandState:
    """The acting Ichto player is done: the next one acts, or the kept token is revealed."""
    return _start_actor(replace(state, actors=state.actors[1:], actions_left=0), events)


def _to_reveal(state: UrlandState, events: Events) -> UrlandState:
    if state.kept == UNKNOWN:
        return replace(state, step=Step.REVEAL)
    assert state.kept is not None
    return score_kept(state, state.kept, events)


def check_reveal(state: UrlandState, action: RevealToken) -> None:
    """Raise IllegalAction unless the revealed token may be the one kept."""
    if action.token not in tokens.unseen(state):
        raise IllegalAction(msg("that token is on the board or out of the game"), cite.SCORING)


def score_kept(state: UrlandState, token: int, events: Events) -> UrlandState:
    """Reveal the kept token, score its region, put the token on its volcano spot."""
    say(
        events,
        "scoring",
        msg(
            "{who} reveals {token}.", who=player_ref(state, state.env_color), token=token_ref(token)
        ),
        cite.SCORING,
    )
    state = scoring.score_region(state, region_home(state, token), events)
    state = replace(state, kept=None, spots=state.spots + (token,))
    say(
        events,
        "scoring",
        msg("Token {token} goes on its volcano spot.", token=str(token)),
        cite.TOKENS,
    )
    return _rotate(state, events)


def _rotate(state: UrlandState, events: Events) -> UrlandState:
    state = replace(state, env=(state.env + 1) % state.n, actors=(), step=Step.RESUME)
    text = msg(
        "Roles move on: {env} is the environment player, {dead} the dead.",
        env=player_ref(state, state.env_color),
        dead=player_ref(state, state.dead_color),
    )
    say(events, "roles", text, cite.TURN_END)
    return state
