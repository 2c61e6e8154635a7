"""Issue 12 item 11 (faster taps): the console's quiet regions (status line, players' table,
supply, correction slot) and the soup's spaces are kept by what they show; a kept piece must
be exactly what rendering afresh gives, at every moment of a whole game, in each language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import text_of

from companion.tracker.ursuppe.record import Record, record_from_dict
from companion.web import console_rows, drawings, soup_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _fresh() -> None:
    drawings._cache.clear()
    soup_svg._pieces.cache_clear()
    soup_svg._tap.cache_clear()
    soup_svg._space.cache_clear()
    console_rows._row.cache_clear()


@pytest.mark.parametrize(
    ("example", "lang", "every"),
    [("five-players-extra-genes.json", "en", 1), ("six-players.json", "es", 3)],
)
def test_every_kept_region_equals_a_fresh_rendering(referee, example, lang, every):
    """Played entry by entry through the store; the console (as a second tab fetches it)
    with the pieces kept from the taps before, then with nothing kept: byte-identical."""
    record = record_from_dict(json.loads((EXAMPLES / example).read_text()))
    store = referee.store
    game = store.import_record(Record(record.setup, ()), "quiet regions")
    referee.game_id = game.id
    referee.client.set_cookie("lang", lang)
    url = f"/games/{game.id}/view"
    for n, entry in enumerate(record.entries):
        store.append(game.id, entry, n)
        if n % every:
            continue
        kept = text_of(referee.client.get(url, headers={"HX-Request": "true"}))
        _fresh()
        fresh = text_of(referee.client.get(url, headers={"HX-Request": "true"}))
        assert kept == fresh, f"entry {n + 1}: a kept region differs from a fresh one"
