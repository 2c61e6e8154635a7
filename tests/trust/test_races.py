"""Races: many referee devices submit against the same revision at the same moment.

The real app is served by waitress on 127.0.0.1 in a thread. Eight clients, each with its
own cookie jar (the same referee token, its own session and CSRF token), meet at a barrier,
read the current revision and a legal action, and post at once. For every revision exactly
one submission must be accepted; every other one must be refused with 409 and say that the
table moved on; nothing may answer 5xx; the record must hold exactly the accepted actions.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter, defaultdict

import pytest
from trustlib import Client, action_json, serve_in_thread

from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.record import record_from_dict, replay_record
from companion.tracker.ursuppe.state import Phase

CLIENTS = 8
REVISIONS = 200
SEED = 20261121
STALE_WORDS = ("moved on meanwhile", "another device")


@pytest.fixture
def live(tmp_path):
    server = serve_in_thread(tmp_path / "instance", threads=16)
    yield server
    server.close()


def test_one_submission_per_revision(live):
    store = live.app.extensions["companion.store"]
    token = live.app.config["REFEREE_TOKEN"]
    clients = [Client(live.port) for _ in range(CLIENTS)]
    for client in clients:
        client.login(token)
    assert len({c.cookies["session"] for c in clients}) == CLIENTS
    assert len({c.csrf for c in clients}) == CLIENTS

    games: list[str] = [clients[0].create_game("Races")]
    shared = {"rounds": 0, "stop": False}
    accepted: dict[tuple[str, int], list[tuple[int, dict]]] = defaultdict(list)
    refused = Counter()
    errors: list[str] = []
    statuses = Counter()
    lock = threading.Lock()
    submissions = 0

    def next_round() -> None:
        """Runs in one thread when all clients have met: stop, or start a new game if over."""
        if shared["rounds"] >= REVISIONS or errors:
            shared["stop"] = True
            return
        if store.get(games[-1]).state.phase is Phase.OVER:
            games.append(clients[0].create_game(f"Races {len(games) + 1}"))
        shared["rounds"] += 1

    barrier = threading.Barrier(CLIENTS, action=next_round, timeout=30)
    ready = threading.Barrier(CLIENTS, timeout=30)

    def run(index: int) -> None:
        nonlocal submissions
        client = clients[index]
        rng = random.Random(SEED + index)
        while True:
            try:
                barrier.wait()
            except threading.BrokenBarrierError:
                return
            if shared["stop"]:
                return
            game_id = games[-1]
            game = store.get(game_id)  # one consistent object: revision and state agree
            revision = game.revision
            action = rng.choice(legal_actions(game.state))
            try:
                ready.wait()  # everyone has read the same revision: now all post at once
            except threading.BrokenBarrierError:
                return
            try:
                reply = client.act(game_id, action, revision, htmx=index % 2 == 1)
            except Exception as exc:  # a cut connection is an error too
                with lock:
                    errors.append(f"client {index}: {exc!r}")
                barrier.abort()
                ready.abort()
                return
            with lock:
                submissions += 1
                statuses[reply.status] += 1
                if reply.status in (200, 303):
                    accepted[(game_id, revision)].append((index, action_json(action)))
                elif reply.status == 409:
                    refused[(game_id, revision)] += 1
                    if not any(word in reply.body for word in STALE_WORDS):
                        errors.append(f"409 without an explanation at revision {revision}")
                else:
                    errors.append(f"client {index}: {reply.status} at revision {revision}")

    started = time.monotonic()
    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    elapsed = time.monotonic() - started
    assert not any(t.is_alive() for t in threads), "a client is stuck"
    assert not errors, errors[:10]

    rounds = len(set(accepted) | set(refused))  # revisions that saw a submission
    assert rounds >= REVISIONS
    doubles = {key: who for key, who in accepted.items() if len(who) != 1}
    assert not doubles, f"revisions accepting more than one submission: {doubles}"
    missing = [key for key in refused if key not in accepted]
    assert not missing, f"revisions where every submission was refused: {missing[:5]}"
    for key in accepted:
        assert refused[key] == CLIENTS - 1, (key, refused[key])
    assert not [s for s in statuses if s >= 500]

    total_entries = 0
    for game_id in games:
        data = clients[0].export(game_id)
        ours = [(rev, who[0][1]) for (gid, rev), who in accepted.items() if gid == game_id]
        ours.sort()
        assert [rev for rev, _ in ours] == list(range(len(ours))), "a revision was skipped"
        assert data["actions"] == [action for _, action in ours]
        replay_record(record_from_dict(data))
        total_entries += len(data["actions"])
    n_accepted = sum(len(who) for who in accepted.values())
    n_refused = sum(refused.values())
    assert total_entries == n_accepted
    assert submissions == n_accepted + n_refused
    print(
        f"\nraces: {CLIENTS} clients, {rounds} revisions, {submissions} submissions, "
        f"{n_accepted} accepted, {n_refused} refused with 409, "
        f"{sum(v for s, v in statuses.items() if s >= 500)} errors "
        f"({len(games)} game(s), {elapsed:.1f} s)"
    )
