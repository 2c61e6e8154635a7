"""Phone text at 390x844 (issue 30, item 10): every word of a seat page outside the drawings
(the genes' effects, "Advance now", the hints, the "?" marks) is at least 16 px, the "?" at
full opacity. Ursuppe with extra genes (Ana buying genes) and Urland, in Spanish and Italian;
screenshots in test-artifacts/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ARTIFACTS, new_phone

from companion.tracker.ursuppe.record.document import Record, record_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SMALL_TEXT = """() => {
  const small = [];
  for (const el of document.querySelectorAll('#seat *')) {
    if (el.closest('svg')) continue;
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || !el.getClientRects().length) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    const words = el.textContent.trim().slice(0, 40);
    if (px < 16) small.push(`${el.tagName}.${el.className} ${px}px: ${words}`);
  }
  return small;
}"""


@pytest.mark.parametrize("lang", ["es", "it"])
def test_an_ursuppe_phone_has_no_text_under_16_px(browser, live_server, lang):
    store = live_server.app.extensions["companion.store"]
    record = record_from_dict(json.loads((EXAMPLES / "five-players-extra-genes.json").read_text()))
    game = store.import_record(Record(record.setup, record.entries[:231]), "phone text")
    token = store.seat_tokens(game.id)["green"]
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        extra_http_headers={"Accept-Language": lang},
    )
    phone = context.new_page()
    phone.goto(f"{live_server.url}/s/{token}")
    phone.wait_for_selector("[data-sync=ok]")
    phone.screenshot(path=str(ARTIFACTS / f"phone-text-ursuppe-{lang}.png"), full_page=True)
    assert phone.evaluate(SMALL_TEXT) == []
    mark = phone.locator(".why-mark").first
    assert float(mark.evaluate("e => getComputedStyle(e).opacity")) == 1
    context.close()


def test_an_urland_phone_has_no_text_under_16_px(browser, live_server):
    from companion.tracker.game import URLAND
    from companion.tracker.record_core import effective_actions
    from companion.tracker.urland import record as urecord

    golden = EXAMPLES / "urland" / "four-players.json"
    setup, entries = urecord.record_from_dict(json.loads(golden.read_text()))
    store = live_server.app.extensions["companion.store"]
    game = store.import_record(
        Record(setup, tuple(effective_actions(entries)[:40])), "urland phone text", URLAND
    )
    context = new_phone(browser, "it")
    phone = context.new_page()
    for color, token in store.seat_tokens(game.id).items():
        phone.goto(f"{live_server.url}/s/{token}")
        phone.wait_for_selector("[data-sync=ok]")
        small = phone.evaluate(SMALL_TEXT)
        assert small == [], (color, small)
    phone.screenshot(path=str(ARTIFACTS / "phone-text-urland-it.png"), full_page=True)
    context.close()
