"""Issue 12 item 11 (faster taps): a tap's answer leaves out the drawings the console already
shows unchanged (the soup, the ladder), and always sends a drawing that changed."""

from __future__ import annotations

import json
import re

from conftest import text_of

KEY_RE = re.compile(r'<svg data-drawing="([0-9a-f]+)" class="(soup|ladder)"')
KEEP_RE = re.compile(r'<svg data-keep="([0-9a-f]+)"></svg>')


def drawings(response) -> dict[str, str]:
    """The drawings an answer carries in full, by kind: {"soup": key, "ladder": key}."""
    return {kind: key for key, kind in KEY_RE.findall(text_of(response))}


def keys(shown: dict[str, str]) -> dict[str, str]:
    """The header the console's browser sends: the drawings it shows."""
    return {"X-Drawings": " ".join(shown.values())}


def test_the_console_names_each_drawing_by_what_it_shows(game):
    shown = drawings(game.console(htmx=True))

    assert set(shown) == {"soup", "ladder"}
    assert drawings(game.console(htmx=True)) == shown  # the same look, the same name


def test_a_tap_that_changes_no_drawing_sends_placeholders_for_both(game):
    game.act_ok(action=json.dumps({"type": "turn_card", "card": "P1"}))
    shown = drawings(game.console(htmx=True))
    # A start roll changes neither the soup nor the ladder.
    response = game.post("/act", {"kind": "dice", "d1": 12}, headers=keys(shown))

    assert response.status_code == 200
    assert drawings(response) == {}
    assert sorted(KEEP_RE.findall(text_of(response))) == sorted(shown.values())


def test_a_changed_drawing_is_sent_whole_with_a_new_name(game):
    before = drawings(game.console(htmx=True))
    card = json.dumps({"type": "turn_card", "card": "P1"})
    response = game.post("/act", {"kind": "action", "action": card}, headers=keys(before))

    after = drawings(response)
    assert after["soup"] != before["soup"]  # the compass now shows the card
    assert KEEP_RE.findall(text_of(response)) == [before["ladder"]]


def test_a_drawing_the_browser_does_not_show_is_sent_whole(game):
    response = game.console(htmx=True)
    assert not KEEP_RE.search(text_of(response))
    page = game.client.get(game.url, headers=keys(drawings(response)))
    assert not KEEP_RE.search(text_of(page))  # a whole page never leaves a drawing out
    assert set(drawings(page)) == {"soup", "ladder"}


def test_each_language_has_its_own_drawings(game):
    english = drawings(game.console(htmx=True))
    game.client.set_cookie("lang", "es")
    spanish = drawings(game.console(htmx=True))

    assert english["soup"] != spanish["soup"] and english["ladder"] != spanish["ladder"]


def test_the_compass_ozone_stays_clear_of_a_south_drift_arrow(app):
    """The compass shows the card's drift (an arrow from the centre) and its ozone (000 §Fase 2:
    Medio Ambiente): a south arrow reaches 26 below the centre, so the ozone is written above
    the centre then, never under the arrow; otherwise below it."""
    from companion.web.svg import compass_svg

    ozone_re = re.compile(r'<text x="[^"]+" y="([^"]+)" class="ozone">O₃ 13</text>')
    with app.test_request_context():
        south = float(ozone_re.search(compass_svg({"drift": "S", "ozone": 13})).group(1))
        east = float(ozone_re.search(compass_svg({"drift": "E", "ozone": 13})).group(1))
        still = float(ozone_re.search(compass_svg({"drift": None, "ozone": 13})).group(1))
    assert south < -8  # above the arrow's tail (which starts 8 above the centre)
    assert east == still == 22
