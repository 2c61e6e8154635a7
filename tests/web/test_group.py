"""Issue 32: the group's history (`/group`) for a set of imported example games, its counts
checked against the examples' own checked final states (examples/*.expected.json): games,
wins and places per person and game, a person counted once in a two-player game, merged
spellings, archived games counted unless left out, deleted games never; each finished game
summarized once and stored."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from companion.tracker.game import URLAND
from companion.tracker.urland import record as urland_record
from companion.tracker.ursuppe.record.document import record_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
URSUPPE_GAMES = ("four-players", "three-players", "six-players")


def standings(name: str) -> list[str]:
    """An example's players, best first, as its checked final state lists them."""
    return json.loads((EXAMPLES / f"{name}.expected.json").read_text())["standings"]


def import_ursuppe(referee, name: str, rename: dict[str, str] | None = None):
    data = json.loads((EXAMPLES / f"{name}.json").read_text())
    for seat in data["setup"]["seats"]:
        seat["name"] = (rename or {}).get(seat["name"], seat["name"])
    record = record_from_dict(data)
    return referee.store.import_record(record, name)


def import_urland(referee):
    data = json.loads((EXAMPLES / "urland" / "four-players.json").read_text())
    setup, entries = urland_record.record_from_dict(data)
    return referee.store.create_game(setup, "Urland", False, True, list(entries), core=URLAND)


def table(page: str, game: str) -> dict[str, dict[str, str]]:
    """The history's rows of one game: person -> games, wins, average."""
    section = page[page.index(f'data-game="{game}"') :]
    section = section[: section.index("</section>")]
    rows = {}
    for person, cells in re.findall(r'<tr data-person="([^"]+)">(.*?)</tr>', section):
        rows[html.unescape(person)] = {
            key: re.search(rf'<td class="{key}">([^<]*)</td>', cells).group(1)
            for key in ("games", "wins", "average")
        }
    return rows


def expected(games: list[list[str]]) -> dict[str, dict[str, str]]:
    """Games, wins and average place per person, from the examples' standings."""
    places: dict[str, list[int]] = {}
    for order in games:
        for i, name in enumerate(order, 1):
            places.setdefault(name, []).append(i)
    return {
        name: {
            "games": str(len(p)),
            "wins": str(p.count(1)),
            "average": f"{sum(p) / len(p):.1f}",
        }
        for name, p in places.items()
    }


@pytest.fixture
def group(referee):
    referee.login()
    ids = {name: import_ursuppe(referee, name).id for name in URSUPPE_GAMES}
    ids["urland"] = import_urland(referee).id
    return ids


def visit(referee, query: str = "") -> str:
    response = referee.client.get(f"/group{query}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_the_history_counts_games_wins_and_places_per_person_and_game(referee, group):
    page = visit(referee)
    assert table(page, "ursuppe") == expected([standings(n) for n in URSUPPE_GAMES])
    markers = json.loads((EXAMPLES / "urland" / "four-players.expected.json").read_text())
    seats = json.loads((EXAMPLES / "urland" / "four-players.json").read_text())["setup"]["seats"]
    name_of = {s["color"]: s["name"] for s in seats}
    urland = [name_of[c] for c, _m in sorted(markers["markers"].items(), key=lambda x: -x[1])]
    assert table(page, "urland") == expected([urland])


def test_the_history_names_the_genes_bought_most_and_the_regions_held_most(referee, group):
    page = visit(referee)
    ursuppe = page[page.index('data-game="ursuppe"') :]
    ana = re.search(r'<tr data-person="Ana">(.*?)</tr>', ursuppe).group(1)
    assert "Intelligence" in ana  # bought in all three of Ana's games
    urland = page[page.index('data-game="urland"') :]
    assert re.search(r'<tr data-person="Ana">.*?region \d+.*?</tr>', urland)


def test_a_two_player_game_counts_each_person_once(referee):
    referee.login()
    import_ursuppe(referee, "four-players-double-play-1")
    rows = table(visit(referee), "ursuppe")
    assert set(rows) == {"Ana", "Ben"}
    assert all(r["games"] == "1" for r in rows.values())
    assert sorted(r["wins"] for r in rows.values()) == ["0", "1"]


def test_the_referee_merges_two_spellings_of_one_person(referee, group):
    import_ursuppe(referee, "three-players", rename={"Ana": "Anna"})
    before = table(visit(referee), "ursuppe")
    assert before["Anna"]["games"] == "1" and before["Ana"]["games"] == "3"
    response = referee.client.post(
        "/group/merge", data={"csrf": referee.csrf, "name": "Anna", "into": "Ana"}
    )
    assert response.status_code == 303
    after = table(visit(referee), "ursuppe")
    assert "Anna" not in after
    assert after["Ana"]["games"] == "4" and after["Ana"]["wins"] == str(
        int(before["Ana"]["wins"]) + int(before["Anna"]["wins"])
    )


def test_names_differing_only_in_case_or_spaces_are_one_person(referee, group):
    import_ursuppe(referee, "three-players", rename={"Ana": " ana "})
    assert table(visit(referee), "ursuppe")["Ana"]["games"] == "4"


def test_archived_games_count_unless_left_out_and_deleted_ones_never(referee, group):
    referee.store.set_archived(group["six-players"], True)
    assert "Eli" in table(visit(referee), "ursuppe")
    assert "Eli" not in table(visit(referee, "?archived=0"), "ursuppe")
    referee.store.delete_game(group["six-players"])
    assert "Eli" not in table(visit(referee), "ursuppe")


def test_each_finished_game_is_summarized_once_and_the_summary_kept(referee, group, monkeypatch):
    first = visit(referee)
    stored = referee.store.finished_games()
    assert len(stored) == 4 and all(r["summary"] for r in stored)

    def replay(game_id):  # a second visit replays nothing
        raise AssertionError(f"game {game_id} replayed again")

    monkeypatch.setattr(referee.store, "peek", replay)
    assert visit(referee) == first


def test_a_game_in_play_is_not_in_the_history(referee):
    referee.login()
    data = json.loads((EXAMPLES / "three-players.json").read_text())
    data["actions"] = data["actions"][:50]
    referee.store.import_record(record_from_dict(data), "half")
    assert "No game has finished yet." in visit(referee)


def test_the_history_is_the_referee_s(referee, group):
    stranger = referee.app.test_client()
    assert stranger.get("/group").status_code == 403
    assert stranger.post("/group/merge", data={"name": "Ana", "into": "Ben"}).status_code == 403


def test_the_places_chart_has_its_table(referee, group):
    page = visit(referee)
    assert 'data-chart="group"' in page
    chart = page[page.index('data-chart="group"') :]
    assert "<table" in chart and "Average place, month by month" in chart


def test_a_game_finishing_at_the_table_is_summarized_when_it_ends(referee):
    referee.login()
    record = record_from_dict(json.loads((EXAMPLES / "four-players.json").read_text()))
    entries = list(record.entries)
    game = referee.store.create_game(record.setup, "Tonight", False, False, entries[:-1])
    assert referee.store.finished_games() == []
    referee.store.append(game.id, entries[-1], game.revision)
    (row,) = referee.store.finished_games()
    assert row["summary"]["players"][0] == {
        "name": standings("four-players")[0],
        "place": 1,
        "of": 4,
        "genes": row["summary"]["players"][0]["genes"],
        "regions": [],
    }
    assert "parasitism" in row["summary"]["players"][0]["genes"]


def test_an_undone_end_leaves_the_history_until_the_game_ends_again(referee):
    from companion.tracker.record_core import Undo

    referee.login()
    record = record_from_dict(json.loads((EXAMPLES / "four-players.json").read_text()))
    game = referee.store.import_record(record, "Tonight")
    assert len(referee.store.finished_games()) == 1
    referee.store.append(game.id, Undo(game.revision - 1), game.revision)
    assert referee.store.finished_games() == []
    assert "No game has finished yet." in visit(referee)
