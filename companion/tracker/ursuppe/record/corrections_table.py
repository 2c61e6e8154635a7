"""Referee corrections of the facts besides the counters: the environment cards, the
once-per-round uses, a gene's held-since round, a marker swap, a whole space's cubes and
the group's box.

Each checks what the table can show and keeps the totals honest; `corrections.py` routes
a `Correct` entry here by its field.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.colors import color_ref, color_term
from companion.tracker.errors import IllegalAction, InvalidAction
from companion.tracker.msg import Msg, msg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import Correct, cubes_ref
from companion.tracker.ursuppe.data import (
    AGGRESSION,
    DEFENSE,
    ESCAPE,
    GENES_BY_KEY,
    START_CUBES_PER_SPACE,
)
from companion.tracker.ursuppe.state import GameState, Step, player_ref
from companion.tracker.ursuppe.views.phrases import comma_list

# The once-per-round uses a player's record holds, and "attack": the amoeba whose turn it
# is already attacked (Struggle for Survival, once per turn).
USES = (DEFENSE, ESCAPE, AGGRESSION)
ATTACK = "attack"
MAX_BOX = 99


def need(value: object, field: str, what: Msg) -> None:
    """Refuse a correction that lacks an input its field needs."""
    if value is None:
        # TRANSLATORS: {field} is the record's name of the correction; {what} the missing input.
        raise InvalidAction(msg("a '{field}' correction needs {what}", field=field, what=what))


def _color(state: GameState, action: Correct):
    need(action.color, action.field, msg("a color"))
    if action.color not in state.colors:
        raise InvalidAction(
            msg("{color} is not a color in this game", color=color_term(action.color))
        )
    return action.color


def card(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    """The face-up card and the cards turned before it; the rest of the deck follows."""
    need(action.card, action.field, msg("the face-up card"))
    before = tuple(action.cards or ())
    turned = before + (action.card,)
    known = state.setup.cards
    for card_id in turned:
        if card_id not in known:
            raise InvalidAction(
                msg(
                    "there is no environment card {card} in this deck (its cards: {cards})",
                    card=repr(card_id),
                    cards=comma_list(tuple(known)),
                )
            )
    if len(set(turned)) != len(turned):
        raise IllegalAction(msg("a card is turned only once in a game"), sources.PHASE_2)
    if state.card is None:
        raise IllegalAction(
            msg("no card is face up yet: turn the first card instead"), sources.SETUP
        )
    remaining = [c.id for c in state.setup.deck if c.id not in turned]
    shuffled = ()
    if state.shuffled_order:  # a recorded shuffle keeps its order; cards back go last
        kept = [c for c in state.shuffled_order if c not in turned]
        shuffled = tuple(kept + [c for c in remaining if c not in kept])
    text = msg(
        "face-up environment card set from {before} to {after} ({n} turned before it, "
        "{left} left in the deck)",
        before=state.card,
        after=action.card,
        n=len(before),
        left=len(remaining),
    )
    return replace(state, card=action.card, turned=turned, shuffled_order=shuffled), text


def uses(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    """Which once-per-round abilities a player already used this round (and whether the
    amoeba whose turn it is already attacked)."""
    color = _color(state, action)
    need(action.uses, action.field, msg("the list of uses"))
    wanted = set(action.uses or ())
    unknown = wanted - set(USES) - {ATTACK}
    if unknown:
        raise InvalidAction(
            msg(
                "unknown use {use}; the uses are {uses}",
                use=repr(sorted(unknown)[0]),
                uses=comma_list(USES + (ATTACK,)),
            )
        )
    cursor = state.cursor
    in_turn = cursor.amoeba is not None and cursor.amoeba.color == color
    attacked = not cursor.may_attack
    if ATTACK in wanted and not (in_turn and cursor.step is Step.FEED):
        raise IllegalAction(
            msg("only the amoeba whose turn it is, about to feed, can have attacked already"),
            sources.ATTACKS,
        )
    player = state.player(color)
    used = tuple(u for u in USES if u in wanted)
    state = state.with_player(replace(player, used_this_round=used))
    if in_turn and cursor.step is Step.FEED:
        attacked = ATTACK in wanted
        state = state.with_cursor(may_attack=not attacked)
    shown = [GENES_BY_KEY[u].term for u in used]
    if attacked and in_turn:
        shown.append(msg("an attack this turn"))
    text = msg(
        "{player}'s uses this round set to: {uses}",
        player=player_ref(state, color),
        uses=comma_list(tuple(shown)) if shown else msg("none"),
    )
    return state, text


def gene_since(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    """The round since which a player holds a gene (an advanced gene needs an earlier one)."""
    color = _color(state, action)
    need(action.gene, action.field, msg("a gene"))
    need(action.value, action.field, msg("a round"))
    player = state.player(color)
    if action.gene not in GENES_BY_KEY or not player.holds(action.gene):
        raise IllegalAction(
            msg(
                "{player} does not hold {gene}; they hold: {genes}",
                player=player_ref(state, color),
                gene=repr(action.gene),
                genes=comma_list(player.gene_keys) if player.genes else msg("none"),
            ),
            sources.CORRECTION,
        )
    if not 0 <= action.value <= state.round:
        raise IllegalAction(
            msg("a gene is held since a round from 0 (setup) to {now}", now=state.round),
            sources.ADVANCED,
        )
    held = next(g for g in player.genes if g.key == action.gene)
    genes = tuple(replace(g, since_round=action.value) if g is held else g for g in player.genes)
    text = msg(
        "{player} holds {gene} since round {after} (was round {before})",
        player=player_ref(state, color),
        gene=GENES_BY_KEY[action.gene].term,
        after=action.value,
        before=held.since_round,
    )
    return state.with_player(replace(player, genes=genes)), text


def marker_swap(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    """Two markers change places on the ladder (one marker per space stays true)."""
    color = _color(state, action)
    need(action.other, action.field, msg("the other color"))
    if action.other not in state.colors or action.other == color:
        raise InvalidAction(msg("a marker swaps with another player's marker in this game"))
    one, two = state.player(color), state.player(action.other)
    state = state.with_player(replace(one, marker=two.marker))
    state = state.with_player(replace(two, marker=one.marker))
    text = msg(
        "markers swapped: {one} from {a} to {b}, {two} from {b} to {a}",
        one=player_ref(state, color),
        two=player_ref(state, action.other),
        a=one.marker,
        b=two.marker,
    )
    return state, text


def shortage(state: GameState, color: str) -> IllegalAction:
    """The refusal of a correction that would put more cubes of a color out than the box has."""
    return IllegalAction(
        msg(
            "there are only {count} {color} cubes in the game",
            count=state.box_of(color),
            color=color_ref(color),
        ),
        sources.SHORTAGE,
    )


def space_cubes(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    """Every color's cubes on one space at once (a color not named has none)."""
    need(action.space, action.field, msg("a space"))
    need(action.cubes, action.field, msg("the cubes"))
    if action.space not in state.setup.board.spaces():
        raise InvalidAction(msg("there is no space {space}", space=action.space))
    counts = dict(action.cubes or ())
    for color in counts:
        if color not in state.colors:
            raise InvalidAction(msg("{color} is not a color in this game", color=color_term(color)))
    row = list(state.cubes_on(action.space))
    before = tuple((c, row[i]) for i, c in enumerate(state.colors) if row[i])
    for i, color in enumerate(state.colors):
        new = counts.get(color, 0)
        if state.supply(color) - (new - row[i]) < 0:
            raise shortage(state, color)
        row[i] = new
    i = action.space - 1
    state = replace(state, cubes=state.cubes[:i] + (tuple(row),) + state.cubes[i + 1 :])
    after = tuple((c, row[j]) for j, c in enumerate(state.colors) if row[j])
    text = msg(
        "cubes on space {space} set from {before} to {after}",
        space=action.space,
        before=cubes_ref(before),
        after=cubes_ref(after),
    )
    return state, text


def box_cubes(state: GameState, action: Correct) -> tuple[GameState, Msg]:
    """How many food cubes of a color the group's box holds (a lost cube is gone for good)."""
    color = _color(state, action)
    need(action.value, action.field, msg("a number of cubes"))
    on_board = state.box_of(color) - state.supply(color)
    least = max(on_board, START_CUBES_PER_SPACE * state.setup.board.size)
    if not least <= action.value <= MAX_BOX:
        raise IllegalAction(
            msg(
                "the box must hold {least} to {most} {color} cubes ({on_board} are on the board)",
                least=least,
                most=MAX_BOX,
                color=color_ref(color),
                on_board=on_board,
            ),
            sources.SETUP,
        )
    box = state.box or tuple(state.setup.box_cubes for _ in state.colors)
    i = state.seat(color)
    before = box[i]
    state = replace(state, box=box[:i] + (action.value,) + box[i + 1 :])
    text = msg(
        "{color} cubes in the box set from {before} to {after}",
        color=color_ref(color),
        before=before,
        after=action.value,
    )
    return state, text


TABLE = {
    "card": card,
    "uses": uses,
    "gene_since": gene_since,
    "marker_swap": marker_swap,
    "space_cubes": space_cubes,
    "box_cubes": box_cubes,
}
