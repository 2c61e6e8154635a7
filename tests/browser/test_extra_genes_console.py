"""Extra genes on the referee console, in a real Chromium (003 §The Amoeba Advanced Genome
Project): a short 5-player game with extra genes on the table is imported, it stops where a
gene gives a player a decision (Cleanliness: where the excreta go), the referee taps the
button, and the console explains the effect and draws the cubes where they went.
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.tracker import apply, new_game, prompt
from companion.tracker.record import Record, record_from_dict, record_to_dict
from companion.tracker.state import Step

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def prefix_until(step: Step) -> tuple[dict, object]:
    """The 5-player extra-genes example, cut where `step` is first awaited."""
    record = record_from_dict(
        json.loads((EXAMPLES / "five-players-extra-genes.json").read_text(encoding="utf-8"))
    )
    state = new_game(record.setup)
    for i, action in enumerate(record.entries):
        if prompt(state).step is step:
            cut = Record(record.setup, record.entries[:i])
            return record_to_dict(cut), state
        state = apply(state, action).state
    raise AssertionError(f"the example never awaits {step}")


def test_a_cleanliness_decision_is_made_on_the_console(
    referee, live_server, console_watch, shot, tmp_path
):
    data, state = prefix_until(Step.EXCRETE)
    path = tmp_path / "extra-genes.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    referee.set_input_files("form.import input[type=file]", str(path))
    referee.click("form.import button[type=submit]")
    referee.wait_for_selector("#console")
    console = referee.locator("#console")
    assert "(Cleanliness)" in console.inner_text()  # the prompt names the gene
    amoeba = state.amoeba(state.cursor.amoeba)
    target = next(s for s in state.setup.board.neighbours(amoeba.space))
    revision = console.get_attribute("data-revision")
    shot(referee, "extra-genes-cleanliness-prompt")

    referee.click(f"#console button:text-is('excreta onto space {target}')")
    referee.wait_for_selector(f"#console:not([data-revision='{revision}'])")

    text = referee.inner_text("#console")
    assert f"go onto space {target} (Cleanliness)" in text
    own = state.seat(amoeba.color)
    drawn = referee.locator(
        f"#console g.space[data-space='{target}'] g.cubes[data-color='{amoeba.color.value}'] text"
    )
    assert int(drawn.text_content()) == state.cubes_on(target)[own] + 2
    shot(referee, "extra-genes-cleanliness-done")
    console_watch.assert_clean()
