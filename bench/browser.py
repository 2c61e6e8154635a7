"""The browser bench: from a tap to the painted screen, in Debian's Chromium on 127.0.0.1.

The app is served by waitress in this process with one more route, the floor (a bare htmx swap
of a one-line fragment), that exists only while the bench runs. Every figure is taken the same
way: `bench/watch.js` notes the click, then waits for the watched element's `data-revision`
to change and for two animation frames (the new revision painted). docs/benchmark.md says more.
"""

from __future__ import annotations

import json
import math
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Blueprint, render_template

from bench.clients import Client, Referee
from bench.report import Guard, pct, ratio, spread, table, verdicts

BENCH = Path(__file__).resolve().parent
EXAMPLE = BENCH.parent / "examples" / "four-players.json"
PLAYERS = 4  # the example's seats
WATCH = (BENCH / "watch.js").read_text(encoding="utf-8")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LAPTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
WINDOWS = {"early": 40, "late": 200}  # the example's actions imported before the taps
SLOW = 4  # CPU slowdown of a budget laptop or an older phone (CDP)
SPEEDS = {"normal": 1, f"CPU {SLOW}x": SLOW}
WEAK_WIFI = {"offline": False, "latency": 150, "downloadThroughput": 200_000,
             "uploadThroughput": 100_000}  # 1.6 Mbps down, 150 ms: a weak Wi-Fi  # fmt: skip
PHONES = 6
TIMEOUT_MS = 15_000
CONSOLE_VS_FLOOR = 2.0  # the targets (issue 29)
PHONE_SLOW_MS = 150.0
LAST_VS_ONE = 2.0
VISIT_BEFORE_MS = 624.0  # a first visit's first paint before this work (issue 29's figure)
VISIT_VS_BEFORE = 1.1
LATE_VS_EARLY = 1.1
# The control a tap takes in the console, in this order: the app's roll or draw, a
# highlighted space, the cubes carried, else the first choice (as the browser tests play).
CHOICES = (
    "button:has-text('Roll for me')",
    "button:has-text('Draw a card for me')",
    ".soup .space.legal .tap",
    "form.carry button",
    ".choices button",
)
PARTS = ("wait", "swap", "after", "scripts", "style")  # where a tap's time went (`Tap`)


@dataclass
class Tap:
    """One tap's times (ms): click to painted, and where they went."""

    click: float  # when (ms since the epoch)
    total: float
    wait: float  # click to the answer's last byte
    swap: float  # htmx's swap (parse, insert, its handlers)
    after: float  # the swap's end to painted: style, layout, paint, later scripts
    scripts: float = 0.0  # in long frames (over 50 ms): scripts
    style: float = 0.0  # in long frames: style and layout


@dataclass
class Figures:
    """What the browser bench measured (ms)."""

    floor: dict[str, list[Tap]] = field(default_factory=dict)  # by speed
    console: dict[str, list[Tap]] = field(default_factory=dict)  # by "speed window"
    phones: dict[str, list[float]] = field(default_factory=dict)  # click to painted
    first_visit: list[dict[str, float]] = field(default_factory=list)
    runtime: float = 0.0


def floor_blueprint() -> Blueprint:
    """The floor's page and fragment (the bench's own templates)."""
    bp = Blueprint("bench_floor", __name__, template_folder="templates")

    @bp.route("/bench/floor")
    def page():
        return render_template("floor.html", revision=0)

    @bp.route("/bench/floor/<int:revision>")
    def part(revision: int):
        return render_template("floor_part.html", revision=revision)

    return bp


@contextmanager
def served() -> Iterator[tuple[str, str]]:
    """The app with the floor route, on a free port of 127.0.0.1: its URL and referee token."""
    from waitress.server import create_server

    from companion import create_app

    with tempfile.TemporaryDirectory(prefix="ursuppe-bench-browser-") as tmp:
        app = create_app({"INSTANCE_PATH": tmp, "TAP_ARM_MS": 60, "TAP_REPEAT_MS": 120})
        app.register_blueprint(floor_blueprint())
        server = create_server(app, host="127.0.0.1", port=0, threads=16)
        url = f"http://127.0.0.1:{server.effective_port}"
        app.config["PUBLIC_URL"] = url
        thread = threading.Thread(target=server.run, name="bench-browser", daemon=True)
        thread.start()
        try:
            yield url, app.config["REFEREE_TOKEN"]
        finally:
            server.close()


def series(page: Any, root: str, choices: tuple, taps: int, watched: tuple = ()) -> tuple:
    """`taps` taps on `page`'s `root`, each on the first of its `choices` there: each tap's
    times, and for each the time until the last of the `watched` pages painted it (ms after
    the click)."""
    got, others = [], []
    for _ in range(taps):
        page.wait_for_selector(f"{root}:not([data-armed=no])", timeout=TIMEOUT_MS)
        page.evaluate("s => window.__bench.watch(s)", root)
        for other in watched:
            other.evaluate("() => window.__bench.watch('#seat')")
        click_first(page.locator(root), choices)
        got.append(tap_times(page.evaluate("() => window.__bench.done")))
        painted = [o.evaluate("() => window.__bench.done")["painted"] for o in watched]
        others.append(max((p - got[-1].click for p in painted), default=math.nan))
    page.wait_for_timeout(200)  # the last frames' long-frame entries arrive late
    frames = page.evaluate("() => window.__bench.frames.splice(0)")
    for done in got:  # each slow frame to the tap it happened in
        inside = [f for f in frames if done.click <= f["start"] <= done.click + done.total]
        done.scripts = sum(f["scripts"] for f in inside)
        done.style = sum(f["style"] for f in inside)
    return got, others


def tap_times(done: dict[str, Any]) -> Tap:
    """A tap's times from what the watch saw (bench/watch.js)."""
    click, painted = done["click"], done["painted"]
    swap_start = done["marks"].get("htmx:beforeSwap", done["changed"])
    swap_end = done["marks"].get("htmx:afterSwap", done["changed"])
    wait = (done["answered"] or swap_start) - click
    return Tap(click, painted - click, wait, swap_end - swap_start, painted - swap_end)


def click_first(root: Any, choices: tuple) -> None:
    """Click the first of `choices` that `root` offers."""
    for selector in choices:
        found = root.locator(selector)
        if found.count():
            found.first.click()
            return
    raise RuntimeError(f"{root} offers nothing to tap")


def slow(page: Any, rate: float) -> None:
    """Slow the page's CPU `rate` times (1: normal)."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def new_page(browser: Any, viewport: dict, base: str) -> Any:
    """A page of its own browser context (its own device), with the watch installed."""
    context = browser.new_context(viewport=viewport, locale="en-US", base_url=base)
    context.add_init_script(WATCH)
    return context.new_page()


def import_at(referee: Referee, record: dict, at: int) -> str:
    """The example imported up to action `at`: the new game's id."""
    return referee.new_game(record["setup"], f"bench at {at}", record["actions"][:at])


def seat_game(referee: Referee, record: dict) -> tuple[str, list[str]]:
    """The example imported at the early window: the game's id and its seats' links."""
    game_id = import_at(referee, record, WINDOWS["early"])
    return game_id, [f"/s/{t}" for t in referee.seat_tokens(game_id, PLAYERS)]


def run(taps: int = 30, visits: int = 5, budget: float = 600.0) -> Figures:
    """Measure every browser figure: `taps` per window and speed, `visits` first visits."""
    from playwright.sync_api import sync_playwright

    began = time.monotonic()
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    out = Figures()
    with served() as (base, token), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        referee = Referee(Client(int(base.rsplit(":", 1)[1])), token)
        laptop = new_page(browser, LAPTOP, base)
        laptop.goto(f"/referee/{token}")
        for speed, rate in SPEEDS.items():
            slow(laptop, rate)
            laptop.goto("/bench/floor")
            out.floor[speed] = series(laptop, "#floor", ("button",), taps)[0]
            for window, at in WINDOWS.items():
                laptop.goto(f"/games/{import_at(referee, record, at)}")
                out.console[f"{speed}, {window}"] = series(laptop, "#console", CHOICES, taps)[0]
            if time.monotonic() - began > budget:
                raise RuntimeError("the browser bench ran out of its time")
        slow(laptop, 1)
        for name, count, rate in (("one phone", 1, 1), (f"one phone, CPU {SLOW}x", 1, SLOW),
                                  (f"the last of {PHONES} phones", PHONES, 1)):  # fmt: skip
            out.phones[name] = phones_painted(
                browser, base, referee, record, laptop, count, rate, taps
            )
        out.first_visit = first_visits(browser, base, referee, record, visits)
        browser.close()
    out.runtime = time.monotonic() - began
    return out


def phones_painted(
    browser: Any,
    base: str,
    referee: Referee,
    record: dict,
    laptop: Any,
    count: int,
    rate: float,
    taps: int,
) -> list[float]:
    """Click to painted on the last of `count` phones, each slowed `rate` times."""
    game_id, links = seat_game(referee, record)
    phones = [new_page(browser, PHONE, base) for _ in range(count)]
    for i, phone in enumerate(phones):
        phone.goto(links[i % len(links)])
        phone.wait_for_selector('[data-sync="ok"]', timeout=TIMEOUT_MS)
        slow(phone, rate)
    laptop.goto(f"/games/{game_id}")
    painted = series(laptop, "#console", CHOICES, taps, tuple(phones))[1]
    for phone in phones:
        phone.context.close()
    return painted


def first_visits(browser: Any, base: str, referee: Referee, record: dict, visits: int) -> list:
    """A phone's first visit to its seat, CPU slowed and on the weak Wi-Fi, cold each time."""
    link = seat_game(referee, record)[1][0]
    out = []
    for _ in range(visits):
        phone = new_page(browser, PHONE, base)
        cdp = phone.context.new_cdp_session(phone)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", WEAK_WIFI)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOW})
        phone.goto(link, wait_until="load")
        phone.wait_for_function("() => window.__bench.armed", timeout=TIMEOUT_MS)
        out.append(phone.evaluate(FIRST_VISIT))
        phone.context.close()
    return out


FIRST_VISIT = """() => {
  const origin = performance.timeOrigin, nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const bytes = [nav, ...performance.getEntriesByType("resource")]
    .reduce((s, e) => s + (e.transferSize || 0), 0);
  return { paint: paint ? paint.startTime : NaN, load: nav.loadEventEnd,
           armed: window.__bench.armed - origin, kb: bytes / 1024 };
}"""


def judge(fig: Figures) -> list[Guard]:
    """Every browser target with its figure and whether it is met."""
    out = []
    for speed, floor in fig.floor.items():
        mine = pct([t.total for w in WINDOWS for t in fig.console.get(f"{speed}, {w}", [])], 95)
        what = f"console click to painted, {speed}: p95 <= {CONSOLE_VS_FLOOR:.0f}x the floor"
        out.append(
            ratio(what, mine, pct([t.total for t in floor], 95), CONSOLE_VS_FLOOR, "p95 ", 0)
        )
    slowed = pct(fig.phones.get(f"one phone, CPU {SLOW}x", []), 95)
    what = f"one phone painted after the tap, CPU {SLOW}x: p95 <= {PHONE_SLOW_MS:.0f} ms"
    out.append((what, f"p95 {slowed:.0f} ms", slowed <= PHONE_SLOW_MS))
    one = pct(fig.phones.get("one phone", []), 95)
    last = pct(fig.phones.get(f"the last of {PHONES} phones", []), 95)
    what = f"the last of {PHONES} phones painted: p95 <= {LAST_VS_ONE:.0f}x one phone's"
    out.append(ratio(what, last, one, LAST_VS_ONE, "p95 ", 0))
    paint = pct([v["paint"] for v in fig.first_visit], 50)
    what = (
        f"a phone's first visit, CPU {SLOW}x, weak Wi-Fi: first paint <= {VISIT_VS_BEFORE}x "
        f"{VISIT_BEFORE_MS:.0f} ms (before this work)"
    )
    out.append((what, f"p50 {paint:.0f} ms", paint <= VISIT_VS_BEFORE * VISIT_BEFORE_MS))
    early, late = (pct([t.total for t in fig.console.get(f"normal, {w}", [])], 50) for w in WINDOWS)
    what = f"a late-game tap <= {LATE_VS_EARLY}x an early one (normal speed, p50)"
    out.append(ratio(what, late, early, LATE_VS_EARLY, "", 0))
    return out


def report(fig: Figures) -> list[str]:
    """The browser section of the results: the targets, then every figure and its parts."""
    rows = {f"floor, {speed}": taps for speed, taps in fig.floor.items()}
    rows.update({f"console, {name}": taps for name, taps in fig.console.items()})
    visits = fig.first_visit
    said = ", ".join(
        f"{k} {pct([v[k] for v in visits], 50):.0f}" for k in ("paint", "load", "armed")
    )
    return [
        f"## In the browser (Chromium, laptop {LAPTOP['width']}x{LAPTOP['height']}, phones "
        f"{PHONE['width']}x{PHONE['height']}; {fig.runtime:.0f} s)",
        "",
        *verdicts("target", judge(fig)),
        "",
        "Click to painted (ms), and where the median tap's time went: until the answer's last "
        "byte, htmx's swap, from the swap to the paint; in frames over 50 ms, scripts and style "
        "with layout:",
        "",
        *table(
            ["figure", "n", "p50", "p95", "answer", "swap", "after", "scripts", "style, layout"],
            [
                [name, len(taps), *spread([t.total for t in taps], 0)]
                + [f"{pct([getattr(t, k) for t in taps], 50):.0f}" for k in PARTS]
                for name, taps in rows.items()
            ],
        ),
        "",
        *table(
            ["phones: click to painted", "n", "p50", "p95"],
            [[name, len(times), *spread(times, 0)] for name, times in fig.phones.items()],
        ),
        "",
        f"A phone's first visit, cold, CPU {SLOW}x, 1.6 Mbps and 150 ms (p50 of {len(visits)}): "
        f"{said} ms after the navigation began; {pct([v['kb'] for v in visits], 50):.1f} KB.",
    ]
