"""The phase machine: who acts next, what is awaited, and every automatic step between.

Each function takes the state and an event list, appends explained events, and returns the
state at the next point where the table must say something (a `Step`). Turn order is read
from the ladder when a phase starts (000 §Orden Ascendente/Descendente; RULES §Decisions).
The steps live in `phases/`, one module per phase; this module names them all.
"""

from __future__ import annotations

from companion.tracker.ursuppe.phases.base import (
    Event,
    Events,
    add_cubes,
    pay,
    place_new_amoeba,
    purse_order,
    say,
    set_amoeba,
    who,
)
from companion.tracker.ursuppe.phases.p0_setup import (
    after_card,
    after_placement,
    begin_placement,
    maybe_auto_card,
    start,
    turn_card,
)
from companion.tracker.ursuppe.phases.p1_attacks import (
    aggression_done,
    ask_response,
    attack_fails,
    attack_over_failed,
    attack_succeeds,
    begin_attack,
    escape_done,
)
from companion.tracker.ursuppe.phases.p1_movement import (
    amoeba_done,
    arrive,
    begin_round,
    movement_done,
    movement_step_done,
    next_amoeba,
    process_queue,
    resolve_direction,
    start_active_move,
    to_feeding,
)
from companion.tracker.ursuppe.phases.p2_environment import begin_environment, next_debtor
from companion.tracker.ursuppe.phases.p3_genes import begin_genes, next_buyer
from companion.tracker.ursuppe.phases.p4_division import begin_division, income, next_divider
from companion.tracker.ursuppe.phases.p5_deaths import begin_deaths, next_aggressor
from companion.tracker.ursuppe.phases.p6_scoring import begin_scoring, end_of_round

__all__ = [
    "Event",
    "Events",
    "add_cubes",
    "after_card",
    "after_placement",
    "aggression_done",
    "amoeba_done",
    "arrive",
    "ask_response",
    "attack_fails",
    "attack_over_failed",
    "attack_succeeds",
    "begin_attack",
    "begin_deaths",
    "begin_division",
    "begin_environment",
    "begin_genes",
    "begin_placement",
    "begin_round",
    "begin_scoring",
    "end_of_round",
    "escape_done",
    "income",
    "maybe_auto_card",
    "movement_done",
    "movement_step_done",
    "next_aggressor",
    "next_amoeba",
    "next_buyer",
    "next_debtor",
    "next_divider",
    "pay",
    "place_new_amoeba",
    "purse_order",
    "process_queue",
    "resolve_direction",
    "say",
    "set_amoeba",
    "start",
    "start_active_move",
    "to_feeding",
    "turn_card",
    "who",
]
