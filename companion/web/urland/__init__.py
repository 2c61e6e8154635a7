"""Urland's web side: its setup page (with the group's board editor), the contexts of its
console, phones and TV, its forms, its corrections and "why" numbers, its drawings and its
rules prose, registered in
`web/gameshells.py` as `SHELL`."""

from __future__ import annotations

from companion.tracker.game import URLAND
from companion.tracker.urland import why
from companion.web.gameshell import GameShell, view_templates
from companion.web.urland import autodraw, correction, forms, private, setup, story, svg, views
from companion.web.urland.rules import RULES

SHELL = GameShell(
    game=URLAND,
    templates=view_templates(
        "urland", _correction_form="urland/_correction_form.html", _why="urland/_why.html"
    ),
    console=views.console_context,
    seat=views.seat_context,
    board=views.board_context,
    standings=views.standings_context,
    moment=views.moment_context,
    action_from_form=views.action_from_form,
    setup_page=setup.setup_page,
    create=setup.create,
    export_text=views.export_text,
    read_record=views.read_record,
    preview=forms.retreat_summary,
    private=private.private_form,
    rules=RULES,
    story=story.story,
    summary=story.summary,
    template_globals={
        "urland_board": svg.game_board,
        "urland_track": svg.track,
        "urland_correction_form": correction.correction_form,
        "urland_secret_form": correction.secret_form,
        "urland_why": why.console,
        "urland_why_seat": why.seat,
    },
    secret_choice=forms.secret_choice,
    follow=autodraw.follow,
    unserved=frozenset({"console.roll"}),
    correction_from_form=correction.correction_from_form,
    correction_form=views.correction_context,
    why=views.why_context,
)
