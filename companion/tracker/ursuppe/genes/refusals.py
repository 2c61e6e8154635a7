"""Why an extra gene's decision (or an attack an extra gene forbids) is refused, naming the
gene and its rule (003 §The Amoeba Advanced Genome Project; 001 §LE CARTE GENE "NORMALE" /
"SUPERIORE"). `refusal_cases.specific_refusal` asks here first.
"""

from __future__ import annotations

from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Seq, msg, nmsg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.genes import actions as X
from companion.tracker.ursuppe.genes.attacks import threatening
from companion.tracker.ursuppe.genes.deaths import HEAL_COST, healed, transfer_cost
from companion.tracker.ursuppe.genes.extra import (
    CLEANLINESS,
    FAST_FOOD,
    HEALING_1,
    HEALING_2,
    SUCTION_1,
    SUCTION_2,
    THREAT_DISPLAY,
)
from companion.tracker.ursuppe.genes.feeding import excreta_spaces, suction_reach, suction_spaces
from companion.tracker.ursuppe.state import AmoebaId, GameState, amoeba_ref, player_ref


def _shielded(state: GameState, aid: AmoebaId, target: AmoebaId) -> IllegalAction | None:
    attacker, victim = state.amoeba(aid), state.amoeba(target)
    if (
        attacker
        and victim
        and victim.space == attacker.space
        and threatening(state, attacker, victim)
    ):
        return IllegalAction(
            msg(
                "{target} shows its {gene}: only an amoeba numbered {number} or lower may "
                "attack it",
                target=amoeba_ref(state, target),
                gene=state.gene(THREAT_DISPLAY).term,
                number=target.number,
            ),
            sources.EXTRA_ATTACKS,
        )
    return None


def gene_refusal(state: GameState, action: A.Action) -> IllegalAction | None:  # noqa: C901
    """The refusal an extra gene explains, if it is the reason."""
    match action:
        case A.Attack(amoeba=aid, target=target) | A.Strike(amoeba=aid, target=target):
            return _shielded(state, aid, target)
        case X.FeedFirst(amoeba=aid):
            if not state.player(aid.color).holds(FAST_FOOD):
                return IllegalAction(
                    msg(
                        "only {gene} lets an amoeba feed before it moves",
                        gene=state.gene(FAST_FOOD).term,
                    ),
                    sources.EXTRA_MOVEMENT,
                )
            return IllegalAction(
                msg("{amoeba} has already fed this turn", amoeba=amoeba_ref(state, aid)),
                sources.EXTRA_MOVEMENT,
            )
        case X.FeedWithSuction(amoeba=aid, space=space, sucked=sucked):
            return _suction(state, aid, space, sucked)
        case X.PlaceExcreta(amoeba=aid, space=space):
            amoeba = state.amoeba(aid)
            if amoeba and space not in excreta_spaces(state, amoeba):
                return IllegalAction(
                    msg(
                        "the excreta go onto space {space} or a space next to it ({gene})",
                        space=amoeba.space,
                        gene=state.gene(CLEANLINESS).term,
                    ),
                    sources.CLEANLINESS_READING,
                )
        case X.RollCamouflage(die=die) if not 1 <= die <= 6:
            return IllegalAction(msg("a die shows 1 to 6, not {die}", die=die), sources.ATTACKS)
        case X.Heal(amoeba=aid) | X.TransferDamage(amoeba=aid):
            return _healing(state, action, aid)
    return None


def _suction(state: GameState, aid: AmoebaId, space: int, sucked) -> IllegalAction | None:
    reach = suction_reach(state, aid.color)
    amoeba = state.amoeba(aid)
    if not reach:
        return IllegalAction(
            msg(
                "only {gene} (or {advanced}) lets an amoeba eat cubes from another space",
                gene=state.gene(SUCTION_1).term,
                advanced=state.gene(SUCTION_2).term,
            ),
            sources.EXTRA_FEEDING,
        )
    if amoeba and space not in suction_spaces(state, amoeba):
        return IllegalAction(
            msg(
                "suction reaches only the spaces next to space {space}: {spaces}",
                space=amoeba.space,
                spaces=Seq(suction_spaces(state, amoeba), ", "),
            ),
            sources.EXTRA_FEEDING,
        )
    if sum(n for _, n in sucked) > reach:
        return IllegalAction(
            nmsg(
                "{player} may take at most {n} cube from the other space",
                "{player} may take at most {n} cubes from the other space",
                reach,
                player=player_ref(state, aid.color),
            ),
            sources.EXTRA_FEEDING_ADVANCED if reach == 2 else sources.EXTRA_FEEDING,
        )
    return None


def _healing(state: GameState, action: A.Action, aid: AmoebaId) -> IllegalAction | None:
    player = state.player(aid.color)
    amoeba = state.amoeba(aid)
    if not player.has(HEALING_1) or (
        isinstance(action, X.TransferDamage) and not player.holds(HEALING_2)
    ):
        gene = HEALING_2 if isinstance(action, X.TransferDamage) else HEALING_1
        return IllegalAction(
            msg("this needs the gene {gene}", gene=state.gene(gene).term),
            sources.EXTRA_DIVISION,
        )
    if amoeba is None or not amoeba.dp:
        return IllegalAction(
            msg("{amoeba} has no DP to heal", amoeba=amoeba_ref(state, aid)),
            sources.EXTRA_DIVISION,
        )
    if healed(player, aid):
        return IllegalAction(
            msg("{amoeba} was already healed this round", amoeba=amoeba_ref(state, aid)),
            sources.EXTRA_DIVISION,
        )
    cost = transfer_cost(state) if isinstance(action, X.TransferDamage) else HEAL_COST
    if player.bp < cost:
        return IllegalAction(
            msg(
                "this costs {cost} BP; {player} has {bp}",
                cost=cost,
                player=player_ref(state, aid.color),
                bp=player.bp,
            ),
            sources.EXTRA_DIVISION,
        )
    if isinstance(action, X.TransferDamage):
        return IllegalAction(
            msg(
                "the DP moves only onto another amoeba on space {space}",
                space=amoeba.space,
            ),
            sources.EXTRA_DIVISION_ADVANCED,
        )
    return None
