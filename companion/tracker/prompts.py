"""What the engine awaits now, said for the table: who acts, with which amoeba, and the rule."""

from __future__ import annotations

from dataclasses import dataclass

from companion.tracker import attacks, defects, division, movement, sources
from companion.tracker.choices import start_roll_group
from companion.tracker.data import HOLDING, Color, tentacle_capacity
from companion.tracker.sources import Rule
from companion.tracker.state import AmoebaId, GameState, Phase, Step, amoeba_label, player_label


@dataclass(frozen=True)
class Prompt:
    """What is awaited: the step, the acting color and amoeba, a sentence, and its source."""

    step: Step
    actor: Color | None
    amoeba: AmoebaId | None
    text: str
    source: Rule | None


def prompt(state: GameState) -> Prompt:
    """The prompt for the current state."""
    c = state.cursor

    def _name(aid: AmoebaId) -> str:
        return amoeba_label(state, aid)

    step = c.step
    if state.phase is Phase.OVER:
        return Prompt(step, None, None, "The game is over.", sources.GAME_END)
    if step is Step.TURN_CARD:
        what = (
            "the first environment card"
            if state.phase is Phase.SETUP
            else "the next environment card"
        )
        return Prompt(
            step,
            None,
            None,
            f"Turn {what} ({len(state.remaining_cards())} left).",
            sources.SETUP if state.phase is Phase.SETUP else sources.PHASE_2,
        )
    if step is Step.START_ROLLS:
        rolled = dict(c.start_rolls)
        waiting = [col for col in start_roll_group(state) if col not in rolled]
        actor = waiting[0] if waiting else None
        return Prompt(
            step,
            actor,
            None,
            f"{player_label(state, actor)} rolls two dice for the start order.",
            sources.START_ORDER,
        )
    if step is Step.START_SPACE:
        actor = c.start_order[c.index]
        return Prompt(
            step,
            actor,
            None,
            f"{player_label(state, actor)} picks a ladder start space (1-{state.n_players}).",
            sources.START_ORDER_5_6 if state.n_players >= 5 else sources.START_ORDER,
        )
    if step is Step.PLACE:
        dp = " with 1 DP" if c.placement_round == 1 and state.n_players >= 4 else ""
        return Prompt(
            step,
            c.actor,
            None,
            f"{player_label(state, c.actor)} places an amoeba on an empty space{dp}.",
            sources.PLACEMENT,
        )
    if step is Step.MOVEMENT_CHOICE:
        a = state.amoeba(c.amoeba)
        player = state.player(a.color)
        opts = [
            "drift "
            + (
                movement.direction_text(movement.drift_option(state))
                if movement.drift_option(state)
                else "(no drift: stays)"
            )
        ]
        cost = movement.move_cost(player)
        if player.bp >= cost:
            opts.append(f"move ({cost} BP)" if cost else "move (free)")
        if player.has(HOLDING):
            opts.append("stay (Holding)")
        return Prompt(
            step,
            a.color,
            a.id,
            f"{_name(a.id)} on space {a.space}: " + ", ".join(opts) + ".",
            sources.PHASE_1,
        )
    if step is Step.MOVE_ROLL:
        mover = c.move.mover
        n = movement.dice_count(state.player(mover.color))
        dice = "two dice (Movement I)" if n == 2 else "a die"
        return Prompt(
            step,
            mover.color,
            mover,
            f"Roll {dice} for {_name(mover)}: 1 west, "
            "2 north, 3 east, 4 south, 5 stay, 6 free choice.",
            sources.COMPASS,
        )
    if step is Step.MOVE_DIRECTION:
        mover = c.move.mover
        offered = ", ".join(movement.direction_text(o) for o in c.move.options)
        return Prompt(
            step,
            mover.color,
            mover,
            f"Choose where {_name(mover)} moves: {offered}.",
            sources.COMPASS,
        )
    if step is Step.CARRY:
        head = c.move.queue[0]
        cap = tentacle_capacity(state.n_players)
        return Prompt(
            step,
            head.amoeba.color,
            head.amoeba,
            f"{_name(head.amoeba)} may carry up "
            f"to {cap} cubes from space {head.origin} to space {head.destination} "
            "(Tentacle).",
            sources.MOVEMENT_GENES,
        )
    if step is Step.RIDE_ALONG:
        head = c.move.queue[0]
        return Prompt(
            step,
            head.amoeba.color,
            head.amoeba,
            f"{_name(head.amoeba)} may ride along to space {head.destination} (Holding).",
            sources.MOVEMENT_GENES,
        )
    if step is Step.SECOND_MOVE:
        mover = c.move.mover
        return Prompt(
            step,
            mover.color,
            mover,
            f"{_name(mover)} may make a second, free move (Speed).",
            sources.SPEED_QA,
        )
    if step is Step.FEED:
        a = state.amoeba(c.amoeba)
        return Prompt(
            step,
            a.color,
            a.id,
            f"{_name(a.id)} feeds on space {a.space}.",
            sources.FEEDING_5_6 if state.n_players >= 5 else sources.FEEDING,
        )
    if step is Step.ATTACK_RESPONSE:
        t = c.attack.target
        opts = " or ".join(
            {"defense": "defend (1 BP)", "escape": "escape"}[r]
            for r in attacks.responses(state, c.attack)
        )
        return Prompt(
            step,
            t.color,
            t,
            f"{_name(t)} is attacked by {_name(c.attack.attacker)}: {opts}, or accept.",
            sources.ATTACKS,
        )
    if step is Step.FIGHT_ROLL:
        return Prompt(
            step,
            c.attack.target.color,
            c.attack.target,
            f"Fight: "
            f"{_name(c.attack.attacker)} and {_name(c.attack.target)} each roll a die; "
            "ties roll again.",
            sources.ATTACKS,
        )
    if step is Step.DEFENSE_RETRY:
        t = c.attack.target
        return Prompt(
            step,
            t.color,
            t,
            f"{_name(t)} lost the fight: fight once more for free (Persistence)?",
            sources.ADVANCED_ATTACKS,
        )
    if step is Step.ATTACK_RETRY:
        a = c.attack.attacker
        return Prompt(
            step,
            a.color,
            a,
            f"{_name(a)}'s attack failed: try once more for free (Persistence)?",
            sources.ADVANCED_ATTACKS,
        )
    if step is Step.PAY_DEBT:
        color = c.actor
        card = state.current_card()
        return Prompt(
            step,
            color,
            None,
            f"{player_label(state, color)} has "
            f"{defects.mp_sum(state, color)} MP against ozone {card.ozone}: pays "
            f"{defects.debt(state, color)} with genes and/or BP.",
            sources.PHASE_2,
        )
    if step is Step.BUY:
        player = state.player(c.actor)
        return Prompt(
            step,
            c.actor,
            None,
            f"{player_label(state, c.actor)} ({player.bp} BP) may buy genes.",
            sources.PHASE_3,
        )
    if step is Step.DIVIDE:
        color = c.actor
        player = state.player(color)
        if division.free_amoeba_due(state, color):
            text = (
                f"{player_label(state, color)} has no amoeba on the board: "
                "place one free, anywhere."
            )
            return Prompt(step, color, None, text, sources.FREE_AMOEBA)
        cost = division.division_cost(state, color)
        return Prompt(
            step,
            color,
            None,
            f"{player_label(state, color)} ({player.bp} BP) may divide: "
            f"{cost} BP per amoeba; {division.division_rule(state, color)}.",
            sources.PHASE_4,
        )
    if step is Step.AGGRESSION:
        return Prompt(
            step,
            c.actor,
            None,
            f"{player_label(state, c.actor)} may strike once with Aggression (1 BP).",
            sources.ADVANCED_ATTACKS,
        )
    return Prompt(step, None, None, "Nothing is awaited.", None)
