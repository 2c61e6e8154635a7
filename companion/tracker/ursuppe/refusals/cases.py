"""Why one action of a legal kind is still refused: the checks behind `refusals.why_not`."""

from __future__ import annotations

from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Param, Seq, Term, msg, nmsg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.actions import cubes_ref
from companion.tracker.ursuppe.choices import legal_actions
from companion.tracker.ursuppe.data import (
    AGGRESSION,
    GENES_BY_KEY,
    PARASITISM,
    STAY,
    STRUGGLE,
    TENTACLE,
    tentacle_capacity,
)
from companion.tracker.ursuppe.genes import explosion as genes_explosion
from companion.tracker.ursuppe.genes import phase3 as genes_phase3
from companion.tracker.ursuppe.genes.refusals import gene_refusal
from companion.tracker.ursuppe.refusals import more as refusal_more
from companion.tracker.ursuppe.rules import attacks, defects, division, market, movement
from companion.tracker.ursuppe.rules.feeding import legal_meals, meal_description
from companion.tracker.ursuppe.state import GameState, amoeba_ref, player_ref
from companion.tracker.ursuppe.views.labels import bp, describe


def listing(state: GameState, options: tuple[A.Action, ...], limit: int = 6) -> Seq:
    """The first legal actions as labels, and how many more there are."""
    labels: tuple[Param, ...] = tuple(describe(state, o) for o in options[:limit])
    more = len(options) - limit
    if more > 0:
        labels += (nmsg("and {n} more", "and {n} more", more),)
    return Seq(labels, "; ")


def _gene(key: str) -> Term:
    return GENES_BY_KEY[key].term


def specific_refusal(state: GameState, action: A.Action) -> IllegalAction | None:  # noqa: C901
    """The refusal this action earns by its own content, if its kind has one."""
    extra = (
        gene_refusal(state, action)
        or genes_phase3.refusal(state, action)
        or genes_explosion.refusal(state, action)
    )
    if extra:
        return extra
    match action:
        case A.PlaceAmoeba(amoeba=aid, space=space):
            if space not in state.setup.board.spaces():
                return IllegalAction(
                    msg("there is no space {space} on the soup", space=space), sources.PLACEMENT
                )
            if state.amoeba(aid):
                return IllegalAction(
                    msg("{amoeba} is already on the board", amoeba=amoeba_ref(state, aid)),
                    sources.PLACEMENT,
                )
            if state.amoebas_on(space):
                return IllegalAction(
                    msg(
                        "space {space} already holds an amoeba; at setup every "
                        "amoeba goes on an empty space",
                        space=space,
                    ),
                    sources.PLACEMENT,
                )
        case A.Move(amoeba=aid):
            player = state.player(aid.color)
            return IllegalAction(
                msg(
                    "moving costs {cost} and {player} has {bp}; the amoeba drifts",
                    cost=bp(movement.move_cost(player)),
                    player=player_ref(state, player.color),
                    bp=player.bp,
                ),
                sources.PHASE_1,
            )
        case A.Stay():
            return IllegalAction(
                msg(
                    "an amoeba stays put only with a 5, an obstacle, a no-drift "
                    "card, or the gene {gene}",
                    gene=_gene("holding"),
                ),
                sources.NO_DRIFT,
            )
        case A.ChooseDirection(direction=d):
            options = state.cursor.move.options
            offered = Seq(tuple(movement.direction_text(o) for o in options), ", ")
            known = d in movement.ALL_DIRECTIONS or d == STAY  # else the record's value, verbatim
            asked = movement.direction_text(d) if known else d
            return IllegalAction(
                msg("the roll offers {offered}, not {direction}", offered=offered, direction=asked),
                sources.COMPASS,
            )
        case A.CarryCubes(cubes=cubes):
            return IllegalAction(
                nmsg(
                    "{gene} carries at most {n} cube that lies on space {origin}, not {cubes}",
                    "{gene} carries at most {n} cubes that lie on space {origin}, not {cubes}",
                    tentacle_capacity(state.n_players),
                    gene=_gene(TENTACLE),
                    origin=state.cursor.move.queue[0].origin,
                    cubes=cubes_ref(cubes),
                ),
                sources.MOVEMENT_GENES,
            )
        case A.Feed():
            return _feed(state, action)
        case A.Starve(amoeba=aid):
            return IllegalAction(
                msg(
                    "{amoeba} has a legal meal on its space and eats it",
                    amoeba=amoeba_ref(state, aid),
                ),
                sources.FEEDING,
            )
        case A.Attack():
            return _attack(state, action)
        case A.PayDebt(color=color):
            return IllegalAction(
                # TRANSLATORS: {owed} is a number of MP (mutation points).
                msg(
                    "{player} owes {owed} MP: returned genes count their MP ({gene} 4), "
                    "BP count 1, BP pay only what the genes leave, and no returned card "
                    "may be superfluous. Legal: {legal}",
                    player=player_ref(state, color),
                    owed=defects.debt(state, color),
                    gene=_gene("ray_protection"),
                    legal=listing(state, legal_actions(state)),
                ),
                sources.PHASE_2,
            )
        case A.BuyGene(color=color, gene=gene, give_up=give_up):
            why = market.refusal(state, color, gene, give_up)
            if why:
                return IllegalAction(*why)
        case A.Divide():
            return _divide(state, action)
        case A.PlaceFreeAmoeba(amoeba=aid):
            return refusal_more.no_such_amoeba(state, aid) or refusal_more.free_amoeba(
                state, action
            )
        case A.Strike(amoeba=aid, target=target):
            if not attacks.can_strike(state, aid.color):
                return IllegalAction(
                    msg("{gene} strikes once a round, for 1 BP", gene=_gene(AGGRESSION)),
                    sources.ADVANCED_ATTACKS,
                )
            return IllegalAction(
                msg(
                    "{amoeba} can strike only an enemy amoeba on its own space, not {target}",
                    amoeba=amoeba_ref(state, aid),
                    target=amoeba_ref(state, target),
                ),
                sources.ADVANCED_ATTACKS,
            )
    return None


def _feed(state: GameState, action: A.Feed) -> IllegalAction:
    aid, cubes = action.amoeba, action.cubes
    amoeba = state.amoeba(aid)
    if any(c == aid.color for c, _ in cubes):
        return IllegalAction(msg("an amoeba never eats cubes of its own color"), sources.FEEDING)
    optional = refusal_more.meal_under_option(state, action)
    if optional:
        return optional
    if action.parasite and not state.player(aid.color).has(PARASITISM):
        return IllegalAction(
            msg("only {gene} lets an amoeba make another player pay", gene=_gene(PARASITISM)),
            sources.FEEDING_GENES_NOTE,
        )
    if not legal_meals(state, amoeba):
        return IllegalAction(
            msg(
                "{amoeba} finds no legal meal on space {space}: it starves "
                "(or attacks, with {gene})",
                amoeba=amoeba_ref(state, aid),
                space=amoeba.space,
                gene=_gene(STRUGGLE),
            ),
            sources.FEEDING,
        )
    return IllegalAction(
        # TRANSLATORS: {meal} describes the meal of this game ("3 cubes: 1 of each other color").
        msg(
            "{cubes} is not a legal meal here. A meal in this game is {meal}, changed only "
            "by the owner's feeding genes. Legal meals: {legal}",
            cubes=cubes_ref(cubes),
            meal=meal_description(state, aid.color),
            legal=listing(state, legal_actions(state)),
        ),
        sources.FEEDING_GENES_NOTE,
    )


def _attack(state: GameState, action: A.Attack) -> IllegalAction | None:
    aid, target = action.amoeba, action.target
    amoeba = state.amoeba(aid)
    player = state.player(aid.color)
    if not player.has(STRUGGLE):
        return IllegalAction(
            msg(
                "only {gene} (or {other}) lets an amoeba attack in phase 1",
                gene=_gene(STRUGGLE),
                other=_gene(AGGRESSION),
            ),
            sources.ATTACKS,
        )
    if legal_meals(state, amoeba):
        return IllegalAction(
            msg(
                "{gene} attacks only an amoeba that would otherwise starve; this one has a meal",
                gene=_gene(STRUGGLE),
            ),
            sources.ATTACKS,
        )
    if not state.cursor.may_attack:
        return IllegalAction(
            msg(
                "the attack is over: the attacker rode along with its fleeing victim and "
                "may only feed"
            ),
            sources.ATTACKS_QA,
        )
    if player.bp < 1:
        return IllegalAction(msg("an attack costs 1 BP"), sources.ATTACKS)
    victim = state.amoeba(target)
    if victim is None or victim.space != amoeba.space:
        return IllegalAction(
            msg(
                "{amoeba} is not on space {space}",
                amoeba=amoeba_ref(state, target),
                space=amoeba.space,
            ),
            sources.ATTACKS,
        )
    if attacks.armored(state, victim):
        return IllegalAction(
            msg(
                "{amoeba} has {gene} and cannot be attacked in phase 1",
                amoeba=amoeba_ref(state, target),
                gene=_gene("armor"),
            ),
            sources.ADVANCED_ATTACKS,
        )
    return None


def _divide(state: GameState, action: A.Divide) -> IllegalAction:
    aid, space = action.amoeba, action.space
    color = aid.color
    cost = division.division_cost(state, color)
    player = state.player(color)
    who = player_ref(state, color)
    if division.free_amoeba_due(state, color):
        return IllegalAction(
            msg(
                "{player} has no amoeba on the board and places one free amoeba first",
                player=who,
            ),
            sources.FREE_AMOEBA,
        )
    if player.bp < cost:
        return IllegalAction(
            msg(
                "a new amoeba costs {cost}; {player} has {bp}",
                cost=bp(cost),
                player=who,
                bp=player.bp,
            ),
            sources.PHASE_4,
        )
    missing = refusal_more.no_such_amoeba(state, aid)
    if missing:
        return missing
    if state.amoeba(aid):
        return IllegalAction(
            msg("{amoeba} is already on the board", amoeba=amoeba_ref(state, aid)),
            sources.NUMERICAL_ORDER,
        )
    where = refusal_more.divide(state, action)
    if where:
        return where
    return IllegalAction(
        msg(
            "space {space} is not allowed: {rule}",
            space=space,
            rule=division.division_rule(state, color),
        ),
        sources.PHASE_4,
    )
