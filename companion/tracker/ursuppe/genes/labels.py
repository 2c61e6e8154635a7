"""Labels of the extra genes' actions: the verb as a word, and a button's words."""

from __future__ import annotations

from companion.tracker.msg import P_, Msg, msg
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes import actions as X
from companion.tracker.ursuppe.state import GameState, player_ref

EXTRA_KIND_NAMES = {
    "turn_extra_gene": P_("action", "turn extra gene"),
    "shuffle_extra_genes": P_("action", "shuffle extra genes"),
    "swap_gene": P_("action", "swap gene"),
    "explode": P_("action", "explode"),
    "pay_hard_crust": P_("action", "pay for Hard Crust"),
    "give_up_attack": P_("action", "give up the attack"),
}


def describe_extra(state: GameState, action: X.Action) -> Msg | None:
    """A short label for an extra gene's action, or None if it is not one."""
    match action:
        case X.TurnExtraGene(gene=gene):
            return msg("turn over {gene}", gene=GENES_BY_KEY[gene].term)
        case X.ShuffleExtraGenes():
            return msg("shuffle the face-down extra genes")
        case X.SwapGene(color=color, give=give, take=take):
            return msg(
                "{player} swaps {give} for {take}",
                player=player_ref(state, color),
                give=GENES_BY_KEY[give].term,
                take=GENES_BY_KEY[take].term,
            )
        case X.Explode(color=color):
            return msg("{player} explodes (Population Explosion)", player=player_ref(state, color))
        case X.PayHardCrust(color=color):
            return msg("{player} pays 1 BP more (Hard Crust)", player=player_ref(state, color))
        case X.GiveUpAttack(color=color):
            return msg("{player} gives up the attack", player=player_ref(state, color))
    return None
