"""Actions the extra genes add (Advanced Genome Project; shared EXTRA-GENES.md).

Each registers its verb with `actions.ACTION_TYPES`; a gene's decision is an action with its
prompt and legal list like every base decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.tracker.colors import Color
from companion.tracker.ursuppe.actions import Action, Cubes, norm_cubes
from companion.tracker.ursuppe.state import AmoebaId


@dataclass(frozen=True)
class TurnExtraGene(Action):
    """The referee records the extra gene the table turned over (phase 3, after the leader)."""

    kind: ClassVar[str] = "turn_extra_gene"
    gene: str


@dataclass(frozen=True)
class ShuffleExtraGenes(Action):
    """The app shuffled the face-down extra genes; they are turned over in this order."""

    kind: ClassVar[str] = "shuffle_extra_genes"
    order: tuple[str, ...]


@dataclass(frozen=True)
class SwapGene(Action):
    """Highly Adaptable: give a held gene back and take an available one (phase 3)."""

    kind: ClassVar[str] = "swap_gene"
    color: Color
    give: str
    take: str


@dataclass(frozen=True)
class Explode(Action):
    """Population Explosion: instead of dividing, place free amoebas up to the leader's count."""

    kind: ClassVar[str] = "explode"
    color: Color


@dataclass(frozen=True)
class PayHardCrust(Action):
    """Hard Crust: the attacker pays 1 more BP to carry the attack through."""

    kind: ClassVar[str] = "pay_hard_crust"
    color: Color


@dataclass(frozen=True)
class GiveUpAttack(Action):
    """Hard Crust: the attacker does not pay, and the attack fails."""

    kind: ClassVar[str] = "give_up_attack"
    color: Color


# ----- decisions in phase 1 (meals, attacks, moves) and phase 4 (Healing) --------------
@dataclass(frozen=True)
class FeedFirst(Action):
    """Fast Food: the amoeba feeds first, then drifts or moves."""

    kind: ClassVar[str] = "feed_first"
    amoeba: AmoebaId


@dataclass(frozen=True)
class FeedWithSuction(Action):
    """Suction: a meal of `cubes`, of which `sucked` are taken from the neighbouring `space`."""

    kind: ClassVar[str] = "feed_with_suction"
    amoeba: AmoebaId
    cubes: Cubes
    space: int
    sucked: Cubes
    parasite: Color | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cubes", norm_cubes(self.cubes))
        object.__setattr__(self, "sucked", norm_cubes(self.sucked))


@dataclass(frozen=True)
class PlaceExcreta(Action):
    """Cleanliness: the space (its own or a neighbour) where the amoeba's excreta go."""

    kind: ClassVar[str] = "place_excreta"
    amoeba: AmoebaId
    space: int


@dataclass(frozen=True)
class RollCamouflage(Action):
    """Camouflage I: the attacker's die (1-3 the victim may defend, 4-6 it may not)."""

    kind: ClassVar[str] = "roll_camouflage"
    die: int


@dataclass(frozen=True)
class Bounce(Action):
    """Rebound: a blocked amoeba bounces (go) or stays where the obstacle stopped it."""

    kind: ClassVar[str] = "bounce"
    amoeba: AmoebaId
    go: bool


@dataclass(frozen=True)
class Heal(Action):
    """Healing: pay to remove 1 DP from an amoeba (once per amoeba a round)."""

    kind: ClassVar[str] = "heal"
    amoeba: AmoebaId


@dataclass(frozen=True)
class TransferDamage(Action):
    """Healing II: move an amoeba's DP onto another amoeba on the same space."""

    kind: ClassVar[str] = "transfer_damage"
    amoeba: AmoebaId
    target: AmoebaId
