"""Urland's citations name its printed rulebook by section (never a file of this repository),
and its core is pure: no web, database, randomness or clock."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.tracker.citations import (
    URLAND_AREAS,
    Book,
    Rule,
    UrlandBook,
    citation_msg,
    citation_text,
    cite,
)
from companion.tracker.msg import render
from companion.tracker.urland import cite as urland_cite
from companion.tracker.urland.genes import GENES

URLAND = Path(__file__).resolve().parents[2] / "companion" / "tracker" / "urland"
FORBIDDEN = {"flask", "sqlite_utils", "sqlite3", "random", "time", "datetime", "os", "secrets"}
SEED_FILE = re.compile(r"\b00[0-4]\b|§|shared/|seeds/")
RULES = {n: v for n, v in vars(urland_cite).items() if isinstance(v, Rule)}
RULES.update({g.key: g.rule for g in GENES})


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("reader", ["es", "it", "en"])
def test_every_urland_rule_cites_its_book_or_a_reading_in_every_language(name, reader):
    citation = cite(RULES[name], UrlandBook.ITALIAN, reader)
    assert citation.area in URLAND_AREAS
    assert citation.book in (UrlandBook.ITALIAN, Book.COMPANION)
    assert not SEED_FILE.search(citation_text(citation))


def test_an_urland_citation_reads_as_its_printed_section():
    assert citation_text(cite(urland_cite.SCORING)) == "Urland Italian rules, 2.3 Punteggio"
    assert render(citation_msg(cite(urland_cite.PLACEMENT))).startswith("Companion reading: ")


@pytest.mark.parametrize("path", sorted(URLAND.glob("*.py")), ids=lambda p: p.name)
def test_the_urland_core_imports_nothing_from_the_shell_chance_or_clock(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    assert not found & FORBIDDEN, path.name
    assert ast.get_docstring(tree), path.name


def test_modules_stay_small():
    for path in URLAND.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 300, path.name
