"""Issue 12 item 11 (faster taps): a tap's answer leaves out the drawings the console already
shows unchanged (the soup, the ladder), and always sends a drawing that changed."""

from __future__ import annotations

import json
import re

from conftest import text_of
from soup_patch import PATCH_RE, SOUP_KEY_RE, SOUP_RE, apply_patch, normal

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


def test_a_changed_soup_comes_as_the_spaces_that_changed(game):
    """A tap that changes the soup answers with a patch: the new drawing's name, only the
    spaces (and the island with the compass) that differ from the soup on screen; applied
    to that soup it is exactly the whole new drawing."""
    whole_before = text_of(game.console(htmx=True))
    before = drawings(game.console(htmx=True))
    card = json.dumps({"type": "turn_card", "card": "P1"})
    response = game.post("/act", {"kind": "action", "action": card}, headers=keys(before))

    text = text_of(response)
    patch = PATCH_RE.search(text)
    assert patch and patch.group(1) == before["soup"] and patch.group(2) != before["soup"]
    assert '<g class="island">' in patch.group(0)  # the compass now shows the card
    assert "data-space=" not in patch.group(0)  # no space changed
    assert KEEP_RE.findall(text) == [before["ladder"]]
    whole_after = text_of(game.console(htmx=True))  # no drawing shown: the whole soup
    old_soup = SOUP_RE.search(whole_before).group(0)
    new_soup = SOUP_RE.search(whole_after).group(0)
    assert SOUP_KEY_RE.search(new_soup).group(1) == patch.group(2)
    assert normal(apply_patch(old_soup, patch.group(0))) == normal(new_soup)


def test_a_soup_this_server_never_drew_is_replaced_whole(game):
    """After a restart the browser may show a soup the server does not know: whole."""
    before = drawings(game.console(htmx=True))
    card = json.dumps({"type": "turn_card", "card": "P1"})
    shown = {"X-Drawings": f"0123456789abcdef {before['ladder']}"}
    response = game.post("/act", {"kind": "action", "action": card}, headers=shown)

    assert not PATCH_RE.search(text_of(response))
    assert "soup" in drawings(response)


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


def test_the_remembered_compass_speaks_each_readers_language(app):
    """The compass is drawn once per look and language (a soup a tap changed draws it again):
    a Spanish reader after an English one still reads O for west (004 §Brújula), and a card
    with no drift shows no arrow."""
    from companion.web.svg import compass_svg

    card = {"drift": None, "ozone": 9}
    with app.test_request_context(headers={"Accept-Language": "en"}):
        english = compass_svg(card)
    with app.test_request_context(headers={"Accept-Language": "es"}):
        spanish = compass_svg(card)
    letters = re.compile(r'class="compass-letter">([^<]+)<')
    assert letters.findall(english) == ["N", "E", "S", "W"]
    assert letters.findall(spanish) == ["N", "E", "S", "O"]
    assert "rotate(" not in spanish and "O₃ 9" in spanish
