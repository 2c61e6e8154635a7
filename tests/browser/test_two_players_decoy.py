"""A decoy game in a real browser (000 §Ursuppe para 2 jugadores; issue 9): two people set it
up on the setup page, the decoy's turns run by themselves, each step explained with its rule,
and the game is played to its end with the ranking by person on the standings and phones.

The referee's console is driven on the page for the start and the first round's movement
(the decoy's start space, placements and drift never wait for a tap) and for the last round
from its gene purchases on (the decoy's 2 new amoebas); the rounds between are the table's
play, recorded (see two_player_play). The setup clears "the decoy scores", so the decoy
keeps its marker and the ranking is Ana's and Ben's only. Screenshots land in test-artifacts/.
"""

from __future__ import annotations

import re

from test_table import drive_one_step
from two_player_play import (
    box_kept,
    person_links,
    play_last_round_on_the_page,
    set_up_on_the_page,
    wait_for_revision,
)

from companion.tracker.ursuppe.state import Phase

ROWS = [("Ana", "red"), ("Ben", "yellow"), ("", "blue")]  # the third color is the decoy
MAX_STEPS = 120
DECOY_SAYS = "The decoy plays by its rule ("


def decoy_entries(page, after: int) -> list[str]:
    """The console log's decoy events in entries after revision `after`."""
    entries = page.locator("ol.log > li")
    found = []
    for i in range(entries.count()):
        entry = entries.nth(i)
        if int(entry.get_attribute("value")) > after:
            events = entry.locator("li.ev-decoy")
            found += [events.nth(j).inner_text() for j in range(events.count())]
    return found


def test_two_people_play_a_decoy_game_to_its_ranking(
    referee, phone_context, live_server, console_watch, shot
):
    page = referee
    store = live_server.app.extensions["companion.store"]
    with box_kept(store):
        game_id = set_up_on_the_page(page, live_server.url, "decoy", ROWS, decoy_scores=False)
    setup = store.get(game_id).state.setup
    assert setup.two_players.value == "decoy" and not setup.decoy_scores
    assert "Decoy" in page.inner_text("#console")

    links = person_links(page, live_server.url, game_id, {"Ana", "Ben"})
    assert sorted(links) == ["Ana", "Ben"]
    phones = {}
    for name, url in links.items():
        phones[name] = console_watch.watch(phone_context.new_page())
        phones[name].goto(url)

    # The start and the first movement on the page: the decoy's steps need no tap.
    for _ in range(MAX_STEPS):
        if "the decoy always drifts" in page.content():
            break
        drive_one_step(page)
    content = page.content()
    shot(page, "two-players-decoy-01-played")
    assert DECOY_SAYS + "the decoy takes the lowest free start space)" in content
    assert DECOY_SAYS + "the decoy puts its lowest free amoeba" in content
    assert DECOY_SAYS + "the decoy always drifts)" in content
    decoy = store.get(game_id).state.player(setup.colors[2])
    start_marker = decoy.marker

    def phones_follow() -> None:  # by themselves, to the recorded play's end
        rev = store.get(game_id).revision
        for name, phone in phones.items():
            wait_for_revision(phone, rev)
            shot(phone, f"two-players-decoy-02-phone-{name}-genes")

    played_from = play_last_round_on_the_page(page, store, game_id, seen=phones_follow)
    final = store.get(game_id).state
    assert final.phase is Phase.OVER
    page.reload()
    page.wait_for_selector("#console")
    # The last round's new amoebas (phase 4): the decoy's, by its rule, without a tap.
    births = decoy_entries(page, played_from[-1])
    assert births and all(DECOY_SAYS in e for e in births), births
    assert any("lowest free amoeba" in e or "2 new amoebas" in e for e in births), births
    shot(page, "two-players-decoy-03-console-over")
    # Not scoring, the decoy's marker never moved from its start space.
    assert final.player(setup.colors[2]).marker == start_marker

    page.goto(f"{live_server.url}/games/{game_id}/standings")
    persons = page.locator("[data-persons] li")
    ranked = [persons.nth(i).get_attribute("data-person") for i in range(persons.count())]
    assert sorted(ranked) == ["Ana", "Ben"]  # the decoy is not ranked
    assert "Decoy" not in page.inner_text("ol.standings")  # nor listed by marker
    assert "Decoy" in page.inner_text(".legend")  # its marker still drawn on the chart
    assert "winner" in persons.first.inner_text()
    winner = ranked[0]
    shot(page, "two-players-decoy-04-standings")

    for name, phone in phones.items():  # never reloaded
        phone.wait_for_selector("[data-final]")
        text = phone.inner_text("#seat")
        assert "Ranking by person" in text
        assert phone.locator("[data-persons] li").count() == 2
        assert phone.locator("[data-persons] [data-person='Decoy']").count() == 0
        # One color each: ranked once, by person (the colors' list would repeat it).
        assert phone.locator("[data-ranking]").count() == 0
        place = re.search(r"your place: (\d)/(\d)", text)
        assert place and place.group(2) == "2", text[:300]
        assert (place.group(1) == "1") == (name == winner), text[:300]
        assert ("You win!" in text) == (name == winner)
        shot(phone, f"two-players-decoy-05-phone-{name}")
        phone.close()
    console_watch.assert_clean()
