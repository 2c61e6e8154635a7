"""Ursuppe's web side: its console (contexts, controls, drawings), its phones' and TV's pages,
its setup page, its console tools (the app's rolls, corrections, the "why" numbers) and its
rules prose, registered in `web/gameshells.py` as `SHELL`."""

from __future__ import annotations

from companion.tracker.game import URSUPPE
from companion.tracker.ursuppe.rules.deckcheck import deck_warnings
from companion.web.gameshell import GameShell, view_templates
from companion.web.ursuppe import (
    autoroll,
    correction,
    drawings,
    setup,
    soup_svg,
    story,
    views,
    why,
)
from companion.web.ursuppe.rules import RULES

SHELL = GameShell(
    game=URSUPPE,
    templates=view_templates(
        "ursuppe",
        _console="_console.html",
        _board="ursuppe/_board_view.html",
        _why="ursuppe/_console_why_body.html",
        _correction_form="ursuppe/_correction_form.html",
    ),
    console=views.console,
    seat=views.seat,
    board=views.board,
    standings=views.standings,
    moment=views.moment,
    action_from_form=views.action,
    setup_page=setup.setup_page,
    create=setup.create_ursuppe,
    export_text=views.export_text,
    read_record=views.read_record,
    rules=RULES,
    template_globals={
        "board_svg": soup_svg.board_svg,
        "correction_form": correction.correction_form,
        "soup_drawing": drawings.soup,
        "ladder_drawing": drawings.ladder,
        "why_for": why.derivations,
        "deck_warnings": deck_warnings,
        "why_prices": why.prices,
    },
    follow=autoroll.follow,
    app_roll=autoroll.chance_action,
    correction_from_form=correction.correction_from_form,
    correction_form=views.correction_form,
    why=views.why,
    story=story.story,
    summary=story.summary,
)
