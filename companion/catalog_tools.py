"""Catalog upkeep: fill the English catalog from its source text, and report gaps."""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

TRANSLATIONS = Path(__file__).parent / "translations"
LANGUAGES = ("es", "it", "en")


def fill_english(path: Path) -> None:
    """English is the source language: every English message reads as its msgid."""
    with path.open("rb") as f:
        catalog = read_po(f, locale="en")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(message.id)
        else:
            message.string = message.id
        message.flags.discard("fuzzy")
    with path.open("wb") as f:
        write_po(f, catalog, width=96, omit_header=False)


def untranslated(lang: str) -> list[str]:
    """The message ids of a catalog with no translation (or a fuzzy one)."""
    path = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    gaps = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


def main(argv: list[str]) -> int:
    """`fill-english PATH` or `gaps [LANG...]`."""
    if argv[:1] == ["fill-english"] and len(argv) == 2:
        fill_english(Path(argv[1]))
        return 0
    if argv[:1] == ["gaps"]:
        total = 0
        for lang in argv[1:] or LANGUAGES:
            gaps = untranslated(lang)
            total += len(gaps)
            print(f"{lang}: {len(gaps)} untranslated")
            for gap in gaps:
                print(f"  {gap!r}")
        return 1 if total else 0
    print("usage: python -m companion.catalog_tools fill-english PATH | gaps [LANG...]")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
