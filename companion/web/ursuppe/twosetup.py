"""Ursuppe's setup form for two people (000 §Ursuppe para 2 jugadores): the three ways to
play, read from the form, and a refusal naming the rows to fill or to empty."""

from __future__ import annotations

from typing import Any

from babel.lists import format_list
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.ursuppe.rules.people import TwoPlayers
from companion.tracker.ursuppe.state import Seat


def two_player_choices() -> list[tuple[str, str]]:
    """The ways to play with two people, each in one sentence (000 §Ursuppe para 2 jugadores)."""
    return [
        (TwoPlayers.NONE.value, _("No: 3 to 6 players, one color each.")),
        (
            TwoPlayers.DECOY.value,
            _(
                "Decoy player: a third color plays itself by fixed rules (always drifts, Life "
                "Expectancy from the start, 2 free amoebas each round); write two names, the "
                "third row's color is the decoy's."
            ),
        ),
        (
            TwoPlayers.DOUBLE_1.value,
            _(
                "Double play I: each person plays two colors of a 4-color game and ranks by "
                "the worse of them; write each name on two rows."
            ),
        ),
        (
            TwoPlayers.DOUBLE_2.value,
            _(
                "Double play II: each person plays two colors with one purse, one set of "
                "genes and one marker; new amoebas cost 4 BP (3 with Division Rate); write "
                "each name on two rows."
            ),
        ),
    ]


def two_players_from_form(form: Any, seats: list[Seat], rows: list[int]) -> tuple[TwoPlayers, bool]:
    """The two-player variant (000 §Ursuppe para 2 jugadores); with the decoy and two names,
    the decoy takes the third row's color (or the first free one) and its own name. `rows`
    are the numbers of the rows with a name, so a refusal says which rows to empty."""
    try:
        variant = TwoPlayers(form.get("two_players") or TwoPlayers.NONE.value)
    except ValueError:
        raise InvalidAction(
            _("unknown choice for: %(question)s", question=_("Two players"))
        ) from None
    wrong = rows_refusal(variant, rows)
    if wrong:
        raise InvalidAction(wrong)
    if variant is TwoPlayers.DECOY and len(seats) == 2:
        taken = {s.color for s in seats}
        wanted = form.get("color2") or ""
        free = [c for c in Color if c not in taken]
        color = Color(wanted) if wanted in {c.value for c in free} else free[0]
        seats.append(Seat(_("Decoy"), color))
    return variant, form.get("decoy_scores") == "on"


def _rows(numbers: list[int]) -> str:
    """Row numbers as the reader lists them: `3, 4 and 5`."""
    return format_list([str(n) for n in numbers], locale=get_locale() or "en")


def rows_refusal(variant: TwoPlayers, rows: list[int]) -> str | None:
    """Why the written rows do not fit the way of playing, naming the rows to fill or to
    empty (000 §Ursuppe para 2 jugadores: two people, the decoy a third color; double play
    four colors), or None."""
    n = len(rows)
    if variant is TwoPlayers.DECOY:
        if n > 2:
            return ngettext(
                "The decoy variant is played by two people: keep two names and empty row "
                "%(rows)s (the decoy takes the third row's color and plays itself).",
                "The decoy variant is played by two people: keep two names and empty rows "
                "%(rows)s (the decoy takes the third row's color and plays itself).",
                n - 2,
                rows=_rows(rows[2:]),
            )
        if n < 2:
            return _("The decoy variant is played by two people: write a name in rows 1 and 2.")
        return None
    if variant in (TwoPlayers.DOUBLE_1, TwoPlayers.DOUBLE_2):
        if n > 4:
            return ngettext(
                "Double play uses four rows, each person's name on two of them: empty row "
                "%(rows)s.",
                "Double play uses four rows, each person's name on two of them: empty rows "
                "%(rows)s.",
                n - 4,
                rows=_rows(rows[4:]),
            )
        if n < 4:
            return _(
                "Double play uses four rows: write each of the two names on two rows "
                "(%(n)s written).",
                n=n,
            )
        return None
    if n < 3:
        return _(
            "Ursuppe is played by 3 to 6 players (%(n)s written): write more names, or choose "
            "a way to play with two below.",
            n=n,
        )
    return None
