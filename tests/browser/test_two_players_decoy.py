"""A decoy game in a real browser (000 §Ursuppe para 2 jugadores): two people set it up,
and the decoy's turns run by themselves, each step explained with its rule.

The referee drives the two people's choices; the decoy's start space, placements, drifts
and meals never wait for a tap: they appear in the log as "The decoy plays by its rule".
"""

from __future__ import annotations

from test_table import drive_one_step

MAX_STEPS = 120


def test_the_decoys_turns_run_by_themselves(referee, live_server, shot):
    page = referee
    page.goto(f"{live_server.url}/games/new")
    for i, name in enumerate(["Ana", "Ben", "", "", "", ""]):
        page.fill(f"input[name=name{i}]", name)
    page.select_option("select[name=color0]", "red")
    page.select_option("select[name=color1]", "yellow")
    page.select_option("select[name=color2]", "blue")
    page.check("input[name=two_players][value=decoy]")
    page.check("input[name=dice][value=app]")
    page.check("input[name=cards][value=app]")
    shot(page, "two-players-01-setup-decoy")
    page.click("button:text('Start the game')")
    page.wait_for_selector("#console")
    assert "Decoy" in page.inner_text("#console")

    for _ in range(MAX_STEPS):
        if "the decoy always drifts" in page.content():
            break
        drive_one_step(page)
    content = page.content()
    shot(page, "two-players-02-decoy-played")
    assert "The decoy plays by its rule (the decoy takes the lowest free start space)" in content
    assert "The decoy plays by its rule (the decoy puts its lowest free amoeba" in content
    assert "the decoy always drifts" in content
