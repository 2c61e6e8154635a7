"""Each device reads its own language (issue 8): every page in Spanish, Italian and English.

Every page of a game in progress is opened at phone size by a browser that asks for Spanish,
Italian or English (Accept-Language, as a phone set to that language does), screenshotted to
test-artifacts/lang-<lang>-<page>.png, and checked: `<html lang>` is the reader's language,
and no English sentence of the catalogs shows through untranslated. Then the table of the
issue's "done when": a Spanish laptop sets up and referees while one phone reads Italian and
one English, each with the gene names of its printed cards.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from game_addresses import every_page_of_a_game

pytestmark = pytest.mark.usefixtures("chromium_ok")

CATALOGS = Path(__file__).resolve().parents[2] / "companion" / "translations"
LOCALES = {"es": "es-ES", "it": "it-IT", "en": "en-GB"}
PHONE = {"width": 390, "height": 844}


@cache
def english_sentences(lang: str) -> tuple[str, ...]:
    """English fragments of the catalog (two words or more, between placeholders and tags)
    that the translation in `lang` does not contain: none of them may show on a page."""
    with (CATALOGS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    found = set()
    for m in catalog:
        if not m.id or m.context:  # game words (genes) may keep their English card names
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        said = " ".join(strings)
        for text in ids:
            for piece in re.split(r"%\(\w+\)[sd]|%s|\{\w*\}|<[^>]+>|[“”«»():;·]", text):
                piece = piece.strip(" .,!?-")
                if len(piece.split()) >= 2 and len(piece) >= 10 and piece not in said:
                    found.add(piece)
    return tuple(sorted(found))


def english_leaks(text: str, lang: str) -> list[str]:
    """The English catalog sentences found in a page's text."""
    if lang == "en":
        return []
    flat = re.sub(r"\s+", " ", text)
    return [s for s in english_sentences(lang) if s in flat]


def play_a_while(page, taps: int) -> None:
    """Referee `taps` steps without reading any word: rolls, draws, legal spaces, first choice."""
    for _ in range(taps):
        before = page.locator("#console").get_attribute("data-revision")
        roll = page.locator("#console form[action$='/roll'] button")
        if roll.count():
            roll.first.click()
        elif page.locator(".soup .space.legal").count():
            page.locator(".soup .space.legal .tap").first.click()
        elif page.locator("form.carry").count():
            page.locator("form.carry button").first.click()
        else:
            page.locator("#console .buttons button").first.click()
        page.wait_for_function(
            "(rev) => { const c = document.querySelector('#console');"
            " return c && c.dataset.revision !== rev; }",
            arg=before,
        )
        page.wait_for_timeout(1100)  # new choices arm after the settle time (app.js)


def set_up_game(page, base_url: str, names=("Ana", "Ben", "Cleo", "Dev")) -> str:
    """Set up a game through the setup form by its fields (no word read); the console URL."""
    page.goto(f"{base_url}/games/new")
    for i in range(6):
        page.fill(f"input[name=name{i}]", names[i] if i < len(names) else "")
    page.check("input[name=dice][value=auto]")
    page.check("input[name=cards][value=app]")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_selector("#console")
    return page.url


def context_for(browser, lang: str, **extra):
    """A phone-sized browser context whose language is `lang` (Accept-Language)."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, locale=LOCALES[lang], **extra
    )
    context.set_default_timeout(15_000)
    return context


@pytest.fixture(scope="module")
def game_pages(browser, live_server):
    """Every page of one game in progress (a few steps in, so the log explains things)."""

    def start(page):
        console = set_up_game(page, live_server.url)
        play_a_while(page, 12)
        return console

    return every_page_of_a_game(
        browser, live_server, start, 15_000, rule=f"{live_server.url}/rules/feeding"
    )


@pytest.mark.parametrize("lang", ["es", "it", "en"])
def test_every_page_reads_in_the_devices_language(browser, live_server, game_pages, shot, lang):
    """Issue 8 items 1 and 3: each page in the device's language, no English showing through."""
    context = context_for(browser, lang)
    page = context.new_page()
    page.goto(live_server.referee_link)  # the referee's cookie, for the referee's pages
    problems = []
    for name, url in game_pages.items():
        page.goto(url)
        page.wait_for_load_state("load")
        shot(page, f"lang-{lang}-{name}")
        html_lang = page.get_attribute("html", "lang")
        if html_lang != lang:
            problems.append(f"{name}: <html lang={html_lang!r}>, expected {lang!r}")
        leaks = english_leaks(page.inner_text("body"), lang)
        if leaks:
            problems.append(f"{name}: English shows through: {leaks[:5]}")
    context.close()
    assert not problems, "\n".join(problems)


def test_a_mixed_table_each_device_in_its_own_language(browser, live_server, shot):
    """Issue 8 done-when: a Spanish laptop referees; one phone Italian, one English."""
    laptop_ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    laptop_ctx.set_default_timeout(15_000)
    laptop = laptop_ctx.new_page()
    laptop.goto(live_server.referee_link)
    console = set_up_game(laptop, live_server.url, names=("Lucía", "Marco", "Jo"))
    play_a_while(laptop, 15)
    laptop.goto(console + "/seats")
    seats = [a.get_attribute("href") for a in laptop.locator("a[href*='/s/']").all()]
    laptop.goto(console)
    shot(laptop, "lang-mixed-laptop-es")
    assert laptop.get_attribute("html", "lang") == "es"
    assert not english_leaks(laptop.inner_text("body"), "es")

    phones = {}
    for lang, seat in (("it", seats[1]), ("en", seats[2])):
        ctx = context_for(browser, lang)
        phone = ctx.new_page()
        phone.goto(seat)
        phone.wait_for_selector("#seat")
        shot(phone, f"lang-mixed-phone-{lang}")
        assert phone.get_attribute("html", "lang") == lang
        assert not english_leaks(phone.inner_text("body"), lang)
        phones[lang] = (ctx, phone)

    # The market names genes as each reader's printed cards do.
    laptop.goto(f"{live_server.url}/rules/genes")
    assert "Velocidad" in laptop.inner_text("body")
    it_phone = phones["it"][1]
    it_phone.goto(f"{live_server.url}/rules/genes")
    assert "SPEED" in it_phone.inner_text("body")

    # A device's own choice wins over its browser's language, and is remembered.
    en_phone = phones["en"][1]
    en_phone.goto(seats[2])
    en_phone.locator("nav.langs a[hreflang=es]").first.click()
    en_phone.wait_for_selector("#seat")
    assert en_phone.get_attribute("html", "lang") == "es"
    en_phone.goto(seats[2])
    assert en_phone.get_attribute("html", "lang") == "es"
    # The other devices are not affected.
    it_phone.goto(seats[1])
    assert it_phone.get_attribute("html", "lang") == "it"
    for ctx, _ in phones.values():
        ctx.close()
    laptop_ctx.close()
