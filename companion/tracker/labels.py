"""Short labels for actions, as the buttons and the log show them."""

from __future__ import annotations

from companion.tracker import actions as A
from companion.tracker import division, movement
from companion.tracker.actions import cubes_text
from companion.tracker.data import GENES_BY_KEY, color_label
from companion.tracker.state import AmoebaId, GameState, amoeba_label, player_label


def describe(state: GameState, action: A.Action) -> str:
    """A short label for an action in this state."""

    def _who(aid: AmoebaId) -> str:
        return amoeba_label(state, aid)

    match action:
        case A.TurnEnvironmentCard(card=card):
            c = state.setup.cards.get(card)
            if c is None:
                return f"turn card {card}"
            drift = movement.direction_text(c.drift.value) if c.drift else "no drift"
            return f"turn card {card} ({drift}, ozone {c.ozone})"
        case A.ShuffleEnvironmentDeck():
            return "shuffle the remaining environment cards"
        case A.RollForStartOrder(color=color, total=total):
            return f"{player_label(state, color)} rolled {total}"
        case A.SetStartSpaces(spaces=spaces):
            return "start spaces " + ", ".join(f"{player_label(state, c)} {s}" for c, s in spaces)
        case A.ChooseStartSpace(color=color, space=space):
            return f"{player_label(state, color)} starts on {space}"
        case A.PlaceAmoeba(amoeba=aid, space=space):
            return f"place {_who(aid)} on space {space}"
        case A.Drift(amoeba=aid):
            option = movement.drift_option(state)
            return f"{_who(aid)} drifts " + (
                movement.direction_text(option) if option else "(no drift: stays)"
            )
        case A.Move(amoeba=aid):
            cost = movement.move_cost(state.player(aid.color))
            return f"{_who(aid)} moves ({cost} BP)" if cost else f"{_who(aid)} moves (free)"
        case A.Stay(amoeba=aid):
            return f"{_who(aid)} stays (Holding)"
        case A.RollMovement(dice=dice):
            return "rolled " + " and ".join(map(str, dice))
        case A.ChooseDirection(direction=d):
            return movement.direction_text(d)
        case A.CarryCubes(amoeba=aid, cubes=cubes):
            return (
                f"{_who(aid)} carries {cubes_text(cubes)}"
                if cubes
                else f"{_who(aid)} carries nothing"
            )
        case A.RideAlong(amoeba=aid, go=go):
            return f"{_who(aid)} rides along" if go else f"{_who(aid)} stays behind"
        case A.MoveAgain():
            return "move again (Speed)"
        case A.EndMovement():
            return "no second move"
        case A.Feed(amoeba=aid, cubes=cubes, parasite=parasite):
            text = f"{_who(aid)} eats {cubes_text(cubes)}"
            return text + (f", {player_label(state, parasite)} pays 1 BP" if parasite else "")
        case A.Starve(amoeba=aid):
            return f"{_who(aid)} starves (+1 DP)"
        case A.Attack(amoeba=aid, target=t):
            return f"{_who(aid)} attacks {_who(t)} (1 BP)"
        case A.Defend():
            return "defend (1 BP, fight)"
        case A.Escape():
            return "escape"
        case A.AcceptAttack():
            return "no defence"
        case A.FightRoll(attacker=a, defender=d):
            return f"fight dice {a} - {d}"
        case A.RetryDefense():
            return "fight again (Persistence)"
        case A.RetryAttack(target=t):
            return f"attack {_who(t)} again (Persistence)"
        case A.DeclineRetry():
            return "no second try"
        case A.PayDebt(genes=genes, bp=bp):
            parts = [GENES_BY_KEY[g].name for g in genes] + ([f"{bp} BP"] if bp else [])
            return "pay " + " + ".join(parts)
        case A.BuyGene(gene=gene, give_up=give_up):
            card = GENES_BY_KEY[gene]
            text = f"buy {card.name} ({card.price_for(state.n_players)} BP"
            return text + (f" + {GENES_BY_KEY[give_up].name})" if give_up else ")")
        case A.EndPurchases(color=color):
            return f"{player_label(state, color)} buys nothing more"
        case A.Divide(amoeba=aid, space=space):
            cost = division.division_cost(state, aid.color)
            return f"{_who(aid)} on space {space} ({cost} BP)"
        case A.PlaceFreeAmoeba(amoeba=aid, space=space):
            return f"free {_who(aid)} on space {space}"
        case A.EndDivision(color=color):
            return f"{player_label(state, color)} places no more amoebas"
        case A.Strike(amoeba=aid, target=t):
            return f"{_who(aid)} strikes {_who(t)} (1 BP)"
        case A.DeclineAggression(color=color):
            return f"{player_label(state, color)} does not strike"
        case A.Correct(field=field, value=value, color=color, amoeba=aid, space=space):
            if field == "cubes" and color and space:
                return f"correction: {color_label(color)} cubes on space {space} = {value}"
            what = _who(aid) if aid else (player_label(state, color) if color else "")
            return f"correction: {field} of {what} = {value}" if what else f"correction: {field}"
    return action.kind
