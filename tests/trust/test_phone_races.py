"""Races between a phone and the laptop (issue 31): the awaited player's phone, a second
phone opened on the same seat's link, and the console all post a choice made against the same
revision at the same moment, on the real app served by waitress on 127.0.0.1. Each time
exactly one is recorded; the others are refused with 409, told the table moved on; nothing
answers 5xx, and the record holds exactly the accepted choices.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections import Counter
from html import unescape

import pytest
from trustlib import Client, action_json, serve_in_thread

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.actions import action_to_dict

REVISIONS = 60
SEED = 20261127
STALE_WORDS = ("moved on meanwhile", "another device")
HEADER_CSRF = re.compile(r'"X-CSRF-Token": "([^"]+)"')  # every page's htmx headers


@pytest.fixture
def live(tmp_path):
    server = serve_in_thread(tmp_path / "instance", threads=16)
    yield server
    server.close()


def test_a_phone_a_second_phone_of_its_seat_and_the_console_record_one_choice(live):
    store = live.app.extensions["companion.store"]
    referee = Client(live.port)
    referee.login(live.app.config["REFEREE_TOKEN"])
    game_id = referee.create_game("Phone races")
    tokens = store.seat_tokens(game_id)
    phones = {color: [Client(live.port), Client(live.port)] for color in tokens}
    for color, pair in phones.items():
        for phone in pair:  # each opens the seat's link: its own session and CSRF token
            page = phone.get(f"/s/{tokens[color]}")
            phone.csrf = unescape(HEADER_CSRF.search(page.body).group(1))
    rng = random.Random(SEED)
    accepted: list[dict] = []
    statuses: Counter[int] = Counter()
    raced = 0
    for _ in range(REVISIONS):
        game = store.get(game_id)
        revision, state = game.revision, game.state
        actor = game.core.prompt(state).actor
        senders = [(referee, f"/games/{game_id}/act", {})]
        if actor is not None:
            raced += 1
            url = f"/s/{tokens[actor.value]}/act"
            senders += [(phone, url, {"HX-Request": "true"}) for phone in phones[actor.value]]
        barrier = threading.Barrier(len(senders), timeout=10)
        replies: list[tuple[int, str, dict]] = []

        def send(client, url, headers, action, barrier=barrier, replies=replies, seen=revision):
            form = {"kind": "action", "action": json.dumps(action_to_dict(action))}
            form["revision"] = str(seen)
            barrier.wait()
            reply = client.post(url, form, headers=headers)
            replies.append((reply.status, reply.body, action_json(action)))

        threads = [
            threading.Thread(
                target=send, args=(c, u, h, rng.choice(legal_actions(state))), daemon=True
            )
            for c, u, h in senders
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(15)
        statuses.update(status for status, _, _ in replies)
        won = [r for r in replies if r[0] in (200, 303)]
        assert len(won) == 1, [(s, b[-300:]) for s, b, _ in replies]
        accepted.append(won[0][2])
        for status, body, _ in replies:
            if status not in (200, 303):
                assert status == 409, (status, body[-300:])
                assert any(w in body for w in STALE_WORDS), body[-400:]
        assert store.get(game_id).revision == revision + 1
    assert raced >= REVISIONS // 2
    assert not [s for s in statuses if s >= 500]
    assert store.export(game_id)["actions"] == accepted
    print(f"\nphone races: {REVISIONS} revisions ({raced} with two phones), {dict(statuses)}")
