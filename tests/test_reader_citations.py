"""Citations in the reader's language, and the terminal in its own.

The group's book when the reader reads its language; else a book in the reader's language
that says the rule (Italian rules for an Italian reader, a Spanish translation for a Spanish
one, the English expansion where it has the rule); else the group's book, named in the
reader's language. Section titles stay as printed; companion readings are translated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.i18n import citation, t
from companion.tracker.citations import Book, cite
from companion.tracker.msg import Msg
from companion.tracker.ursuppe import sources

EXAMPLES = Path(__file__).parent.parent / "examples"
ES, ES2, IT, EN = Book.SPANISH, Book.SPANISH_2, Book.ITALIAN, Book.ENGLISH_5_6


@pytest.mark.parametrize("rulebook", [ES, ES2, IT])
def test_a_reader_of_the_groups_language_gets_the_groups_book(rulebook):
    reader = {ES: "es", ES2: "es", IT: "it"}[rulebook]
    assert cite(sources.PHASE_6, rulebook, reader) == cite(sources.PHASE_6, rulebook)


def test_an_italian_reader_of_a_spanish_group_gets_the_italian_books_section():
    found = cite(sources.PHASE_6, ES, "it")
    assert (found.book, found.section) == (IT, "Fase 6: Punteggio")
    assert citation(sources.PHASE_6, ES, "it") == "Regole italiane, Fase 6: Punteggio"


def test_a_spanish_reader_of_an_italian_group_gets_a_spanish_book():
    assert cite(sources.PHASE_6, IT, "es").book is ES
    # Said only by the second Spanish translation (and the Italian rules): that one.
    assert cite(sources.FREE_AMOEBA, IT, "es").book is ES2
    assert citation(sources.FREE_AMOEBA, IT, "es") == (
        "Reglas en español (sopa primordial), Fase 4: División celular"
    )


def test_an_english_reader_gets_the_english_expansion_where_it_has_the_rule():
    found = cite(sources.SCORING_5_6, IT, "en")
    assert (found.book, found.section) == (EN, "Phase 6: Scoring")


def test_an_english_reader_of_a_base_rule_gets_the_groups_book_named_in_english():
    assert citation(sources.PHASE_6, ES, "en") == "Spanish rules, Fase 6: Puntuación"
    assert citation(sources.PHASE_6, IT, "en") == "Italian rules, Fase 6: Punteggio"


def test_a_rule_no_book_of_the_readers_language_says_is_the_groups_named_in_the_readers():
    # Only the Spanish rules answer this question (Preguntas y Respuestas).
    assert cite(sources.SPEED_QA, ES, "it").book is ES
    assert citation(sources.SPEED_QA, ES, "it") == "Regole spagnole, Preguntas y Respuestas"
    assert citation(sources.SPEED_QA, ES, "en") == "Spanish rules, Preguntas y Respuestas"


def test_section_titles_stay_as_printed_in_every_language():
    assert citation(sources.PHASE_6, ES2, "es").endswith(", Fase 6: Puntuación")
    assert citation(sources.PHASE_6, ES2, "it").endswith(", Fase 6: Punteggio")
    assert citation(sources.PHASE_6, ES2, "en").endswith(", Fase 6: Puntuación")
    assert citation(sources.NO_DRIFT, IT, "it").endswith(", Fase 1: Movimiento y alimentación")


def test_a_companion_reading_is_a_marked_text_shown_in_the_readers_language():
    ((book, text),) = sources.ARMOR_DEATH.sections
    assert book is Book.COMPANION
    assert citation(sources.ARMOR_DEATH, ES, "es") == (
        f"{t(Msg('Companion reading'), 'es')}: {t(Msg(text), 'es')}"
    )
    assert citation(sources.ARMOR_DEATH, ES, "es").startswith("Interpretación de la app: ")
    assert citation(sources.ARMOR_DEATH, IT, "en") == f"Companion reading: {text}"


def test_replay_lang_prints_citations_in_the_readers_language(capsys):
    assert main(["replay", "--lang", "it", "--events", str(EXAMPLES / "four-players.json")]) == 0
    out = capsys.readouterr().out
    assert "[Regole italiane, Fase 6: Punteggio]" in out  # a Spanish group, an Italian reader
    assert "[Spanish rules" not in out


def test_replay_speaks_the_terminals_language_by_default(capsys, monkeypatch):
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["replay", "--events", str(EXAMPLES / "four-players.json")]) == 0
    assert "[Reglas en español, Fase 6: Puntuación]" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["replay", "--events", str(EXAMPLES / "four-players.json")]) == 0
    assert "[Spanish rules, Fase 6: Puntuación]" in capsys.readouterr().out


def test_replay_refuses_an_unknown_language(capsys):
    with pytest.raises(SystemExit):
        main(["replay", "--lang", "de", str(EXAMPLES / "four-players.json")])
    assert "--lang" in capsys.readouterr().err
