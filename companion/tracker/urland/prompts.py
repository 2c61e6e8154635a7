"""What Urland awaits now, said for the table: who acts, what, and the rule."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker.citations import Rule
from companion.tracker.colors import Color
from companion.tracker.msg import Msg, Told, msg, nmsg
from companion.tracker.urland import auction, cite, panic, tokens
from companion.tracker.urland.genes import EARS, GENES_BY_KEY
from companion.tracker.urland.state import Step, UrlandState, player_ref
from companion.tracker.urland.words import area_ref


@dataclass(frozen=True)
class Prompt(Told):
    """What is awaited: the step, the acting color (None: the table or chance), a message."""

    step: Step
    actor: Color | None
    msg: Msg
    source: Rule | None


def actor(state: UrlandState) -> Color | None:
    """Who must act now (None: chance, the table, or several players at once)."""
    step = state.step
    if step in (Step.DRAW, Step.KEEP, Step.REVEAL):
        return state.env_color
    if step is Step.ACTIONS:
        return state.actors[0]
    if step in (Step.BUY, Step.PAY):
        return state.auction.ranking[0]
    if step in (Step.PANIC_REGION, Step.PANIC_OCEAN):
        return panic.last_player(state)
    if step is Step.EARS:
        return state.panic.ears[0]
    if step is Step.DIVE_OCEAN:
        return state.dives[0][0]
    return None


def prompt(state: UrlandState) -> Prompt:
    """The prompt for the current state."""
    step, who = state.step, actor(state)
    ref = player_ref(state, who) if who else ""
    if step is Step.OVER:
        return Prompt(step, None, msg("The game is over."), cite.WINNER)
    if step is Step.FIRST_VOLCANO:
        return Prompt(
            step, None, msg("Draw a region token for the first volcano."), cite.FIRST_VOLCANO
        )
    if step is Step.DEAL:
        return Prompt(
            step,
            None,
            msg("Deal the region tokens; each player passes one to each neighbour."),
            cite.DEAL,
        )
    if step is Step.TURN_GENES:
        n = auction.turn_count(state)
        text = nmsg("Turn {n} gene face up.", "Turn {n} genes face up.", n)
        return Prompt(step, None, text, cite.FIRST_GENES if state.turn == 0 else cite.NEW_GENES)
    if step is Step.DRAW:
        text = nmsg(
            "{who} draws a token ({n} in the pile).",
            "{who} draws a token ({n} in the pile).",
            tokens.pile_size(state) + state.panic_in_pile,
            who=ref,
        )
        return Prompt(step, who, text, cite.TURN_END)
    if step is Step.KEEP:
        text = msg(
            "{who}, environment player, keeps one token and passes two to {dead}.",
            who=ref,
            dead=player_ref(state, state.dead_color),
        )
        return Prompt(step, who, text, cite.CHOOSE_REGION)
    if step is Step.ACTIONS and not state.actions_left:
        text = msg("{who} may spend a double-turn token for 2 more actions, or end.", who=ref)
        return Prompt(step, who, text, cite.DOUBLE_TURN)
    if step is Step.ACTIONS:
        text = nmsg(
            "{who}: {n} action left.", "{who}: {n} actions left.", state.actions_left, who=ref
        )
        return Prompt(step, who, text, cite.ACTIONS)
    if step is Step.REVEAL:
        return Prompt(step, who, msg("{who} reveals the kept token.", who=ref), cite.SCORING)
    if step is Step.VOLCANO_SCORED:
        return Prompt(
            step, None, msg("Draw at random which erupting region is scored."), cite.VOLCANOES
        )
    if step is Step.BID:
        waiting = [player_ref(state, c) for c in auction.bidders_left(state)]
        text = nmsg("Bids still to come: {n}.", "Bids still to come: {n}.", len(waiting))
        return Prompt(step, None, text, cite.BIDS)
    if step is Step.BUY:
        if state.auction.must_buy:
            return Prompt(step, who, msg("{who} must take a gene.", who=ref), cite.CHOICE)
        return Prompt(step, who, msg("{who} may take a gene or pass.", who=ref), cite.MORE_GENES)
    if step is Step.PAY:
        text = nmsg(
            "{who} takes {n} more Ichto off the board.",
            "{who} takes {n} more Ichto off the board.",
            state.auction.paying,
            who=ref,
        )
        return Prompt(step, who, text, cite.PRICE)
    if step is Step.PANIC_REGION:
        return Prompt(step, who, msg("{who} picks the panic's region.", who=ref), cite.PANIC)
    if step is Step.PANIC_OCEAN:
        return Prompt(
            step,
            who,
            msg(
                "{who} picks the ocean the Ichto of {region} flee into.",
                who=ref,
                region=area_ref(state.panic.region),
            ),
            cite.PANIC,
        )
    if step is Step.EARS:
        return Prompt(
            step,
            who,
            msg("{who} says how many Ichto dive (Ears).", who=ref),
            GENES_BY_KEY[EARS].rule,
        )
    return Prompt(
        step,
        who,
        msg("{who} picks the ocean their excess Ichto dive into (Ears).", who=ref),
        GENES_BY_KEY[EARS].rule,
    )


def describe(state: UrlandState, action: object) -> Msg:
    """An entry's label in the log: what was awaited when it came, or a referee correction
    (which answers no prompt; a secret's names no token)."""
    if getattr(action, "kind", "") == "correct":
        if getattr(action, "field", "") in ("kept", "hand"):
            return msg("A face-down token corrected on its holder's phone")
        return msg("Referee correction")
    return prompt(state).msg
