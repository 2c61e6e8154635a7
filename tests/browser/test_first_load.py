"""Issue 12 item 11: a seat's first load as Chromium fetches it is what `python -m bench`
measures: the page and the static files its STATIC_LINK names (scripts, stylesheet), nothing
more (NoSleep.js and the home-screen icon only when asked for); opened again, the phone
fetches only the page."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import request, request_finished
from test_tv_and_phone import import_example, seat_tokens

from bench.clients import STATIC_LINK


def static_requests(page, action) -> list[str]:
    """The /static/ paths (with their query) the browser asks the server for during `action`."""
    seen: list[str] = []

    def note(request):
        url = urlsplit(request.url)
        if url.path.startswith("/static/"):
            seen.append(f"{url.path}?{url.query}" if url.query else url.path)

    page.on("request", note)
    action()
    page.wait_for_load_state("networkidle")
    page.remove_listener("request", note)
    return seen


def test_chromium_fetches_exactly_what_the_bench_counts(phone_context, live_server, console_watch):
    game = import_example(live_server, "four-players", half=True)
    url = f"{live_server.url}/s/{seat_tokens(live_server, game)['green']}"
    phone = console_watch.watch(phone_context.new_page())

    responses = {}
    phone.on("response", lambda r: responses.setdefault(urlsplit(r.url).path, r))
    fetched = static_requests(phone, lambda: phone.goto(url))
    html = phone.request.get(url, headers={"Accept-Encoding": "identity"}).body()
    counted = [m.decode() for m in STATIC_LINK.findall(html)]

    assert sorted(fetched) == sorted(counted)
    assert not any("NoSleep" in path or ".png" in path for path in fetched)
    assert phone.evaluate("typeof window.NoSleep === 'undefined'")
    for path in counted:
        assert responses[path.split("?")[0]].headers["cache-control"].endswith("immutable")

    # Opened again (a phone waking up on the seat link): the server sends only the page.
    served: list[str] = []

    def note(sender, response, **extra):
        if request.path.startswith("/static/"):
            served.append(request.path)

    request_finished.connect(note, live_server.app)
    try:
        phone.goto(url)
        phone.wait_for_load_state("networkidle")
    finally:
        request_finished.disconnect(note, live_server.app)
    assert served == []
    console_watch.assert_clean()
