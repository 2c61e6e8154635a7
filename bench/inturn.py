"""Early and late referee actions taken in turn, through the server.

The late-game target compares taps minutes apart, and a machine's speed drifts over minutes
(the same code measured 0.72x to 1.40x late/early in back-to-back runs of the sequential
windows). Here one console plays a game from its start while a second console plays the same
game from its last `window` actions (imported up to there), one tap each in turn, with six
phones following each game: whatever the machine does falls on early and late taps alike.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bench.clients import Client, Phones, Referee, Server, bare_before_tap, start_phones
from bench.common import PHONES, Config, ms, pct, taking_turns

if TYPE_CHECKING:
    from bench.serverpart import ServerResult


@dataclass
class Lane:
    label: str
    start: int
    referee: Referee
    game_id: str
    phones: Phones


def play_in_turn(
    server: Server,
    setup: dict[str, Any],
    actions: list[dict[str, Any]],
    cfg: Config,
    result: ServerResult,
    deadline: float,
) -> None:
    """Play the first and the last `cfg.window` actions of a game in turn, `cfg.turn_passes`
    times (new games each pass: a p50 of 100 taps moves by a few percent from run to run);
    time each tap."""
    window = min(cfg.window, len(actions) // 2)
    bare = Client(server.port)

    def one_pass() -> None:
        lanes: list[Lane] = []
        counted = {label: len(taps) for label, taps in result.turns.items()}
        try:
            for label, start in (("early", 0), ("late", len(actions) - window)):
                referee = Referee(server)  # a console of its own: the drawings it shows are its own
                game_id = referee.new_game(setup, f"in turn, {label}", actions[:start])
                # (none in the quick run: it waits for no stream to be released, and the cap holds
                # the warm-up's and the game's)
                count = 0 if cfg.quick else PHONES // 2
                phones = start_phones(server.port, referee.seat_tokens(game_id), start, count)
                lanes.append(Lane(label, start, referee, game_id, phones))
            bare.reconnect()
            for lane in lanes:  # the server drops a connection idle for 10 s
                lane.referee.client.reconnect()
            for k in range(window):
                if time.monotonic() > deadline:
                    result.notes.append(f"in turn: stopped after {k} pairs of taps (time budget)")
                    break
                for lane in taking_turns(k, lanes):  # (the first was 2-5% slower: the server's)
                    i = lane.start + k
                    took = bare_before_tap(bare)  # as play_game asks it
                    if took is not None:
                        result.turns_bare.append(took)
                    status, _, exchange = lane.referee.act(lane.game_id, actions[i], i)
                    if status != 200:
                        raise RuntimeError(f"in turn, {lane.label}: action {i + 1}: {status}")
                    lane.phones.wait(i + 1, 5.0)
                    result.turns[lane.label].append(ms(exchange))
                    result.turn_kinds[lane.label].append(actions[i]["type"])
            for lane in lanes:
                if lane.phones.errors:
                    raise RuntimeError(f"a phone's stream failed: {lane.phones.errors[:3]}")
            early, late = (result.turns[label][counted[label] :] for label in ("early", "late"))
            if early and late:
                result.turn_ratios.append(pct(late, 50) / pct(early, 50))
        finally:
            for lane in lanes:
                lane.phones.stop()
                lane.referee.client.close()

    try:
        for done in range(cfg.turn_passes):
            if time.monotonic() > deadline:
                result.notes.append(f"in turn: stopped after {done} passes (time budget)")
                break
            one_pass()
    finally:
        bare.close()
