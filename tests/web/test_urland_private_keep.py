"""A dead phone's kept token chosen on the laptop (issue 30, item 5; 002 §2.1 Scelta della
regione: the environment player keeps one of three tokens face down, passes two to the dead).

The console's page never holds the environment player's tokens: they come only when that
player taps their own opener ("I am ...: show my tokens", a referee-only address the browser
does not keep), the token kept is recorded exactly as the phone records it (the same
`KeepToken`, so every view afterwards is byte-identical to the phone having kept it), the
console's answer holds none of them again, and the entry points to "Revoke and issue a new
code". A token the player does not hold, another seat, or a step past the keep is refused.
"""

from __future__ import annotations

from conftest import alert_of, text_of
from test_urland_hidden import _pages
from urland_web import import_prefix, prefix_to, seat_post

from companion.tracker.game import URLAND
from companion.tracker.urland.actions import KeepToken
from companion.tracker.urland.state import Step
from companion.tracker.urland.words import token_ref


def _secrets(state) -> list[str]:
    """The strings that would give the hand away on a page."""
    out = []
    for token in state.hands[state.env]:
        out += [
            f'data-token="{token}"',
            f'name="token" value="{token}"',
            f"Keep {token_ref(token)}",
        ]
    return out


def test_the_console_holds_no_token_until_the_keeper_opens_their_entry(referee):
    state = import_prefix(referee, Step.KEEP)
    env = state.env_color.value
    console = text_of(referee.client.get(referee.url))
    assert "data-private-keep" in console and f"seat={env}" in console
    assert "/seats" in console  # "Revoke and issue a new code"
    for secret in _secrets(state):
        assert secret not in console, secret
    opened = referee.client.get(f"{referee.url}/private?seat={env}", headers={"HX-Request": "true"})
    assert opened.status_code == 200 and opened.headers["Cache-Control"] == "no-store"
    for token in state.hands[state.env]:
        assert f'name="token" value="{token}"' in text_of(opened)
    other = next(c for c in state.colors if c != state.env_color).value
    wrong = text_of(referee.client.get(f"{referee.url}/private?seat={other}"))
    assert 'name="token"' not in wrong  # only the keeper's own tokens, only for the keeper


def test_a_token_kept_on_the_laptop_is_recorded_as_the_phone_would_and_hidden_again(referee):
    setup, done, state = prefix_to(Step.KEEP)
    kept = state.hands[state.env][1]
    env = state.env_color
    laptop = referee.store.create_game(setup, "Hidden", False, True, done, core=URLAND).id
    phone = referee.store.create_game(setup, "Hidden", False, True, done, core=URLAND).id
    referee.game_id = laptop
    response = referee.act("action", private_for=env.value, token=str(kept))
    assert response.status_code == 200, alert_of(response)
    assert referee.game().entries[-1] == KeepToken(kept)
    answer = text_of(response)
    assert "data-private-keep" not in answer
    for secret in _secrets(state):
        assert secret not in answer, secret
    referee.game_id = phone
    token = referee.store.seat_tokens(phone)[env.value]
    assert (
        seat_post(referee, token, {"action": f'{{"type": "keep", "token": {kept}}}'}).status_code
        == 200
    )
    referee.client.get(f"/referee/{referee.token}")
    assert referee.store.get(phone).entries == referee.store.get(laptop).entries
    by_laptop = _pages(referee, laptop, state.colors)
    by_phone = _pages(referee, phone, state.colors)
    for key in by_laptop:  # every view, the holder's and the dead's phones included
        assert by_laptop[key] == by_phone[key], key


def test_a_private_keep_not_the_players_to_make_is_refused_and_changes_nothing(referee):
    state = import_prefix(referee, Step.KEEP)
    env = state.env_color.value
    before = referee.revision
    not_held = next(t for t in range(1, 13) if t not in state.hands[state.env])
    response = referee.act("action", private_for=env, token=str(not_held))
    assert response.status_code == 422 and "three tokens" in alert_of(response)
    response = referee.act("action", private_for=env, token="x")
    assert response.status_code == 422
    other = next(c for c in state.colors if c != state.env_color).value
    response = referee.act("action", private_for=other, token=str(state.hands[state.env][0]))
    assert response.status_code == 422 and "not yours" in alert_of(response)
    assert referee.revision == before


def test_no_private_keep_once_the_table_has_moved_on(referee):
    state = import_prefix(referee, Step.ACTIONS)
    assert state.step is Step.ACTIONS
    console = text_of(referee.client.get(referee.url))
    assert "data-private-keep" not in console
    late = text_of(referee.client.get(f"{referee.url}/private?seat={state.colors[0].value}"))
    assert "moved on" in late and 'name="token"' not in late
