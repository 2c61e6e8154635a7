"""The app rolls: the entry "Roll for me" makes, and rolling by itself without a tap.

A game set up with "the app rolls by itself" gets its awaited dice rolled (and, if the app
draws the environment cards, its next card drawn) at once after each recorded entry, each
as its own entry marked in the log, for as long as chance is awaited. Never after an undo:
undoing a roll must not roll it again by itself (the console offers "Roll for me").
"""

from __future__ import annotations

import secrets

from companion.store import Game
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import Action, RollForStartOrder, TurnEnvironmentCard
from companion.tracker.ursuppe.record.document import Entry
from companion.tracker.ursuppe.state import GameState, Step
from companion.web.autofollow import follow_chance
from companion.web.ursuppe.controls import DICE_STEPS, dice_action

_dice = secrets.SystemRandom()


def chance_action(state: GameState) -> Action | None:
    """The awaited dice rolled, or the next environment card drawn; None if neither is awaited."""
    step = state.cursor.step
    legal = legal_actions(state)
    if not legal:
        return None
    if step is Step.TURN_CARD:
        return TurnEnvironmentCard(_dice.choice([a.card for a in legal]))
    if step is Step.START_ROLLS:
        return RollForStartOrder(legal[0].color, _dice.randint(1, 6) + _dice.randint(1, 6))
    if step is Step.CAMOUFLAGE_ROLL:
        return dice_action(state, [_dice.randint(1, 6)])
    if step in (Step.MOVE_ROLL, Step.FIGHT_ROLL):
        count = len(legal[0].dice) if step is Step.MOVE_ROLL else 2
        return dice_action(state, [_dice.randint(1, 6) for _ in range(count)])
    return None


def _rolls_now(game: Game) -> bool:
    step = game.state.cursor.step
    if step is Step.TURN_CARD:
        return game.cards_by_app
    return game.dice_by_app and step in DICE_STEPS


def follow(game: Game, entry: Entry | None = None) -> Game:
    """After an entry (or a game's creation): roll by itself while chance is awaited, if the
    game was set up so; returns the game as it is then."""
    return follow_chance(game, entry, lambda g: chance_action(g.state) if _rolls_now(g) else None)
