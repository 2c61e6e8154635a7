"""The TV read from 3 m (issue 30, item 2), at 1920x1080: after a round's last division the
board names the deaths and the scoring whole (wrapped, never cut), in type of at least 24 px;
the grey line under each ranked name is at least 22 px and dark enough; the numbers inside
the amoebas on the soup are at least 18 px tall. Screenshot in test-artifacts/."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ARTIFACTS

from companion.tracker.ursuppe.record.document import Record, record_from_dict

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "five-players-extra-genes.json"
MEASURE = """() => {
  const px = el => parseFloat(getComputedStyle(el).fontSize);
  const news = Array.from(document.querySelectorAll('.tv-news li'));
  const details = Array.from(document.querySelectorAll('.tv-standings .detail'));
  const numbers = Array.from(document.querySelectorAll('.soup .amoeba-no'));
  return {
    news: news.map(li => ({px: px(li), text: li.textContent,
      whole: li.scrollWidth <= li.clientWidth + 1
        && li.getBoundingClientRect().bottom <= window.innerHeight})),
    details: details.map(d => ({px: px(d), color: getComputedStyle(d).color})),
    numbers: numbers.map(n => n.getBoundingClientRect().height),
  };
}"""


def test_the_tv_names_the_rounds_deaths_and_scoring_readably(browser, live_server, lang="it"):
    store = live_server.app.extensions["companion.store"]
    record = record_from_dict(json.loads(EXAMPLE.read_text()))
    game = store.import_record(Record(record.setup, record.entries[:194]), "tv from 3 m")
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, extra_http_headers={"Accept-Language": lang}
    )
    tv = context.new_page()
    tv.goto(f"{live_server.url}/b/{game.board_token}")
    tv.wait_for_selector(".tv-news")
    tv.screenshot(path=str(ARTIFACTS / f"tv-news-1920-{lang}.png"))
    seen = tv.evaluate(MEASURE)
    texts = [n["text"] for n in seen["news"]]
    assert texts[0].startswith("Morti: Ana ■ verde 1") and texts[1].startswith("Punteggio: ")
    assert all(n["px"] >= 24 and n["whole"] for n in seen["news"]), seen["news"]
    assert seen["details"] and all(d["px"] >= 22 for d in seen["details"]), seen["details"]
    assert all(d["color"] == "rgb(61, 71, 79)" for d in seen["details"])
    assert seen["numbers"] and min(seen["numbers"]) >= 18, seen["numbers"]
    context.close()
