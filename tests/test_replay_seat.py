"""`companion replay FILE --seat COLOR [--at N]` (issue 30, item 19): what that seat's phone
shows at that moment, both games, in the reader's language; hidden information only that
seat's own (Urland: the environment player's tokens); `--json` the same projection as data.
The engine's `project(state, viewer)` takes a color's name as well as a color, and refuses a
seat that is not in the game by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.tracker.colors import Color
from companion.tracker.errors import InvalidAction
from companion.tracker.game import GAMES
from companion.tracker.urland import record as urecord

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
URLAND_FILE = EXAMPLES / "urland" / "four-players.json"


def urland_state(at: int):
    setup, entries = urecord.record_from_dict(json.loads(URLAND_FILE.read_text()))
    history = GAMES["urland"].begin(setup)
    for entry in entries[:at]:
        history, _, _ = history.add(entry)
    return history.state


def test_project_takes_a_colors_name_and_refuses_a_seat_not_in_the_game():
    state = urland_state(20)
    assert GAMES["urland"].project(state, "red") == GAMES["urland"].project(state, Color.RED)
    with pytest.raises(InvalidAction) as refused:
        GAMES["urland"].project(state, "black")
    assert "has no seat in this game" in str(refused.value)
    with pytest.raises(InvalidAction):
        GAMES["urland"].project(state, "purple")


def held_tokens(state) -> tuple[Color, list]:
    """A seat holding tokens at this moment, and its tokens."""
    for color in state.colors:
        hand = state.hands[state.seat(color)]
        if hand:
            return color, list(hand)
    raise AssertionError("no seat holds tokens")


def test_a_seats_json_shows_its_own_tokens_and_no_other_seat_does(capsys):
    at = 20
    holder, hand = held_tokens(urland_state(at))
    seat_args = ["replay", str(URLAND_FILE), "--at", str(at), "--json", "--seat"]
    assert main([*seat_args, holder.value]) == 0
    mine = json.loads(capsys.readouterr().out)
    assert [x["token"] for x in mine["you"]["hand"]] == [x for x in hand if x >= 0]
    other = next(c for c in urland_state(at).colors if c != holder)
    assert main([*seat_args, other.value]) == 0
    theirs = json.loads(capsys.readouterr().out)
    assert theirs["you"]["hand"] == [] and theirs["you"]["color"] == other.value
    assert {k: v for k, v in mine.items() if k != "you"} == {
        k: v for k, v in theirs.items() if k != "you"
    }  # the public table is the same for every seat


FIELD_NAMES = ("label:", "reserve:", "would_score", "bp:", "dp_limit", "your_turn", "mutation_in")


@pytest.mark.parametrize(
    "lang, said",
    [
        ("es", ("Ana ■ verde", "Tu turno:", "5 PB", "Tus amebas", "Tus genes", "Glotón")),
        ("it", ("Ana ■ verde", "Tocca a te:", "5 BP", "Le tue amebe", "I tuoi Geni")),
    ],
)
def test_an_ursuppe_seat_in_the_readers_language(capsys, lang, said):
    record = EXAMPLES / "five-players-extra-genes.json"
    assert main(["replay", str(record), "--seat", "green", "--at", "231", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for words in said:
        assert words in out, words
    for field in FIELD_NAMES:  # the phone's words, not the projection's field names
        assert field not in out, field


@pytest.mark.parametrize(
    "lang, said",
    [
        ("es", ("el muerto", "Solo para tus ojos", "Las fichas que te pasaron:", "Tus genes")),
        ("it", ("il morto", "Solo per i tuoi occhi", "I gettoni passati a te:", "I tuoi Geni")),
    ],
)
def test_an_urland_seat_in_the_readers_language_shows_only_its_own_tokens(capsys, lang, said):
    state = urland_state(120)
    dead = state.dead_color
    passed = state.hands[state.seat(dead)]
    args = ["replay", str(URLAND_FILE), "--at", "120", "--lang", lang, "--seat"]
    assert main([*args, dead.value]) == 0
    out = capsys.readouterr().out
    for words in said:
        assert words in out, words
    for field in FIELD_NAMES:
        assert field not in out, field
    secret_line = next(line for line in out.splitlines() if said[2] in line)
    assert all(str(token) in secret_line for token in passed)
    for other in (c for c in state.colors if c not in (dead, state.env_color)):
        assert main([*args, other.value]) == 0
        assert said[1] not in capsys.readouterr().out  # nothing for their eyes only


def test_a_seats_json_renders_its_messages_and_rules_in_the_readers_language(capsys):
    assert (
        main(["replay", str(URLAND_FILE), "--at", "120", "--lang", "es", "--json", "--seat", "red"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["awaiting"]["source"].startswith("Reglas italianas de Urland")
    assert data["you"]["genes"][0]["effect"].startswith("1 acción")  # Teeth, in Spanish
    assert data["you"]["role"] == "ichto"  # codes stay codes
    ursuppe = EXAMPLES / "five-players-extra-genes.json"
    assert (
        main(["replay", str(ursuppe), "--at", "231", "--lang", "it", "--json", "--seat", "green"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data["awaiting"]["source"], str)  # a citation in words, not a tuple


def test_a_seat_not_in_the_game_is_refused_naming_it(capsys):
    assert main(["replay", str(URLAND_FILE), "--seat", "black", "--lang", "it"]) == 2
    assert "non ha un posto in questa partita" in capsys.readouterr().err
