"""Two things a table needs on Urland's pages: a retreat from several areas as one action
(002 §2.2 Azioni degli Ichto: 4. Ritirata, "any number of own Ichto off the board"), and the
environment player's phone drawing its own token (002 §2.4 Fine del turno), the same chance
action as the console's "Draw at random". Both reach the core's one legality check; every
refusal names its rule and changes nothing.
"""

from __future__ import annotations

import re

from conftest import text_of
from urland_web import import_prefix, seat_post

from companion.tracker.urland.actions import DrawToken, Retreat
from companion.tracker.urland.board import OCEANS
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Step

RETREAT_RULE = "4. Ritirata"
DRAW_RULE = "2.4 Fine del turno"
TAKE_RE = re.compile(r'name="take_(\w+)" min="0" max="(\d+)"')


def _own_areas(state, color) -> dict[str, int]:
    areas = [r["region"] for r in _regions(state)] + list(OCEANS)
    return {a: state.count(a, color) for a in areas if state.count(a, color)}


def _empty_area(state, color) -> str:
    return next(r["region"] for r in _regions(state) if not state.count(r["region"], color))


def _regions(state):
    from companion.tracker.urland.projection import public_view

    return public_view(state)["regions"]


def _unchanged(referee, revision: int, state) -> None:
    game = referee.game()
    assert game.revision == revision and game.state == state


# ----- retreat from several areas ---------------------------------------------------------
def test_the_console_offers_one_number_per_area_holding_the_players_ichto(referee):
    """002 §2.2 4.: only the acting player's own Ichto retreat, at most what is there."""
    state = import_prefix(referee, Step.ACTIONS)
    own = _own_areas(state, prompt(state).actor)
    page = text_of(referee.console(htmx=True))
    offered = {area: int(most) for area, most in TAKE_RE.findall(page)}
    assert offered == own and len(own) >= 2
    assert 'class="retreat-form"' in page and 'name="retreat" value="1"' in page
    assert "Choose how many Ichto leave each area." in page
    assert '"type": "retreat"' not in page  # no single-area retreat buttons besides


def test_a_retreat_from_several_areas_is_one_action(referee):
    state = import_prefix(referee, Step.ACTIONS)
    color = prompt(state).actor
    (a, in_a), (b, in_b) = list(_own_areas(state, color).items())[:2]
    revision, reserve, left = referee.revision, state.player(color).reserve, state.actions_left
    response = referee.post("/act", {"retreat": "1", f"take_{a}": in_a, f"take_{b}": "1"})
    assert response.status_code == 200, text_of(response)[-600:]
    game = referee.game()
    assert game.revision == revision + 1  # one entry in the log
    assert game.entries[-1] == Retreat(((a, in_a), (b, 1)))
    new = game.state
    assert new.count(a, color) == 0 and new.count(b, color) == in_b - 1
    assert new.player(color).reserve == reserve + in_a + 1
    assert new.actions_left == left - 1  # one action, however many areas
    events = " ".join(text_of(response).split())
    area = {x: ("ocean " if x in OCEANS else "region ") + x for x in (a, b)}
    assert f"{in_a} Ichto from {area[a]}, 1 Ichto from {area[b]}" in events


def test_a_retreat_refused_names_its_rule_and_changes_nothing(referee):
    state = import_prefix(referee, Step.ACTIONS)
    color = prompt(state).actor
    (a, in_a), (b, _) = list(_own_areas(state, color).items())[:2]
    revision = referee.revision
    cases = [
        ({f"take_{a}": "0", f"take_{b}": ""}, "a retreat takes at least one Ichto off the board"),
        ({f"take_{a}": in_a + 1}, "you have fewer Ichto in"),
        ({f"take_{_empty_area(state, color)}": "1"}, "you have fewer Ichto in"),
        ({"take_Z9": "1"}, "you have fewer Ichto in Z9"),
    ]
    for fields, words in cases:
        response = referee.post("/act", {"retreat": "1", **fields})
        assert response.status_code == 422, fields
        body = text_of(response)
        assert words in body and RETREAT_RULE in body, fields
        _unchanged(referee, revision, state)
    garbage = referee.post("/act", {"retreat": "1", f"take_{a}": "two"})
    assert garbage.status_code == 422 and "whole number" in text_of(garbage)
    _unchanged(referee, revision, state)


def test_the_summary_line_says_what_the_retreat_would_take(referee):
    """The line before confirming is the core's own label, or its refusal with the rule."""
    state = import_prefix(referee, Step.ACTIONS)
    (a, in_a), (b, _) = list(_own_areas(state, prompt(state).actor).items())[:2]
    url = f"{referee.url}/preview"
    line = text_of(referee.client.get(url, query_string={f"take_{a}": in_a, f"take_{b}": 1}))
    name = {x: ("ocean " if x in OCEANS else "region ") + x for x in (a, b)}
    assert f"Retreat {in_a} Ichto from {name[a]}, 1 Ichto from {name[b]}" in line
    too_many = text_of(referee.client.get(url, query_string={f"take_{a}": in_a + 1}))
    assert "you have fewer Ichto in" in too_many and RETREAT_RULE in too_many
    assert "Choose how many" in text_of(referee.client.get(url))
    assert referee.revision == len(referee.game().entries)  # nothing recorded


def test_the_acting_phone_retreats_too_and_no_other_phone_may(referee):
    state = import_prefix(referee, Step.ACTIONS)
    color = prompt(state).actor
    (a, _), (b, _) = list(_own_areas(state, color).items())[:2]
    tokens = referee.store.seat_tokens(referee.game_id)
    other = next(c for c in state.colors if c != color)
    form = {"retreat": "1", f"take_{a}": "1", f"take_{b}": "1"}
    refused = seat_post(referee, tokens[other.value], form)
    assert refused.status_code == 422 and "not yours" in text_of(refused)
    assert 'name="take_' not in text_of(referee.client.get(f"/s/{tokens[other.value]}"))
    page = text_of(referee.client.get(f"/s/{tokens[color.value]}"))
    assert f'name="take_{a}"' in page
    preview = text_of(referee.client.get(f"/s/{tokens[color.value]}/preview?take_{a}=1"))
    assert "Retreat 1 Ichto from" in preview
    assert seat_post(referee, tokens[color.value], form).status_code == 200
    assert referee.game().entries[-1] == Retreat(((a, 1), (b, 1)))


def test_ursuppe_has_no_preview(game):
    assert game.client.get(f"{game.url}/preview").status_code == 404


# ----- the environment player's phone draws -----------------------------------------------
def _draw_turn(referee):
    """A game at turn 1's draw: the dead of turn 0 became the environment player."""
    state = import_prefix(referee, Step.DRAW, skip=3)
    return state, referee.store.seat_tokens(referee.game_id)


def test_only_the_environment_players_phone_offers_its_draw(referee):
    state, tokens = _draw_turn(referee)
    for color in state.colors:
        page = text_of(referee.client.get(f"/s/{tokens[color.value]}"))
        assert ("Draw my token" in page) == (color == state.env_color), color
    assert "Draw at random" in text_of(referee.console(htmx=True))  # the console still can


def test_the_phone_draw_is_the_consoles_chance_action(referee):
    """002 §2.4: the environment player draws a token; it joins their hand, on their phone."""
    state, tokens = _draw_turn(referee)
    revision = referee.revision
    response = seat_post(referee, tokens[state.env_color.value], {"draw": "1"})
    assert response.status_code == 200, text_of(response)[-600:]
    game = referee.game()
    assert game.revision == revision + 1
    drawn = game.entries[-1]
    assert isinstance(drawn, DrawToken) and drawn.token in game.core.chance(state)
    if drawn.token:  # a region token: in the hand, shown on the drawer's phone only
        assert game.state.hands[state.env][-1] == drawn.token
        assert f'data-token="{drawn.token}"' in text_of(response)


def test_another_seat_or_a_stale_tap_is_refused_naming_the_rule(referee):
    state, tokens = _draw_turn(referee)
    revision = referee.revision
    dead = tokens[state.dead_color.value]
    refused = seat_post(referee, dead, {"draw": "1"})
    assert refused.status_code == 422
    body = text_of(refused)
    assert "the environment player, draws now" in body and DRAW_RULE in body
    _unchanged(referee, revision, state)
    env = tokens[state.env_color.value]
    assert seat_post(referee, env, {"draw": "1"}).status_code == 200
    after = referee.game()
    again = referee.client.post(  # the double tap: the same form, made at the old revision
        f"/s/{env}/act",
        data={"csrf": referee.csrf, "revision": str(revision), "draw": "1"},
        headers={"HX-Request": "true"},
    )
    assert again.status_code == 409  # stale: the table moved on meanwhile; nothing drawn
    _unchanged(referee, after.revision, after.state)
    fresh = seat_post(referee, env, {"draw": "1"})  # the same tap made at the new revision
    assert fresh.status_code == 422 and "nothing is drawn on a phone now" in text_of(fresh)
    _unchanged(referee, after.revision, after.state)


def test_a_double_tap_during_the_setup_draws_draws_once(referee):
    """002 §1 step 8: the starting player draws 3, one draw at a time: a second tap made
    against the same state is stale (409) and draws nothing."""
    state = import_prefix(referee, Step.DRAW)
    env = referee.store.seat_tokens(referee.game_id)[state.env_color.value]
    revision = referee.revision
    form = {"csrf": referee.csrf, "revision": str(revision), "draw": "1"}
    first = referee.client.post(f"/s/{env}/act", data=form, headers={"HX-Request": "true"})
    second = referee.client.post(f"/s/{env}/act", data=form, headers={"HX-Request": "true"})
    assert first.status_code == 200 and second.status_code == 409
    assert referee.revision == revision + 1
    assert len(referee.game().state.hands[state.env]) == 1


def test_no_phone_draws_when_the_table_draws_the_tokens(referee):
    from urland_web import create_urland

    create_urland(referee, tokens="table")
    state = referee.game().state
    assert state.step is Step.DRAW
    env = referee.store.seat_tokens(referee.game_id)[state.env_color.value]
    assert "Draw my token" not in text_of(referee.client.get(f"/s/{env}"))
    refused = seat_post(referee, env, {"draw": "1"})
    assert refused.status_code == 422 and "nothing is drawn on a phone now" in text_of(refused)
