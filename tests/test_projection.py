"""What a seat and the public board see (companion/tracker/ursuppe/views/public.py)."""

import json
from dataclasses import replace
from pathlib import Path

from builders import at_phase, play, position

from companion.tracker.colors import Color
from companion.tracker.ursuppe import apply, new_game
from companion.tracker.ursuppe.actions import PayDebt, TurnEnvironmentCard
from companion.tracker.ursuppe.record.document import record_from_dict
from companion.tracker.ursuppe.state import Phase, player_ref
from companion.tracker.ursuppe.views.public import public_view, table_view
from companion.tracker.ursuppe.views.seat import seat_view

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
GENES = {"red": ["streamlining", "division_rate", "speed"]}  # 12 MP (001 worked example)


def test_an_ozone_debt_is_due_only_in_phase_2_from_round_2_until_paid():
    state = position(4, amoebas=["red-1@8"], genes=GENES, round=2, card="P1", bp=10)
    assert seat_view(state, Color.RED)["debt"] == 0  # phase 1: nothing is due yet
    assert seat_view(state, Color.RED)["over_ozone"] == 2  # 12 MP against ozone 10

    state, _ = play(at_phase(state, Phase.ENVIRONMENT), TurnEnvironmentCard("P6"))  # ozone 7
    assert seat_view(state, Color.RED)["debt"] == 5
    assert seat_view(state, Color.YELLOW)["debt"] == 0

    state, _ = play(state, PayDebt(Color.RED, (), 5))
    assert seat_view(state, Color.RED)["debt"] == 0


def test_each_amoeba_says_what_would_kill_it():
    state = position(4, amoebas=["red-1@8", "red-2@9:1", "red-3@10:2"], genes={"red": []})
    notes = [str(a["note"]) for a in seat_view(state, Color.RED)["amoebas"]]
    assert notes[0] == "2 more DP kill it"
    assert notes[1] == "one more DP kills it (starving once)"
    assert notes[2].startswith("dies in phase 5")


def test_a_seat_view_is_only_its_own_player():
    state = position(4, amoebas=["red-1@8", "yellow-1@9"])
    me = seat_view(state, Color.YELLOW)
    assert me["name"] == "Ben" and [a["number"] for a in me["amoebas"]] == [1]
    assert me["color"] == "yellow"


def test_the_public_view_shows_the_whole_table():
    state = position(4, amoebas=["red-1@8", "yellow-1@9"])
    view = public_view(state)
    assert {p["name"] for p in view["players"]} == {"Ana", "Ben", "Cleo", "Dev"}
    assert len(view["amoebas"]) == 2 and view["cubes"][8]["red"] == 2
    assert sum(view["supply"].values()) == 4 * (55 - 2 * 19)


def _finished(name: str):
    import json
    from pathlib import Path

    from companion.tracker.ursuppe.record.document import record_from_dict, replay_record

    path = Path(__file__).parent.parent / "examples" / f"{name}.json"
    state, events = replay_record(record_from_dict(json.loads(path.read_text())))
    return state, events


def test_the_final_ranking_names_the_winner_the_game_end_announced():
    state, _ = _finished("four-players")
    view = public_view(state)
    markers = [r["marker"] for r in view["ranking"]]
    assert markers == sorted(markers, reverse=True)
    assert [r["place"] for r in view["ranking"]] == [1, 2, 3, 4]
    furthest = max(state.players, key=lambda p: p.marker)
    assert view["winners"] == [player_ref(state, furthest.color)] == [view["ranking"][0]["label"]]
    assert view["ranking"][0]["name"] == furthest.name


def test_no_winner_is_named_before_the_game_ends():
    state = position(4, markers={"red": 9, "yellow": 3, "green": 12, "blue": 1})
    view = public_view(state)
    assert view["winners"] == []
    assert [r["color"] for r in view["ranking"]] == ["green", "red", "yellow", "blue"]


def test_equal_markers_would_share_a_place_rather_than_be_split():
    state = position(3, markers={"red": 7, "yellow": 7, "green": 2})
    places = {r["color"]: r["place"] for r in public_view(state)["ranking"]}
    assert places == {"red": 1, "yellow": 1, "green": 3}
    assert seat_view(state, Color.YELLOW)["place"] == 1


def test_the_start_spaces_are_kept_for_the_chart_once_round_1_is_scored():
    state, _ = _finished("three-players")
    start = public_view(state)["start_markers"]
    assert sorted(start) == [1, 2, 3]  # the start spaces 1..n picked at setup
    first = state.score_history[0]
    assert all(after >= before for before, after in zip(start, first))


def test_the_table_view_reusing_unchanged_rows_equals_one_made_afresh_at_every_moment():
    """The console's view keeps its rows on the state (players, amoebas, cubes), asked again
    of the renumbered copy a tap leaves; through a whole game with extra genes, in two games
    taken in turn (as two consoles ask), it always equals the view made with nothing remembered."""
    records = [
        record_from_dict(json.loads((EXAMPLES / name).read_text()))
        for name in ("five-players-extra-genes.json", "three-players-decoy.json")
    ]
    states = [new_game(r.setup) for r in records]
    for step in range(max(len(r.entries) for r in records)):
        for k, record in enumerate(records):
            if step >= len(record.entries):
                continue
            states[k], _ = apply(states[k], record.entries[step])
            kept = table_view(states[k])
            fresh = replace(states[k], revision=states[k].revision)  # nothing remembered
            assert kept == table_view(fresh), f"game {k}, entry {step + 1}"
