"""Helpers for Urland's web tests: set a game up through its form, play it through the
console and the phones choosing at random among what each viewer is offered."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from companion.tracker.colors import Color
from companion.tracker.urland import projection
from companion.tracker.urland.state import Step

URLAND_PLAYERS = [("Ana", "red"), ("Ben", "yellow"), ("Cleo", "green"), ("Dev", "blue")]


def board_fields(page: str) -> dict[str, str]:
    """The board editor's values as the setup page shows them."""
    form = {}
    for m in re.finditer(r'<input name="(shore\d+|currents|strips)" value="([^"]*)"', page):
        form[m.group(1)] = m.group(2)
    for m in re.finditer(r'<select name="(volcano\d+)"[^>]*>(.*?)</select>', page, re.S):
        form[m.group(1)] = re.search(r'<option value="(\w+)" selected', m.group(2)).group(1)
    form["track"] = re.search(r'name="track" value="(\d+)"', page).group(1)
    return form


def urland_form(referee, players=URLAND_PLAYERS, **overrides: str) -> dict[str, str]:
    """The Urland setup form as a referee fills it (the board as the page shows it)."""
    page = referee.client.get("/games/new?game=urland").get_data(as_text=True)
    form = {"csrf": referee.csrf, "game": "urland", "game_name": "Urland night"}
    for i, (name, color) in enumerate(players):
        form[f"name{i}"], form[f"color{i}"] = name, color
    form.update(board_fields(page))
    form.update(overrides)
    return form


def create_urland(referee, **overrides: str) -> str:
    """Create an Urland game through the setup form; returns its id."""
    response = referee.client.post("/games", data=urland_form(referee, **overrides))
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    referee.game_id = response.headers["Location"].rsplit("/", 1)[-1]
    return referee.game_id


def seat_post(referee, token: str, data: dict[str, Any]):
    """A phone's submission (its own session carries the referee's CSRF in tests)."""
    form = {"csrf": referee.csrf, "revision": str(referee.revision), **data}
    return referee.client.post(f"/s/{token}/act", data=form, headers={"HX-Request": "true"})


def step_once(referee, tokens: dict[str, str], rng: random.Random) -> None:
    """One move of the game, made where the app offers it: the referee's draw or choice, or
    a phone's own choice (a token kept, a sealed bid)."""
    game = referee.game()
    state = game.state
    if game.core.chance(state) is not None:
        response = referee.post("/chance")
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        return
    mine = projection.choices(state, None)
    if mine:
        response = referee.post("/act", {"action": json.dumps(_pick(state, mine, rng))})
        assert response.status_code == 200, response.get_data(as_text=True)[-800:]
        return
    for color in state.colors:
        offered = projection.choices(state, color)
        if not offered:
            continue
        if state.step is Step.BID:
            most = max(c["n"] for c in offered)
            data = {"bid": str(rng.randint(0, min(most, 2)))}
        else:
            data = {"action": json.dumps(_pick(state, offered, rng))}
        response = seat_post(referee, tokens[color.value], data)
        assert response.status_code == 200, response.get_data(as_text=True)[-800:]
        return
    raise AssertionError(f"nobody is offered anything at {state.step}")


def _pick(state, offered: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    if state.step is Step.ACTIONS:  # keep games short: rarely end early or retreat
        moves = [c for c in offered if c["type"] not in ("end_actions", "retreat")]
        if moves and rng.random() < 0.9:
            return rng.choice(moves)
    return rng.choice(offered)


def colors_of(referee) -> list[Color]:
    return list(referee.game().state.colors)
