"""The web shell's registry: each game's web side, looked up by the game's key.

Each game's web package defines its `SHELL` (`web/ursuppe/`, `web/urland/`: a
`gameshell.GameShell`), and both are registered here the same way, as the cores are in
`tracker.game.GAMES`. A third game is a third package and a third entry (see
docs/engine.md, "Adding a third game").
"""

from __future__ import annotations

from typing import TypeVar

from flask import abort

from companion.store import Game
from companion.tracker.game import DEFAULT_GAME, GAMES
from companion.web import urland, ursuppe
from companion.web.gameshell import GameShell

SHELLS: dict[str, GameShell] = {shell.game.key: shell for shell in (ursuppe.SHELL, urland.SHELL)}

Tool = TypeVar("Tool")


def refuse_unserved() -> None:
    """Before a request: 404 for a game's page its shell does not serve (Ursuppe's dice,
    corrections and the "why" numbers for an Urland game)."""
    from flask import request

    from companion.store import NotFound
    from companion.web.common import store

    game_id = (request.view_args or {}).get("game_id")
    if not game_id or not request.endpoint:
        return
    try:
        game = store().get(game_id)
    except NotFound:
        return  # the view answers 404 itself
    if request.endpoint in shell_of(game).unserved:
        abort(404)


def template(game: Game, view: str) -> str:
    """The template of a view for this game."""
    return shell_of(game).templates[view]


def shell_of(game: Game) -> GameShell:
    """The shell of a stored game."""
    return SHELLS[game.core.key]


def served(tool: Tool | None) -> Tool:
    """A game's own tool (its preview, app roll, corrections, "why" numbers), or 404 for a
    game whose shell has none."""
    if tool is None:
        abort(404)
    return tool


def shell_by_key(key: str | None) -> GameShell:
    """The shell for a key from a form; the default game's when none or unknown."""
    return SHELLS.get(key or DEFAULT_GAME, SHELLS[DEFAULT_GAME])


def games_offered() -> list[tuple[str, str]]:
    """(key, title) of every game the setup page offers."""
    return [(key, core.title) for key, core in GAMES.items() if key in SHELLS]
