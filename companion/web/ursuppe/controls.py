"""Turn the engine's legal actions into the console's controls (presentation only).

Nothing here decides a rule: every button, highlighted space and stepper comes from
`legal_actions(state)`, and every submission is validated again by the engine.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from companion.tracker.colors import color_term
from companion.tracker.msg import N_, Param, msg
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import describe, legal_actions
from companion.tracker.ursuppe.data import tentacle_capacity
from companion.tracker.ursuppe.genes import actions as X
from companion.tracker.ursuppe.state import GameState, Step
from companion.web.ursuppe.stages import Group, stage

DICE_STEPS = {Step.MOVE_ROLL, Step.FIGHT_ROLL, Step.START_ROLLS, Step.CAMOUFLAGE_ROLL}
SPACE_ACTIONS = (A.PlaceAmoeba, A.Divide, A.PlaceFreeAmoeba)


@dataclass
class Button:
    """A legal action as a button: its label and its record form."""

    label: str
    action: str
    primary: bool = False


@dataclass
class Controls:
    """What the console offers now."""

    step: str
    buttons: list[Button] = field(default_factory=list)
    spaces: dict[int, list[int]] = field(default_factory=dict)  # space -> amoeba numbers
    space_kind: str = ""
    space_color: str = ""
    dice: int = 0  # dice to enter (0: none)
    dice_labels: tuple[str, ...] = ()  # each die's name (N_: translated where shown)
    dice_max: int = 6
    dice_min: int = 1
    carry: dict[str, int] = field(default_factory=dict)  # color -> cubes available
    carry_cap: int = 0
    carry_amoeba: str = ""
    cards: list[Button] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)  # a long list, offered in stages
    trail: list[Any] = field(default_factory=list)  # the groups chosen so far (messages)
    group: str = ""  # the open group's path ("" at the first stage)
    back: str = ""  # the path of the stage before it


def _button(state: GameState, action: A.Action, primary: bool = False) -> Button:
    return Button(describe(state, action), json.dumps(A.action_to_dict(action)), primary)


def controls(state: GameState, group: str = "") -> Controls:
    """The controls for the current step (a long list: the stage `group` opens)."""
    legal = legal_actions(state)
    step = state.cursor.step
    c = Controls(step=step.value)
    if step is Step.TURN_CARD:
        c.cards = [_button(state, a) for a in legal]
        return c
    if step in DICE_STEPS:
        sample = legal[0] if legal else None
        if isinstance(sample, A.RollMovement):
            c.dice = len(sample.dice)
            c.dice_labels = (N_("die"),) if c.dice == 1 else (N_("first die"), N_("second die"))
        elif isinstance(sample, A.FightRoll):
            c.dice, c.dice_labels = 2, (N_("attacker's die"), N_("defender's die"))
        elif isinstance(sample, X.RollCamouflage):
            c.dice, c.dice_labels = 1, (N_("attacker's camouflage die"),)
        elif isinstance(sample, A.RollForStartOrder):
            c.dice, c.dice_min, c.dice_max = 1, 2, 12
            c.dice_labels = (N_("two-dice total"),)
        return c
    if step is Step.CARRY:
        head = state.cursor.move.queue[0]
        cubes = state.cubes_on(head.origin)
        c.carry = {col.value: n for col, n in zip(state.colors, cubes, strict=True) if n}
        c.carry_cap = max(sum(n for _, n in a.cubes) for a in legal) if legal else 0
        c.carry_cap = min(c.carry_cap, tentacle_capacity(state.n_players))
        c.carry_amoeba = str(head.amoeba)
        return c
    staged = stage(state, legal, group)
    c.groups, c.trail, c.group, c.back = staged.groups, staged.trail, staged.path, staged.back
    for action in staged.actions:
        if isinstance(action, SPACE_ACTIONS):
            c.space_kind = action.kind
            c.space_color = action.amoeba.color.value
            c.spaces.setdefault(action.space, []).append(action.amoeba.number)
        else:
            c.buttons.append(_button(state, action))
    if c.buttons and not c.spaces and not c.groups:
        c.buttons[0].primary = True
    return c


def action_from_form(state: GameState, form: Any) -> A.Action:
    """Build the action a console form describes (validated later by the engine)."""
    kind = form.get("kind", "")
    if kind == "action":
        try:
            data = json.loads(form.get("action", ""))
        except (ValueError, RecursionError):
            raise A.InvalidAction(msg("the action could not be read")) from None
        return A.action_from_dict(data)
    if kind in ("place_amoeba", "divide", "place_free_amoeba"):
        cls = {
            "place_amoeba": A.PlaceAmoeba,
            "divide": A.Divide,
            "place_free_amoeba": A.PlaceFreeAmoeba,
        }[kind]
        return A.action_from_dict(
            {
                "type": cls.kind,
                "amoeba": form.get("amoeba", ""),
                "space": _int(form.get("space"), msg("space")),
            }
        )
    if kind == "dice":
        values = [_int(form.get(f"d{i}"), msg("die")) for i in range(1, 3) if form.get(f"d{i}")]
        return dice_action(state, values)
    if kind == "carry":
        cubes = {c.value: _int(form.get(c.value) or "0", color_term(c)) for c in state.colors}
        head = state.cursor.move.queue[0] if state.cursor.move and state.cursor.move.queue else None
        if head is None:
            raise A.InvalidAction(msg("no cubes are being carried now"))
        return A.CarryCubes(head.amoeba, tuple((c, n) for c, n in cubes.items() if n))
    raise A.InvalidAction(msg("unknown kind of submission"))


def dice_action(state: GameState, values: list[int]) -> A.Action:
    """The chance action of the current step from the dice values seen."""
    step = state.cursor.step
    legal = legal_actions(state)
    if step is Step.MOVE_ROLL:
        return A.RollMovement(tuple(values))
    if step is Step.FIGHT_ROLL:
        if len(values) != 2:
            raise A.InvalidAction(msg("a fight needs the attacker's and the defender's die"))
        return A.FightRoll(values[0], values[1])
    if step is Step.CAMOUFLAGE_ROLL:
        if len(values) != 1:
            raise A.InvalidAction(msg("enter the attacker's camouflage die"))
        return X.RollCamouflage(values[0])
    if step is Step.START_ROLLS and legal:
        if len(values) != 1:
            raise A.InvalidAction(msg("enter the two-dice total"))
        return A.RollForStartOrder(legal[0].color, values[0])
    raise A.InvalidAction(msg("no dice are awaited now"))


def _int(value: Any, name: Param) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        raise A.InvalidAction(msg("'{name}' must be a whole number", name=name)) from None
