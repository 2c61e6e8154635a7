"""Extra genes on the referee console, in a real Chromium (003 §The Amoeba Advanced Genome
Project, §Play): a short 5-player game begins with the recommended pair, extra genes are
turned over after the leader has bought, one player buys Cleanliness, and at that player's
next meal the console asks where the excreta go; the referee taps the button, and the
console explains the effect and draws the cubes where they went.
"""

from __future__ import annotations

import json
import random

from companion.tracker.colors import Color
from companion.tracker.ursuppe import apply, legal_actions, new_game, prompt
from companion.tracker.ursuppe.actions import BuyGene, EndPurchases
from companion.tracker.ursuppe.engine import CHANCE_STEPS
from companion.tracker.ursuppe.genes.actions import TurnExtraGene
from companion.tracker.ursuppe.genes.extra import CLEANLINESS, RECOMMENDED_START
from companion.tracker.ursuppe.options import ExtraGenesMode
from companion.tracker.ursuppe.record.document import Record, record_to_dict
from companion.tracker.ursuppe.state import GameSetup, Seat, Step

SEATS = (
    ("Ana", Color.GREEN),
    ("Ben", Color.RED),
    ("Cleo", Color.BLUE),
    ("Dev", Color.WHITE),
    ("Eli", Color.YELLOW),
)


def until_cleanliness_decision(limit: int = 2000):
    """The record of a game played until a Cleanliness holder's excreta await their space.

    The table turns Cleanliness over first, the first player who may buy it does, dice and
    cards come from a seeded generator, and every other choice is the first legal one.
    """
    rng = random.Random(7)
    setup = GameSetup(
        seats=tuple(Seat(name, color) for name, color in SEATS),
        extra_genes=ExtraGenesMode.START_AND_TURNED,
        extra_start=RECOMMENDED_START,
    )
    state = new_game(setup)
    entries = []
    for _ in range(limit):
        step = prompt(state).step
        if step is Step.EXCRETE:
            return record_to_dict(Record(setup, tuple(entries))), state
        legal = legal_actions(state)
        action = rng.choice(legal) if step in CHANCE_STEPS else legal[0]
        if step is Step.TURN_EXTRA and TurnExtraGene(CLEANLINESS) in legal:
            action = TurnExtraGene(CLEANLINESS)
        elif step is Step.BUY:
            buy = [a for a in legal if isinstance(a, BuyGene) and a.gene == CLEANLINESS]
            action = buy[0] if buy else next(a for a in legal if isinstance(a, EndPurchases))
        state = apply(state, action).state
        entries.append(action)
    raise AssertionError("no Cleanliness decision came up")


def test_a_turned_over_gene_s_decision_is_made_on_the_console(
    referee, live_server, console_watch, shot, tmp_path
):
    data, state = until_cleanliness_decision()
    assert CLEANLINESS in state.extra_available
    assert any(a["type"] == "turn_extra_gene" for a in data["actions"])
    path = tmp_path / "extra-genes.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    referee.set_input_files("form.import input[type=file]", str(path))
    referee.click("form.import button[type=submit]")
    referee.wait_for_selector("#console")
    console = referee.locator("#console")
    assert "(Cleanliness)" in console.inner_text()  # the prompt names the gene
    assert "Cleanliness" in referee.inner_text("#console table")  # held, in the standings
    amoeba = state.amoeba(state.cursor.amoeba)
    target = state.setup.board.neighbours(amoeba.space)[0]
    revision = console.get_attribute("data-revision")
    shot(referee, "extra-genes-cleanliness-prompt")

    referee.click(f"#console button:text-is('excreta onto space {target}')")
    referee.wait_for_selector(f"#console:not([data-revision='{revision}'])")

    assert f"go onto space {target} (Cleanliness)" in referee.inner_text("#console")
    own = state.seat(amoeba.color)
    drawn = referee.locator(
        f"#console g.space[data-space='{target}'] g.cubes[data-color='{amoeba.color.value}'] text"
    )
    assert int(drawn.text_content()) == state.cubes_on(target)[own] + 2
    shot(referee, "extra-genes-cleanliness-done")
    console_watch.assert_clean()
