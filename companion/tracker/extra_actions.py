"""Actions the extra genes add (Advanced Genome Project; shared EXTRA-GENES.md).

Each registers its verb with `actions.ACTION_TYPES`; a gene's decision is an action with its
prompt and legal list like every base decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.tracker.actions import Action
from companion.tracker.data import Color


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
