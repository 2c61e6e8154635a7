"""Urland's rules pages (`/rules/urland-...`): every citation the Urland core can produce links
to a page that exists and names what the citation names, in Spanish, Italian and English;
the rules index lists Urland's pages apart from Ursuppe's; no page names a file of the
repository. The citations link to their area's page (companion readings to its readings),
as for Ursuppe (tests/web/test_rules.py)."""

from __future__ import annotations

import html
import random
import re
from dataclasses import fields

import pytest
from conftest import text_of
from urland_draws import shuffled_draw

from companion.i18n import t, translator
from companion.tracker.citations import URLAND_AREAS, Book, Rule, UrlandBook, cite
from companion.tracker.colors import Color
from companion.tracker.errors import IllegalAction
from companion.tracker.msg import Msg
from companion.tracker.urland import engine
from companion.tracker.urland.prompts import prompt
from companion.tracker.urland.state import Options, Seat, Step, UrlandSetup
from companion.tracker.ursuppe.sources import AREAS
from companion.web.rules import cite_link
from companion.web.urland.ruletext import urland_option_texts, urland_pages, urland_rules

SEED_FILE = re.compile(r"\b00[0-4]\b|§|shared/|seeds/|\.txt\b")
LINK_RE = re.compile(r'<a class="cite" href="(/rules/[a-z-]+)(#readings)?">')
HTML_LANG = re.compile(r'<html lang="([a-z]+)"')
LANGS = ("es", "it", "en")
COLORS = (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE, Color.BLACK)


def cited_in_games(n: int, seed: int) -> set[Rule]:
    """Every rule a random game cites: its events, its prompts and the refusals of the
    actions `legal_actions` weighs (chance shuffled, bids kept small)."""
    rng = random.Random(seed)
    seats = tuple(Seat(f"P{i}", COLORS[i]) for i in range(n))
    state = engine.new_game(UrlandSetup(seats, options=Options(tokens_by_app=seed % 2 == 0)))
    found: set[Rule] = set()
    for _ in range(3000):
        found.add(prompt(state).source)
        if state.step is Step.OVER:
            return found - {None}
        action = shuffled_draw(state, rng)
        if action is None:
            for candidate in engine.RULES[state.step].candidates(state):
                try:
                    engine.RULES[state.step].check(state, candidate)
                except IllegalAction as exc:
                    found.add(exc.source)
            legal = engine.legal_actions(state)
            small = [a for a in legal if getattr(a, "n", 0) in (0, 1) or state.step != Step.BID]
            action = rng.choice(small or legal)
        applied = engine.apply(state, action)
        found |= {e.source for e in applied.events}
        state = applied.state
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def game_citations() -> set[Rule]:
    return cited_in_games(4, 1) | cited_in_games(3, 2) | cited_in_games(5, 3)


def test_the_urland_core_cites_only_its_cite_module_and_gene_cards(game_citations):
    known = set(urland_rules().values())
    assert game_citations <= known, game_citations - known
    assert len(game_citations) > 30  # the games reached most rules, not just the setup


@pytest.mark.parametrize("lang", LANGS)
def test_every_urland_citation_links_to_a_page_that_names_it(app, client, game_citations, lang):
    client.set_cookie("lang", lang)
    bodies: dict[str, str] = {}
    for rule in sorted(set(urland_rules().values()) | game_citations, key=repr):
        with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
            link = str(cite_link(rule, UrlandBook.ITALIAN))
            shown = cite(rule, UrlandBook.ITALIAN, lang)
            reading = t(Msg(shown.section)) if shown.book is Book.COMPANION else None
        href, anchor = LINK_RE.search(link).groups()
        assert href == f"/rules/{rule.area}" and rule.area in URLAND_AREAS
        if href not in bodies:
            response = client.get(href)
            assert response.status_code == 200, href
            bodies[href] = html.unescape(text_of(response))
        body = bodies[href]
        if reading is None:  # the book's section, as printed, under "where the books say it"
            assert shown.section in body.split('id="books"')[1], (href, shown.section)
        else:  # a companion reading: the page's readings say it, in the reader's language
            assert anchor == "#readings"
            assert reading[1:] in body.split('id="readings"')[1].split('id="options"')[0]
    assert set(bodies) == {f"/rules/{area}" for area in URLAND_AREAS}


@pytest.mark.parametrize("lang", LANGS)
def test_the_urland_pages_render_in_each_language_without_a_seed_file(client, lang):
    client.set_cookie("lang", lang)
    titles = set()
    for area, english in URLAND_AREAS.items():
        response = client.get(f"/rules/{area}")
        body = html.unescape(text_of(response))
        assert response.status_code == 200
        assert HTML_LANG.search(body).group(1) == lang
        assert not SEED_FILE.search(body), (area, SEED_FILE.search(body))
        assert "Urland Italian rules" in body if lang == "en" else "Urland" in body
        title = re.search(r"<h1>([^<]+)</h1>", body).group(1)
        assert title == translator(lang).gettext(english)
        titles.add(title)
    untranslated = titles & set(URLAND_AREAS.values())
    assert len(untranslated) == len(URLAND_AREAS) if lang == "en" else len(untranslated) <= 1, (
        untranslated
    )


def test_the_rules_index_lists_urlands_pages_apart_from_ursuppes(client):
    body = text_of(client.get("/rules"))
    ursuppe, urland = body.split('id="urland"')

    for area in URLAND_AREAS:
        assert f'href="/rules/{area}"' in urland and f'href="/rules/{area}"' not in ursuppe
    for area in AREAS:
        assert f'href="/rules/{area}"' in ursuppe.split('id="ursuppe"')[1]
    assert "Fabio Cambiaghi" in body


def test_an_urland_page_leads_only_to_urland_pages_and_shows_its_options(client):
    body = html.unescape(text_of(client.get("/rules/urland-setup")))
    nav = body.split('class="row spread rule-nav"')[1]

    assert 'href="/rules/urland-roles"' in nav and "/rules/scoring" not in nav
    assert "Ichto per region of a dealt token. Default: 1" in body
    assert "1. Preparazione, punti 4-6" in body
    end = html.unescape(text_of(client.get("/rules/urland-genes")))
    assert "Muscles (automatic, not with 3 players): a region's scoring" in end
    assert 'href="/rules/urland-genes"' not in end.split('class="row spread rule-nav"')[1]


def test_every_urland_option_has_its_text_on_the_pages_it_changes(app):
    with app.test_request_context():
        texts = urland_option_texts()
        used = {o for page in urland_pages().values() for o in page.options}

    assert {f.name for f in fields(Options)} == set(texts) == used
