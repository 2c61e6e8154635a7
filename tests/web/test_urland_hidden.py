"""No view leaks Urland's hidden information (issue 10, item 4; 002 §2.1, §3.1).

Two games that differ only in a hidden choice (which token the environment player keeps,
what one player sealed as a bid) must give byte-identical console, TV, standings, readable
export, history, the moment of that choice and phones of everyone else; only the holder's
phone (and the dead's, who receives the two passed tokens) differ. The games start from a
prefix of a recorded game (examples/urland/four-players.json), imported into the store as
the app imports a record.
"""

from __future__ import annotations

import json

from conftest import text_of
from urland_web import prefix_to as _prefix_to

from companion.tracker.game import URLAND
from companion.tracker.urland import engine
from companion.tracker.urland.actions import Bid, DrawToken, KeepToken
from companion.tracker.urland.state import Step


def _pages(referee, game_id: str, colors) -> dict[str, str]:
    """Every view of a game, with its own ids replaced so two games can be compared."""
    store = referee.store
    game = store.get(game_id)
    tokens = store.seat_tokens(game_id)
    client = referee.client
    pages = {
        "console": text_of(client.get(f"/games/{game_id}")),
        "tv": text_of(client.get(f"/b/{game.board_token}")),
        "standings": text_of(client.get(f"/games/{game_id}/standings")),
        "export": text_of(client.get(f"/games/{game_id}/export")),
        "history": text_of(client.get(f"/games/{game_id}/log")),
        "moment": text_of(client.get(f"/games/{game_id}/at/{game.revision}")),
    }
    for color in colors:
        pages[color.value] = text_of(client.get(f"/s/{tokens[color.value]}"))
    referee.client.get(f"/referee/{referee.token}")  # back to the referee's cookie
    for key, page in pages.items():
        for secret in (game_id, game.board_token, *tokens.values()):
            page = page.replace(secret, "ID")
        pages[key] = page
    return pages


def _two_games(referee, setup, done, last_a, last_b):
    ids = []
    for last in (last_a, last_b):
        game = referee.store.create_game(setup, "Hidden", False, True, [*done, last], core=URLAND)
        ids.append(game.id)
    return ids


def test_a_kept_token_is_seen_by_its_holder_and_the_dead_only(referee):
    """002 §2.1: the environment player keeps one token face down, passes two to the dead."""
    setup, done, state = _prefix_to(Step.KEEP)
    hand = state.hands[state.env]
    a, b = _two_games(referee, setup, done, KeepToken(hand[0]), KeepToken(hand[1]))
    env, dead = state.env_color, state.dead_color
    pages_a = _pages(referee, a, state.colors)
    pages_b = _pages(referee, b, state.colors)
    for key in pages_a:
        if key in (env.value, dead.value):
            assert pages_a[key] != pages_b[key], key  # the holders see what they hold
        else:
            assert pages_a[key] == pages_b[key], f"{key} shows a hidden token"
    assert f'data-token="{hand[0]}"' in pages_a[env.value]
    assert f'data-token="{hand[1]}"' in pages_b[env.value]
    assert f'data-token="{hand[1]}"' in pages_a[dead.value]  # passed to the dead
    assert "data-token=" not in pages_a["console"] + pages_a["tv"]


def test_a_sealed_bid_is_seen_by_its_bidder_only_until_all_are_in(referee):
    """002 §3.1: bids are secret until every player has bid, then revealed together."""
    setup, done, state = _prefix_to(Step.BID)
    bidder = state.colors[0]
    assert state.player(bidder).reserve >= 1
    a, b = _two_games(referee, setup, done, Bid(bidder, 0), Bid(bidder, 1))
    pages_a = _pages(referee, a, state.colors)
    pages_b = _pages(referee, b, state.colors)
    for key in pages_a:
        if key == bidder.value:
            assert "Your bid is sealed: 0" in pages_a[key]
            assert "Your bid is sealed: 1" in pages_b[key]
        else:
            assert pages_a[key] == pages_b[key], f"{key} shows an unrevealed bid"


def test_the_draw_itself_stays_with_the_environment_player(referee):
    """002 §2.1: the environment player draws; the token drawn is theirs to see."""
    setup, done, state = _prefix_to(Step.DRAW, skip=1)
    drawable = engine.chance(state)
    first = engine.from_shuffle(state, tuple(drawable))
    second = engine.from_shuffle(state, tuple(reversed(drawable)))
    if first == second or 0 in (first.token, second.token):  # the Panic token is public
        second = engine.from_shuffle(state, (*drawable[1:], drawable[0]))
    a, b = _two_games(referee, setup, done, first, second)
    pages_a = _pages(referee, a, state.colors)
    pages_b = _pages(referee, b, state.colors)
    for key in pages_a:
        if key != state.env_color.value:
            assert pages_a[key] == pages_b[key], f"{key} shows the drawn token"


def _phone_draws(referee, game_id: str, color, first, monkeypatch) -> None:
    """The environment player's phone taps its draw; the app's shuffle puts `first` on top."""
    from urland_web import seat_post

    from companion.web.urland import forms as urland_forms

    monkeypatch.setattr(
        urland_forms, "shuffled", lambda items: (first, *(i for i in items if i != first))
    )
    referee.game_id = game_id
    token = referee.store.seat_tokens(game_id)[color.value]
    response = seat_post(referee, token, {"draw": "1"})
    assert response.status_code == 200, text_of(response)[-400:]
    assert f'data-token="{first}"' in text_of(response)  # the answer is the drawer's phone


def _two_phone_draws(referee, monkeypatch):
    setup, done, state = _prefix_to(Step.DRAW, skip=3)  # turn 1: the dead became env
    assert len(state.hands[state.env]) == 2  # the two tokens received as the dead
    drawn = [t for t in engine.chance(state) if t != 0][:2]  # the Panic token is public
    store = referee.store
    ids = [store.create_game(setup, "Hidden", False, True, done, core=URLAND).id for _ in "ab"]
    for game_id, token in zip(ids, drawn):
        _phone_draws(referee, game_id, state.env_color, token, monkeypatch)
    return state, ids, drawn


def test_a_token_drawn_on_the_phone_is_seen_by_the_environment_player_only(referee, monkeypatch):
    """002 §2.4: the new environment player draws on their own phone; the token drawn is
    on that phone only (console, TV, standings, the readable record, other phones equal)."""
    state, (a, b), drawn = _two_phone_draws(referee, monkeypatch)
    pages_a = _pages(referee, a, state.colors)
    pages_b = _pages(referee, b, state.colors)
    env = state.env_color.value
    for key in pages_a:
        if key != env:
            assert pages_a[key] == pages_b[key], f"{key} shows the token drawn on a phone"
    assert f'data-token="{drawn[0]}"' in pages_a[env]
    assert f'data-token="{drawn[1]}"' in pages_b[env]
    for key in ("console", "tv", "standings", "export"):
        assert "data-token=" not in pages_a[key] and "data-token=" not in pages_b[key]
    last = json.loads(pages_a["export"])["actions"][-1]
    assert last == {"type": "draw", "token": -1}  # the phone's draw, masked while it runs


def test_after_a_phone_draw_the_passed_tokens_reach_the_dead_only(referee, monkeypatch):
    """002 §2.1: the environment player keeps one and passes two to the dead, who alone
    sees them; the drawn token stays off every public view."""
    from urland_web import seat_post

    state, (a, b), drawn = _two_phone_draws(referee, monkeypatch)
    kept = state.hands[state.env][0]  # a token received last turn: the same in both games
    tokens = {}
    for game_id in (a, b):
        referee.game_id = game_id
        tokens[game_id] = referee.store.seat_tokens(game_id)
        keep = {"action": f'{{"type": "keep", "token": {kept}}}'}
        response = seat_post(referee, tokens[game_id][state.env_color.value], keep)
        assert response.status_code == 200, text_of(response)[-400:]
    pages_a = _pages(referee, a, state.colors)
    pages_b = _pages(referee, b, state.colors)
    dead = state.dead_color.value
    for key in pages_a:
        if key not in (state.env_color.value, dead):
            assert pages_a[key] == pages_b[key], f"{key} shows a passed token"
    assert f'data-token="{drawn[0]}"' in pages_a[dead]
    assert f'data-token="{drawn[1]}"' in pages_b[dead]


def test_the_hand_awaiting_its_keep_is_on_no_view_but_its_holders(referee):
    """002 §2.1, issue 30 item 5: while the keep is awaited the console offers a dead phone's
    player their own opener, yet its page holds no token: two games whose environment player
    drew a different third token give the same console, TV, export and other phones."""
    setup, done, state = _prefix_to(Step.KEEP)
    last = done[-1]
    before = engine.replay(setup, done[:-1])
    other = next(t for t in engine.chance(before) if t not in (last.token, 0))
    a, b = _two_games(referee, setup, done[:-1], last, DrawToken(other))
    pages_a = _pages(referee, a, state.colors)
    pages_b = _pages(referee, b, state.colors)
    assert "data-private-keep" in pages_a["console"]
    for key in pages_a:
        if key == state.env_color.value:
            assert pages_a[key] != pages_b[key]
        else:
            assert pages_a[key] == pages_b[key], f"{key} shows the hand awaiting its keep"
