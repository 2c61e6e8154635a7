"""Urland's genes (002 §5 Geni): the eleven cards as data, in one place.

Optional genes are actions an Ichto player may take (`gene_actions.py`: Assimilation, Legs'
walk, Egg, Wings, Stinkglands, Teeth; Legs and Turbo also land 2 at once, `ichto.py`).
Automatic genes act where their rule is: Care of Young in proliferation (`ichto.py`), Muscles
in a region's scoring (`scoring.py`), Ears in panic and eruptions (`panic.py`,
`volcanoes.py`) and against Teeth (`gene_actions.py`), Warm Blood in the action count
(`roles.py`).
"""

from __future__ import annotations

from typing import NamedTuple

from companion.tracker.citations import Rule, urland_rule
from companion.tracker.msg import N_, P_, Term

ASSIMILATION = "assimilation"
LEGS = "legs"
CARE_OF_YOUNG = "care_of_young"
EGG = "egg"
WINGS = "wings"
MUSCLES = "muscles"
EARS = "ears"
STINKGLANDS = "stinkglands"
TURBO = "turbo"
WARM_BLOOD = "warm_blood"
TEETH = "teeth"


class GeneCard(NamedTuple):
    """One gene card: key, name, its section as printed, automatic or not, used with 3."""

    key: str
    name: str
    section: str
    automatic: bool
    with_three: bool
    effect: str

    @property
    def term(self) -> Term:
        """The gene's name as a game word."""
        return Term("urland gene", self.name)

    @property
    def rule(self) -> Rule:
        """Its section of 002 §5."""
        return urland_rule("urland-genes", f"5. Geni: {self.section}")


GENES = (
    GeneCard(
        ASSIMILATION,
        P_("urland gene", "Assimilation"),
        "Assimilazione",
        False,
        True,
        N_("2 actions: two Ichto of another color in an area with yours become one of yours"),
    ),
    GeneCard(
        LEGS,
        P_("urland gene", "Legs"),
        "Zampe",
        False,
        True,
        N_("1 action: land 2 Ichto, or walk 1 across a thin water strip"),
    ),
    GeneCard(
        CARE_OF_YOUNG,
        P_("urland gene", "Care of Young"),
        "Cura dei piccoli",
        True,
        True,
        N_("proliferation: 2-3 Ichto give 1, 4-5 give 2, 6 or more give 3"),
    ),
    GeneCard(
        EGG,
        P_("urland gene", "Egg"),
        "Uova",
        False,
        True,
        N_("2 actions (1 with 2 of yours there): a new Ichto in a land region"),
    ),
    GeneCard(
        WINGS,
        P_("urland gene", "Wings"),
        "Ali",
        False,
        True,
        N_("1 action: 1 or 2 Ichto from a land region to any area"),
    ),
    GeneCard(
        MUSCLES,
        P_("urland gene", "Muscles"),
        "Muscoli",
        True,
        False,
        N_("a region's scoring counts half an Ichto more for you (not the final scorings)"),
    ),
    GeneCard(
        EARS,
        P_("urland gene", "Ears"),
        "Orecchie",
        True,
        True,
        N_("panic: yours may stay on land; eruption: the excess dives; on land safe from Teeth"),
    ),
    GeneCard(
        STINKGLANDS,
        P_("urland gene", "Stinkglands"),
        "Ghiandole puzzolenti",
        False,
        False,
        N_("1 action: all other Ichto in a region with yours go to one adjacent area"),
    ),
    GeneCard(
        TURBO,
        P_("urland gene", "Turbo"),
        "Turbo",
        False,
        True,
        N_("1 action: land 2 Ichto; swimming reaches any ocean"),
    ),
    GeneCard(
        WARM_BLOOD,
        P_("urland gene", "Warm Blood"),
        "Sangue caldo",
        True,
        True,
        N_("one more action as an Ichto player"),
    ),
    GeneCard(
        TEETH,
        P_("urland gene", "Teeth"),
        "Denti",
        False,
        True,
        N_("1 action: one opposing Ichto in an area with yours goes home"),
    ),
)
GENES_BY_KEY = {g.key: g for g in GENES}


def gene_deck(n_players: int) -> tuple[str, ...]:
    """The genes in play: all 11, without Stinkglands and Muscles with 3 players (002 §1.7)."""
    return tuple(g.key for g in GENES if n_players > 3 or g.with_three)


def gene_term(key: str) -> Term:
    """A gene's name as a game word."""
    return GENES_BY_KEY[key].term
