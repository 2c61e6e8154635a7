"""The addresses of every page of one game, for the tests that visit them all."""

from __future__ import annotations


def every_page_of_a_game(browser, live_server, start, timeout: int, **more: str) -> dict:
    """Start a game in a laptop-sized context (`start(page)` returns its console address) and
    name every page of it: console, seats, standings, history, seat, board, and `more`."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(timeout)
    page = context.new_page()
    page.goto(live_server.referee_link)
    console = start(page)
    page.goto(console + "/seats")
    seat = page.locator("a[href*='/s/']").first.get_attribute("href")
    board = page.locator("a[href*='/b/']").first.get_attribute("href")
    context.close()
    return {
        "games": f"{live_server.url}/",
        "setup": f"{live_server.url}/games/new",
        "console": console,
        "seats": console + "/seats",
        "standings": console + "/standings",
        "history": console + "/log",
        "seat": seat,
        "board": board,
        "rules": f"{live_server.url}/rules",
        **more,
        "not-found": f"{live_server.url}/no/such/page",
    }
