"""What one game's web side gives the shell: its `GameShell` (each game's package under
`web/<game>/` defines its `SHELL`; `gameshells.py` registers them by the game's key).

The views never ask which game they serve: they take the `GameShell` of the stored game and
call it for the context of a page, the templates it renders, how a form becomes an action,
how a record is read and exported, and the rules pages it writes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.store import Game
from companion.tracker.game import Game as Core


@dataclass(frozen=True)
class RulePages:
    """A game's part of the rules pages (`/rules`): its rule areas in the app's words."""

    heading: Callable[[], str]  # the game's heading on the rules index
    areas: tuple[str, ...]  # its rule areas, in the order of a game
    pages: Callable[[], Mapping[str, Any]]  # area -> rulepage.Page
    sections: Callable[[str], list[tuple[str, str]]]  # area -> (book, its sections) pairs
    options: Callable[[], Mapping[str, str]]  # the rule options, in sentences
    genes: Callable[[str], list[tuple[Any, list[Any]]]] = lambda area: []  # an area's table


VIEWS = (
    "console",
    "_console",
    "seat",
    "_seat",
    "board",
    "_board",
    "_final",
    "standings",
    "moment",
)


def view_templates(folder: str, **others: str) -> dict[str, str]:
    """A shell's `templates`: each view's in the game's folder (`<folder>/console.html`, ...),
    unless `others` names it elsewhere; `others` adds the templates of the game's own tools."""
    return {view: f"{folder}/{view}.html" for view in VIEWS} | others


@dataclass(frozen=True)
class GameShell:
    """One game's web side: templates per view, contexts, forms and records."""

    game: Core
    templates: Mapping[str, str]  # console, _console, seat, _seat, board, _board, _final (the
    # TV's word above the story once over), standings, moment (and _why, _correction_form)
    console: Callable[..., dict]  # (game, **extra) -> the console's context
    seat: Callable[[Game, Any], dict]  # (game, color) -> a phone's context
    board: Callable[[Game, str], dict]  # (game, board token) -> the TV's context
    standings: Callable[[Game], dict]
    moment: Callable[[Game, Any, Any], dict]  # (game, state before, after) -> a moment's page
    action_from_form: Callable[[Any, Any, Any], Any]  # (state, form, viewer) -> action
    setup_page: Callable[..., Any]  # (error, form, status) -> the setup page (html, status)
    create: Callable[[Any], Any]  # the setup form -> a new game (raises InvalidAction)
    export_text: Callable[[Game], str]  # the record the referee downloads
    read_record: Callable[[Any], Any]  # record data -> Record, replayed (raises RecordError)
    rules: RulePages
    unserved: frozenset[str] = frozenset()  # endpoints of another game's tools: 404 here
    preview: Callable[[Game, Any, Any], str] | None = None  # (game, form, viewer) -> the
    # line a form being filled in shows before it is sent (None: no such form; 404)
    private: Callable[[Game, Any], str] | None = None  # (game, args) -> a seat's secret
    # choice on the laptop, fetched when that player taps their opener (None: 404)
    template_globals: Mapping[str, Any] = field(default_factory=dict)  # its templates' helpers
    # Whether the choice awaited now is one only a phone makes (Urland's kept token, a sealed
    # bid): taken from the phones even when the referee enters everything else.
    secret_choice: Callable[[Any], bool] = lambda state: False
    # The console's tools of a game that has them (None: 404, as `unserved` says).
    follow: Callable[[Game, Any], Game] | None = None  # after an entry: the app rolls by itself
    app_roll: Callable[[Any], Any] | None = None  # state -> the awaited dice rolled, or None
    correction_from_form: Callable[[Any], Any] | None = None  # form -> a correction
    correction_form: Callable[[Game], dict] | None = None  # the correction form's context
    why: Callable[[Game], dict] | None = None  # the "why" numbers' context
    story: Callable[[Game], dict] | None = None  # the story page's context (public only)
    summary: Callable[[Game], dict] | None = None  # a finished game for the group's history
