"""The next environment card on one phone only, in a real Chromium (003 §The Amoeba Advanced
Genome Project, Migration Sensing: "may look at the environment card that will be turned over
... may not tell their fellow players"): the holder's phone shows it under "For your eyes
only"; another player's phone and the referee console do not, and the console says who may
look.
"""

from __future__ import annotations

import random

from companion.tracker.colors import Color
from companion.tracker.ursuppe import apply, legal_actions, new_game
from companion.tracker.ursuppe.actions import Correct, ShuffleEnvironmentDeck
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.record.document import Record
from companion.tracker.ursuppe.state import GameSetup, Phase, Seat

SEATS = (("Ana", Color.RED), ("Ben", Color.YELLOW), ("Cleo", Color.GREEN), ("Dev", Color.BLUE))


def migration_sensing_record():
    """A game at round 1's phase 1, the app holding the deck's order, Dev holding the gene."""
    rng = random.Random(5)
    setup = GameSetup(
        seats=tuple(Seat(n, c) for n, c in SEATS),
        extra_genes=ExtraGenesMode.FIXED_LIST,
        extra_start=("migration_sensing",),
    )
    order = [c.id for c in setup.deck]
    rng.shuffle(order)
    entries = [ShuffleEnvironmentDeck(tuple(order))]
    state = apply(new_game(setup), entries[0]).state
    while state.phase is not Phase.MOVEMENT:
        action = rng.choice(legal_actions(state))
        state = apply(state, action).state
        entries.append(action)
    gift = Correct("gene", 1, "bought at the table", color=Color.BLUE, gene="migration_sensing")
    state = apply(state, gift).state
    entries.append(gift)
    return Record(setup, tuple(entries)), state


def test_only_the_holder_s_phone_shows_the_next_card(
    referee, phone_context, live_server, console_watch, shot
):
    record, state = migration_sensing_record()
    secret = state.shuffled_order[0]
    store = live_server.app.extensions["companion.store"]
    game = store.import_record(record, "migration sensing")
    tokens = store.seat_tokens(game.id)

    phone = console_watch.watch(phone_context.new_page())
    phone.goto(f"{live_server.url}/s/{tokens['blue']}")
    box = phone.locator("[data-secret]")
    assert "For your eyes only" in box.inner_text()
    assert f"Card {secret}:" in box.inner_text()
    shot(phone, "extra-genes-secret-card-holder")

    other = console_watch.watch(phone_context.new_page())
    other.goto(f"{live_server.url}/s/{tokens['red']}")
    assert other.locator("[data-secret]").count() == 0
    assert f"Card {secret}:" not in other.inner_text("body")

    referee.goto(f"{live_server.url}/games/{game.id}")
    console = referee.inner_text("#console")
    assert "Dev ◆ blue may look at the next environment card on their phone." in console
    assert f"Card {secret}:" not in console
    console_watch.assert_clean()


def test_the_setup_page_starts_a_game_with_the_recommended_pair_and_three_a_round(
    referee, live_server, console_watch, shot
):
    referee.get_by_role("link", name="New game").click()
    for i, name in enumerate(("Ana", "Ben", "Cleo", "Dev", "Eli")):
        referee.fill(f"input[name=name{i}]", name)
    referee.check("input[name=cards][value=app]")
    referee.check("input[name=extra_mode][value=start_and_turned]")
    ticked = referee.locator("input[name=extra_gene]:checked")
    assert sorted(ticked.evaluate_all("(els) => els.map((e) => e.value)")) == [
        "population_explosion",
        "social_gene",
    ]
    referee.check("input[name=opt_extra_genes_per_round][value='3']")
    shot(referee, "extra-genes-setup")
    referee.get_by_role("button", name="Start the game").click()
    referee.wait_for_selector("#console")
    game_id = referee.url.rstrip("/").rsplit("/", 1)[-1]
    state = live_server.app.extensions["companion.store"].get(game_id).state
    assert state.extra_available == ("social_gene", "population_explosion")
    assert len(state.extra_pile) == 24 and state.setup.options.extra_genes_per_round == 3
    assert "Social Gene" in referee.inner_text("#console")
    console_watch.assert_clean()
