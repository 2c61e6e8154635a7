"""Short labels for actions, as the buttons and the log show them (messages, not sentences)."""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.msg import P_, Msg, Param, Seq, Term, msg, nmsg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe.actions import cubes_ref
from companion.tracker.ursuppe.data import GENES_BY_KEY, HOLDING, PERSISTENCE, SPEED
from companion.tracker.ursuppe.genes import steps as genes_steps
from companion.tracker.ursuppe.genes.labels import EXTRA_KIND_NAMES, describe_extra
from companion.tracker.ursuppe.rules import division, market, movement
from companion.tracker.ursuppe.state import AmoebaId, GameState, amoeba_ref, player_ref
from companion.tracker.ursuppe.views.correction_labels import correction_label

# Every verb of the record, as a refusal names it ("'place amoeba' is not possible ...").
KIND_NAMES = {
    "turn_card": P_("action", "turn card"),
    "shuffle_deck": P_("action", "shuffle deck"),
    "start_roll": P_("action", "start roll"),
    "set_start_spaces": P_("action", "set start spaces"),
    "choose_start_space": P_("action", "choose start space"),
    "place_amoeba": P_("action", "place amoeba"),
    "drift": P_("action", "drift"),
    "move": P_("action", "move"),
    "stay": P_("action", "stay"),
    "roll_movement": P_("action", "roll movement"),
    "choose_direction": P_("action", "choose direction"),
    "carry_cubes": P_("action", "carry cubes"),
    "ride_along": P_("action", "ride along"),
    "move_again": P_("action", "move again"),
    "end_movement": P_("action", "end movement"),
    "feed": P_("action", "feed"),
    "starve": P_("action", "starve"),
    "attack": P_("action", "attack"),
    "defend": P_("action", "defend"),
    "escape": P_("action", "escape"),
    "accept_attack": P_("action", "accept attack"),
    "fight_roll": P_("action", "fight roll"),
    "retry_defense": P_("action", "retry defense"),
    "retry_attack": P_("action", "retry attack"),
    "decline_retry": P_("action", "decline retry"),
    "pay_debt": P_("action", "pay debt"),
    "buy_gene": P_("action", "buy gene"),
    "end_purchases": P_("action", "end purchases"),
    "divide": P_("action", "divide"),
    "place_free_amoeba": P_("action", "place free amoeba"),
    "end_division": P_("action", "end division"),
    "strike": P_("action", "strike"),
    "decline_aggression": P_("action", "decline aggression"),
    "feed_first": P_("action", "feed first"),
    "feed_with_suction": P_("action", "feed with suction"),
    "place_excreta": P_("action", "place excreta"),
    "roll_camouflage": P_("action", "roll camouflage"),
    "bounce": P_("action", "bounce"),
    "heal": P_("action", "heal"),
    "transfer_damage": P_("action", "transfer damage"),
    "correct": P_("action", "correct"),
    **EXTRA_KIND_NAMES,
}


def kind_term(action: A.Action) -> Term:
    """The verb of an action as a word (`place amoeba`)."""
    return Term("action", KIND_NAMES.get(action.kind, action.kind.replace("_", " ")))


def bp(n: int) -> Msg:
    """`3 BP`: biomass points, with their plural."""
    return nmsg("{n} BP", "{n} BP", n)


def alone(value: Param) -> Msg:
    """A message that is just one word or reference (a direction as a button's label)."""
    return Msg("{text}", (("text", value),))


def _gene(key: str) -> Term:
    return GENES_BY_KEY[key].term


def describe(state: GameState, action: A.Action) -> Msg:  # noqa: C901 - one case per verb
    """A short label for an action in this state."""

    def _who(aid: AmoebaId) -> Param:
        return amoeba_ref(state, aid)

    def _player(color: Color) -> Param:
        return player_ref(state, color)

    match action:
        case A.TurnEnvironmentCard(card=card):
            c = state.setup.cards.get(card)
            if c is None:
                return msg("turn card {card}", card=card)
            if c.drift:
                direction = movement.direction_text(c.drift.value)
                return msg(
                    "turn card {card} ({direction}, ozone {ozone})",
                    card=card,
                    direction=direction,
                    ozone=c.ozone,
                )
            return msg("turn card {card} (no drift, ozone {ozone})", card=card, ozone=c.ozone)
        case A.ShuffleEnvironmentDeck():
            return msg("shuffle the remaining environment cards")
        case A.RollForStartOrder(color=color, total=total):
            return msg("{player} rolled {total}", player=_player(color), total=total)
        case A.SetStartSpaces(spaces=spaces):
            listed = Seq(tuple(Seq((_player(c), s)) for c, s in spaces), ", ")
            return msg("start spaces {spaces}", spaces=listed)
        case A.ChooseStartSpace(color=color, space=space):
            return msg("{player} starts on {space}", player=_player(color), space=space)
        case A.PlaceAmoeba(amoeba=aid, space=space):
            return msg("place {amoeba} on space {space}", amoeba=_who(aid), space=space)
        case A.Drift(amoeba=aid):
            option = movement.drift_option(state)
            if option:
                direction = movement.direction_text(option)
                return msg("{amoeba} drifts {direction}", amoeba=_who(aid), direction=direction)
            return msg("{amoeba} drifts (no drift: stays)", amoeba=_who(aid))
        case A.Move(amoeba=aid):
            cost = movement.move_cost(state.player(aid.color))
            if cost:
                return msg("{amoeba} moves ({cost})", amoeba=_who(aid), cost=bp(cost))
            return msg("{amoeba} moves (free)", amoeba=_who(aid))
        case A.Stay(amoeba=aid):
            # TRANSLATORS: {gene} is the gene that lets the amoeba stay (Holding).
            return msg("{amoeba} stays ({gene})", amoeba=_who(aid), gene=_gene(HOLDING))
        case A.RollMovement(dice=dice):
            if len(dice) == 1:
                return msg("rolled {die}", die=dice[0])
            if len(dice) == 2:
                return msg("rolled {first} and {second}", first=dice[0], second=dice[1])
            return msg("rolled {dice}", dice=Seq(dice, ", "))
        case A.ChooseDirection(direction=d):
            return alone(movement.direction_text(d))
        case A.CarryCubes(amoeba=aid, cubes=cubes):
            if cubes:
                return msg("{amoeba} carries {cubes}", amoeba=_who(aid), cubes=cubes_ref(cubes))
            return msg("{amoeba} carries nothing", amoeba=_who(aid))
        case A.RideAlong(amoeba=aid, go=go):
            if go:
                return msg("{amoeba} rides along", amoeba=_who(aid))
            return msg("{amoeba} stays behind", amoeba=_who(aid))
        case A.MoveAgain():
            return msg("move again ({gene})", gene=_gene(SPEED))
        case A.EndMovement():
            return msg("no second move")
        case A.Feed(amoeba=aid, cubes=cubes, parasite=parasite):
            if parasite:
                return msg(
                    "{amoeba} eats {cubes}, {player} pays 1 BP",
                    amoeba=_who(aid),
                    cubes=cubes_ref(cubes),
                    player=_player(parasite),
                )
            return msg("{amoeba} eats {cubes}", amoeba=_who(aid), cubes=cubes_ref(cubes))
        case A.Starve(amoeba=aid):
            return msg("{amoeba} starves (+1 DP)", amoeba=_who(aid))
        case A.Attack(amoeba=aid, target=t):
            return msg("{amoeba} attacks {target} (1 BP)", amoeba=_who(aid), target=_who(t))
        case A.Defend():
            return msg("defend (1 BP, fight)")
        case A.Escape():
            return msg("escape")
        case A.AcceptAttack():
            return msg("no defence")
        case A.FightRoll(attacker=a, defender=d):
            # TRANSLATORS: the attacker's die, then the defender's die.
            return msg("fight dice {attacker} - {defender}", attacker=a, defender=d)
        case A.RetryDefense():
            return msg("fight again ({gene})", gene=_gene(PERSISTENCE))
        case A.RetryAttack(target=t):
            return msg("attack {target} again ({gene})", target=_who(t), gene=_gene(PERSISTENCE))
        case A.DeclineRetry():
            return msg("no second try")
        case A.PayDebt(genes=genes, bp=paid):
            parts: tuple[Param, ...] = tuple(_gene(g) for g in genes)
            parts += (bp(paid),) if paid else ()
            return msg("pay {payment}", payment=Seq(parts, " + "))
        case A.BuyGene(color=buyer, gene=gene, give_up=give_up):
            card = GENES_BY_KEY[gene]
            price = bp(market.price_for(state, buyer, gene))
            if card.extra:  # marked as such: it is one of the face-up extra genes
                if give_up:
                    return msg(
                        "buy extra gene {gene} ({price} + {given_up})",
                        gene=card.term,
                        price=price,
                        given_up=_gene(give_up),
                    )
                return msg("buy extra gene {gene} ({price})", gene=card.term, price=price)
            if give_up:
                return msg(
                    "buy {gene} ({price} + {given_up})",
                    gene=card.term,
                    price=price,
                    given_up=_gene(give_up),
                )
            return msg("buy {gene} ({price})", gene=card.term, price=price)
        case A.EndPurchases(color=color):
            return msg("{player} buys nothing more", player=_player(color))
        case A.Divide(amoeba=aid, space=space):
            cost = bp(division.division_cost(state, aid.color))
            return msg(
                "{amoeba} on space {space} ({cost})", amoeba=_who(aid), space=space, cost=cost
            )
        case A.PlaceFreeAmoeba(amoeba=aid, space=space):
            return msg("free {amoeba} on space {space}", amoeba=_who(aid), space=space)
        case A.EndDivision(color=color):
            return msg("{player} places no more amoebas", player=_player(color))
        case A.Strike(amoeba=aid, target=t):
            return msg("{amoeba} strikes {target} (1 BP)", amoeba=_who(aid), target=_who(t))
        case A.DeclineAggression(color=color):
            return msg("{player} does not strike", player=_player(color))
        case A.Correct():
            return correction_label(state, action)
    found = describe_extra(state, action) or genes_steps.describe(state, action)
    return found or alone(kind_term(action))
