"""Issue 11's "done when", in a real Chromium (003 §The Amoeba Advanced Genome Project,
§Play; slow): a 5-player game is set up on the setup page with the recommended starting pair
(Social Gene + Population Explosion) and 2 extra genes turned over a round, the app rolling
and drawing by itself, and played on the console to the end. The referee taps the console's
buttons by a fixed policy that prefers buying extra genes nobody has bought yet (Migration
Sensing first) and using them (Suction meals, Cleanliness, healing, bouncing, feeding first,
exploding, one swap). At least six different extra genes are bought and used. While the
holder of Migration Sensing may look, their phone shows the next environment card and no
other view does: the console, the four other phones, the TV board; that card is the one
turned next.

The app's shuffles and dice are seeded (SEED), so the game is the same on every run; every
choice is still a button of the console, chosen among the legal ones the page shows.
"""

from __future__ import annotations

import json
import random
import re
import secrets

import pytest
from console_armed import wait_armed

from companion.tracker.msg import render
from companion.tracker.ursuppe import actions as A
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import action_to_dict
from companion.tracker.ursuppe.data import GENES_BY_KEY
from companion.tracker.ursuppe.genes import actions as X
from companion.tracker.ursuppe.genes.extra import EXTRA_KEYS, MIGRATION_SENSING
from companion.tracker.ursuppe.genes.sensing import sensers
from companion.tracker.ursuppe.state import Phase
from companion.web.ursuppe import autoroll
from companion.web.ursuppe.stages import _facets

pytestmark = pytest.mark.slow

SEED = 7  # the app's shuffle turns Migration Sensing over first
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli")
MAX_TAPS = 700
USES = (
    X.FeedWithSuction,
    X.PlaceExcreta,
    X.Heal,
    X.TransferDamage,
    X.FeedFirst,
    X.Explode,
    X.PayHardCrust,
)
NOT_A_USE = ("buy", "extra", "defects")  # buying, turning over, giving back a gene

# Submits the console's own form for the wanted action, as a tap does (the same htmx request,
# tap id and revision), without the one-tap-a-second pacing a finger meets on the console
# (tests/browser/test_double_tap.py checks that guard).
TAP = """([wanted, amoeba, space]) => {
  const c = document.querySelector('#console');
  const send = (button) => { button.form.requestSubmit(button); return true; };
  if (space !== null) {
    const form = c.querySelector('#space-form');
    const button = form && form.querySelector(`button[name=space][value="${space}"]`);
    if (!button) return false;
    form.querySelector('select[name=amoeba]').value = amoeba;
    const chosen = document.createElement('input');  // the tapped space button's value
    Object.assign(chosen, {type: 'hidden', name: 'space', value: String(space)});
    form.appendChild(chosen);
    form.requestSubmit();
    return true;
  }
  if (wanted === null) {
    const carry = c.querySelector('form.carry button');
    return carry ? send(carry) : false;
  }
  for (const input of c.querySelectorAll('input[name=action]')) {
    if (input.value === wanted) return send(input.form.querySelector('button'));
  }
  return false;
}"""


class Policy:
    """The referee's fixed choice among the legal actions: extra genes first."""

    def __init__(self) -> None:
        self.bought: set[str] = set()
        self.swapped = False

    def __call__(self, state) -> A.Action:
        legal = legal_actions(state)
        buys = [
            a
            for a in legal
            if isinstance(a, A.BuyGene) and a.gene in EXTRA_KEYS and a.gene not in self.bought
        ]
        if buys:
            chosen = next((a for a in buys if a.gene == MIGRATION_SENSING), buys[0])
            self.bought.add(chosen.gene)
            return chosen
        swaps = [a for a in legal if isinstance(a, X.SwapGene) and a.give not in EXTRA_KEYS]
        if swaps and not self.swapped:
            self.swapped = True
            return swaps[0]
        uses = [a for a in legal if isinstance(a, USES) or (isinstance(a, X.Bounce) and a.go)]
        if uses:
            return uses[0]
        for kind in (A.EndPurchases, A.Drift):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if (
            any(isinstance(a, A.Divide) for a in legal)
            and len(state.amoebas_of(state.cursor.actor)) >= 3
        ):
            return next(a for a in legal if isinstance(a, A.EndDivision))
        empty = [a for a in legal if isinstance(a, A.CarryCubes) and not a.cubes]
        return empty[0] if empty else legal[0]


def dom_revision(page) -> int:
    return int(page.locator("#console").get_attribute("data-revision"))


def tap(page, action: A.Action) -> None:
    """Tap the console's control for this action, opening its group first if it has one."""
    space = (
        getattr(action, "space", None)
        if isinstance(action, (A.PlaceAmoeba, A.Divide, A.PlaceFreeAmoeba))
        else None
    )
    carry = isinstance(action, A.CarryCubes)
    wanted = None if carry else json.dumps(action_to_dict(action))
    amoeba = str(action.amoeba) if space is not None else None
    before = dom_revision(page)
    for _ in range(4):
        if page.evaluate(TAP, [wanted, amoeba, space]):
            try:
                page.wait_for_function(
                    "(rev) => Number(document.querySelector('#console').dataset.revision) !== rev",
                    arg=before,
                )
            except Exception:
                page.screenshot(path="/tmp/genesC/fail.png")
                raise AssertionError(f"{action}: {page.inner_text('.prompt-box')}") from None
            return
        facets = _facets(action) or ()
        groups = page.locator("#console [data-group]").evaluate_all(
            "(links) => links.map((a) => a.dataset.group)"
        )
        path = next(g for g in groups if facets[: len(g.split("/"))] == tuple(g.split("/")))
        wait_armed(page)
        page.click(f"#console [data-group='{path}']")
        page.wait_for_selector(f"#console .stage-trail[data-stage^='{path}']")
    raise AssertionError(f"no control on the console for {action}")


def visible(page, card: str) -> bool:
    return re.search(rf"\b{card}\b", page.inner_text("body")) is not None


def check_secret(browser, live_server, store, game, state, shot, console_watch, referee) -> str:
    """The next card on the holder's phone only; returns that card."""
    secret = state.shuffled_order[0]
    (holder,) = [c for c in sensers(state) if state.player(c).holds(MIGRATION_SENSING)]
    tokens = store.seat_tokens(game.id)
    phones = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        mine = console_watch.watch(phones.new_page())
        mine.goto(f"{live_server.url}/s/{tokens[holder.value]}")
        assert f"Card {secret}:" in mine.locator("[data-secret]").inner_text()
        shot(mine, "extra-genes-game-holder-phone")
        for color in state.colors:
            if color == holder:
                continue
            other = console_watch.watch(phones.new_page())
            other.goto(f"{live_server.url}/s/{tokens[color.value]}")
            assert other.locator("[data-secret]").count() == 0
            assert not visible(other, secret), f"{color} sees the next card"
            if color == state.colors[0] or color == state.colors[-1]:
                shot(other, f"extra-genes-game-other-phone-{color.value}")
            other.close()
        tv = console_watch.watch(phones.new_page())
        tv.set_viewport_size({"width": 1280, "height": 720})
        tv.goto(f"{live_server.url}/b/{game.board_token}")
        assert not visible(tv, secret), "the TV board shows the next card"
        shot(tv, "extra-genes-game-tv")
    finally:
        phones.close()
    console = referee.inner_text("#console")
    assert "may look at the next environment card on their phone" in console
    assert not re.search(rf"\b{secret}\b", console), "the console shows the next card"
    return secret


def used_genes(game, bought: dict[str, int]) -> set[str]:
    """The extra genes whose effect an explained event names after they were bought."""
    used = set()
    items = list(game.log)
    for gene, seq in bought.items():
        term = render(GENES_BY_KEY[gene].term).lower()  # "goes out with a bang"
        for item in items:
            if item.seq <= seq or item.undone:
                continue
            texts = [(e.kind, render(e.msg).lower()) for e in item.events]
            if any(
                (term in text and kind not in NOT_A_USE) or f"({term})" in text
                for kind, text in texts
            ):
                used.add(gene)
                break
    return used


def test_a_five_player_game_with_extra_genes_turned_over_is_played_to_the_end(
    referee, live_server, browser, console_watch, shot, monkeypatch
):
    monkeypatch.setattr(secrets, "SystemRandom", lambda: random.Random(SEED))
    monkeypatch.setattr(autoroll, "_dice", random.Random(SEED))
    store = live_server.app.extensions["companion.store"]

    referee.get_by_role("link", name="New game").click()
    for i, name in enumerate(NAMES):
        referee.fill(f"input[name=name{i}]", name)
    referee.check("input[name=dice][value=auto]")
    referee.check("input[name=cards][value=app]")
    referee.check("input[name=extra_mode][value=start_and_turned]")
    referee.check("input[name=opt_extra_genes_per_round][value='2']")
    shot(referee, "extra-genes-game-setup")
    referee.get_by_role("button", name="Start the game").click()
    referee.wait_for_selector("#console")
    game_id = referee.url.rstrip("/").rsplit("/", 1)[-1]
    state = store.get(game_id).state
    assert state.extra_available == ("social_gene", "population_explosion")
    assert state.n_players == 5 and state.setup.options.extra_genes_per_round == 2

    policy = Policy()
    bought: dict[str, int] = {}
    secret, turned_then, taps = None, 0, 0
    while True:
        game = store.get(game_id)
        state = game.state
        if state.phase is Phase.OVER:
            break
        assert dom_revision(referee) == game.revision
        if secret is None and MIGRATION_SENSING in sensers_keys(state):
            secret = check_secret(
                browser, live_server, store, game, state, shot, console_watch, referee
            )
            turned_then = len(state.turned)
            shot(referee, "extra-genes-game-console-secret")
        action = policy(state)
        tap(referee, action)
        if isinstance(action, A.BuyGene) and action.gene in EXTRA_KEYS:
            bought[action.gene] = store.get(game_id).log[-1].seq
        taps += 1
        assert taps < MAX_TAPS, "the game did not end"

    game = store.get(game_id)
    assert "Game over" in referee.inner_text(".status-line")
    shot(referee, "extra-genes-game-over")
    assert secret is not None, "nobody could look at the next card with Migration Sensing"
    assert game.state.turned[turned_then] == secret  # what the holder saw was turned next
    used = used_genes(game, bought) | {MIGRATION_SENSING}
    assert len(bought) >= 6, sorted(bought)
    assert len(used & set(bought)) >= 6, (sorted(bought), sorted(used))
    console_watch.assert_clean()


def sensers_keys(state) -> set[str]:
    """The sensing genes that let someone look at the next card now (the app holds it)."""
    if not state.shuffled_order:
        return set()
    return {
        key
        for color in sensers(state)
        for key in state.player(color).gene_keys
        if key == MIGRATION_SENSING
    }
