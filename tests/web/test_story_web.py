"""Issue 32: a game's story (console, phones, TV, exported file), built by replaying the
record, and public information only: twin games that differ only in a secret (the next
environment card of a recorded shuffle, a kept Urland token, a sealed bid not yet revealed)
give byte-identical stories to every phone and the TV, charts' data included."""

from __future__ import annotations

import base64
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from urland_web import prefix_to

from companion.tracker.game import URLAND, URSUPPE
from companion.tracker.urland import engine as urland_engine
from companion.tracker.urland.actions import Bid, KeepToken
from companion.tracker.urland.state import Step
from companion.tracker.ursuppe.actions import ShuffleEnvironmentDeck
from companion.tracker.ursuppe.record.document import record_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
IMG = re.compile(r'src="data:image/svg\+xml;base64,([^"]+)"')


def ursuppe_record(name: str):
    return record_from_dict(json.loads((EXAMPLES / f"{name}.json").read_text()))


def create(referee, setup, entries, name="Twin", core=URSUPPE):
    game = referee.store.create_game(setup, name, False, True, list(entries), core=core)
    return referee.store.get(game.id)


def public_pages(referee, game) -> dict[str, str]:
    """Every story a viewer other than the referee opens (each phone, the TV), the game's
    own addresses and tokens replaced so that two games can be compared byte for byte."""
    client = referee.app.test_client()  # no referee cookie: what a phone or the TV gets
    tokens = referee.store.seat_tokens(game.id)
    pages = {"board": client.get(f"/b/{game.board_token}/story")}
    for color, token in tokens.items():
        pages[color] = client.get(f"/s/{token}/story")
    found = {}
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = response.get_data(as_text=True)
        for secret in (game.id, game.board_token, *tokens.values()):
            text = text.replace(secret, "TOKEN")
        found[name] = re.sub(r'name="csrf" value="[^"]+"|"X-CSRF-Token": "[^"]+"', "", text)
    return found


def charts_of(page: str) -> list[str]:
    """The SVG behind each chart of a page."""
    return [base64.b64decode(m).decode("utf-8") for m in IMG.findall(page)]


# ----- hidden information ------------------------------------------------------------------


def test_the_next_environment_card_never_reaches_a_public_story(referee):
    """003 (Migration / Environmental Sensing): the next card is its holder's secret, so two
    games whose recorded shuffles differ only after the cards turned tell the same story."""
    record = ursuppe_record("five-players-extra-genes")
    entries = list(record.entries)
    at = next(i for i, e in enumerate(entries) if isinstance(e, ShuffleEnvironmentDeck))
    prefix = entries[: len(entries) // 2]
    history = URSUPPE.begin(record.setup)
    for entry in prefix:
        history = history.add(entry)[0]
    turned = len(history.state.turned)
    order = entries[at].order
    hidden = order[turned:]
    assert len(hidden) >= 2, "some cards are still face down"
    twin_order = order[:turned] + tuple(reversed(hidden))
    twin = [*prefix[:at], ShuffleEnvironmentDeck(twin_order), *prefix[at + 1 :]]
    referee.login()
    a = create(referee, record.setup, prefix)
    b = create(referee, record.setup, twin)
    assert a.state.shuffled_order != b.state.shuffled_order  # the twins differ in the secret
    assert replace(a.state, shuffled_order=()) == replace(b.state, shuffled_order=())
    pages_a, pages_b = public_pages(referee, a), public_pages(referee, b)
    assert pages_a.keys() == pages_b.keys() and len(pages_a) == 6
    for viewer in pages_a:
        assert pages_a[viewer] == pages_b[viewer], viewer
    assert charts_of(pages_a["board"]), "the story has charts to compare"


def _urland_twins(referee, step: Step, first, second):
    setup, done, state = prefix_to(step)
    referee.login()
    a = create(referee, setup, [*done, first(state)], name="Urland twin", core=URLAND)
    b = create(referee, setup, [*done, second(state)], name="Urland twin", core=URLAND)
    return a, b


def test_a_kept_token_never_reaches_a_public_story(referee):
    """002 §2.1: the environment player keeps one token face down."""
    setup, done, state = prefix_to(Step.KEEP)
    hand = state.hands[state.env]
    assert len(set(hand)) >= 2
    a, b = _urland_twins(
        referee, Step.KEEP, lambda s: KeepToken(hand[0]), lambda s: KeepToken(hand[1])
    )
    assert a.state.kept != b.state.kept
    pages_a, pages_b = public_pages(referee, a), public_pages(referee, b)
    for viewer in pages_a:
        assert pages_a[viewer] == pages_b[viewer], viewer


def test_a_sealed_bid_never_reaches_a_public_story_until_all_are_revealed(referee):
    """002 §3.1: bids stay in closed fists until every bid is in."""
    setup, done, state = prefix_to(Step.BID)
    color = state.colors[0]
    reserve = state.player(color).reserve
    assert reserve >= 1
    a, b = _urland_twins(referee, Step.BID, lambda s: Bid(color, 0), lambda s: Bid(color, reserve))
    assert a.state.auction.bids != b.state.auction.bids
    pages_a, pages_b = public_pages(referee, a), public_pages(referee, b)
    for viewer in pages_a:
        assert pages_a[viewer] == pages_b[viewer], viewer


def test_bids_enter_the_story_once_the_fists_open(referee):
    """002 §3.1: once the last bid is in, all are revealed together, and the story lists them."""
    setup, done, state = prefix_to(Step.BID)
    bids = []
    for color in state.colors:
        bid = Bid(color, min(1, state.player(color).reserve))
        state = urland_engine.apply(state, bid).state
        bids.append(bid)
    assert state.step is not Step.BID
    referee.login()
    game = create(referee, setup, [*done, *bids], name="Urland open", core=URLAND)
    page = public_pages(referee, game)["board"]
    section = page[page.index('data-table="bids"') :]
    section = section[: section.index("</section>")]
    rows = [re.findall(r"<td>([^<]*)</td>", r) for r in re.findall(r"<tr>(.*?)</tr>", section)]
    assert [r for r in rows if r] == [["1", str(state.epoch), *(str(b.n) for b in bids)]]


# ----- what the story shows ----------------------------------------------------------------


@pytest.fixture
def finished(referee):
    referee.login()
    record = ursuppe_record("four-players")
    return create(referee, record.setup, record.entries, name="Friday night")


def test_the_referee_s_story_links_each_decisive_moment_to_its_moment_page(referee, finished):
    page = referee.client.get(f"/games/{finished.id}/story").get_data(as_text=True)
    links = re.findall(rf'href="/games/{finished.id}/at/(\d+)"', page)
    assert len(links) >= 3
    for seq in links:
        assert referee.client.get(f"/games/{finished.id}/at/{seq}").status_code == 200
    assert "Ben ● red takes the lead on the ladder (space 16)" in page
    assert "Final ranking" in page


def test_a_phone_s_story_names_the_moments_without_the_referee_s_links(referee, finished):
    pages = public_pages(referee, finished)
    assert "/at/" not in pages["red"]
    assert "(entry 86)" in pages["red"]


def test_the_story_charts_draw_each_player_with_their_shape_and_line_style(referee, finished):
    page = referee.client.get(f"/games/{finished.id}/story").get_data(as_text=True)
    charts = charts_of(page)
    assert len(charts) == 4
    ladder = charts[0]
    assert "<script" not in ladder and "http://pygal" not in ladder
    for glyph in "●▲■◆":
        assert glyph in ladder
    lines = re.findall(r"\.serie-\d\{stroke-width:\d+;stroke-dasharray:([\d,]+)\}", ladder)
    assert len(lines) == len(set(lines)) == 4  # each player's line its own style


def test_each_chart_has_a_table_of_the_same_numbers(referee, finished):
    page = referee.client.get(f"/games/{finished.id}/story").get_data(as_text=True)
    ladder = page[page.index('data-chart="ladder"') :]
    ladder = ladder[: ladder.index("</figure>")]
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>((?:<td>\d+</td>)+)</tr>', ladder)
    assert [r[0] for r in rows] == [str(n) for n in range(1, 10)]
    last = [int(v) for v in re.findall(r"<td>(\d+)</td>", rows[-1][1])]
    markers = {p.color.value: p.marker for p in finished.state.players}
    order = [s.color.value for s in finished.setup.seats]
    assert last == [markers[c] for c in order]


def test_the_story_speaks_the_reader_s_language(referee, finished):
    token = referee.store.seat_tokens(finished.id)["red"]
    client = referee.app.test_client()
    italian = client.get(f"/s/{token}/story", headers={"Accept-Language": "it"})
    spanish = client.get(f"/s/{token}/story", headers={"Accept-Language": "es"})
    assert "La storia della partita" in italian.get_data(as_text=True)
    assert "Posizione sul Percorso, round per round" in italian.get_data(as_text=True)
    assert "La historia de la partida" in spanish.get_data(as_text=True)
    assert re.search(
        r"Ronda \d+: Ben ● rojo pasa a liderar la escala", spanish.get_data(as_text=True)
    )


def test_a_game_in_play_tells_its_story_so_far(referee):
    referee.login()
    record = ursuppe_record("four-players")
    game = create(referee, record.setup, list(record.entries)[:100], name="Half")
    page = referee.client.get(f"/games/{game.id}/story").get_data(as_text=True)
    assert "The story so far" in page and "Ranking so far" in page


def test_the_story_exports_as_one_self_contained_file_named_after_the_game_and_date(
    referee, finished
):
    response = referee.client.get(f"/games/{finished.id}/story/export")
    assert response.status_code == 200
    disposition = response.headers["Content-Disposition"]
    assert disposition == (
        f'attachment; filename="ursuppe-Friday-night-{finished.created[:10]}.html"'
    )
    text = response.get_data(as_text=True)
    assert "<style>" in text and "<link" not in text and "<script" not in text
    assert not re.search(r'(src|href)="(https?:)?//', text)
    assert len(charts_of(text)) == 4


def test_only_the_referee_opens_the_referee_s_story_and_unknown_tokens_find_nothing(
    referee, finished
):
    stranger = referee.app.test_client()
    assert stranger.get(f"/games/{finished.id}/story").status_code == 403
    assert stranger.get(f"/games/{finished.id}/story/export").status_code == 403
    assert stranger.get("/s/nope/story").status_code == 404
    assert stranger.get("/b/nope/story").status_code == 404


def test_the_tv_shows_the_story_once_the_game_is_over(referee, finished):
    tv = referee.app.test_client()
    page = tv.get(f"/b/{finished.board_token}").get_data(as_text=True)
    assert 'class="board-view story-board-view"' in page
    assert "Ben ● red wins" in page
    partial = tv.get(f"/b/{finished.board_token}/view", headers={"HX-Request": "true"})
    assert 'id="board-view"' in partial.get_data(as_text=True)


@pytest.mark.parametrize(
    "name",
    [
        "three-players-decoy",
        "four-players-double-play-1",
        "four-players-double-play-2",
        "five-players-turned-over",
    ],
)
def test_every_example_tells_its_story_to_the_referee_and_the_phones(referee, name):
    referee.login()
    record = ursuppe_record(name)
    game = create(referee, record.setup, record.entries, name=name)
    page = referee.client.get(f"/games/{game.id}/story").get_data(as_text=True)
    assert len(charts_of(page)) == 4 and "The story of the game" in page
    assert all(p.count('data-chart="') == 4 for p in public_pages(referee, game).values())


def test_a_new_game_has_no_story_yet_but_its_page_says_so(referee):
    referee.login()
    record = ursuppe_record("four-players")
    game = create(referee, record.setup, [], name="Fresh")
    page = referee.client.get(f"/games/{game.id}/story").get_data(as_text=True)
    assert "The story so far" in page and "Nothing decisive yet." in page
    assert charts_of(page) == []
    setup, done, _state = prefix_to(Step.FIRST_VOLCANO)
    fresh = create(referee, setup, done, name="Fresh Urland", core=URLAND)
    page = referee.client.get(f"/games/{fresh.id}/story").get_data(as_text=True)
    assert "Nothing decisive yet." in page and charts_of(page) == []
