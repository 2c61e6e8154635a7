"""Issue 12 item 11 (faster taps): the console's quiet regions (status line, players' table,
supply, correction slot) and the soup's spaces are kept by what they show; a kept piece must
be exactly what rendering afresh gives, at every moment of a whole game, in each language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import text_of
from soup_patch import PATCH_RE, SOUP_KEY_RE, SOUP_RE, apply_patch, normal

from companion.tracker.ursuppe.record.document import Record, record_from_dict
from companion.web import fragments
from companion.web.ursuppe import soup_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _fresh() -> None:
    fragments.clear()
    soup_svg._pieces.cache_clear()
    soup_svg._tap.cache_clear()
    soup_svg._space.cache_clear()


def unplayed(referee, example: str, lang: str, name: str):
    """An example's setup as a new game with no entry yet, its console in `lang`: the
    example's record, the store, the game and the console view's address."""
    record = record_from_dict(json.loads((EXAMPLES / example).read_text()))
    store = referee.store
    game = store.import_record(Record(record.setup, ()), name)
    referee.game_id = game.id
    referee.client.set_cookie("lang", lang)
    return record, store, game, f"/games/{game.id}/view"


@pytest.mark.parametrize(
    ("example", "lang", "every"),
    [("five-players-extra-genes.json", "en", 1), ("six-players.json", "es", 3)],
)
def test_every_kept_region_equals_a_fresh_rendering(referee, example, lang, every):
    """Played entry by entry through the store; the console (as a second tab fetches it)
    with the pieces kept from the taps before, then with nothing kept: byte-identical."""
    record, store, game, url = unplayed(referee, example, lang, "quiet regions")
    for n, entry in enumerate(record.entries):
        store.append(game.id, entry, n)
        if n % every:
            continue
        kept = text_of(referee.client.get(url, headers={"HX-Request": "true"}))
        _fresh()
        fresh = text_of(referee.client.get(url, headers={"HX-Request": "true"}))
        assert kept == fresh, f"entry {n + 1}: a kept region differs from a fresh one"


@pytest.mark.parametrize(("example", "lang"), [("five-players-extra-genes.json", "it")])
def test_the_soup_on_screen_follows_its_patches_through_a_whole_game(referee, example, lang):
    """The console followed entry by entry as its browser does (it names the soup it shows,
    keeps it when unchanged, applies a patch when a few spaces changed): the soup on screen
    is always exactly the whole soup drawn afresh."""
    record, store, game, url = unplayed(referee, example, lang, "soup patches")
    screen = SOUP_RE.search(text_of(referee.client.get(url, headers={"HX-Request": "true"})))
    screen = screen.group(0)
    patches = 0
    for n, entry in enumerate(record.entries):
        store.append(game.id, entry, n)
        shown = {"HX-Request": "true", "X-Drawings": SOUP_KEY_RE.search(screen).group(1)}
        answer = text_of(referee.client.get(url, headers=shown))
        patch = PATCH_RE.search(answer)
        if patch:
            patches += 1
            screen = apply_patch(screen, patch.group(0))
        elif "data-keep=" not in answer:
            screen = SOUP_RE.search(answer).group(0)
        whole = SOUP_RE.search(text_of(referee.client.get(url, headers={"HX-Request": "true"})))
        assert normal(screen) == normal(whole.group(0)), f"entry {n + 1}: the soup differs"
    assert patches > len(record.entries) // 2  # most entries change a few spaces


def test_a_change_of_supply_alone_leaves_the_extra_genes_region_kept():
    """The supply changes with most meals, the extra genes face up once a round: they are
    two regions, so a meal does not render the extra genes' region (and its why panel) again."""
    from companion.web.ursuppe.console import shown_by_region

    view = {
        "round": 2,
        "phase": "feeding",
        "card": None,
        "cards_left": 8,
        "extra_genes": ["glutton"],
        "sensing": [],
        "gene_notes": [],
        "supply": {"red": 10, "blue": 11},
        "players": [],
    }
    after_meal = {**view, "supply": {"red": 11, "blue": 11}}
    before, after = shown_by_region("g1", view), shown_by_region("g1", after_meal)
    assert before["side"] == after["side"]
    assert before["supply"] != after["supply"]
