"""Urland's actions: what the table says (choices) and what chance gave (inputs).

Every action is a frozen dataclass with a `kind`, declared with `declare.verb`; the actor is
the one the state awaits (`prompt`), except a sealed bid, which names its bidder. Chance
enters as actions too: the token drawn, the tokens dealt, the genes turned, the erupting
region scored (002 §1, §2.4, §3.1, §3.3), drawn by the app or entered as the table saw them.
"""

from __future__ import annotations

from companion.tracker.colors import Color
from companion.tracker.correcting import CorrectionFields
from companion.tracker.declare import RecordedAction, verb

# Every action type by its verb; `verb` registers each.
ACTIONS: dict[str, type[Action]] = {}


class Action(RecordedAction, verbs=ACTIONS):
    """Base of Urland actions."""


@verb("draw")
class DrawToken(Action):
    """A token drawn from the face-down pile (a region number, PANIC, or UNKNOWN)."""

    token: int


@verb("deal")
class DealRegions(Action):
    """The region tokens dealt, per seat in seat order: to the left neighbour, to the right
    neighbour, and with 3 players the one kept (002 §1 steps 4-6)."""

    hands: tuple[tuple[int, ...], ...]


@verb("turn_genes")
class TurnGenes(Action):
    """The genes turned face up (002 §1 step 7; §3.1 Sostituzione)."""

    genes: tuple[str, ...]


@verb("score_volcano")
class ScoreVolcano(Action):
    """Which of the two erupting regions is scored, chosen at random (002 §3.3)."""

    region: str


@verb("keep")
class KeepToken(Action):
    """The environment player keeps one token face down, the others go to the dead."""

    token: int


@verb("reveal")
class RevealToken(Action):
    """The kept token as revealed at the table (when the table draws the tokens)."""

    token: int


@verb("land")
class Land(Action):
    """Ichto from an ocean onto a bordering land region (2 with Legs or Turbo)."""

    ocean: str
    region: str
    n: int = 1


@verb("proliferate")
class Proliferate(Action):
    """Every color in an ocean proliferates."""

    ocean: str


@verb("swim")
class Swim(Action):
    """Own Ichto from an ocean to a bordering ocean (any ocean with Turbo)."""

    source: str
    target: str
    n: int


@verb("retreat")
class Retreat(Action):
    """Own Ichto off the board into the reserve: (area, how many) pairs."""

    takes: tuple[tuple[str, int], ...]


@verb("double_turn")
class UseDoubleTurn(Action):
    """Spend a double-turn token for 2 more actions."""


@verb("end_actions")
class EndActions(Action):
    """The Ichto player is done (actions are never compulsory)."""


@verb("assimilate")
class Assimilate(Action):
    """Assimilation: two Ichto of another color in an area become one of yours."""

    area: str
    victim: Color


@verb("walk")
class Walk(Action):
    """Legs: one Ichto across a thin water strip."""

    source: str
    target: str


@verb("egg")
class Egg(Action):
    """Egg: one new Ichto in a land region."""

    region: str


@verb("fly")
class Fly(Action):
    """Wings: 1 or 2 Ichto from a land region to any area."""

    source: str
    target: str
    n: int


@verb("stink")
class Stink(Action):
    """Stinkglands: every other color's Ichto in a region to one adjacent area."""

    region: str
    target: str


@verb("bite")
class Bite(Action):
    """Teeth: one opposing Ichto in an area with one of yours goes home."""

    area: str
    victim: Color


@verb("bid")
class Bid(Action):
    """A sealed bid: Ichto from the reserve in the closed fist."""

    color: Color
    n: int


@verb("buy")
class BuyGene(Action):
    """The bidder whose turn it is takes a face-up gene."""

    gene: str


@verb("pass_gene")
class PassGene(Action):
    """A bidder (not the first) takes no gene."""


@verb("pay")
class PayIchto(Action):
    """Part of a gene's price: Ichto taken off one area into the reserve."""

    area: str
    n: int


@verb("choose_region")
class ChooseRegion(Action):
    """The last player picks the panic's region among the fullest."""

    region: str


@verb("choose_ocean")
class ChooseOcean(Action):
    """An ocean chosen: where the panic flees, or where an Ears holder's excess dives."""

    ocean: str


@verb("dive")
class Dive(Action):
    """Ears in a panic: how many of the holder's Ichto dive (the rest stay)."""

    n: int


@verb("correct")
class Correct(Action, CorrectionFields):
    """The referee (or, for a secret, its owner on their phone) sets a tracked fact to what
    the table shows, with a reason. `field` names the fact (`urland/corrections.py`): `ichto`
    (area, color, value), `reserve`, `marker`, `double_turns` (color, value), `gene` (gene,
    place: a color, `face_up` or `deck`), `tiles`, `epoch`, `turn`, `actions_left`, `paying`
    (value), `actor` (color), and the secrets `kept` (value: the token) and `hand` (color,
    tokens). Its first fields are both games' (`correcting.CorrectionFields`)."""

    area: str | None = None
    gene: str | None = None
    place: str | None = None
    tokens: tuple[int, ...] | None = None
