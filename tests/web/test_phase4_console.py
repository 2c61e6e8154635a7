"""The console in phase 4 (issue 30, items 4 and 11): the players still to take their turn
show the income they receive then, in the reader's language; the new amoeba's number says what
it changes."""

from __future__ import annotations

from conftest import text_of

EXAMPLE = "four-players"
FIRST_DIVISION = 31  # entries up to the first player's phase 4 turn


def test_the_console_shows_the_income_still_to_come(referee):
    game = referee.example_at(EXAMPLE, FIRST_DIVISION)
    for lang, words in (("en", "income at their turn: +10"), ("it", "entrata al suo turno: +10")):
        referee.client.set_cookie("lang", lang)
        page = text_of(referee.client.get(f"/games/{game.id}"))
        assert page.count(words) == 3, lang  # four players, the first has had their turn


def test_the_division_amoeba_picker_says_what_the_number_changes(referee):
    """000 §Orden numérico: a player's amoebas act in the order of their numbers, so the
    number picked for a new amoeba decides when it acts (issue 30, item 11)."""
    game = referee.example_at(EXAMPLE, FIRST_DIVISION, "es")
    page = text_of(referee.client.get(f"/games/{game.id}"))
    assert 'aria-describedby="amoeba-number-why"' in page
    assert "decide cuándo actúa esta ameba en la fase 1" in page
