"""Taps: each console submission's browser-made id is recorded with the entry it produced,
a repeated tap adds nothing, and `settle` tells the browser whether a tap was recorded (and
gives it up if not, so that a late arrival is refused)."""

from __future__ import annotations

import html
import json
import re
import secrets

import pytest
from conftest import alert_of, text_of

from companion.store import TapRecorded

TURN_P1 = json.dumps({"type": "turn_card", "card": "P1"})
NOTE_RE = re.compile(r'class="tap-note" role="status">([^<]*)<')


def new_tap() -> str:
    """A tap id as the browser makes it: 16 random bytes, base64url."""
    return secrets.token_urlsafe(16)


def note_of(response) -> str:
    match = NOTE_RE.search(text_of(response))
    assert match, "the console shows a note"
    return html.unescape(match.group(1))


def settle(game, tap: str, client=None, csrf: bool = True):
    data = {"csrf": game.csrf} if csrf else {}
    return (client or game.client).post(f"{game.url}/taps/{tap}/settle", data=data)


def taps_rows(game) -> list[dict]:
    return list(game.store.db.query("select tap, seq, given_up from taps order by created"))


def test_a_tap_is_recorded_with_the_entry_it_produced(game):
    tap = new_tap()

    response = game.act(action=TURN_P1, tap=tap)

    assert response.status_code == 200
    assert taps_rows(game) == [{"tap": tap, "seq": 1, "given_up": 0}]


def test_a_repeated_tap_adds_nothing_and_says_which_entry_it_was(game):
    tap = new_tap()
    assert game.act(action=TURN_P1, tap=tap, revision=0).status_code == 200

    again = game.act(action=TURN_P1, tap=tap, revision=0)

    assert again.status_code == 200
    assert "already recorded as entry 1" in note_of(again)
    assert game.revision == 1
    assert 'data-revision="1"' in text_of(again)


def test_a_repeated_roll_does_not_roll_again(game):
    tap = new_tap()
    first = game.post("/roll", {"tap": tap}, revision=0)
    assert first.status_code == 200
    card = game.game().state.card

    again = game.post("/roll", {"tap": tap}, revision=0)

    assert again.status_code == 200
    assert "already recorded as entry 1" in note_of(again)
    assert game.revision == 1
    assert game.game().state.card == card


def test_a_repeated_undo_undoes_only_once(game):
    game.act_ok(action=TURN_P1)
    game.act_ok(kind="dice", d1=12)
    tap = new_tap()
    assert game.post("/undo", {"tap": tap}, revision=2).status_code == 200
    kept = len(game.game().kept)

    again = game.post("/undo", {"tap": tap}, revision=2)

    assert again.status_code == 200
    assert "already recorded as entry 3" in note_of(again)
    assert game.revision == 3
    assert len(game.game().kept) == kept


def test_a_repeated_correction_is_applied_once(game):
    tap = new_tap()
    fields = {"field": "bp", "color": "red", "value": "9", "reason": "table", "tap": tap}
    assert game.post("/correct", fields, revision=0).status_code == 200

    again = game.post("/correct", fields, revision=0)

    assert "already recorded as entry 1" in note_of(again)
    assert game.revision == 1


def test_settle_says_a_recorded_tap_was_recorded(game):
    tap = new_tap()
    game.act_ok(action=TURN_P1, tap=tap)

    response = settle(game, tap)

    assert response.status_code == 200
    assert response.get_json() == {"recorded": True, "seq": 1, "revision": 1}


def test_settle_gives_up_an_unknown_tap_and_its_late_arrival_is_refused(game):
    tap = new_tap()

    response = settle(game, tap)

    assert response.status_code == 200
    assert response.get_json() == {"recorded": False, "revision": 0}
    late = game.act(action=TURN_P1, tap=tap, revision=0)
    assert late.status_code == 409
    assert "not recorded because it arrived after a timeout" in alert_of(late)
    assert game.revision == 0
    assert settle(game, tap).get_json() == {"recorded": False, "revision": 0}
    assert game.act(action=TURN_P1, tap=new_tap(), revision=0).status_code == 200


def test_a_refused_tap_is_not_recorded(game):
    tap = new_tap()
    refused = game.act(kind="dice", d1=7, tap=tap)  # no dice are awaited yet
    assert refused.status_code == 422

    assert settle(game, tap).get_json() == {"recorded": False, "revision": 0}


def test_a_stale_tap_is_not_recorded(game):
    game.act_ok(action=TURN_P1)
    tap = new_tap()
    stale = game.act(action=TURN_P1, tap=tap, revision=0)
    assert stale.status_code == 409

    assert settle(game, tap).get_json() == {"recorded": False, "revision": 1}


@pytest.mark.parametrize(
    "tap",
    [
        "short",
        "x" * 65,
        "has space in it",
        "../../etc/passwd",
        "ünïcødé-tap-id",
        "tap;drop",
        "a+b/c=d",
    ],
)
def test_a_damaged_tap_is_refused_with_a_message(game, tap):
    response = game.act(action=TURN_P1, tap=tap)

    assert response.status_code == 422
    assert "damaged id" in alert_of(response)
    assert game.revision == 0
    assert taps_rows(game) == []


@pytest.mark.parametrize("tap", ["short", "x" * 65, "tap;drop", "ünïcødé-tap-id"])
def test_settle_refuses_a_damaged_tap(game, tap):
    response = settle(game, tap)

    assert response.status_code == 422
    assert "damaged id" in response.get_json()["error"]
    assert taps_rows(game) == []


def test_settle_is_for_the_referee_only_and_needs_the_csrf_token(app, game):
    tap = new_tap()
    phone = app.test_client()

    assert settle(game, tap, client=phone, csrf=False).status_code == 403
    assert settle(game, tap, csrf=False).status_code == 403
    assert taps_rows(game) == []


def test_settle_of_an_unknown_game_is_404(game):
    response = game.client.post(
        f"/games/0123456789ab/taps/{new_tap()}/settle", data={"csrf": game.csrf}
    )

    assert response.status_code == 404


def test_a_submission_without_a_tap_still_works(game):
    game.act_ok(action=TURN_P1)

    assert game.revision == 1
    assert taps_rows(game) == []


def test_the_store_refuses_the_same_tap_twice_even_when_racing_past_the_form_check(game):
    # Two identical taps both pass the view's early check; the store checks again in its lock.
    from companion.tracker.ursuppe.actions import TurnEnvironmentCard

    store = game.store
    tap = new_tap()
    store.append(game.game_id, TurnEnvironmentCard("P1"), 0, tap=tap)

    with pytest.raises(TapRecorded) as caught:
        store.append(game.game_id, TurnEnvironmentCard("P1"), 0, tap=tap)

    assert caught.value.seq == 1
    assert store.get(game.game_id).revision == 1
