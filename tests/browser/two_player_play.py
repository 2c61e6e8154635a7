"""Shared steps of the two-player browser games (000 §Ursuppe para 2 jugadores; issue 9):
the setup on the setup page, the seat sheet's codes, the console clicked, and the table's
recorded play appended to the live server's store between the stretches played on the page.
"""

from __future__ import annotations

import random
from contextlib import contextmanager

from test_table import drive_one_step

from companion.tracker.ursuppe import apply, legal_actions
from companion.tracker.ursuppe.state import Phase

MAX_PAGE_STEPS = 60  # clicks per stretch played on the page


def set_up_on_the_page(
    page, base_url: str, variant: str, rows, decoy_scores: bool | None = None
) -> str:
    """The rows (name, color) written on the setup page, the variant chosen, dice and cards
    by the app, ladder 20; `decoy_scores` ticks or clears that box (None: left as offered).
    The game's id."""
    page.goto(f"{base_url}/games/new")
    for i in range(6):
        name, color = rows[i] if i < len(rows) else ("", None)
        page.fill(f"input[name=name{i}]", name)
        if color:
            page.select_option(f"select[name=color{i}]", color)
    page.check(f"input[name=two_players][value={variant}]")
    if decoy_scores is not None:
        page.set_checked("input[name=decoy_scores]", decoy_scores)
    page.check("input[name=dice][value=app]")
    page.check("input[name=cards][value=app]")
    page.fill("input[name=ladder_length]", "20")
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    return page.url.rstrip("/").rsplit("/", 1)[-1]


@contextmanager
def box_kept(store):
    """The setup page remembers the group's box: put it back after the test."""
    box = store.setting("box")
    try:
        yield
    finally:
        store.set_setting("box", box)


def table_plays_to_last_genes(store, game_id: str, seed: int) -> None:
    """Append the table's seeded play up to the first choice from the gene purchases on
    (phase 3) of the round the game ends in."""
    state = store.get(game_id).state
    rng = random.Random(seed)
    played = []
    sim = state
    while sim.phase is not Phase.OVER:
        action = rng.choice(legal_actions(sim))
        played.append((action, sim))
        sim = apply(sim, action).state
    last_round = played[-1][1].round
    cut = next(
        (
            i
            for i, (_, before) in enumerate(played)
            if before.round == last_round and before.phase.number >= Phase.GENES.number
        ),
        len(played) - 1,
    )
    for action, _ in played[:cut]:
        game = store.get(game_id)
        store.append(game_id, action, game.revision)


def drive_page_until(page, store, game_id: str, done) -> int:
    """Click the console's first choice until `done(state)`; the clicks made."""
    for steps in range(MAX_PAGE_STEPS):
        if done(store.get(game_id).state):
            return steps
        drive_one_step(page)
    raise AssertionError(f"not done after {MAX_PAGE_STEPS} clicks")


def play_last_round_on_the_page(page, store, game_id: str, attempts: int = 3, seen=None):
    """The table's recorded play up to the last round's gene purchases, then the console
    clicked to the end (another recorded stretch if the page's choices prolong the game).
    `seen()` runs after the first recorded stretch. The revisions the page played from."""
    played_from = []
    for attempt in range(attempts):
        table_plays_to_last_genes(store, game_id, seed=attempt)
        page.reload()
        page.wait_for_selector("#console")
        played_from.append(store.get(game_id).revision)
        if attempt == 0 and seen:
            seen()
        state = store.get(game_id).state
        drive_page_until(
            page,
            store,
            game_id,
            lambda s, r=state.round: s.phase is Phase.OVER or s.round > r,
        )
        if store.get(game_id).state.phase is Phase.OVER:
            break
    assert store.get(game_id).state.phase is Phase.OVER
    return played_from


def person_links(page, base_url: str, game_id: str, names=None) -> dict[str, str]:
    """The seat sheet's codes by person's name (of these names, if given): one per person,
    either color's view."""
    page.goto(f"{base_url}/games/{game_id}/seats")
    cards = page.locator(".qr-card:not(.decoy-card)")  # the decoy has no code
    links = {}
    for i in range(cards.count()):
        card = cards.nth(i)
        url = card.locator(".url a").inner_text()
        name = card.locator("figcaption").inner_text().split()[0]
        if "/s/" in url and (names is None or name in names):
            links[name] = url
    page.goto(f"{base_url}/games/{game_id}")
    page.wait_for_selector("#console")
    return links


def wait_for_revision(phone, rev: int) -> None:
    """The phone's seat page reaches `rev` by itself, never reloaded."""
    phone.wait_for_function(
        "rev => Number(document.querySelector('#seat')?.dataset.revision) >= rev", arg=rev
    )
