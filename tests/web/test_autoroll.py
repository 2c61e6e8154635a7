"""The app rolls by itself (setup "without a tap"): every awaited roll becomes its own entry."""

from __future__ import annotations

import random
import re

from conftest import Referee, build, prompt_of, text_of

from companion import store
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import RollForStartOrder, RollMovement, TurnEnvironmentCard
from companion.tracker.ursuppe.engine import CHANCE_STEPS
from companion.tracker.ursuppe.state import Phase, Step

APP_ROLLED, APP_DREW = str(store.APP_ROLLED), str(store.APP_DREW)  # the log's notes, in English


def log_labels(referee: Referee) -> list[str]:
    return [str(item.label) for item in referee.game().log]


def test_with_app_cards_every_start_roll_happens_at_creation(referee):
    referee.create_game(dice="auto", cards="app")

    game = referee.game()
    labels = log_labels(referee)
    assert game.state.cursor.step is Step.START_SPACE  # the first choice that is not chance
    assert labels[0].startswith("shuffle")  # the app's shuffle: the engine turns its cards
    assert game.state.current_card() is not None
    rolls = [e for e in game.entries if isinstance(e, RollForStartOrder)]
    assert len(rolls) >= 4 and all(label.endswith(APP_ROLLED) for label in labels[1:])
    assert "the app rolled by itself" in text_of(referee.console())


def test_with_cards_from_the_table_the_card_is_awaited_then_the_start_dice_roll_themselves(
    referee,
):
    referee.create_game(dice="auto", cards="table")
    assert referee.revision == 0
    assert referee.game().state.cursor.step is Step.TURN_CARD

    response = referee.act(action='{"type": "turn_card", "card": "P1"}')

    assert response.status_code == 200
    game = referee.game()
    assert game.state.cursor.step is Step.START_SPACE
    assert not log_labels(referee)[0].endswith(APP_DREW)  # the referee picked the card
    assert all(label.endswith(APP_ROLLED) for label in log_labels(referee)[1:])
    assert "Start space" in prompt_of(response) or "start space" in prompt_of(response)


def test_the_app_rolls_only_when_asked_if_set_up_to_roll_on_a_tap(referee):
    referee.create_game(dice="app", cards="app")
    assert referee.revision == 1  # only the shuffle (the engine turns the first card)
    assert referee.game().state.cursor.step is Step.START_ROLLS

    referee.post("/roll")

    assert referee.revision == 2  # one roll, then the next player's roll is awaited
    assert referee.game().state.cursor.step is Step.START_ROLLS
    assert not any(label.endswith((APP_ROLLED, APP_DREW)) for label in log_labels(referee))


def test_an_undo_of_a_roll_is_not_rolled_again_by_itself_until_roll_for_me(referee):
    referee.create_game(dice="auto", cards="table")
    referee.act_ok(action='{"type": "turn_card", "card": "P1"}')
    rolled = referee.revision

    response = referee.post("/undo")

    assert response.status_code == 200
    assert referee.revision == rolled + 1
    assert referee.game().state.cursor.step is Step.START_ROLLS
    assert "Roll for me" in text_of(response)

    referee.post("/roll")

    assert referee.game().state.cursor.step is Step.START_SPACE


def test_the_log_still_says_the_app_rolled_after_a_restart(referee, instance):
    game_id = referee.create_game(dice="auto", cards="app")
    before = log_labels(referee)

    app = build(instance)
    again = Referee(app, app.test_client())
    again.login()
    again.game_id = game_id

    assert log_labels(again) == before
    assert text_of(again.console()).count("the app rolled by itself") == sum(
        label.endswith(APP_ROLLED) for label in before
    )


def test_through_a_round_no_dice_are_ever_awaited_and_every_roll_is_marked(referee):
    referee.create_game(dice="auto", cards="app")
    rng = random.Random(5)
    moves = 0
    for _ in range(400):
        state = referee.game().state
        assert state.cursor.step not in CHANCE_STEPS, state.cursor.step
        if state.score_history or state.phase is Phase.OVER:
            break
        referee.play_ok(rng.choice(legal_actions(state)))
    else:
        raise AssertionError("no round was scored")
    game = referee.game()
    for entry, item in zip(game.entries, game.log, strict=True):
        chance = isinstance(entry, (RollForStartOrder, RollMovement, TurnEnvironmentCard))
        moves += isinstance(entry, RollMovement)
        assert str(item.label).endswith((APP_ROLLED, APP_DREW)) == chance, item.label
    assert moves, "some amoeba moved, and its dice were rolled by the app"


def test_the_setup_page_offers_rolling_without_a_tap(referee):
    page = text_of(referee.client.get("/games/new"))

    assert re.search(r'<input type="radio" name="dice" value="auto">[^<]*without a tap', page)
