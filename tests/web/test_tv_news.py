"""The TV's word on the newest entry (issue 30, item 2): after a round's last division the
room reads the deaths and the scoring that followed, and at the end the winner, whole; an
ordinary entry shows what it did, without the forced steps and phase headings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import text_of

from companion.i18n import t
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.record.document import Record, record_from_dict
from companion.web.ursuppe.tvnews import news, own_events

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "five-players-extra-genes.json"
LAST_DIVISION_OF_ROUND_5 = 193  # its entry: a birth, 5 deaths, 5 markers scored
LAST_ENTRY = 318  # the game's last division: deaths, scoring, the end


@pytest.fixture(scope="module")
def entries():
    """Each entry of the 5-player extra-genes example with its events."""
    record = record_from_dict(json.loads(EXAMPLE.read_text()))
    state, out = new_game(record.setup), []
    for action in record.entries:
        result = apply(state, action)
        state = result.state
        out.append((action, tuple(result.events)))
    return record, out


def said(items) -> list[str]:
    return [t(i, "en") for i in items]


def test_after_a_rounds_last_division_the_tv_names_the_deaths_and_scoring(entries):
    """000 §Fase 5 and §Fase 6: the deaths and the scoring follow the last division."""
    _, done = entries
    lines = said(news(done[LAST_DIVISION_OF_ROUND_5][1]))
    assert lines[0].startswith("Deaths: Ana ■ green 1, Eli ▲ yellow 3")
    assert lines[0].count("▲ yellow") == 2 and lines[0].count("◆ blue") == 2
    assert lines[1].startswith("Scoring: Ana ■ green 20 → 26; Eli ▲ yellow 19 → 24")
    assert not any("is born" in line for line in lines)


def test_at_the_end_the_tv_names_the_winner_whole(entries):
    _, done = entries
    lines = said(news(done[LAST_ENTRY][1]))
    assert lines[0].startswith("Deaths: ")
    assert lines[-1].endswith("Ana ■ green wins.") and "1. Ana ■ green (45)" in lines[-1]
    assert not any(line.startswith("Scoring:") for line in lines)  # the end ranks them


def test_an_ordinary_entry_adds_no_band_and_lists_its_own_events(entries):
    _, done = entries
    for action, events in done[:40]:
        if any(e.kind in ("death", "score", "end") for e in events):
            continue
        assert news(events) == [], action
        own = [e for e in events if e.kind not in ("forced", "phase")]
        assert own_events(events) == (own or list(events[-1:])), action


def test_the_board_page_shows_the_deaths_of_the_newest_entry_in_spanish(referee, entries):
    record, _ = entries
    cut = Record(record.setup, record.entries[: LAST_DIVISION_OF_ROUND_5 + 1])
    game = referee.store.import_record(cut, "tv news")
    tv = referee.app.test_client()
    tv.set_cookie("lang", "es")
    page = text_of(tv.get(f"/b/{game.board_token}"))
    assert 'class="tv-news"' in page
    assert "Muertes: Ana ■ verde 1" in page
    assert "Puntuación: Ana ■ verde 20 → 26" in page
