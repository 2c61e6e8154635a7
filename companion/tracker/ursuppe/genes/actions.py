"""Actions the extra genes add (Advanced Genome Project; shared EXTRA-GENES.md).

Each registers its verb with `actions.ACTION_TYPES` (`declare.verb`); a gene's decision is an
action with its prompt and legal list like every base decision.
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.declare import normalised, verb
from companion.tracker.ursuppe.actions import Action, Cubes, norm_cubes
from companion.tracker.ursuppe.state import AmoebaId


@verb("turn_extra_gene")
class TurnExtraGene(Action):
    """The referee records the extra gene the table turned over (phase 3, after the leader)."""

    gene: str


@verb("shuffle_extra_genes")
class ShuffleExtraGenes(Action):
    """The app shuffled the face-down extra genes; they are turned over in this order."""

    order: tuple[str, ...]


@verb("swap_gene")
class SwapGene(Action):
    """Highly Adaptable: give a held gene back and take an available one (phase 3)."""

    color: Color
    give: str
    take: str


@verb("explode")
class Explode(Action):
    """Population Explosion: instead of dividing, place free amoebas up to the leader's count."""

    color: Color


@verb("pay_hard_crust")
class PayHardCrust(Action):
    """Hard Crust: the attacker pays 1 more BP to carry the attack through."""

    color: Color


@verb("give_up_attack")
class GiveUpAttack(Action):
    """Hard Crust: the attacker does not pay, and the attack fails."""

    color: Color


# ----- decisions in phase 1 (meals, attacks, moves) and phase 4 (Healing) --------------
@verb("feed_first")
class FeedFirst(Action):
    """Fast Food: the amoeba feeds first, then drifts or moves."""

    amoeba: AmoebaId


@verb("feed_with_suction")
class FeedWithSuction(Action):
    """Suction: a meal of `cubes`, of which `sucked` are taken from the neighbouring `space`."""

    amoeba: AmoebaId
    cubes: Cubes = normalised(norm_cubes)
    space: int
    sucked: Cubes = normalised(norm_cubes)
    parasite: Color | None = None


@verb("place_excreta")
class PlaceExcreta(Action):
    """Cleanliness: the space (its own or a neighbour) where the amoeba's excreta go."""

    amoeba: AmoebaId
    space: int


@verb("roll_camouflage")
class RollCamouflage(Action):
    """Camouflage I: the attacker's die (1-3 the victim may defend, 4-6 it may not)."""

    die: int


@verb("bounce")
class Bounce(Action):
    """Rebound: a blocked amoeba bounces (go) or stays where the obstacle stopped it."""

    amoeba: AmoebaId
    go: bool


@verb("heal")
class Heal(Action):
    """Healing: pay to remove 1 DP from an amoeba (once per amoeba a round)."""

    amoeba: AmoebaId


@verb("transfer_damage")
class TransferDamage(Action):
    """Healing II: move an amoeba's DP onto another amoeba on the same space."""

    amoeba: AmoebaId
    target: AmoebaId
