"""Phase 3: the extra genes turned over right after the leading player has bought.

003 §Play / 001 §4.2 Il Gioco: "immediately after the leading player has chosen which genes
they want to buy" N new extra genes are turned over, so the second-placed player is the
first who may buy one. The turn-over is chance: the app's recorded shuffle of the face-down
extra genes (`ShuffleExtraGenes`), or the referee records each card the table turned.
"""

from __future__ import annotations

from dataclasses import replace

from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg, msg, nmsg
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes.actions import ShuffleExtraGenes, TurnExtraGene
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS
from companion.tracker.ursuppe.phases.base import Events, say
from companion.tracker.ursuppe.state import GameState, Step
from companion.tracker.ursuppe.views.phrases import comma_list


def face_down(state: GameState) -> tuple[str, ...]:
    """The extra genes not yet turned over (none when the group does not turn any)."""
    if not state.setup.extra_genes.turns_over:
        return ()
    return tuple(k for k in EXTRA_KEYS if k not in state.extra_available)


def due(state: GameState) -> int:
    """How many extra genes are turned over this round: N, or what is left of the pile."""
    return min(state.setup.options.extra_genes_per_round, len(face_down(state)))


def after_leader(state: GameState, events: Events) -> GameState | None:
    """Once the leader has bought: ask for the turn-over (or take it from the recorded
    shuffle); None when no extra gene is turned this round."""
    n = due(state)
    if n == 0:
        return None
    text = nmsg(
        "The leader has bought: {n} extra gene is turned over now.",
        "The leader has bought: {n} extra genes are turned over now.",
        n,
    )
    say(events, "extra", text, sources.EXTRA_PLAY)
    return auto_turn(state.with_cursor(step=Step.TURN_EXTRA, to_turn=n), events)


def auto_turn(state: GameState, events: Events) -> GameState:
    """Turn over the next extra genes of a recorded shuffle, if there is one."""
    while state.cursor.step is Step.TURN_EXTRA and state.extra_pile:
        state = turn(state, state.extra_pile[0], events)
    return state


def turn(state: GameState, gene: str, events: Events) -> GameState:
    """Turn one extra gene face up; after the last one, the second player buys."""
    pile = tuple(k for k in state.extra_pile if k != gene)
    state = replace(state, extra_available=state.extra_available + (gene,), extra_pile=pile)
    card = GENES_BY_KEY[gene]
    text = msg(
        "Extra gene {gene} is turned over: {price} BP, {mp} MP. {effect}",
        gene=card.term,
        price=state.price_of(gene),
        mp=state.mp_of(gene),
        effect=Msg(card.effect),
    )
    say(events, "extra", text, sources.EXTRA_PLAY)
    left = state.cursor.to_turn - 1
    if left > 0:
        return state.with_cursor(to_turn=left)
    return state.with_cursor(step=Step.BUY, to_turn=0, index=state.cursor.index + 1)


def choices(state: GameState) -> list[TurnExtraGene]:
    """The cards the table may have turned: every face-down extra gene."""
    return [TurnExtraGene(k) for k in face_down(state)]


def asked(state: GameState) -> Msg:
    """What the table is asked at the turn-over."""
    return nmsg(
        "Turn over the next extra gene and tap it ({n} still to turn).",
        "Turn over the next extra gene and tap it ({n} still to turn).",
        state.cursor.to_turn,
    )


def check_shuffle(state: GameState, action: ShuffleExtraGenes) -> None:
    """A recorded shuffle lists every face-down extra gene once, before any other shuffle."""
    down = face_down(state)
    if not down:
        raise IllegalAction(msg("no extra gene is face down"), sources.EXTRA_PLAY)
    if state.extra_pile:
        raise IllegalAction(msg("the extra genes were already shuffled"), sources.EXTRA_PLAY)
    if sorted(action.order) != sorted(down):
        raise IllegalAction(
            msg(
                "a shuffle must list each face-down extra gene exactly once: {genes}",
                genes=comma_list([GENES_BY_KEY[k].term for k in down]),
            ),
            sources.EXTRA_PLAY,
        )


def shuffled(state: GameState, action: ShuffleExtraGenes, events: Events) -> GameState:
    """Keep the recorded order; turn at once if a turn-over is awaited."""
    text = nmsg(
        "The app shuffled the {n} face-down extra gene; it is turned over in the recorded order.",
        "The app shuffled the {n} face-down extra genes; they are turned over in the recorded "
        "order.",
        len(action.order),
    )
    say(events, "extra", text, sources.EXTRA_PLAY)
    return auto_turn(replace(state, extra_pile=tuple(action.order)), events)
