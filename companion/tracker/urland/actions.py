"""Urland's actions: what the table says (choices) and what chance gave (inputs).

Every action is a frozen dataclass with a `kind`; the actor is the one the state awaits
(`prompt`), except a sealed bid, which names its bidder. Chance enters as actions too: the
token drawn, the tokens dealt, the genes turned, the erupting region scored (002 §1, §2.4,
§3.1, §3.3), drawn by the app or entered as the table saw them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.tracker.colors import Color


@dataclass(frozen=True)
class Action:
    """Base of Urland actions."""

    kind: ClassVar[str] = ""


@dataclass(frozen=True)
class DrawToken(Action):
    """A token drawn from the face-down pile (a region number, PANIC, or UNKNOWN)."""

    token: int
    kind: ClassVar[str] = "draw"


@dataclass(frozen=True)
class DealRegions(Action):
    """The region tokens dealt, per seat in seat order: to the left neighbour, to the right
    neighbour, and with 3 players the one kept (002 §1 steps 4-6)."""

    hands: tuple[tuple[int, ...], ...]
    kind: ClassVar[str] = "deal"


@dataclass(frozen=True)
class TurnGenes(Action):
    """The genes turned face up (002 §1 step 7; §3.1 Sostituzione)."""

    genes: tuple[str, ...]
    kind: ClassVar[str] = "turn_genes"


@dataclass(frozen=True)
class ScoreVolcano(Action):
    """Which of the two erupting regions is scored, chosen at random (002 §3.3)."""

    region: str
    kind: ClassVar[str] = "score_volcano"


@dataclass(frozen=True)
class KeepToken(Action):
    """The environment player keeps one token face down, the others go to the dead."""

    token: int
    kind: ClassVar[str] = "keep"


@dataclass(frozen=True)
class RevealToken(Action):
    """The kept token as revealed at the table (when the table draws the tokens)."""

    token: int
    kind: ClassVar[str] = "reveal"


@dataclass(frozen=True)
class Land(Action):
    """Ichto from an ocean onto a bordering land region (2 with Legs or Turbo)."""

    ocean: str
    region: str
    n: int = 1
    kind: ClassVar[str] = "land"


@dataclass(frozen=True)
class Proliferate(Action):
    """Every color in an ocean proliferates."""

    ocean: str
    kind: ClassVar[str] = "proliferate"


@dataclass(frozen=True)
class Swim(Action):
    """Own Ichto from an ocean to a bordering ocean (any ocean with Turbo)."""

    source: str
    target: str
    n: int
    kind: ClassVar[str] = "swim"


@dataclass(frozen=True)
class Retreat(Action):
    """Own Ichto off the board into the reserve: (area, how many) pairs."""

    takes: tuple[tuple[str, int], ...]
    kind: ClassVar[str] = "retreat"


@dataclass(frozen=True)
class UseDoubleTurn(Action):
    """Spend a double-turn token for 2 more actions."""

    kind: ClassVar[str] = "double_turn"


@dataclass(frozen=True)
class EndActions(Action):
    """The Ichto player is done (actions are never compulsory)."""

    kind: ClassVar[str] = "end_actions"


@dataclass(frozen=True)
class Assimilate(Action):
    """Assimilation: two Ichto of another color in an area become one of yours."""

    area: str
    victim: Color
    kind: ClassVar[str] = "assimilate"


@dataclass(frozen=True)
class Walk(Action):
    """Legs: one Ichto across a thin water strip."""

    source: str
    target: str
    kind: ClassVar[str] = "walk"


@dataclass(frozen=True)
class Egg(Action):
    """Egg: one new Ichto in a land region."""

    region: str
    kind: ClassVar[str] = "egg"


@dataclass(frozen=True)
class Fly(Action):
    """Wings: 1 or 2 Ichto from a land region to any area."""

    source: str
    target: str
    n: int
    kind: ClassVar[str] = "fly"


@dataclass(frozen=True)
class Stink(Action):
    """Stinkglands: every other color's Ichto in a region to one adjacent area."""

    region: str
    target: str
    kind: ClassVar[str] = "stink"


@dataclass(frozen=True)
class Bite(Action):
    """Teeth: one opposing Ichto in an area with one of yours goes home."""

    area: str
    victim: Color
    kind: ClassVar[str] = "bite"


@dataclass(frozen=True)
class Bid(Action):
    """A sealed bid: Ichto from the reserve in the closed fist."""

    color: Color
    n: int
    kind: ClassVar[str] = "bid"


@dataclass(frozen=True)
class BuyGene(Action):
    """The bidder whose turn it is takes a face-up gene."""

    gene: str
    kind: ClassVar[str] = "buy"


@dataclass(frozen=True)
class PassGene(Action):
    """A bidder (not the first) takes no gene."""

    kind: ClassVar[str] = "pass_gene"


@dataclass(frozen=True)
class PayIchto(Action):
    """Part of a gene's price: Ichto taken off one area into the reserve."""

    area: str
    n: int
    kind: ClassVar[str] = "pay"


@dataclass(frozen=True)
class ChooseRegion(Action):
    """The last player picks the panic's region among the fullest."""

    region: str
    kind: ClassVar[str] = "choose_region"


@dataclass(frozen=True)
class ChooseOcean(Action):
    """An ocean chosen: where the panic flees, or where an Ears holder's excess dives."""

    ocean: str
    kind: ClassVar[str] = "choose_ocean"


@dataclass(frozen=True)
class Dive(Action):
    """Ears in a panic: how many of the holder's Ichto dive (the rest stay)."""

    n: int
    kind: ClassVar[str] = "dive"


ACTIONS: dict[str, type[Action]] = {
    cls.kind: cls
    for cls in (
        DrawToken,
        DealRegions,
        TurnGenes,
        ScoreVolcano,
        KeepToken,
        RevealToken,
        Land,
        Proliferate,
        Swim,
        Retreat,
        UseDoubleTurn,
        EndActions,
        Assimilate,
        Walk,
        Egg,
        Fly,
        Stink,
        Bite,
        Bid,
        BuyGene,
        PassGene,
        PayIchto,
        ChooseRegion,
        ChooseOcean,
        Dive,
    )
}
