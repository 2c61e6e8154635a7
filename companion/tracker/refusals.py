"""Why an action is refused: a message the table understands, naming the rule it rests on."""

from __future__ import annotations

from companion.tracker import actions as A
from companion.tracker import attacks, defects, division, market, movement, sources
from companion.tracker.choices import legal_actions
from companion.tracker.data import PARASITISM, STRUGGLE, Color, tentacle_capacity
from companion.tracker.errors import IllegalAction
from companion.tracker.feeding import legal_meals, meal_description
from companion.tracker.labels import describe
from companion.tracker.prompts import prompt
from companion.tracker.state import AmoebaId, GameState, Step, amoeba_label, player_label


def _actor_of(action: A.Action) -> Color | None:
    for name in ("amoeba", "color"):
        value = getattr(action, name, None)
        if isinstance(value, AmoebaId):
            return value.color
        if isinstance(value, Color):
            return value
    return None


def _listing(state: GameState, options: tuple[A.Action, ...], limit: int = 6) -> str:
    labels = [describe(state, o) for o in options[:limit]]
    more = len(options) - limit
    return "; ".join(labels) + (f"; and {more} more" if more > 0 else "")


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
}


def explain(state: GameState, action: A.Action) -> IllegalAction:
    """The refusal for an action that is not among the legal ones."""
    now = prompt(state)
    legal = legal_actions(state)
    at_its_step = STEP_OF.get(type(action)) is state.cursor.step
    if type(action) not in {type(a) for a in legal} and not at_its_step:
        return IllegalAction(
            f"Not now: {now.text} ({describe_kind(action)} is not possible at this point)",
            now.source,
        )
    actor = _actor_of(action)
    if now.actor is not None and actor is not None and actor != now.actor:
        return IllegalAction(
            f"It is {player_label(state, now.actor)}'s turn: {now.text}", sources.ORDER
        )
    aid = getattr(action, "amoeba", None)
    if (
        now.amoeba is not None
        and isinstance(aid, AmoebaId)
        and aid != now.amoeba
        and not isinstance(action, (A.Divide, A.PlaceFreeAmoeba, A.PlaceAmoeba, A.Strike))
    ):
        return IllegalAction(
            f"It is {amoeba_label(state, now.amoeba)}'s turn, in numerical order: {now.text}",
            sources.NUMERICAL_ORDER,
        )
    specific = _specific(state, action)
    if specific:
        return specific
    return IllegalAction(
        f"That is not a legal choice: {now.text} Legal now: {_listing(state, legal)}", now.source
    )


def describe_kind(action: A.Action) -> str:
    """The verb of an action in words."""
    return f"'{action.kind.replace('_', ' ')}'"


def _specific(state: GameState, action: A.Action) -> IllegalAction | None:
    match action:
        case A.PlaceAmoeba(amoeba=aid, space=space):
            if space not in state.setup.board.spaces():
                return IllegalAction(f"there is no space {space} on the soup", sources.PLACEMENT)
            if state.amoeba(aid):
                return IllegalAction(
                    f"{amoeba_label(state, aid)} is already on the board", sources.PLACEMENT
                )
            if state.amoebas_on(space):
                return IllegalAction(
                    f"space {space} already holds an amoeba; at setup every "
                    "amoeba goes on an empty space",
                    sources.PLACEMENT,
                )
        case A.Move(amoeba=aid):
            player = state.player(aid.color)
            return IllegalAction(
                f"moving costs {movement.move_cost(player)} BP and "
                f"{player_label(state, player.color)} has {player.bp}; the amoeba drifts",
                sources.PHASE_1,
            )
        case A.Stay():
            return IllegalAction(
                "an amoeba stays put only with a 5, an obstacle, a no-drift "
                "card, or the gene Holding",
                sources.NO_DRIFT,
            )
        case A.ChooseDirection(direction=d):
            offered = ", ".join(movement.direction_text(o) for o in state.cursor.move.options)
            return IllegalAction(f"the roll offers {offered}, not {d}", sources.COMPASS)
        case A.CarryCubes(cubes=cubes):
            cap = tentacle_capacity(state.n_players)
            origin = state.cursor.move.queue[0].origin
            return IllegalAction(
                f"Tentacle carries at most {cap} cubes that lie on space "
                f"{origin}, not {A.cubes_text(cubes)}",
                sources.MOVEMENT_GENES,
            )
        case A.Feed(amoeba=aid, cubes=cubes):
            amoeba = state.amoeba(aid)
            meals = legal_meals(state, amoeba)
            if any(c == aid.color for c, _ in cubes):
                return IllegalAction("an amoeba never eats cubes of its own color", sources.FEEDING)
            if getattr(action, "parasite", None) and not state.player(aid.color).has(PARASITISM):
                return IllegalAction(
                    "only Parasitism lets an amoeba make another player pay",
                    sources.FEEDING_GENES_NOTE,
                )
            if not meals:
                return IllegalAction(
                    f"{amoeba_label(state, aid)} finds no legal meal on space {amoeba.space}: it "
                    "starves (or attacks, with Struggle for Survival)",
                    sources.FEEDING,
                )
            return IllegalAction(
                f"{A.cubes_text(cubes)} is not a legal meal here. A meal in "
                f"this game is {meal_description(state, aid.color)}, changed "
                "only by the owner's feeding genes. Legal meals: "
                f"{_listing(state, legal_actions(state))}",
                sources.FEEDING_GENES_NOTE,
            )
        case A.Starve(amoeba=aid):
            return IllegalAction(
                f"{amoeba_label(state, aid)} has a legal meal on its space and eats it",
                sources.FEEDING,
            )
        case A.Attack(amoeba=aid, target=target):
            amoeba = state.amoeba(aid)
            player = state.player(aid.color)
            if not player.has(STRUGGLE):
                return IllegalAction(
                    "only Struggle for Survival (or Aggression) lets an amoeba attack in phase 1",
                    sources.ATTACKS,
                )
            if legal_meals(state, amoeba):
                return IllegalAction(
                    "Struggle for Survival attacks only an amoeba that would "
                    "otherwise starve; this one has a meal",
                    sources.ATTACKS,
                )
            if not state.cursor.may_attack:
                return IllegalAction(
                    "the attack is over: the attacker rode along with its "
                    "fleeing victim and may only feed",
                    sources.ATTACKS_QA,
                )
            if player.bp < 1:
                return IllegalAction("an attack costs 1 BP", sources.ATTACKS)
            victim = state.amoeba(target)
            if victim is None or victim.space != amoeba.space:
                return IllegalAction(
                    f"{amoeba_label(state, target)} is not on space {amoeba.space}", sources.ATTACKS
                )
            if attacks.armored(state, victim):
                return IllegalAction(
                    f"{amoeba_label(state, target)} has Armor and cannot be attacked in phase 1",
                    sources.ADVANCED_ATTACKS,
                )
        case A.PayDebt(color=color):
            owed = defects.debt(state, color)
            return IllegalAction(
                f"{player_label(state, color)} owes {owed} MP: returned genes count their "
                "MP (Ray Protection 4), BP count 1, BP pay only what the genes "
                "leave, and no returned card may be superfluous. Legal: "
                f"{_listing(state, legal_actions(state))}",
                sources.PHASE_2,
            )
        case A.BuyGene(color=color, gene=gene, give_up=give_up):
            why = market.refusal(state, color, gene, give_up)
            if why:
                return IllegalAction(*why)
        case A.Divide(amoeba=aid, space=space):
            color = aid.color
            cost = division.division_cost(state, color)
            player = state.player(color)
            if division.free_amoeba_due(state, color):
                return IllegalAction(
                    f"{player_label(state, color)} has no amoeba on the board and places "
                    "one free amoeba first",
                    sources.FREE_AMOEBA,
                )
            if player.bp < cost:
                return IllegalAction(
                    f"a new amoeba costs {cost} BP; "
                    f"{player_label(state, player.color)} has {player.bp}",
                    sources.PHASE_4,
                )
            if state.amoeba(aid):
                return IllegalAction(
                    f"{amoeba_label(state, aid)} is already on the board", sources.NUMERICAL_ORDER
                )
            if aid.number not in division.free_numbers(state, color):
                return IllegalAction(
                    f"there is no amoeba {amoeba_label(state, aid)} in this game", sources.SETUP
                )
            return IllegalAction(
                f"space {space} is not allowed: {division.division_rule(state, color)}",
                sources.PHASE_4,
            )
        case A.PlaceFreeAmoeba(amoeba=aid):
            return IllegalAction(
                f"{player_label(state, aid.color)} still has amoebas on the board (or the "
                "free amoeba option is off): new amoebas are bought by division",
                sources.FREE_AMOEBA,
            )
        case A.Strike(amoeba=aid, target=target):
            if not attacks.can_strike(state, aid.color):
                return IllegalAction(
                    "Aggression strikes once a round, for 1 BP", sources.ADVANCED_ATTACKS
                )
            return IllegalAction(
                f"{amoeba_label(state, aid)} can strike only an enemy amoeba on its own "
                f"space, not {amoeba_label(state, target)}",
                sources.ADVANCED_ATTACKS,
            )
    return None
