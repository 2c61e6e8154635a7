"""Races: many referee devices submit against the same revision at the same moment.

The real app is served by waitress on 127.0.0.1 in a thread. Eight clients, each with its
own cookie jar (the same referee token, its own session and CSRF token), meet at a barrier,
read the current revision and a legal action, and post at once. For every revision exactly
one submission must be accepted; every other one must be refused with 409 and say that the
table moved on; nothing may answer 5xx; the record must hold exactly the accepted actions.

The same runs with an Urland game (issue 10), started from the recorded example just before
its first mutation, so the clients race with whatever the app offers: the referee's draws
and choices, and the phones' own kept tokens and sealed bids (four phones bidding at once).
A sealed bid posted twice (a double tap, two phones of one seat) counts once.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter, defaultdict
from html import unescape

import pytest
from trustlib import (
    CSRF_RE,
    Client,
    action_json,
    serve_in_thread,
    urland_example,
    urland_index,
    urland_move,
)

from companion.tracker.game import URLAND
from companion.tracker.urland import record as urland_record
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe import legal_actions
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record

CLIENTS = 8
REVISIONS = {"ursuppe": 200, "urland": 60}  # Urland's: through a mutation's bids and buys
SEED = 20261121
STALE_WORDS = ("moved on meanwhile", "another device")


@pytest.fixture
def live(tmp_path):
    server = serve_in_thread(tmp_path / "instance", threads=16)
    yield server
    server.close()


def new_game(client: Client, store, game: str, n: int) -> str:
    """A game to race on: Ursuppe's through the setup form; Urland's from the example, a few
    actions before the first mutation's bids (the example's setup, as an import makes it)."""
    if game == "ursuppe":
        return client.create_game(f"Races {n}")
    setup, actions = urland_example()
    start = urland_index(setup, actions, Step.BID) - 4
    return store.create_game(setup, f"Races {n}", False, True, actions[:start], core=URLAND).id


def choose(store, game_id: str, rng: random.Random, seats: dict[str, str]):
    """Read one consistent moment and what this client would submit there: the revision,
    the action in record form (None for a draw the server shuffles), and how to post it."""
    game = store.get(game_id)  # one consistent object: revision and state agree
    revision = game.revision
    if game.core is not URLAND:
        action = rng.choice(legal_actions(game.state))
        return revision, action_json(action), lambda c, htmx: c.act(game_id, action, revision, htmx)
    move = urland_move(game.state, rng)
    return revision, move.action, lambda c, htmx: c.move(game_id, move, revision, seats)


@pytest.mark.parametrize("game", ["ursuppe", "urland"])
def test_one_submission_per_revision(live, game):
    store = live.app.extensions["companion.store"]
    token = live.app.config["REFEREE_TOKEN"]
    clients = [Client(live.port) for _ in range(CLIENTS)]
    for client in clients:
        client.login(token)
    assert len({c.cookies["session"] for c in clients}) == CLIENTS
    assert len({c.csrf for c in clients}) == CLIENTS

    games: list[str] = [new_game(clients[0], store, game, 1)]
    seats = {gid: store.seat_tokens(gid) for gid in games}
    shared = {"rounds": 0, "stop": False}
    accepted: dict[tuple[str, int], list[tuple[int, dict]]] = defaultdict(list)
    refused = Counter()
    errors: list[str] = []
    statuses = Counter()
    lock = threading.Lock()
    submissions = 0

    def next_round() -> None:
        """Runs in one thread when all clients have met: stop, or start a new game if over."""
        if shared["rounds"] >= REVISIONS[game] or errors:
            shared["stop"] = True
            return
        if store.get(games[-1]).over:
            games.append(new_game(clients[0], store, game, len(games) + 1))
            seats[games[-1]] = store.seat_tokens(games[-1])
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
            revision, action, post = choose(store, game_id, rng, seats[game_id])
            try:
                ready.wait()  # everyone has read the same revision: now all post at once
            except threading.BrokenBarrierError:
                return
            try:
                reply = post(client, index % 2 == 1)
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
                    accepted[(game_id, revision)].append((index, action))
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
    assert rounds >= REVISIONS[game]
    doubles = {key: who for key, who in accepted.items() if len(who) != 1}
    assert not doubles, f"revisions accepting more than one submission: {doubles}"
    missing = [key for key in refused if key not in accepted]
    assert not missing, f"revisions where every submission was refused: {missing[:5]}"
    for key in accepted:
        assert refused[key] == CLIENTS - 1, (key, refused[key])
    assert not [s for s in statuses if s >= 500]

    total_entries = 0
    for game_id in games:
        start = store.get(game_id).revision - len([k for k in accepted if k[0] == game_id])
        ours = [(rev, who[0][1]) for (gid, rev), who in accepted.items() if gid == game_id]
        ours.sort()
        assert [rev for rev, _ in ours] == list(range(start, start + len(ours))), "a skip"
        if game == "ursuppe":
            data = clients[0].export(game_id)
            replay_record(record_from_dict(data))
        else:  # a running Urland game exports its public record: read the whole one
            data = store.export(game_id)
            urland_record.replay_entries(*urland_record.record_from_dict(data))
        recorded = data["actions"][start:]
        assert len(recorded) == len(ours)
        for (_, action), entry in zip(ours, recorded):
            assert action is None or entry == action, (action, entry)  # None: a draw
        total_entries += len(recorded)
    if game == "urland":  # the phones raced too: sealed bids and a kept token
        kinds = {who[0][1]["type"] for who in accepted.values() if who[0][1]}
        assert {"bid", "keep", "buy"} <= kinds, kinds
    n_accepted = sum(len(who) for who in accepted.values())
    n_refused = sum(refused.values())
    assert total_entries == n_accepted
    assert submissions == n_accepted + n_refused
    print(
        f"\nraces ({game}): {CLIENTS} clients, {rounds} revisions, {submissions} submissions, "
        f"{n_accepted} accepted, {n_refused} refused with 409, "
        f"{sum(v for s, v in statuses.items() if s >= 500)} errors "
        f"({len(games)} game(s), {elapsed:.1f} s)"
    )


def bid(phone: Client, token: str, form: dict, barrier, replies: list[int]) -> None:
    """One phone's sealed bid, sent when every phone is ready."""
    barrier.wait()
    replies.append(phone.post(f"/s/{token}/act", form, headers={"HX-Request": "true"}).status)


def test_a_sealed_bid_posted_twice_counts_once(live):
    """002 §3.1: each player bids once. The same bid sent at once from one phone (a double
    tap) and from a second phone of the same seat is recorded once: one 200, the others 409;
    sent again afterwards it is refused (that player has bid), and nobody else's bid moved."""
    store = live.app.extensions["companion.store"]
    setup, actions = urland_example()
    bids_at = urland_index(setup, actions, Step.BID)
    game_id = store.create_game(setup, "Bids", False, True, actions[:bids_at], core=URLAND).id
    tokens = store.seat_tokens(game_id)
    phones = [Client(live.port) for _ in range(3)]
    state = store.get(game_id).state
    for color in state.colors:
        token = tokens[color.value]
        for phone in phones:  # each phone opens the seat's link: its own session and token
            page = phone.get(f"/s/{token}")
            phone.csrf = unescape(CSRF_RE.search(page.body).group(1))
        revision = store.get(game_id).revision
        barrier = threading.Barrier(len(phones), timeout=10)
        replies: list[int] = []
        form = {"bid": "1", "revision": str(revision)}
        threads = [
            threading.Thread(target=bid, args=(p, token, form, barrier, replies), daemon=True)
            for p in phones
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(15)
        assert sorted(replies) == [200] + [409] * (len(phones) - 1), replies
        again = phones[0].post(
            f"/s/{token}/act",
            {"bid": "1", "revision": str(revision + 1)},
            headers={"HX-Request": "true"},
        )
        assert again.status == 422, (again.status, again.body[-300:])
        assert store.get(game_id).revision == revision + 1
    recorded = store.export(game_id)["actions"][bids_at:]
    assert recorded == [{"type": "bid", "color": c.value, "n": 1} for c in state.colors]
