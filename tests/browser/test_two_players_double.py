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

import re

import pytest
from two_player_play import (
    box_kept,
    drive_page_until,
    person_links,
    play_last_round_on_the_page,
    set_up_on_the_page,
    wait_for_revision,
)

from companion.tracker.ursuppe.state import Phase

DOUBLE = [("Ana", "red"), ("Ana", "yellow"), ("Ben", "green"), ("Ben", "blue")]


@pytest.mark.parametrize("variant", ["double1", "double2"])
def test_two_people_play_double_play_to_a_ranking_by_person(
    referee, phone_context, live_server, console_watch, shot, variant
):
    page = referee
    store = live_server.app.extensions["companion.store"]
    with box_kept(store):
        game_id = set_up_on_the_page(page, live_server.url, variant, DOUBLE)
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

    def phones_follow() -> None:  # by themselves, to the recorded play's end
        rev = store.get(game_id).revision
        for name, phone in phones.items():
            wait_for_revision(phone, rev)
            shot(phone, f"two-players-{variant}-02-phone-{name}-genes")

    play_last_round_on_the_page(page, store, game_id, seen=phones_follow)
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
    console_watch.assert_clean()
