"""In the browser, the referee's desk: the referee corrects the face-up card, a used Escape and
a marker swap from the console, opens the history at an earlier attack and sees the table as
it was, and a player taps a number on the phone to see how it was computed. Screenshots land
in test-artifacts/ (desk-*.png)."""

from __future__ import annotations

from console_armed import wait_armed

from companion.tracker.ursuppe.actions import (
    Attack,
    Correct,
    Drift,
    Escape,
    RollMovement,
    SetStartSpaces,
    TurnEnvironmentCard,
)
from companion.tracker.ursuppe.state import AmoebaId, Color

NAMES = ["Ana", "Ben", "Cleo", "Dev"]
RED1, YELLOW1 = AmoebaId(Color.RED, 1), AmoebaId(Color.YELLOW, 1)


def new_game(page, base_url: str) -> str:
    page.goto(f"{base_url}/games/new")
    for i in range(6):
        page.fill(f"input[name=name{i}]", NAMES[i] if i < len(NAMES) else "")
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    return page.url.rsplit("/", 1)[-1]


def correct(page, kind: str, reason: str, fill) -> str:
    """Open the correction form, choose a kind, fill it, submit; the newest log entry."""
    page.click("#console details.correction summary")
    form = page.locator("form[data-correction]")
    form.locator("select[name=field]").select_option(kind)
    fill(form)
    form.locator("input[name=reason]").fill(reason)
    wait_armed(page)  # a tap on unarmed choices is dropped
    page.evaluate("document.querySelector('#console').dataset.old = 'yes'")
    form.locator("button[type=submit]").click()
    page.wait_for_function("() => !document.querySelector('#console').dataset.old")
    return page.locator("#console ol.log > li").first.inner_text()


def attack_position(store, game_id: str) -> int:
    """Round 1: Ana's Red 1 (Struggle for Survival) finds no meal on space 8 and attacks
    Ben's Yellow 1, which escapes (card P9, no drift). Returns the attack's entry number."""
    from companion.tracker.ursuppe import legal_actions
    from companion.tracker.ursuppe.state import Step

    def add(entry) -> None:
        store.append(game_id, entry, store.get(game_id).revision)

    add(TurnEnvironmentCard("P9"))
    add(SetStartSpaces(((Color.RED, 1), (Color.YELLOW, 2), (Color.GREEN, 3), (Color.BLUE, 4))))
    while store.get(game_id).state.cursor.step is Step.PLACE:
        add([a for a in legal_actions(store.get(game_id).state) if a.space != 8][0])
    for entry in (
        Correct("amoeba_space", 8, "placed there", amoeba=RED1),
        Correct("amoeba_space", 8, "placed there", amoeba=YELLOW1),
        Correct("space_cubes", reason="only red food", space=8, cubes=((Color.RED, 2),)),
        Correct("gene", 1, "bought", color=Color.RED, gene="struggle_for_survival"),
        Correct("gene", 1, "bought", color=Color.YELLOW, gene="escape"),
        Drift(RED1),
        Attack(RED1, YELLOW1),
    ):
        add(entry)
    seq = store.get(game_id).revision
    add(Escape())
    add(RollMovement((2,)))  # north to space 3
    return seq


def test_the_referee_corrects_opens_a_past_moment_and_a_phone_explains_a_number(
    referee, live_server, browser, shot, console_watch
):
    game_id = new_game(referee, live_server.url)
    store = live_server.app.extensions["companion.store"]
    attack = attack_position(store, game_id)
    referee.reload()

    # The face-up card: P9 was wrong, the table shows P4 after P2.
    def card(form):
        form.locator("select[name=card]").select_option("P4")
        form.locator("input[name=cards]").fill("P2")

    newest = correct(referee, "card", "the card on the table is P4", card)
    assert "set from P9 to P4" in newest, newest
    assert "Card P4" in referee.locator("#console .card-info").inner_text()

    # Cleo already used Escape this round.
    def escape_used(form):
        form.locator("select[name=color]:enabled").select_option("green")
        form.locator("input[name=uses][value=escape]").check()

    newest = correct(referee, "uses", "Cleo fled from Dev already", escape_used)
    assert "uses this round set to: Escape" in newest, newest

    # Ana's and Ben's markers were swapped on the ladder.
    def swap(form):
        form.locator("select[name=color]:enabled").select_option("red")
        form.locator("select[name=other]").select_option("yellow")

    newest = correct(referee, "marker_swap", "the markers were swapped", swap)
    assert "markers swapped" in newest, newest
    referee.click("#console details.why-panel summary")  # loads when opened
    referee.wait_for_selector("#console .why-player[data-color=red]")
    shot(referee, "desk-01-console-after-corrections")

    # The history opened at the attack: the table as it was, Ben's Escape not yet used.
    referee.goto(f"{live_server.url}/games/{game_id}/log")
    referee.locator(f"a[href$='/at/{attack}']").click()
    referee.wait_for_selector("[data-moment-state]")
    assert f"Right after entry {attack}" in referee.locator("main").inner_text()
    assert "escape" in referee.locator("[data-awaiting]").inner_text().lower()
    ben = referee.locator("[data-uses] li[data-color=yellow]").inner_text()
    assert "nothing used this round" in ben, ben
    shot(referee, "desk-02-moment-at-the-attack")

    # A phone taps its advance and sees the table rows it came from.
    token = store.seat_tokens(game_id)["red"]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = console_watch.watch(phone.new_page())
    page.goto(f"{live_server.url}/s/{token}")
    page.locator("details.why summary", has_text="Advance now").click()
    text = page.locator("details.why[open]").inner_text()
    assert "amoeba table, row 2" in text and "Fase 6: Puntuación" in text, text
    shot(page, "desk-03-phone-why-advance")
    phone.close()
    console_watch.assert_clean()
