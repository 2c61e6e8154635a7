"""Urland's web side: its setup page (with the group's board editor), the contexts of its
console, phones and TV, its forms, its drawings and its rules prose, registered in
`web/gameshells.py` as `SHELL`."""

from __future__ import annotations

from companion.tracker.game import URLAND
from companion.web.gameshell import GameShell, view_templates
from companion.web.urland import autodraw, forms, svg, views
from companion.web.urland.rules import RULES

SHELL = GameShell(
    game=URLAND,
    templates=view_templates("urland"),
    console=views.console_context,
    seat=views.seat_context,
    board=views.board_context,
    standings=views.standings_context,
    moment=views.moment_context,
    action_from_form=views.action_from_form,
    setup_page=views.setup_page,
    create=views.create,
    export_text=views.export_text,
    read_record=views.read_record,
    preview=forms.retreat_summary,
    rules=RULES,
    template_globals={"urland_board": svg.game_board, "urland_track": svg.track},
    secret_choice=forms.secret_choice,
    follow=autodraw.follow,
    unserved=frozenset({"console.roll", "console.correct", "console.correction", "moment.why"}),
)
