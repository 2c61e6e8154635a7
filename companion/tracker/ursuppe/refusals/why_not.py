"""Why an action is refused: a message the table understands, naming the rule it rests on."""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Term, msg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.choices import legal_actions
from companion.tracker.ursuppe.genes import steps as genes_steps
from companion.tracker.ursuppe.genes.actions import (
    Explode,
    GiveUpAttack,
    PayHardCrust,
    SwapGene,
    TurnExtraGene,
)
from companion.tracker.ursuppe.refusals.cases import listing, specific_refusal
from companion.tracker.ursuppe.state import AmoebaId, GameState, Step, amoeba_ref, player_ref
from companion.tracker.ursuppe.views.labels import kind_term
from companion.tracker.ursuppe.views.prompts import prompt


def _actor_of(action: A.Action) -> Color | None:
    for name in ("amoeba", "color"):
        value = getattr(action, name, None)
        if isinstance(value, AmoebaId):
            return value.color
        if isinstance(value, Color):
            return value
    return None


# The step at which each kind of action is answered (to tell "not now" from "not allowed").
STEP_OF = {
    A.PlaceAmoeba: Step.PLACE,
    A.Drift: Step.MOVEMENT_CHOICE,
    A.Move: Step.MOVEMENT_CHOICE,
    A.Stay: Step.MOVEMENT_CHOICE,
    A.ChooseDirection: Step.MOVE_DIRECTION,
    A.CarryCubes: Step.CARRY,
    A.Feed: Step.FEED,
    A.Starve: Step.FEED,
    A.Attack: Step.FEED,
    A.PayDebt: Step.PAY_DEBT,
    A.BuyGene: Step.BUY,
    A.EndPurchases: Step.BUY,
    A.Divide: Step.DIVIDE,
    A.PlaceFreeAmoeba: Step.DIVIDE,
    A.EndDivision: Step.DIVIDE,
    A.Strike: Step.AGGRESSION,
    A.DeclineAggression: Step.AGGRESSION,
    TurnExtraGene: Step.TURN_EXTRA,
    SwapGene: Step.BUY,
    Explode: Step.DIVIDE,
    PayHardCrust: Step.HARD_CRUST,
    GiveUpAttack: Step.HARD_CRUST,
    **genes_steps.STEP_OF,
}


def explain(state: GameState, action: A.Action) -> IllegalAction:
    """The refusal for an action that is not among the legal ones."""
    now = prompt(state)
    legal = legal_actions(state)
    at_its_step = STEP_OF.get(type(action)) is state.cursor.step
    if type(action) not in {type(a) for a in legal} and not at_its_step:
        return IllegalAction(
            # TRANSLATORS: {prompt} is what the table awaits now; {action} an action's verb.
            msg(
                "Not now: {prompt} ('{action}' is not possible at this point)",
                prompt=now.msg,
                action=describe_kind(action),
            ),
            now.source,
        )
    actor = _actor_of(action)
    if now.actor is not None and actor is not None and actor != now.actor:
        return IllegalAction(
            msg(
                "It is {player}'s turn: {prompt}",
                player=player_ref(state, now.actor),
                prompt=now.msg,
            ),
            sources.ORDER,
        )
    aid = getattr(action, "amoeba", None)
    if (
        now.amoeba is not None
        and isinstance(aid, AmoebaId)
        and aid != now.amoeba
        and not isinstance(action, (A.Divide, A.PlaceFreeAmoeba, A.PlaceAmoeba, A.Strike))
    ):
        return IllegalAction(
            msg(
                "It is {amoeba}'s turn, in numerical order: {prompt}",
                amoeba=amoeba_ref(state, now.amoeba),
                prompt=now.msg,
            ),
            sources.NUMERICAL_ORDER,
        )
    specific = specific_refusal(state, action)
    if specific:
        return specific
    return IllegalAction(
        msg(
            "That is not a legal choice: {prompt} Legal now: {legal}",
            prompt=now.msg,
            legal=listing(state, legal),
        ),
        now.source,
    )


def describe_kind(action: A.Action) -> Term:
    """The verb of an action in words."""
    return kind_term(action)
