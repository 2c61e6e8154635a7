"""Real-browser fixtures: the app served by waitress on loopback, and Debian's Chromium.

The server runs in a background thread for the whole session, listening on 127.0.0.1 on a
free port; PUBLIC_URL points there too, so the seat QR links stay on loopback. Chromium is
the system one (`/usr/bin/chromium`), driven by Playwright; `playwright install` is never
needed. Without Chromium the browser tests are skipped, except in CI (CI=true) where they
fail, because `.ci/run` installs it.
"""

from __future__ import annotations

import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
MISSING = (
    "Chromium not found at /usr/bin/chromium: install Debian's chromium to run the browser tests"
)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None

# A page's own record of CSP violations (Playwright's init scripts are not subject to CSP).
CSP_PROBE = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def _browser_unavailable() -> str | None:
    if not CHROMIUM.exists():
        return MISSING
    if sync_playwright is None:
        return "the playwright package is not installed: pip install -e '.[test]'"
    return None


@pytest.fixture(scope="session")
def chromium_ok() -> None:
    """Skip (or, in CI, fail) when the browser cannot run."""
    reason = _browser_unavailable()
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}. CI must have it (.ci/run installs it with apt).", pytrace=False)
    pytest.skip(reason)


@dataclass
class LiveServer:
    """The running app: its base URL, the Flask app and the waitress server."""

    url: str
    app: object
    server: object

    @property
    def referee_link(self) -> str:
        return f"{self.url}/referee/{self.app.config['REFEREE_TOKEN']}"


# The console's double-tap guard (app.js) shortened: a test's taps need not sleep through the
# real half second and second of every tap. The double-tap tests keep the real ones.
QUICK_TAPS = {"TAP_ARM_MS": 60, "TAP_REPEAT_MS": 120}


def make_app(instance: Path, quick_taps: bool = True):
    """The app for an instance folder, with quick SSE heartbeats; PUBLIC_URL is set later."""
    from companion import create_app

    config = {"INSTANCE_PATH": str(instance), "PUBLIC_URL": "http://127.0.0.1"}
    config["SSE_HEARTBEAT"] = 1.0
    return create_app(config | (QUICK_TAPS if quick_taps else {}))


def serve(app, port: int = 0) -> LiveServer:
    """Serve `app` with waitress on 127.0.0.1 (a free port unless given) in a daemon thread."""
    from waitress.server import create_server

    server = create_server(app, host="127.0.0.1", port=port, threads=16)
    url = f"http://127.0.0.1:{server.effective_port}"
    app.config["PUBLIC_URL"] = url
    threading.Thread(target=server.run, name="waitress", daemon=True).start()
    return LiveServer(url, app, server)


def kill(live: LiveServer) -> None:
    """The server goes away: the listening socket and every open connection are closed."""
    server = live.server
    done = threading.Event()

    def close_all() -> None:  # runs in the server's own loop thread
        for channel in list(server._map.values()):
            if channel is not server.trigger:
                channel.close()
        done.set()

    server.trigger.pull_trigger(close_all)
    assert done.wait(5), "the server did not stop"


@pytest.fixture(scope="session")
def live_server(chromium_ok, tmp_path_factory) -> LiveServer:
    """The real app served by waitress on 127.0.0.1 in a background thread."""
    live = serve(make_app(tmp_path_factory.mktemp("instance")))
    yield live
    live.server.close()


@pytest.fixture(scope="session")
def real_taps_server(chromium_ok, tmp_path_factory) -> LiveServer:
    """The app served with the console's real tap timings (for the tests that measure them)."""
    live = serve(make_app(tmp_path_factory.mktemp("instance"), quick_taps=False))
    yield live
    live.server.close()


@pytest.fixture(scope="session")
def browser(chromium_ok):
    """Debian's Chromium, headless, driven by Playwright."""
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@dataclass
class ConsoleWatch:
    """Collects console errors, page errors and CSP violations of the pages it watches."""

    errors: list[str] = field(default_factory=list)
    pages: list = field(default_factory=list)

    def watch(self, page):
        name = f"page{len(self.pages) + 1}"
        page.add_init_script(CSP_PROBE)
        page.on(
            "console",
            lambda m: (
                self.errors.append(f"{name} console: {m.text}") if m.type == "error" else None
            ),
        )
        page.on("pageerror", lambda e: self.errors.append(f"{name} pageerror: {e}"))
        self.pages.append(page)
        return page

    def csp_violations(self) -> list[str]:
        found = []
        for page in self.pages:
            if page.is_closed():
                continue
            try:
                found += page.evaluate("window.__cspViolations || []")
            except Exception:  # a page in the middle of navigating
                continue
        return found

    def assert_clean(self, allow: tuple[str, ...] = ()) -> None:
        """No console errors (except those matching `allow`), no page errors, no CSP hits."""
        unexpected = [e for e in self.errors if not any(re.search(a, e) for a in allow)]
        csp = [e for e in self.errors if "Content Security Policy" in e]
        assert not csp, f"CSP violations in the console: {csp}"
        assert not self.csp_violations(), f"CSP violations: {self.csp_violations()}"
        assert not unexpected, f"browser console errors: {unexpected}"


@pytest.fixture
def console_watch() -> ConsoleWatch:
    return ConsoleWatch()


@pytest.fixture
def referee(browser, live_server, console_watch):
    """A laptop-sized context logged in with the referee link (the cookie is kept)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)
    page = console_watch.watch(context.new_page())
    page.goto(live_server.referee_link)
    page.wait_for_selector("text=New game")
    yield page
    context.close()


def new_phone(browser, lang: str | None = None):
    """A phone-sized touch context (its browser asking for `lang` first, if given)."""
    headers = {"Accept-Language": lang} if lang else None
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        extra_http_headers=headers,
    )
    return context


@pytest.fixture
def phone_context(browser):
    """A phone-sized context for a seat page."""
    context = new_phone(browser)
    context.set_default_timeout(10_000)
    yield context
    context.close()


@pytest.fixture
def shot():
    """Save a page's screenshot to test-artifacts/<name>.png (git-ignored)."""
    ARTIFACTS.mkdir(exist_ok=True)

    def save(page, name: str) -> None:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return save


class OwnServer:
    """A server of a test's own, which the test may stop and start again on the same port."""

    def __init__(self, instance: Path) -> None:
        self.app = make_app(instance)
        self.live = serve(self.app)
        self.running = True

    def kill(self) -> None:
        kill(self.live)
        self.running = False

    def restart(self) -> None:
        self.live = serve(self.app, port=self.live.server.effective_port)
        self.running = True

    def close(self) -> None:
        if self.running:
            kill(self.live)
        self.live.server.close()


@pytest.fixture
def own_server(chromium_ok, tmp_path) -> OwnServer:
    own = OwnServer(tmp_path / "instance")
    yield own
    own.close()
