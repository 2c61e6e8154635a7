"""Ursuppe's setup page and form: the players, rule options, the group's board, deck and
ladder, remembered for the next game; a new game from the form, opened on its console."""

from __future__ import annotations

import dataclasses
import secrets
from datetime import date
from typing import Any

from flask import redirect, render_template, url_for
from flask_babel import gettext as _

from companion.i18n import t
from companion.tracker.citations import Book
from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.msg import msg
from companion.tracker.text import check_text
from companion.tracker.ursuppe.actions import ShuffleEnvironmentDeck
from companion.tracker.ursuppe.data import (
    FOOD_CUBES_PER_COLOR,
    PLACEHOLDER_DECK,
    START_CUBES_PER_SPACE,
    Direction,
    EnvironmentCard,
)
from companion.tracker.ursuppe.options import RuleOptions
from companion.tracker.ursuppe.rules.board import BoardFlip, make_board
from companion.tracker.ursuppe.rules.people import decoy
from companion.tracker.ursuppe.sources import RULEBOOKS
from companion.tracker.ursuppe.state import GameSetup, Seat
from companion.web.common import store
from companion.web.shapes import GLYPHS, SHAPES, picker, shape_names
from companion.web.ursuppe import autoroll
from companion.web.ursuppe.extrasetup import extra_fields, first_shuffle, read_extra
from companion.web.ursuppe.optiontext import option_fields, question
from companion.web.ursuppe.rules import rulebook_choices
from companion.web.ursuppe.twosetup import two_player_choices, two_players_from_form


def default_name() -> str:
    """The name a new game gets when the referee gives none: `Game of 2026-11-23`."""
    return _("Game of %(date)s", date=date.today().isoformat())


def _remembered() -> dict[str, Any]:
    box = store().setting("box", {}) or {}
    deck = box.get("deck")
    cards = (
        [
            EnvironmentCard(c["id"], Direction(c["drift"]) if c["drift"] else None, c["ozone"])
            for c in deck
        ]
        if deck
        else list(PLACEHOLDER_DECK)
    )
    return {
        "deck": cards,
        "deck_confirmed": bool(deck),
        "board_flip": box.get("board_flip", "none"),
        "ladder_length": box.get("ladder_length", 50),
        "box_cubes": box.get("box_cubes", FOOD_CUBES_PER_COLOR),
        "box_least": START_CUBES_PER_SPACE * make_board(BoardFlip.NONE).size,
        "players": box.get("players", []),
        "row_colors": row_colors(box.get("players", [])),
        "rulebook": box.get("rulebook", Book.SPANISH.value),
    }


def row_colors(players: list[dict]) -> list[str]:
    """Each setup row's color: the one remembered for it, then the colors no row has yet,
    so the rows never start with a color twice (a 3-player game remembered with blue
    leaves blue off the fourth row)."""
    every = [c.value for c in Color]
    chosen: list[str | None] = []
    for i in range(len(every)):
        color = players[i].get("color") if i < len(players) else None
        chosen.append(color if color in every and color not in chosen else None)
    free = iter(c for c in every if c not in chosen)
    return [c or next(free) for c in chosen]


def setup_page(error: str | None = None, form: Any = None, status: int = 200):
    """The setup page, empty or refilled with a refused form and its message."""
    boards = {flip.value: make_board(flip) for flip in BoardFlip}
    html = render_template(
        "ursuppe/setup.html",
        box=_remembered(),
        options=option_fields(form),
        extra=extra_fields(form),
        colors=[c.value for c in Color],
        shapes=SHAPES,
        shape_names=shape_names(),
        glyphs=GLYPHS,
        rulebooks=rulebook_choices(),
        two_player_choices=two_player_choices(),
        boards=boards,
        default_name=default_name(),
        error=error,
        form=form or {},
        **picker("ursuppe"),
    )
    return html, status


def setup_from_form(form: Any) -> tuple[GameSetup, dict[str, Any]]:
    """Read the setup form; raises InvalidAction with a message for the referee."""
    seats, rows = [], []
    for i in range(6):
        field = msg("the name of player {n}", n=i + 1)
        name = check_text(form.get(f"name{i}") or "", field).strip()
        color = form.get(f"color{i}") or ""
        if not name:
            continue
        try:
            seats.append(Seat(name[:40], Color(color)))
        except ValueError:
            raise InvalidAction(msg("player {n} needs a color", n=i + 1)) from None
        rows.append(i + 1)
    cards = []
    for i in range(11):
        card_id = check_text(form.get(f"card{i}") or "", msg("the name of card {n}", n=i + 1))
        card_id = card_id.strip()[:12] or f"C{i + 1}"
        drift = form.get(f"drift{i}") or ""
        try:
            ozone = int(form.get(f"ozone{i}") or "")
        except ValueError:
            raise InvalidAction(
                msg("card {card} needs an ozone thickness (a number)", card=card_id)
            ) from None
        try:
            cards.append(EnvironmentCard(card_id, Direction(drift) if drift else None, ozone))
        except ValueError:
            raise InvalidAction(
                msg("card {card} has an unknown drift '{drift}'", card=card_id, drift=drift)
            ) from None
    options: dict[str, Any] = {}
    defaults = RuleOptions()
    for f in dataclasses.fields(RuleOptions):
        default = getattr(defaults, f.name)
        raw = form.get(f"opt_{f.name}")
        if isinstance(default, bool):
            options[f.name] = raw == "on"
        elif raw in (None, ""):
            options[f.name] = None if f.name == "end_zone_start" else default
        elif hasattr(default, "value"):
            try:
                options[f.name] = type(default)(raw)
            except ValueError:
                raise InvalidAction(
                    _("unknown choice for: %(question)s", question=question(f.name))
                ) from None
        else:
            try:
                options[f.name] = int(raw)
            except ValueError:
                raise InvalidAction(
                    _("a whole number is needed for: %(question)s", question=question(f.name))
                ) from None
    try:
        ladder = int(form.get("ladder_length") or "50")
        flip = BoardFlip(form.get("board_flip") or "none")
    except ValueError:
        raise InvalidAction(
            msg("the ladder length must be a number, the board a known outline")
        ) from None
    box_cubes = _box_cubes(form)
    confirmed = form.get("deck_confirmed") == "on"
    variant, decoy_scores = two_players_from_form(form, seats, rows)
    try:
        rulebook = Book(form.get("rulebook") or Book.SPANISH.value)
    except ValueError:
        rulebook = None
    if rulebook not in RULEBOOKS:
        raise InvalidAction(msg("choose the rulebook your group holds: Spanish or Italian"))
    extra_mode, extra_start = read_extra(form)
    setup = GameSetup(
        extra_genes=extra_mode,
        extra_start=extra_start,
        seats=tuple(seats),
        deck=tuple(cards),
        deck_is_placeholder=not confirmed,
        board_flip=flip,
        ladder_length=ladder,
        box_cubes=box_cubes,
        options=RuleOptions(**options),
        rulebook=rulebook,
        two_players=variant,
        decoy_scores=decoy_scores,
        phones=form.get("entering") != "referee",
    )
    extras = {
        "dice_by_app": form.get("dice") in ("app", "auto"),
        "auto_roll": form.get("dice") == "auto",
        "cards_by_app": form.get("cards") == "app",
        "name": check_text(form.get("game_name") or "", msg("the name of this game")).strip()[:60]
        or default_name(),
    }
    return setup, extras


def _box_cubes(form: Any) -> int:
    """The food cubes of each color in the group's box (55 in a full box); the engine checks
    that the box still holds the starting cubes (`validate_setup`)."""
    try:
        return int(form.get("box_cubes") or FOOD_CUBES_PER_COLOR)
    except ValueError:
        raise InvalidAction(
            _("a whole number is needed for: %(question)s", question=_("Food cubes per color"))
        ) from None


def create_ursuppe(form: Any):
    """Create an Ursuppe game from its setup form and open its console."""
    try:
        setup, extras = setup_from_form(form)
        first = []
        if extras["cards_by_app"]:
            order = [c.id for c in setup.deck]
            secrets.SystemRandom().shuffle(order)
            first.append(ShuffleEnvironmentDeck(tuple(order)))
            first += first_shuffle(setup)
        game = store().create_game(
            setup, extras["name"], extras["dice_by_app"], extras["cards_by_app"], first
        )
    except InvalidAction as exc:
        return setup_page(t(exc), form, 422)
    if extras["auto_roll"]:
        store().set_auto_roll(game.id, True)
        autoroll.follow(game)
    box = {
        "board_flip": setup.board_flip.value,
        "ladder_length": setup.ladder_length,
        "box_cubes": setup.box_cubes,
        "rulebook": setup.rulebook.value,
        # the decoy's row is remembered by its color alone, not as a player's name
        "players": [
            {"name": "" if s.color is decoy(setup) else s.name, "color": s.color.value}
            for s in setup.seats
        ],
    }
    if not setup.deck_is_placeholder:
        box["deck"] = [
            {"id": c.id, "drift": c.drift.value if c.drift else None, "ozone": c.ozone}
            for c in setup.deck
        ]
    else:
        box["deck"] = (store().setting("box", {}) or {}).get("deck")
    store().set_setting("box", box)
    return redirect(url_for("console.view", game_id=game.id), code=303)
