"""Double play I and II in a real browser (000 §Ursuppe para 2 jugadores; issue 9): two people
set the game up on the setup page, play it to its end and see the ranking by person on the
standings and on their phones, each phone showing both of the person's colors.

The referee's console is driven on the page for the start (rolls, start spaces, the first
placements) and for the last round from its gene purchases on; the rounds between are the
table's play, recorded: seeded legal choices appended to the live server's store, the way
other browser tests import a recorded prefix from examples/. Screenshots land in
test-artifacts/.
"""

from __future__ import annotations

import random
import re

import pytest
from test_table import drive_one_step

from companion.tracker import apply, legal_actions
from companion.tracker.state import Phase

DOUBLE = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue")]
MAX_PAGE_STEPS = 60  # clicks per stretch played on the page


def set_up_on_the_page(page, base_url: str, variant: str) -> str:
    """Two people, two rows each, the variant chosen: the game's id."""
    page.goto(f"{base_url}/games/new")
    for i in range(6):
        name, color = DOUBLE[i] if i < len(DOUBLE) else ("", None)
        page.fill(f"input[name=name{i}]", name)
        if color:
            page.select_option(f"select[name=color{i}]", color)
    page.check(f"input[name=two_players][value={variant}]")
    page.check("input[name=dice][value=app]")
    page.check("input[name=cards][value=app]")
    page.fill("input[name=ladder_length]", "20")
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    return page.url.rstrip("/").rsplit("/", 1)[-1]


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


def person_links(page, base_url: str, game_id: str) -> dict[str, str]:
    """The seat sheet's codes: one per person (the public board's aside)."""
    page.goto(f"{base_url}/games/{game_id}/seats")
    cards = page.locator(".qr-card")
    links = {}
    for i in range(cards.count()):
        card = cards.nth(i)
        url = card.locator(".url a").inner_text()
        if "/s/" in url:
            links[card.locator("figcaption").inner_text().split()[0]] = url
    page.goto(f"{base_url}/games/{game_id}")
    page.wait_for_selector("#console")
    return links


@pytest.mark.parametrize("variant", ["double1", "double2"])
def test_two_people_play_double_play_to_a_ranking_by_person(
    referee, phone_context, live_server, console_watch, shot, variant
):
    page = referee
    store = live_server.app.extensions["companion.store"]
    box = store.setting("box")  # the setup page remembers the group's box: put it back after
    game_id = set_up_on_the_page(page, live_server.url, variant)
    assert "Ana" in page.inner_text("#console") and "Ben" in page.inner_text("#console")
    shot(page, f"two-players-{variant}-01-console")
    links = person_links(page, live_server.url, game_id)
    assert sorted(links) == ["Ana", "Ben"]  # one code per person, either color's view
    phones = {}
    for name, url in links.items():
        phones[name] = console_watch.watch(phone_context.new_page())
        phones[name].goto(url)

    # The start on the page: rolls, start spaces and the placements.
    drive_page_until(page, store, game_id, lambda s: s.phase is not Phase.SETUP)
    start = store.get(game_id).state
    markers = sorted({p.marker for p in start.players})
    assert markers == ([1, 2] if variant == "double2" else [1, 2, 3, 4])

    for attempt in range(3):  # the last round, from its gene purchases, on the page
        table_plays_to_last_genes(store, game_id, seed=attempt)
        page.reload()
        page.wait_for_selector("#console")
        if attempt == 0:
            rev = store.get(game_id).revision
            for name, phone in phones.items():  # the phones follow by themselves
                phone.wait_for_function(
                    "rev => Number(document.querySelector('#seat')?.dataset.revision) >= rev",
                    arg=rev,
                )
                shot(phone, f"two-players-{variant}-02-phone-{name}-genes")
        state = store.get(game_id).state
        drive_page_until(
            page,
            store,
            game_id,
            lambda s, r=state.round: s.phase is Phase.OVER or s.round > r,
        )
        if store.get(game_id).state.phase is Phase.OVER:
            break
    final = store.get(game_id).state
    assert final.phase is Phase.OVER
    page.reload()
    shot(page, f"two-players-{variant}-03-console-over")

    page.goto(f"{live_server.url}/games/{game_id}/standings")
    persons = page.locator("[data-persons] li")
    assert persons.count() == 2
    assert sorted(persons.nth(i).get_attribute("data-person") for i in range(2)) == [
        "Ana",
        "Ben",
    ]
    assert "winner" in persons.first.inner_text()
    if variant == "double1":  # each person ranks by the worse of their two markers
        assert "the worse of" in persons.first.inner_text()
    winner = persons.first.get_attribute("data-person")
    shot(page, f"two-players-{variant}-04-standings")

    # Each phone, never reloaded, shows the ranking by person and both colors.
    for name, phone in phones.items():
        phone.wait_for_selector("[data-final]")
        text = phone.inner_text("#seat")
        assert "Ranking by person" in text
        place = re.search(r"your place: (\d)/2", text)
        assert place and (place.group(1) == "1") == (name == winner), text[:300]
        assert ("You win!" in text) == (name == winner)
        assert phone.locator(f"[data-person-view='{name}']").count() == 1
        colors = {c for n, c in DOUBLE if n == name}
        views = phone.locator("[data-color-view]")
        shown = {views.nth(i).get_attribute("data-color-view") for i in range(views.count())}
        if variant == "double1":
            assert shown == colors  # each color's own purse, genes and marker
        else:
            assert len(shown) == 1 and shown < colors  # one shared record
            assert phone.locator("text=One purse, one set of genes and one marker").count() == 1
        assert phone.locator(".ranking.persons .mine").count() == 1  # the person's own row
        if variant == "double1":  # and both colors' rows; double play II ranks markers
            assert phone.locator("[data-ranking] .mine").count() == 2
        shot(phone, f"two-players-{variant}-05-phone-{name}")
        phone.close()
    store.set_setting("box", box)
    console_watch.assert_clean()
