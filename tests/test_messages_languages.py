"""One game, three languages (issue 8 item 6): the same events with the same parameters.

The golden games of examples/ are replayed once; their events (message ids with parameters,
language-neutral) are rendered with the Spanish, Italian and English catalogs. Each event must
say the same numbers and name the same players in every language, and every message the
engine says must have its translation in each catalog, so no English shows on a Spanish or
Italian screen. Plural forms follow each language (1 BP / 2 BP; "1 punto", "2 punti").
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from babel.support import Translations

from companion.tracker.msg import Msg, Seq, Term, nmsg, render
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(
    p for p in (ROOT / "examples").glob("*.json") if not p.name.endswith(".expected.json")
)
TRANSLATIONS = ROOT / "companion" / "translations"
LANGS = ("es", "it", "en")


@cache
def translator(lang: str) -> Translations:
    """The compiled catalog of a language (the .mo the app loads)."""
    found = Translations.load(str(TRANSLATIONS), [lang])
    assert isinstance(found, Translations), f"no compiled catalog for {lang}"
    return found


@cache
def replayed(path: Path):
    """Every event of a golden game, in order (language-neutral)."""
    _, history = replay_record(record_from_dict(json.loads(path.read_text())))
    return [e for _, _, events in history for e in events]


def messages_in(value) -> list[Msg | Term]:
    """Every message and game word inside a parameter, the value itself included."""
    found: list[Msg | Term] = []
    if isinstance(value, Msg):
        found.append(value)
        for _, p in value.params:
            found += messages_in(p)
    elif isinstance(value, Term):
        found.append(value)
    elif isinstance(value, Seq):
        for p in value.parts:
            found += messages_in(p)
    return found


def numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+", text))


class GenesAsWords:
    """A language's translator that says every gene as one word: gene card names carry
    their own numerals as printed (Italian `MOVEMENT 1`, Spanish `Movimiento I`)."""

    def __init__(self, tr) -> None:
        self.tr = tr

    def gettext(self, message: str) -> str:
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.tr.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return "GENE" if context == "gene" else self.tr.pgettext(context, message)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_same_game_says_the_same_numbers_and_names_in_every_language(path):
    """Rendering never changes what an event says: same numbers, same players, every language."""
    events = replayed(path)
    names = [s.name for s in record_from_dict(json.loads(path.read_text())).setup.seats]
    assert events
    for event in events:
        assert render(event.msg, translator("en")) == event.text
        texts = {lang: render(event.msg, GenesAsWords(translator(lang))) for lang in LANGS}
        for lang, text in texts.items():
            assert numbers(text) == numbers(texts["en"]), (lang, text, texts["en"])
            for name in names:
                assert text.count(name) == texts["en"].count(name), (lang, name, text)


@pytest.mark.parametrize("lang", ["es", "it"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_message_of_a_game_is_translated(path, lang):
    """Each message id and game word an event uses has its translation in the catalog."""
    tr = translator(lang)
    missing = set()
    for event in replayed(path):
        for m in messages_in(event.msg):
            if isinstance(m, Term):
                if tr.pgettext(m.context, m.text) == m.text and m.context != "gene":
                    missing.add(f"{m.context}: {m.text}")
            elif m.id != "{text}":
                said = tr.ngettext(m.id, m.plural, m.count) if m.plural else tr.gettext(m.id)
                if said == m.id and re.search(r"[a-z]{3}", re.sub(r"\{\w+\}", "", m.id)):
                    missing.add(m.id)
    assert not missing, f"{lang}: untranslated: {sorted(missing)[:20]}"


def test_plural_forms_follow_each_language():
    """1 BP / 2 BP in English; Spanish PB; the count decides the form in every language."""
    one, two = nmsg("{n} BP", "{n} BP", 1), nmsg("{n} BP", "{n} BP", 2)
    assert render(one) == "1 BP" and render(two) == "2 BP"
    assert render(one, translator("es")) == "1 PB"
    assert render(two, translator("es")) == "2 PB"
