"""Actions: every decision and observation at the table, and their JSON form.

Chance is an input like any choice: dice and card draws arrive as actions with the values
seen at the table (or produced by the app outside the core).
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from typing import Any, ClassVar

from companion.tracker.colors import Color
from companion.tracker.correcting import CorrectionFields
from companion.tracker.declare import RecordedAction, normalised, verb
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.text import check_json_text
from companion.tracker.ursuppe.cubes import Cubes as Cubes
from companion.tracker.ursuppe.cubes import by_color
from companion.tracker.ursuppe.cubes import cubes_ref as cubes_ref
from companion.tracker.ursuppe.cubes import cubes_text as cubes_text
from companion.tracker.ursuppe.cubes import norm_cubes as norm_cubes
from companion.tracker.ursuppe.record.action_fields import decode_value, encode_value
from companion.tracker.ursuppe.state import AmoebaId

# Every action type by its verb; `verb` registers each (the extra genes' actions live in
# `genes/actions.py`).
ACTION_TYPES: dict[str, type[Action]] = {}


class Action(RecordedAction, verbs=ACTION_TYPES):
    """Base of all actions; `kind` is the verb in the record."""


# ----- setup -------------------------------------------------------------------------
@verb("turn_card")
class TurnEnvironmentCard(Action):
    """The referee turns this physical environment card face up."""

    card: str


@verb("shuffle_deck")
class ShuffleEnvironmentDeck(Action):
    """The app shuffled the remaining cards; they are turned in this order."""

    order: tuple[str, ...]


@verb("start_roll")
class RollForStartOrder(Action):
    """A player's two-dice total for the start order (ties re-roll among the tied)."""

    color: Color
    total: int


@verb("set_start_spaces")
class SetStartSpaces(Action):
    """The markers were placed on these start spaces without rolling in the app."""

    spaces: tuple[tuple[Color, int], ...] = normalised(by_color)


@verb("choose_start_space")
class ChooseStartSpace(Action):
    """A player picks a ladder start space, in start-roll order."""

    color: Color
    space: int


@verb("place_amoeba")
class PlaceAmoeba(Action):
    """A setup placement of an amoeba on an empty space."""

    amoeba: AmoebaId
    space: int


# ----- phase 1 -----------------------------------------------------------------------
@verb("drift")
class Drift(Action):
    """The amoeba drifts with the current."""

    amoeba: AmoebaId


@verb("move")
class Move(Action):
    """The amoeba moves by itself (1 BP unless Streamlining)."""

    amoeba: AmoebaId


@verb("stay")
class Stay(Action):
    """The amoeba holds on and stays (Holding)."""

    amoeba: AmoebaId


@verb("roll_movement")
class RollMovement(Action):
    """The die (two dice with Movement I) rolled for a move."""

    dice: tuple[int, ...]


@verb("choose_direction")
class ChooseDirection(Action):
    """The direction chosen for a move (`stay` where allowed)."""

    direction: str


@verb("carry_cubes")
class CarryCubes(Action):
    """Cubes a Tentacle amoeba carries along (may be none)."""

    amoeba: AmoebaId
    cubes: Cubes = normalised(norm_cubes, ())


@verb("ride_along")
class RideAlong(Action):
    """A Holding amoeba decides whether to ride along with the amoeba leaving its space."""

    amoeba: AmoebaId
    go: bool


@verb("move_again")
class MoveAgain(Action):
    """Speed: make the optional second, free, active move."""


@verb("end_movement")
class EndMovement(Action):
    """Speed: decline the second move."""


@verb("feed")
class Feed(Action):
    """The amoeba eats these cubes (optionally parasitising a player on its space)."""

    amoeba: AmoebaId
    cubes: Cubes = normalised(norm_cubes)
    parasite: Color | None = None


@verb("starve")
class Starve(Action):
    """The amoeba finds no meal and starves (1 DP)."""

    amoeba: AmoebaId


@verb("attack")
class Attack(Action):
    """Struggle for Survival: attack an amoeba on the same space instead of starving."""

    amoeba: AmoebaId
    target: AmoebaId


@verb("defend")
class Defend(Action):
    """The attacked amoeba's owner turns the attack into a fight (1 BP)."""


@verb("escape")
class Escape(Action):
    """The attacked amoeba flees by moving away (1 BP unless Streamlining)."""


@verb("accept_attack")
class AcceptAttack(Action):
    """The attacked amoeba's owner makes no (further) response."""


@verb("fight_roll")
class FightRoll(Action):
    """The dice of a Defense fight: the attacker's and the defender's."""

    attacker: int
    defender: int


@verb("retry_defense")
class RetryDefense(Action):
    """Persistence: the defender fights once more, free."""


@verb("retry_attack")
class RetryAttack(Action):
    """Persistence: the attacker tries a failed attack once more, free."""

    target: AmoebaId


@verb("decline_retry")
class DeclineRetry(Action):
    """Persistence: no second try."""


# ----- phase 2 -----------------------------------------------------------------------
@verb("pay_debt")
class PayDebt(Action):
    """Balance the ozone debt by returning gene cards and/or paying BP."""

    color: Color
    genes: tuple[str, ...] = normalised(lambda genes: tuple(sorted(genes)), ())
    bp: int = 0


# ----- phase 3 -----------------------------------------------------------------------
@verb("buy_gene")
class BuyGene(Action):
    """Buy a gene card; an advanced gene names the lower gene given up."""

    color: Color
    gene: str
    give_up: str | None = None


@verb("end_purchases")
class EndPurchases(Action):
    """The player buys nothing (more) this round."""

    color: Color


# ----- phase 4 -----------------------------------------------------------------------
@verb("divide")
class Divide(Action):
    """Place a new amoeba by division (6 BP, 4 with Division Rate)."""

    amoeba: AmoebaId
    space: int


@verb("place_free_amoeba")
class PlaceFreeAmoeba(Action):
    """A color with no amoeba on the board places one free amoeba anywhere."""

    amoeba: AmoebaId
    space: int


@verb("end_division")
class EndDivision(Action):
    """The player places no (more) amoebas this round."""

    color: Color


# ----- phase 5 -----------------------------------------------------------------------
@verb("strike")
class Strike(Action):
    """Aggression: an amoeba kills an enemy amoeba on its space (1 BP, once a round)."""

    amoeba: AmoebaId
    target: AmoebaId


@verb("decline_aggression")
class DeclineAggression(Action):
    """The Aggression holder does not strike this round."""

    color: Color


# ----- any time ----------------------------------------------------------------------
CORRECTION_FIELDS = ("bp", "dp", "cubes", "marker", "amoeba_space", "gene", "toxic")


@verb("correct")
class Correct(Action, CorrectionFields):
    """The referee sets a tracked quantity to what the table shows, with a reason (its first
    fields, `field`, `value`, `reason`, `color`, are both games': `CorrectionFields`).

    field: `bp` (color, value), `dp` (amoeba, value), `cubes` (space, color, value),
    `marker` (color, value), `amoeba_space` (amoeba, value = space, 0 removes it; `dp` when
    put on the board), `gene` (color, gene, value 1 = held, 0 = not held), `gene_since`
    (color, gene, value = round), `card` (card, cards = turned before it), `uses` (color,
    uses), `marker_swap` (color, other), `space_cubes` (space, cubes), `box_cubes` (color,
    value). The record's form is documented in docs/record-format.md.
    """

    amoeba: AmoebaId | None = None
    space: int | None = None
    gene: str | None = None
    dp: int | None = None
    card: str | None = None
    cards: tuple[str, ...] | None = None
    uses: tuple[str, ...] | None = None
    other: Color | None = None
    cubes: Cubes | None = None


# Every verb of the record: the subclasses of Action, in the order they are defined above.


# ----- JSON codec (the values: record/action_fields.py) ---------------------------------
@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    # Cached: resolving the annotations costs ~0.1 ms, once per action class is enough.
    names = {**globals(), "AmoebaId": AmoebaId, "ClassVar": ClassVar}  # ClassVar: the base's
    return typing.get_type_hints(cls, globalns=names)


def action_to_dict(action: Action) -> dict[str, Any]:
    """The record form of an action: `{"type": verb, field: value, ...}`."""
    out: dict[str, Any] = {"type": action.kind}
    hints = _hints(type(action))
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if value is None and f.default is None:
            continue
        out[f.name] = encode_value(value, hints[f.name])
    return out


def action_from_dict(data: Any) -> Action:
    """Read an action from its record form; raises InvalidAction naming the field at fault."""
    if not isinstance(data, dict):
        raise InvalidAction(msg("an action must be a JSON object with a 'type'"))
    check_json_text(data, "")
    verb = data.get("type")
    cls = ACTION_TYPES.get(verb) if isinstance(verb, str) else None
    if cls is None:
        raise InvalidAction(msg("unknown action type {verb}", verb=repr(verb)))
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    known = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - known - {"type"}
    if extra:
        fields = ", ".join(sorted(extra))
        raise InvalidAction(
            msg("'{verb}' has unknown field(s): {fields}", verb=verb, fields=fields)
        )
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                text = msg("'{verb}' needs the field '{name}'", verb=verb, name=f.name)
                raise InvalidAction(text)
            continue
        kwargs[f.name] = decode_value(hints[f.name], data[f.name], f.name)
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        # TRANSLATORS: {problem} is Python's own words about the value, verbatim.
        text = msg("'{verb}' cannot be read: {problem}", verb=verb, problem=str(exc))
        raise InvalidAction(text) from None
