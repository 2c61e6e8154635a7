"""A long legal list on the console, offered in stages (003 §The Amoeba Advanced Genome
Project, Suction II "horizontal or diagonal"): a 6-player meal with Suction II and the
diagonal option has hundreds of legal meals. The console asks first where the meal comes
from (the amoeba's own space or one neighbouring space), then lists that group's meals; every
meal `legal_actions` allows is reachable, nothing else is offered, and the meal chosen is
validated by the engine like any other action.
"""

from __future__ import annotations

import html
import json
import re

from big_meal import big_meal
from conftest import text_of

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import action_from_dict
from companion.tracker.ursuppe.record.document import record_from_dict
from companion.web.ursuppe.controls import controls
from companion.web.ursuppe.stages import LISTED_UP_TO, STAGED_OVER, stage

GROUP_RE = re.compile(r'data-group="([^"]+)"')
ACTION_RE = re.compile(r'name="action" value="([^"]+)"')


def imported(referee, genes=("suction_2",)):
    data, state = big_meal(genes)
    game = referee.store.import_record(record_from_dict(data), "long meal")
    referee.game_id = game.id
    return state


def actions_in(page: str) -> list:
    return [action_from_dict(json.loads(html.unescape(v))) for v in ACTION_RE.findall(page)]


def every_leaf(state, path=""):
    """Every action reachable by opening groups from `path` down."""
    staged = stage(state, legal_actions(state), path)
    found = list(staged.actions)
    for group in staged.groups:
        found += every_leaf(state, group.path)
    return found


def test_a_long_meal_list_is_offered_by_neighbour_space_first(referee):
    state = imported(referee)
    legal = legal_actions(state)
    assert len(legal) > 300

    page = text_of(referee.console(htmx=True))

    groups = GROUP_RE.findall(page)
    assert groups and len(groups) <= STAGED_OVER
    assert {g for g in groups if g.startswith("space")} == {
        f"space{s}" for s in {a.space for a in legal if hasattr(a, "sucked")}
    }
    assert "with cubes from space" in page and "only cubes of its own space" in page
    assert not actions_in(page)  # no meal yet: a group first


def test_opening_a_neighbour_space_lists_its_meals_and_one_is_played(referee):
    state = imported(referee)
    groups = GROUP_RE.findall(text_of(referee.console(htmx=True)))
    space = next(g for g in groups if g.startswith("space"))
    response = referee.client.get(f"{referee.url}?group={space}", headers={"HX-Request": "true"})
    page = text_of(response)
    offered = actions_in(page)

    assert 0 < len(offered) <= LISTED_UP_TO
    assert set(offered) <= set(legal_actions(state))
    assert "Back" in page and "with cubes from space" in page  # the group chosen, named
    revision = referee.revision
    referee.play_ok(offered[-1])
    assert referee.revision > revision


def test_every_legal_meal_is_reachable_and_nothing_else_with_every_feeding_gene():
    _, state = big_meal(("suction_2", "parasitism", "substitution", "glutton"), least=1000)
    legal = legal_actions(state)

    reached = every_leaf(state)

    assert sorted(map(repr, reached)) == sorted(map(repr, legal))
    top = stage(state, legal)
    assert len(top.groups) + len(top.actions) <= STAGED_OVER
    # Back from a group of a group returns to the stage it was chosen on.
    space = next(g for g in top.groups if g.path.startswith("space"))
    second = stage(state, legal, space.path)
    assert second.groups and second.back == ""
    third = stage(state, legal, second.groups[0].path)
    assert third.actions and stage(state, legal, third.back).groups == second.groups


def test_a_stale_or_unknown_group_starts_again_at_the_first_stage(referee):
    state = imported(referee)

    assert controls(state, "nonsense/x").groups == controls(state).groups


def test_a_short_list_is_not_staged():
    _, state = big_meal((), least=2)  # the base game: a handful of meals

    assert len(legal_actions(state)) <= STAGED_OVER
    assert not controls(state).groups
