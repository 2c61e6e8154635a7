"""Profiles of the request paths, in-process with the same app code."""

from __future__ import annotations

import cProfile
import json
import re
import tempfile
import time
from typing import Any

from bench.bykind import by_kind, same_kinds
from bench.clients import DRAWING
from bench.common import Config, ms, pct, taking_turns, top_cumulative, top_functions
from companion.tracker.ursuppe.actions import action_to_dict
from companion.tracker.ursuppe.record.document import (
    Record,
    record_from_dict,
)

# ----- profiles of the request paths (in-process, the same app code) -----------------------


def act_form(entries: list[Any], i: int, csrf: str) -> dict[str, str]:
    """The console's form for entry `i` of a record, as its button posts it."""
    return {
        "kind": "action",
        "action": json.dumps(action_to_dict(entries[i])),
        "revision": str(i),
        "csrf": csrf,
    }


def profile_requests(data: dict[str, Any], cfg: Config) -> dict[str, Any]:
    """Where a referee action's and a seat poll's time goes: cProfile with Flask's client."""
    from companion import create_app

    record = record_from_dict(data)
    entries = list(record.entries)
    count = 5 if cfg.quick else 20
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-prof-") as tmp:
        app = create_app({"INSTANCE_PATH": tmp})
        client = app.test_client()
        client.get(f"/referee/{app.config['REFEREE_TOKEN']}")
        page = client.get("/").data
        csrf = re.search(rb'name="csrf" value="([^"]+)"', page).group(1).decode()
        store = app.extensions["companion.store"]
        headers = {"HX-Request": "true", "X-CSRF-Token": csrf}

        def post_range(start: int, stop: int, prof: cProfile.Profile | None) -> float:
            game = store.import_record(Record(record.setup, tuple(entries[:start])), "prof")
            took = 0.0
            for i in range(start, stop):
                form = act_form(entries, i, csrf)
                begin = time.perf_counter()
                if prof is not None:
                    prof.enable()
                response = client.post(f"/games/{game.id}/act", data=form, headers=headers)
                if prof is not None:
                    prof.disable()
                took += time.perf_counter() - begin
                if response.status_code != 200:
                    raise RuntimeError(f"profile: action {i + 1} answered {response.status_code}")
            return ms(took) / (stop - start)

        late_start = max(count, len(entries) - count)
        post_range(0, count, None)  # warm up
        for label, start in (("early", 0), ("late", late_start)):
            prof = cProfile.Profile()
            each = post_range(start, start + count, prof)
            out[label] = {
                "ms": each,
                "cumulative": top_cumulative(prof, 10, "/companion/"),
                "own": top_functions(prof, 6),
            }
        out["parts"] = {
            label: request_parts(app, store, record, start)
            for label, start in (("early", count), ("late", late_start))
        }
        # The seat poll (204) and the bare route, the same number of times.
        game = store.import_record(Record(record.setup, tuple(entries[:late_start])), "poll")
        token = next(iter(store.seat_tokens(game.id).values()))
        polls = 50 if cfg.quick else 500
        for label, path in (
            ("bare", "/healthz"),
            ("poll", f"/s/{token}/view?since={game.revision}"),
        ):
            for _ in range(polls // 5):
                client.get(path)
            prof = cProfile.Profile()
            begin = time.perf_counter()
            prof.enable()
            for _ in range(polls):
                client.get(path)
            prof.disable()
            out[label] = {
                "ms": ms(time.perf_counter() - begin) / polls,
                "cumulative": top_cumulative(prof, 6, "/companion/"),
            }
    return out


def request_parts(app: Any, store: Any, record: Record, position: int) -> dict[str, float]:
    """Time the parts of a referee action's answer at a position of the game (ms, best of 5)."""
    from flask import render_template

    from companion.web import console_view
    from companion.web.console import console_partial
    from companion.web.gameshells import shell_of

    game = store.import_record(Record(record.setup, record.entries[:position]), "parts")
    parts: dict[str, float] = {}
    with app.test_request_context(f"/games/{game.id}/act", headers={"HX-Request": "true"}):

        def best(fn: Any) -> float:
            runs = []
            for _ in range(5):
                begin = time.perf_counter()
                fn()
                runs.append(time.perf_counter() - begin)
            return ms(min(runs))

        ctx = console_view.context(game)
        parts["context (prompt, controls, views)"] = best(lambda: console_view.context(game))
        parts["render _console.html"] = best(lambda: render_template("_console.html", **ctx))
        no_log = dict(ctx, log=[])
        parts["render _console.html without the log"] = best(
            lambda: render_template("_console.html", **no_log)
        )
        parts["log entries shown"] = float(len(ctx["log"]))
        parts["partial size (KB)"] = len(render_template("_console.html", **ctx)) / 1024
        # What a tap is answered with: the console with only the newest log entries, built
        # as the view builds it (console.console_partial).
        tap = console_view.context(game, log_from=max(1, game.revision - 1))
        shell = shell_of(game)
        parts["render a tap's answer (newest log entries only)"] = best(
            lambda: console_partial(shell, tap)
        )
        parts["tap's answer size (KB)"] = len(console_partial(shell, tap)) / 1024
    return parts


def interleaved(data: dict[str, Any], cfg: Config) -> dict[str, float]:
    """Early and late referee actions taken in turn, in-process (thread CPU, ms): one tap on a
    game at its start, one on the same game near its end, and so on. The machine's drift
    falls on both alike, so their ratio is the app's own growth over a game."""
    from companion import create_app
    from companion.serving import tune_collector

    record = record_from_dict(data)
    entries = list(record.entries)
    window = min(cfg.window, len(entries) // 2)
    reps = 2 if cfg.quick else 4  # the first one warms up and is not counted
    kinds: dict[str, dict[str, list[float]]] = {"early": {}, "late": {}}  # taps by kind
    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-turns-") as tmp:
        app = create_app({"INSTANCE_PATH": tmp})
        tune_collector()  # as `companion serve` does
        client = app.test_client()
        client.get(f"/referee/{app.config['REFEREE_TOKEN']}")
        page = client.get("/").data
        csrf = re.search(rb'name="csrf" value="([^"]+)"', page).group(1).decode()
        store = app.extensions["companion.store"]
        for rep in range(reps):
            lanes = []
            for label, start in (("early", 0), ("late", len(entries) - window)):
                game = store.import_record(Record(record.setup, tuple(entries[:start])), label)
                headers = {"HX-Request": "true", "X-CSRF-Token": csrf}
                lanes.append((label, start, game.id, headers))
            for k in range(window):
                for label, start, game_id, headers in taking_turns(k, lanes):  # as inturn.py
                    i = start + k
                    form = act_form(entries, i, csrf)
                    begin = time.thread_time()
                    response = client.post(f"/games/{game_id}/act", data=form, headers=headers)
                    took = time.thread_time() - begin
                    if response.status_code != 200:
                        raise RuntimeError(f"turns: action {i + 1} answered {response.status_code}")
                    # the drawings the console now shows, as a browser names them
                    headers["X-Drawings"] = b" ".join(DRAWING.findall(response.data)).decode()
                    if rep:
                        kinds[label].setdefault(entries[i].kind, []).append(ms(took))
    taps = {label: [t for ts in by.values() for t in ts] for label, by in kinds.items()}
    early, late = pct(taps["early"], 50), pct(taps["late"], 50)
    return {
        "early": early,
        "late": late,
        "ratio": late / early,
        "n": len(taps["early"]),
        "same_kinds": same_kinds(kinds["early"], kinds["late"]),
        "kinds": by_kind(kinds["early"], kinds["late"], reps - 1),
    }
