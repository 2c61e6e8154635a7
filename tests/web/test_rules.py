"""The rules pages and the citations that link to them.

Every rule area the engine cites has a page in the app (`/rules/<area>`), readable by anyone
at the table (no cookie, no game data); every citation the table sees (console, history,
board, seat, refusals) names the group's printed rulebook and its section, links to that
page, and never names a file of the repository.
"""

from __future__ import annotations

import html
import re

import pytest
from conftest import alert_of, text_of

from companion.tracker.citations import Rule
from companion.tracker.ursuppe import sources
from companion.tracker.ursuppe.sources import AREAS

SEED_FILE = re.compile(r"\b00[0-4] |§|shared/|seeds/")
CITE_RE = re.compile(r'<a class="cite" href="(/rules/[a-z_]+)(#readings)?">([^<]+)</a>')
CITED_AREAS = sorted({v.area for v in vars(sources).values() if isinstance(v, Rule)})


# ----- the pages ---------------------------------------------------------------------
def test_the_rules_index_lists_every_rule_area_for_anyone(client):
    response = client.get("/rules")

    body = text_of(response)
    assert response.status_code == 200
    for area in AREAS:
        assert f'href="/rules/{area}"' in body
    assert "Spanish rules" in body and "Italian rules" in body
    assert "English 5-6 player expansion" in body


@pytest.mark.parametrize("area", CITED_AREAS)
def test_every_area_the_engine_cites_has_a_page_anyone_may_read(client, area):
    response = client.get(f"/rules/{area}")

    body = text_of(response)
    assert response.status_code == 200
    assert 'id="readings"' in body and 'id="options"' in body and 'id="books"' in body
    assert not SEED_FILE.search(body), SEED_FILE.search(body)


def test_a_rules_page_names_each_books_own_section_and_the_options_that_change_it(client):
    body = html.unescape(text_of(client.get("/rules/scoring")))

    assert "Fase 6: Puntuación" in body and "Fase 6: Punteggio; 3.5 Calcolo dei Punti" in body
    assert "Occupied ladder spaces are skipped" in body
    cells = re.findall(r"<td>([^<]*)</td>", body)
    # the printed tables, from the rules data: 3-4 player amoebas, 5-6 player amoebas, genes
    assert cells == (
        ["0-2", "3", "4", "5", "6", "7", "0", "1", "2", "4", "5", "6"]
        + ["0-1", "2", "3", "4", "5", "6", "0", "1", "2", "3", "4", "5"]
        + ["0-2", "3", "4", "5", "6+", "0", "1", "2", "3", "4"]
    )
    assert "Gene advance table" in body and "Amoeba advance with 5-6 players" in body


def test_a_rules_page_shows_the_readings_the_app_took(client):
    body = html.unescape(text_of(client.get("/rules/attacks")))

    assert "Aggression absorbed by Armor counts as a success" in body


def test_an_unknown_rule_area_is_not_found_with_a_message(client):
    response = client.get("/rules/teleportation")

    assert response.status_code == 404
    assert "There is nothing at this address." in text_of(response)


def test_the_rules_pages_show_no_game_data(game):
    body = text_of(game.client.get("/rules/division"))

    assert "Tuesday soup" not in body and "Ana" not in body and game.game_id not in body


# ----- citations at the table --------------------------------------------------------
def _cites(body: str) -> list[tuple[str, str]]:
    return [(href, html.unescape(text)) for href, _, text in CITE_RE.findall(body)]


def test_the_console_cites_the_groups_rulebook_and_links_to_the_rules_page(referee):
    referee.create_game(rulebook="it")
    referee.act_ok(action='{"type": "turn_card", "card": "P1"}')
    referee.client.set_cookie("lang", "it")  # the group reads its book's language

    cites = _cites(text_of(referee.console()))

    assert ("/rules/setup", "Regole italiane, Preparazione") in cites  # the card turned
    assert ("/rules/start_order", "Regole italiane, Determinare il Primo Giocatore") in cites


def test_a_spanish_group_sees_the_spanish_sections(game):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')
    game.client.set_cookie("lang", "es")

    cites = _cites(text_of(game.console()))

    assert ("/rules/setup", "Reglas en español, PREPARACIÓN") in cites


def test_an_english_reader_gets_the_english_book_where_it_has_the_rule(game):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')

    cites = _cites(text_of(game.console()))

    assert ("/rules/setup", "English 5-6 player expansion, Preparation") in cites
    # A base-game rule the English expansion does not print: the group's book, named in English.
    assert ("/rules/start_order", "Spanish rules, Determinar el Jugador de Comienzo") in cites


def test_a_refusal_cites_its_rule_in_the_groups_book(referee):
    referee.create_game(rulebook="es2")
    referee.act_ok(action='{"type": "turn_card", "card": "P1"}')

    response = referee.act("dice", d1=13)

    assert response.status_code == 422
    assert alert_of(response).endswith("(Spanish rules (sopa primordial), Preparar)")


def test_a_companion_reading_links_to_the_pages_readings(game):
    game.post("/correct", {"field": "bp", "color": "red", "value": 7, "reason": "counted"})

    body = text_of(game.console())

    assert 'href="/rules/corrections#readings">Companion reading: ' in body


def test_the_setup_page_offers_the_rulebooks(referee):
    body = html.unescape(text_of(referee.client.get("/games/new")))

    for value in ("es", "es2", "it"):
        assert f'name="rulebook" value="{value}"' in body
    assert "Reglas del Juego" in body and "Gylas" in body


def test_a_forged_rulebook_is_refused_and_creates_no_game(referee):
    response = referee.client.post("/games", data=referee.setup_form(rulebook="en"))

    assert response.status_code == 422
    assert "rulebook" in text_of(response)
    assert referee.store.list_games() == []


def test_no_citation_the_table_sees_names_a_seed_file(app, game, seat_tokens):
    game.play_until_scored(seed=3)
    game.act("dice", d1=13)  # a refusal too
    board = f"/b/{game.game().board_token}"
    pages = {
        "console": text_of(game.console()),
        "history": text_of(game.client.get(f"{game.url}/log")),
        "board": text_of(app.test_client().get(board)),
        "seat": text_of(app.test_client().get(f"/s/{seat_tokens['red']}")),
        "refusal": text_of(game.act("action", action='{"type": "drift", "amoeba": "red-7"}')),
    }
    for where, body in pages.items():
        found = SEED_FILE.search(html.unescape(body))
        assert found is None, (where, body[max(0, found.start() - 80) : found.end() + 80])
    assert len(_cites(pages["history"])) > 20
    assert _cites(pages["board"])
