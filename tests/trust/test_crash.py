"""Crashes: the real server is killed with SIGKILL at random moments while the referee plays.

`companion serve` runs as a subprocess on 127.0.0.1. The test plays four-player games
through HTTP (stdlib client with its own cookie jar) while a killer thread (seeded) sends
SIGKILL at random moments. After every kill: the database passes `PRAGMA integrity_check`
(read-only connection); the server restarts on the same instance folder; every action whose
success (303/200) reached the client is in the exported record, in order; an action sent
but not acknowledged is there at most once, and resubmitting it against its old revision is
refused with 409 if it was kept, accepted otherwise; and the game goes on.

The same runs, with fewer kills, with Urland games (issue 10): the referee's draws and
choices and the phones' own kept tokens and sealed bids, read back from the database (a
running Urland game exports its public record, with the hidden draws masked).
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from trustlib import ROOT, Client, Move, action_json, free_port, urland_move, wait_for_port

from companion.backup import backup_dir, backups, integrity_ok
from companion.tracker.urland import codec as urland_codec
from companion.tracker.urland import engine as urland_engine
from companion.tracker.urland import record as urland_record
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe import apply, legal_actions
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record
from companion.tracker.ursuppe.state import Phase

SEED = 1859
KILLS = 100
BUDGET = 210.0  # seconds: the test stops killing after this, whatever the count
URLAND_KILLS = 10
URLAND_BUDGET = 40.0
CUT = (OSError, http.client.HTTPException)  # what a killed server looks like to a client


def integrity(db: Path) -> str:
    """`PRAGMA integrity_check` over a read-only connection (the server is down)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)
    try:
        return conn.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        conn.close()


class Server:
    """`python -m companion.cli serve` on a fixed port and instance folder."""

    def __init__(self, instance: Path, port: int, log: Path) -> None:
        self.instance = instance
        self.port = port
        self.log = log
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    def start(self) -> None:
        url = f"http://127.0.0.1:{self.port}"
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1"]
                + ["--port", str(self.port), "--url", url, "--instance", str(self.instance)]
                + ["--threads", "8"],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        self.starts += 1
        wait_for_port(self.port, 30)

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        if self.proc:
            self.proc.wait(10)

    @property
    def token(self) -> str:
        return (self.instance / "referee_token").read_text().strip()


class Play:
    """The referee's side: a local copy of each game, in sync with acknowledged actions."""

    def __init__(self, client: Client, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.acknowledged: dict[str, list[dict]] = {}
        self.game_id = ""
        self.state = None
        self.in_doubt: tuple[int, object] | None = None  # (revision, action) cut off
        self.lost = 0
        self.kept_in_doubt = 0
        self.dropped_in_doubt = 0
        self.received = 0  # successes whose response reached the client

    def new_game(self) -> None:
        self.game_id = self.client.create_game(f"Crash {len(self.acknowledged) + 1}")
        self.acknowledged[self.game_id] = []
        self.sync()

    ACCEPTED = (303,)  # a resubmitted cut action the record does not hold
    EXCERPT = slice(None, 300)  # of a reply's body, in a failure's message

    def read_record(self):
        """The game's actions as the server exports them, and how to replay them."""
        data = self.client.export(self.game_id)
        return data["actions"], lambda: replay_record(record_from_dict(data))[0]

    def sent(self, action) -> dict | None:
        """The entry the cut action makes, when it is known before the server answers."""
        return action_json(action)

    def entry_of(self, action, revision: int) -> dict:
        """The entry an action acknowledged at `revision` made."""
        return action_json(action)

    def resubmit(self, action, revision: int):
        return self.client.act(self.game_id, action, revision)

    def sync(self) -> list[dict]:
        """Read the record, check it against what was acknowledged, replay it locally."""
        actions, replay = self.read_record()
        ours = self.acknowledged[self.game_id]
        if actions[: len(ours)] != ours:
            self.lost += sum(1 for a, b in zip(actions, ours) if a != b) + max(
                0, len(ours) - len(actions)
            )
        assert actions[: len(ours)] == ours, "an acknowledged action is missing or out of order"
        self.state = replay()
        return actions

    def revision(self) -> int:
        return len(self.acknowledged[self.game_id])

    def over(self) -> bool:
        return self.state.phase is Phase.OVER

    def finished(self, game_id: str) -> bool:
        """The game's record, read back, equals what was acknowledged; whether it ended."""
        data = self.client.export(game_id)
        assert data["actions"] == self.acknowledged[game_id], f"game {game_id}: the record differs"
        final, _ = replay_record(record_from_dict(data))
        return final.phase is Phase.OVER

    def step(self, htmx: bool) -> None:
        """Submit one legal action; raises CUT when the server dies under it."""
        legal = legal_actions(self.state)
        action = self.rng.choice(legal)
        revision = self.revision()
        self.in_doubt = (revision, action)
        reply = self.client.act(self.game_id, action, revision, htmx=htmx)
        assert reply.status == (200 if htmx else 303), (reply.status, reply.body[:400])
        self.in_doubt = None
        self.acknowledged[self.game_id].append(action_json(action))
        self.received += 1
        self.state = apply(self.state, action).state

    def settle(self) -> None:
        """After a restart: the record holds every acknowledged action, the cut one at most
        once, and resubmitting the cut one against its revision behaves accordingly."""
        actions = self.sync()
        ours = self.acknowledged[self.game_id]
        if self.in_doubt is None:
            assert len(actions) == len(ours), "the record holds an action nobody sent"
            return
        revision, cut = self.in_doubt
        assert revision == len(ours)
        extra = actions[len(ours) :]
        assert len(extra) <= 1, f"more entries than submissions: {extra}"
        sent = self.sent(cut)
        if extra and sent is not None:
            assert extra[0] == sent, "a different action took the cut one's place"
        reply = self.resubmit(cut, revision)
        if extra:
            self.kept_in_doubt += 1
            assert reply.status == 409, (reply.status, reply.body[self.EXCERPT])
            assert "moved on meanwhile" in reply.body
            ours.append(extra[0])
        else:
            self.dropped_in_doubt += 1
            assert reply.status in self.ACCEPTED, (reply.status, reply.body[self.EXCERPT])
            self.received += 1
            ours.append(self.entry_of(cut, revision))
        self.in_doubt = None
        after = self.sync()
        assert after == ours, "the cut action is not in the record exactly once"


class UrlandPlay(Play):
    """The same for Urland: moves where the app offers them (the referee's draw or choice, a
    phone's kept token or sealed bid), the record read back from the database."""

    def __init__(self, client: Client, rng: random.Random, db: Path) -> None:
        super().__init__(client, rng)
        self.db = db
        self.seats: dict[str, str] = {}

    def new_game(self) -> None:
        self.game_id = self.client.create_urland(f"Crash {len(self.acknowledged) + 1}")
        rows = self.query("select color, token from seats where game_id = ? and revoked = 0")
        self.seats = dict(rows)  # the phones' links, as the QR codes hand them out
        self.acknowledged[self.game_id] = self.recorded()  # the setup's draws (303: kept)
        self.sync()

    def query(self, sql: str, game_id: str = "") -> list[tuple]:
        """Rows about a game, read from the database read-only (the server may run)."""
        conn = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True, timeout=10)
        try:
            return conn.execute(sql, [game_id or self.game_id]).fetchall()
        finally:
            conn.close()

    def recorded(self, game_id: str = "") -> list[dict]:
        """The game's entries as the database holds them."""
        sql = "select entry from entries where game_id = ? order by seq"
        return [json.loads(row[0]) for row in self.query(sql, game_id)]

    ACCEPTED = (200, 303)
    EXCERPT = slice(-300, None)

    def read_record(self):
        actions = self.recorded()
        return actions, lambda: self.replay(actions)

    def sent(self, move: Move) -> dict | None:
        return move.action  # None: a draw, what the server draws

    def entry_of(self, move: Move, revision: int) -> dict:
        return move.action or self.recorded()[revision]

    def resubmit(self, move: Move, revision: int):
        return self.post(move, revision)

    def replay(self, actions: list[dict], game_id: str = ""):
        """The state the entries lead to from the game's stored setup."""
        (setup,) = self.query("select setup from games where id = ?", game_id)[0]
        setup = urland_codec.setup_from_dict(json.loads(setup))
        entries = tuple(urland_record.entry_from_dict(a) for a in actions)
        return urland_record.replay_entries(setup, entries)

    def over(self) -> bool:
        return self.state.step is Step.OVER

    def post(self, move: Move, revision: int):
        return self.client.move(self.game_id, move, revision, self.seats)

    def step(self, htmx: bool) -> None:
        move = urland_move(self.state, self.rng)
        revision = self.revision()
        self.in_doubt = (revision, move)
        reply = self.post(move, revision)
        assert reply.status in (200, 303), (reply.status, reply.body[-400:])
        self.in_doubt = None
        action = self.entry_of(move, revision)  # a draw: what the server drew
        self.acknowledged[self.game_id].append(action)
        self.received += 1
        self.state = urland_engine.apply(self.state, urland_codec.action_from_dict(action)).state

    def finished(self, game_id: str) -> bool:
        actions = self.recorded(game_id)
        assert actions == self.acknowledged[game_id], f"game {game_id}: the record differs"
        return self.replay(actions, game_id).step is Step.OVER


def run_kills(server: Server, play: Play, db: Path, kills_wanted: int, budget: float) -> dict:
    """Play while a seeded killer thread SIGKILLs the server; after every kill check the
    database, restart, settle the cut action, and go on. Returns the counts."""
    killer_rng = random.Random(SEED + 1)
    acting = threading.Event()
    killed = threading.Event()
    stop = threading.Event()
    kills = {"count": 0, "mid_request": 0}

    def killer() -> None:
        while not stop.is_set() and kills["count"] < kills_wanted:
            if not acting.wait(1):
                continue
            if stop.wait(killer_rng.uniform(0.02, 0.6)):
                return
            acting.clear()
            server.kill()
            kills["count"] += 1
            killed.set()

    started = time.monotonic()
    thread = threading.Thread(target=killer, name="killer", daemon=True)
    thread.start()
    counts = {"actions_sent": 0, "integrity_checks": 0, "refused_connects": 0}
    try:
        while kills["count"] < kills_wanted and time.monotonic() - started < budget:
            acting.set()
            try:
                while not killed.is_set():
                    if play.over():
                        play.new_game()
                    counts["actions_sent"] += 1
                    play.step(htmx=counts["actions_sent"] % 3 == 0)
                    if time.monotonic() - started > budget + 30:
                        raise AssertionError("the killer thread stopped killing")
            except ConnectionRefusedError:
                counts["refused_connects"] += 1
            except CUT:
                if play.in_doubt is not None:
                    kills["mid_request"] += 1
            if not killed.wait(15):
                raise AssertionError("a request failed but the server was not killed")
            killed.clear()
            result = integrity(db)
            counts["integrity_checks"] += 1
            assert result == "ok", f"integrity_check after kill {kills['count']}: {result}"
            server.start()
            play.settle()  # raises if an acknowledged action was lost
            if not play.over():
                play.step(htmx=False)  # the game resumes: a new legal action is accepted
                counts["actions_sent"] += 1
    finally:
        stop.set()
        acting.set()
        thread.join(5)
        server.kill()
    return {**counts, **kills, "started": started}


def check_all(server: Server, play: Play, db: Path, counts: dict, game: str) -> None:
    """After the last kill: every game's record equals what was acknowledged."""
    assert integrity(db) == "ok"
    server.start()
    finished = 0
    try:
        for game_id in play.acknowledged:
            finished += play.finished(game_id)
    finally:
        server.kill()
    elapsed = time.monotonic() - counts["started"]
    listed = backups(backup_dir(db))
    sound = sum(1 for p in listed if integrity_ok(p))
    acknowledged = sum(len(v) for v in play.acknowledged.values())
    print(
        f"\ncrash test ({game}): {counts['count']} kills survived, {play.received} actions "
        f"acknowledged, {play.lost} lost, integrity ok ({counts['integrity_checks'] + 1} "
        f"checks); {counts['mid_request']} kills cut a request in flight ({play.kept_in_doubt} "
        f"kept, {play.dropped_in_doubt} not kept, none twice), {counts['refused_connects']} "
        f"found the port closed; {acknowledged} entries in {len(play.acknowledged)} games "
        f"({finished} played to the end); {server.starts} server starts; "
        f"{sound} of {len(listed)} kept round backups sound; {elapsed:.0f} s"
    )


def killed_at_random(tmp_path, make_play, kills: int, budget: float, game: str):
    """A server killed at random moments while `make_play(client, rng, db)` plays a game on
    it, every check of `check_all` made: the play and the counts."""
    instance = tmp_path / "instance"
    db = instance / "companion.db"
    server = Server(instance, free_port(), tmp_path / "server.log")
    server.start()
    client = Client(server.port)
    client.login(server.token)
    play = make_play(client, random.Random(SEED), db)
    play.new_game()
    counts = run_kills(server, play, db, kills, budget)
    check_all(server, play, db, counts, game)
    return play, counts


@pytest.mark.slow
def test_sigkill_at_random_moments(tmp_path):
    _, counts = killed_at_random(
        tmp_path, lambda client, rng, db: Play(client, rng), KILLS, BUDGET, "ursuppe"
    )
    assert counts["count"] >= 50, f"only {counts['count']} kills in the time budget"


@pytest.mark.slow
def test_sigkill_at_random_moments_in_urland(tmp_path):
    """Fewer kills than Ursuppe's (each restart costs a second of CPU): what differs is the
    game, not the server's way of writing."""
    play, counts = killed_at_random(tmp_path, UrlandPlay, URLAND_KILLS, URLAND_BUDGET, "urland")
    assert counts["count"] >= URLAND_KILLS - 2, f"only {counts['count']} kills in the budget"
    kinds = {a["type"] for actions in play.acknowledged.values() for a in actions}
    assert {"draw", "keep"} <= kinds, kinds  # the app's draws and a phone's own choice
