"""The browser bench: from a tap to the painted screen, in Chromium (docs/benchmark.md)."""

from __future__ import annotations

import json
import math
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.clients import Client, Referee, serve

BENCH = Path(__file__).resolve().parent
EXAMPLE = BENCH.parent / "examples" / "four-players.json"
WATCH = (BENCH / "watch.js").read_text(encoding="utf-8")
FIRST_VISIT = (BENCH / "first_visit.js").read_text(encoding="utf-8")
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
# The control a tap takes in the console, in this order: the app's roll or draw, a
# highlighted space, the cubes carried, else the first choice (as the browser tests play).
CHOICES = ("button:has-text('Roll for me')", "button:has-text('Draw a card for me')",
           ".soup .space.legal .tap", "form.carry button", ".choices button")  # fmt: skip
# Where a tap's time went (`Tap`'s fields), and their columns in the results.
PARTS = {"wait": "answer", "swap": "swap: scripts", "after": "after: style, layout, paint"}


@dataclass
class Tap:
    """One tap's times (ms): click to painted, and where they went."""

    total: float
    wait: float  # click to the answer's last byte
    swap: float  # htmx's swap (parse, insert, its handlers)
    after: float  # the swap's end to painted: style, layout, paint, later scripts


@dataclass
class Figures:
    """What the browser bench measured (ms)."""

    taps: dict[str, list[Tap]] = field(default_factory=dict)  # "floor, normal", "console, ..."
    phones: dict[str, list[float]] = field(default_factory=dict)  # click to painted
    first_visit: list[dict[str, float]] = field(default_factory=list)
    runtime: float = 0.0

    def totals(self, row: str) -> list[float]:
        """The click-to-painted times of a row's taps (none if it was not measured)."""
        return [t.total for t in self.taps.get(row, [])]


def series(page: Any, root: str, choices: tuple, taps: int, watched: tuple = ()) -> tuple:
    """`taps` taps on `root`'s first choice offered: their times, and the watched pages' paints."""
    got, others = [], []
    for _ in range(taps):
        page.wait_for_selector(f"{root}:not([data-armed=no])", timeout=TIMEOUT_MS)
        page.evaluate("() => window.__bench.painted()")  # the armed choices on the screen
        page.evaluate("s => window.__bench.watch(s)", root)
        for other in watched:
            other.evaluate("() => window.__bench.watch('#seat')")
        pick = next((f for c in choices if (f := page.locator(f"{root} {c}")).count()), None)
        if pick is None:
            raise RuntimeError(f"{root} offers nothing to tap")
        pick.first.click()
        done = page.evaluate("() => window.__bench.done")
        swap_start = done["marks"].get("htmx:beforeSwap", done["changed"])
        swap_end = done["marks"].get("htmx:afterSwap", done["changed"])
        click, painted = done["click"], done["painted"]
        wait = (done["answered"] or swap_start) - click
        got.append(Tap(painted - click, wait, swap_end - swap_start, painted - swap_end))
        seen = [o.evaluate("() => window.__bench.done")["painted"] - click for o in watched]
        others.append(max(seen, default=math.nan))
    return got, others


def slow(page: Any, rate: float) -> None:
    """Slow the page's CPU `rate` times (1: normal)."""
    page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


@dataclass
class Session:
    """Chromium on the app served, and the referee who imports the example game."""

    chromium: Any
    base: str
    referee: Referee
    record: dict = field(default_factory=lambda: json.loads(EXAMPLE.read_text(encoding="utf-8")))

    def page(self, viewport: dict) -> Any:
        """A page of its own browser context (its own device), with the watch installed."""
        context = self.chromium.new_context(viewport=viewport, locale="en-US", base_url=self.base)
        context.add_init_script(WATCH)
        return context.new_page()

    def game(self, at: int) -> str:
        """The example imported up to action `at`: the new game's id."""
        setup, actions = self.record["setup"], self.record["actions"][:at]
        self.referee.client.reconnect()  # the server drops a connection idle for 10 s
        return self.referee.new_game(setup, f"bench at {at}", actions)

    def phones_painted(self, laptop: Any, count: int, rate: float, taps: int) -> list[float]:
        """Click to painted on the last of `count` phones, each slowed `rate` times."""
        game_id = self.game(WINDOWS["early"])
        tokens = self.referee.seat_tokens(game_id)
        phones = [self.page(PHONE) for _ in range(count)]
        for i, phone in enumerate(phones):
            phone.goto(f"/s/{tokens[i % len(tokens)]}")
            phone.wait_for_selector('[data-sync="ok"]', timeout=TIMEOUT_MS)
            slow(phone, rate)
        laptop.goto(f"/games/{game_id}")
        painted = series(laptop, "#console", CHOICES, taps, tuple(phones))[1]
        for phone in phones:
            phone.context.close()
        return painted

    def first_visits(self, visits: int) -> list[dict[str, float]]:
        """A phone's first visit to its seat, CPU slowed and on the weak Wi-Fi, cold each time."""
        link = f"/s/{self.referee.seat_tokens(self.game(WINDOWS['early']))[0]}"
        out = []
        for _ in range(visits):
            phone = self.page(PHONE)
            cdp = phone.context.new_cdp_session(phone)
            cdp.send("Network.enable")
            cdp.send("Network.emulateNetworkConditions", WEAK_WIFI)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": SLOW})
            phone.goto(link, wait_until="load")
            phone.wait_for_function("() => window.__bench.armed", timeout=TIMEOUT_MS)
            out.append(phone.evaluate(FIRST_VISIT))
            phone.context.close()
        return out


def run(taps: int = 30, visits: int = 5, budget: float = 600.0) -> Figures:
    """Measure every browser figure: `taps` per window and speed, `visits` first visits."""
    from playwright.sync_api import sync_playwright

    began, out = time.monotonic(), Figures()
    with (
        tempfile.TemporaryDirectory(prefix="ursuppe-bench-browser-") as tmp,
        serve(Path(tmp), floor=True) as (port, token, _),  # bench/floor.py
        sync_playwright() as pw,
    ):
        chromium = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        bench = Session(chromium, f"http://127.0.0.1:{port}", Referee(Client(port), token))
        laptop = bench.page(LAPTOP)
        laptop.goto(f"/referee/{token}")
        for speed, rate in SPEEDS.items():
            slow(laptop, rate)
            laptop.goto("/bench/floor")
            out.taps[f"floor, {speed}"] = series(laptop, "#floor", ("button",), taps)[0]
            for window, at in WINDOWS.items():
                laptop.goto(f"/games/{bench.game(at)}")
                row = f"console, {speed}, {window}"
                out.taps[row] = series(laptop, "#console", CHOICES, taps)[0]
            if time.monotonic() - began > budget:
                raise RuntimeError("the browser bench ran out of its time")
        laptop = bench.page(LAPTOP)  # at normal speed: a rate set by another CDP session may stay
        laptop.goto(f"/referee/{token}")
        for name, count, rate in (("one phone", 1, 1), (f"one phone, CPU {SLOW}x", 1, SLOW),
                                  (f"the last of {PHONES} phones", PHONES, 1)):  # fmt: skip
            out.phones[name] = bench.phones_painted(laptop, count, rate, taps)
        out.first_visit = bench.first_visits(visits)
        chromium.close()
    out.runtime = time.monotonic() - began
    return out
