"""Each device its own language: the `lang` cookie, else Accept-Language, else English.

The language switch is on every page (phones, the TV board, the console), remembers the
choice a year and returns to the page; nothing stored depends on it.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import text_of

from companion.i18n import COOKIE, LANGUAGE_NAMES, safe_next, t, terminal_language
from companion.tracker.msg import Msg

HTML_LANG = re.compile(r'<html lang="([a-z]+)">')
# A word of each catalog the pages show (the .po files' own translations).
UNDO = {"es": "Deshacer la última", "it": "Annulla ultima azione", "en": "Undo last"}
GENES = {"es": "Tus genes", "it": "I tuoi Geni", "en": "Your genes"}
WELCOME = {"es": "Bienvenido a la mesa", "it": "Benvenuti al tavolo", "en": "Welcome to the table"}


def html_lang(response) -> str:
    match = HTML_LANG.search(text_of(response))
    assert match, "the page says its language"
    return match.group(1)


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("es-ES,es;q=0.9,en;q=0.5", "es"),
        ("it-IT", "it"),
        ("en-GB,en;q=0.8", "en"),
        ("de-DE,it;q=0.3,es;q=0.8", "es"),
        ("de-DE,fr;q=0.8", "en"),
        ("", "en"),
    ],
)
def test_accept_language_picks_the_best_of_spanish_italian_english(client, header, lang):
    response = client.get("/", headers={"Accept-Language": header} if header else {})
    assert html_lang(response) == lang
    assert WELCOME[lang] in text_of(response)


def test_the_cookie_overrides_accept_language(client):
    client.set_cookie(COOKIE, "it")
    response = client.get("/", headers={"Accept-Language": "es-ES,es"})
    assert html_lang(response) == "it" and WELCOME["it"] in text_of(response)


def test_an_unknown_cookie_value_falls_back_to_accept_language(client):
    client.set_cookie(COOKIE, "xx")
    assert html_lang(client.get("/", headers={"Accept-Language": "es"})) == "es"


def test_the_switch_sets_the_cookie_for_a_year_and_goes_back_to_the_page(client):
    response = client.get("/lang/es?next=/rules/scoring")
    assert response.status_code == 303
    assert response.headers["Location"] == "/rules/scoring"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=es;") and "Max-Age=31536000" in cookie
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert html_lang(client.get("/rules/scoring")) == "es"


def test_the_switch_refuses_unknown_languages_and_never_leaves_the_site(client):
    assert client.get("/lang/de?next=/").status_code == 404
    for target in ("https://evil.example/", "//evil.example/x", "\\\\evil", "javascript:x", ""):
        response = client.get("/lang/it", query_string={"next": target})
        assert response.headers["Location"] == "/", target


def test_safe_next_keeps_a_local_path_and_its_query():
    assert safe_next("/s/abc?since=3") == "/s/abc?since=3"
    assert safe_next("/b/tok") == "/b/tok"
    assert safe_next("http://x/y") == "/" and safe_next(None) == "/"


def switch_links(response) -> dict[str, str]:
    """The language switch's links on a page: language code -> the page it returns to."""
    nav = re.search(r'<nav class="langs"[^>]*>(.*?)</nav>', text_of(response), re.S)
    assert nav, "the page has the language switch"
    links = {}
    for href, code, name in re.findall(
        r'<a href="([^"]+)" lang="([a-z]+)" hreflang="[a-z]+"[^>]*>([^<]+)</a>', nav.group(1)
    ):
        assert name == LANGUAGE_NAMES[code]  # each language in its own words
        url = urlsplit(href.replace("&amp;", "&"))
        assert url.path == f"/lang/{code}"
        links[code] = parse_qs(url.query)["next"][0]
    return links


def test_every_page_has_the_switch_back_to_itself(game, seat_tokens):
    phone = game.app.test_client()
    token = seat_tokens["red"]
    board = game.game().board_token
    pages = {
        game.url: game.client,
        f"{game.url}/seats": game.client,
        f"{game.url}/standings": game.client,
        "/games/new": game.client,
        "/rules/feeding": phone,
        f"/s/{token}": phone,
        f"/b/{board}": phone,
    }
    for path, client in pages.items():
        links = switch_links(client.get(path))
        assert set(links) == {"es", "it", "en"}
        assert set(links.values()) == {path}, path


def test_a_phone_switches_its_seat_page_and_stays_on_it(game, seat_tokens):
    phone = game.app.test_client()
    seat = f"/s/{seat_tokens['yellow']}"
    assert GENES["en"] in text_of(phone.get(seat))
    response = phone.get("/lang/es", query_string={"next": seat})
    assert response.headers["Location"] == seat
    page = phone.get(seat)
    assert html_lang(page) == "es" and GENES["es"] in text_of(page)
    # The live partial (htmx polling, after an SSE ping) follows the device's language.
    partial = phone.get(f"{seat}/view", headers={"HX-Request": "true"})
    assert GENES["es"] in text_of(partial)


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_the_seat_page_and_the_console_render_in_each_language(game, seat_tokens, lang):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')  # something to undo
    game.client.set_cookie(COOKIE, lang)
    console = game.console()
    assert html_lang(console) == lang
    assert UNDO[lang] in text_of(game.console(htmx=True))
    phone = game.app.test_client()
    phone.set_cookie(COOKIE, lang)
    seat = phone.get(f"/s/{seat_tokens['red']}")
    assert html_lang(seat) == lang and GENES[lang] in text_of(seat)


def test_two_devices_see_one_game_each_in_its_own_language(game, seat_tokens):
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')
    spanish = game.app.test_client()
    spanish.set_cookie(COOKIE, "es")
    italian = game.app.test_client()
    italian.set_cookie(COOKIE, "it")
    seat = f"/s/{seat_tokens['red']}"
    assert GENES["es"] in text_of(spanish.get(seat))
    assert GENES["it"] in text_of(italian.get(seat))
    assert GENES["en"] in text_of(game.app.test_client().get(seat))


def test_nothing_stored_depends_on_the_language(game):
    game.client.set_cookie(COOKIE, "es")
    game.act_ok(action='{"type": "turn_card", "card": "P1"}')
    game.client.set_cookie(COOKIE, "it")
    game.act_ok(kind="dice", d1=12)
    exports = set()
    for lang in ("es", "it", "en"):
        game.client.set_cookie(COOKIE, lang)
        exports.add(game.client.get(f"{game.url}/export").get_data())
    assert len(exports) == 1
    record = exports.pop().decode()
    assert "Ronda" not in record and "Carta" not in record


def test_t_renders_a_message_in_the_given_language_outside_a_request():
    assert t(Msg("Undo last"), "es") == UNDO["es"]
    assert t(Msg("Undo last"), "it") == UNDO["it"]
    assert t(Msg("Undo last")) == "Undo last"
    assert t(None) == "" and t(7, "es") == "7" and t("Ana", "it") == "Ana"


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "es_ES.UTF-8"}, "es"),
        ({"LC_ALL": "it_IT.UTF-8", "LANG": "es_ES.UTF-8"}, "it"),
        ({"LC_MESSAGES": "en_GB", "LANG": "es_ES"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_terminal_language_comes_from_its_locale(environ, lang):
    assert terminal_language(environ) == lang
