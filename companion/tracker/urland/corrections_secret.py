"""Urland's secrets corrected: the environment player's kept token and a hand of region
tokens. Only their owner's phone (or the private laptop entry) sends these corrections, and
only the owner reads what they set (`corrections.apply_correction` says the rest of the
table only that a face-down token was corrected)."""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg
from companion.tracker.urland import cite, tokens
from companion.tracker.urland.actions import Correct
from companion.tracker.urland.correction_inputs import color_of, need
from companion.tracker.urland.state import UNKNOWN, UrlandState, set_hand
from companion.tracker.urland.words import listed, token_ref

SECRETS = ("kept", "hand")


def owner(state: UrlandState, action: Correct) -> Color | None:
    """Whose secret a correction sets (None: a public fact): only that player's phone may
    send it, and only that player reads what it set."""
    if action.field == "kept":
        return state.env_color
    if action.field == "hand":
        return action.color
    return None


def kept(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """The environment player's kept token, as its holder says it is."""
    if state.kept is None:
        raise IllegalAction(msg("no token is kept face down now"), cite.CHOOSE_REGION)
    need(action.value, action.field, msg("a token"))
    allowed = {*tokens.pile_regions(state), state.kept, UNKNOWN}
    if action.value not in allowed:
        raise IllegalAction(
            msg("that token is on the board, in another hand, or out of the game"),
            cite.SECRET_CORRECTION,
        )
    state = replace(state, kept=action.value)
    return state, msg("the kept token is now {token}", token=token_ref(int(action.value or 0)))


def hand(state: UrlandState, action: Correct) -> tuple[UrlandState, Msg]:
    """Which region tokens a hand holds (as many as the app counts), as its holder says."""
    color = color_of(state, action)
    need(action.tokens, action.field, msg("the tokens"))
    hand = state.hands[state.seat(color)]
    new = tuple(action.tokens or ())
    if len(new) != len(hand):
        raise IllegalAction(
            msg("the hand holds {n} tokens: correct which, not how many", n=len(hand)),
            cite.SECRET_CORRECTION,
        )
    allowed = {*tokens.pile_regions(state), *hand}
    known = [t for t in new if t != UNKNOWN]
    if any(t not in allowed for t in known) or len(set(known)) != len(known):
        raise IllegalAction(
            msg("that token is on the board, in another hand, or out of the game"),
            cite.SECRET_CORRECTION,
        )
    state = set_hand(state, color, new)
    text = msg("the tokens in your hand are now {tokens}", tokens=listed(map(token_ref, new)))
    return state, text


def masked(action: Correct) -> Correct:
    """A secret's correction as the public record holds it: the tokens face down, the reason
    (the owner's own words, which may name them) left out."""
    hidden = tuple(UNKNOWN for _ in action.tokens) if action.tokens is not None else None
    value = UNKNOWN if action.value is not None else None
    return replace(action, value=value, tokens=hidden, reason="-")
