"""Every word the app can show has its Spanish, Italian and English translation.

The catalogs (`companion/translations/*/LC_MESSAGES/messages.po`) are filled after each
extraction (`bash scripts/catalogs`): a message without a translation, or one the code marks
but no catalog holds yet, fails here with its id.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from companion.catalog_tools import LANGUAGES, TRANSLATIONS, untranslated

ROOT = Path(__file__).resolve().parents[1]
# The keywords of scripts/catalogs (Babel's own, gettext and ngettext included, besides).
KEYWORDS = ["-k", "msg", "-k", "nmsg:1,2", "-k", "N_", "-k", "P_:1c,2"]


def _ids(path: Path, locale: str | None = None) -> set[tuple[str | None, str]]:
    with path.open("rb") as f:
        catalog = read_po(f, locale=locale)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


@pytest.fixture(scope="module")
def marked(tmp_path_factory) -> set[tuple[str | None, str]]:
    """Every message the code, the engine and the templates mark, extracted afresh."""
    out = tmp_path_factory.mktemp("catalogs") / "messages.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", str(ROOT / "babel.cfg"), *KEYWORDS]
        + ["--no-location", "--omit-header", "-o", str(out), str(ROOT)]
    )
    return _ids(out)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_a_catalog_is_translated(lang):
    gaps = untranslated(lang)
    assert not gaps, f"{lang}: {len(gaps)} untranslated, e.g. {gaps[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_the_code_marks_is_in_the_catalog(lang, marked):
    held = _ids(TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po", lang)
    missing = sorted(marked - held, key=lambda m: m[1])
    assert not missing, f"{lang}: {len(missing)} not extracted yet, e.g. {missing[:5]}"


def test_the_extraction_finds_the_engine_the_shell_and_the_templates(marked):
    ids = {m for _, m in marked}
    assert "Spanish rules" in ids  # the engine (citations.py, N_)
    assert ("gene", "Speed") in marked  # a game word with its context (P_)
    assert "Undo last" in ids  # a template
    assert "Game of %(date)s" in ids  # a view


def test_the_extraction_finds_the_command_lines_messages(marked):
    """`companion replay` and `companion serve` speak the catalogs too: their messages must
    be extracted, or an extraction drops their Spanish and Italian."""
    ids = {m for _, m in marked}
    assert "--at takes an entry from 0 to %(last)s" in ids  # companion/cli/
    assert "(placeholder deck)" in ids  # companion/cli/ursuppe_text.py
