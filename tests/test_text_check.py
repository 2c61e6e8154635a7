"""The one text check (companion.tracker.text) and `companion replay` of records with bad text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.cli import main
from companion.tracker.errors import InvalidAction
from companion.tracker.record_errors import RecordError
from companion.tracker.text import REPLACEMENT, check_text, mend, mended, text_problem
from companion.tracker.ursuppe.record.document import record_from_dict

EXAMPLE = Path(__file__).parent.parent / "examples" / "three-players.json"
ANY = st.text(st.characters(exclude_categories=()))


@pytest.mark.parametrize(
    "text", ["a\nb", "a\rb", "a\tb", "\x00", "\x1b[2J", "\x7f", "\x85", "\x9b", "\u2028", "\ud800"]
)
def test_control_characters_line_breaks_and_surrogates_are_refused(text):
    with pytest.raises(InvalidAction, match=r"^the name of player 2 contains "):
        check_text(text, "the name of player 2")


@pytest.mark.parametrize("text", ["Ana", "Zoë", "José María", "小明", "Ana 🦠", "👩‍🔬", "A\u00a0B"])
def test_names_in_any_script_are_accepted_unchanged(text):
    assert check_text(text, "name") == text


@given(ANY)
def test_mended_text_always_passes_the_check_and_keeps_good_text(text):
    fixed = mended(text)
    assert text_problem(fixed) is None
    assert len(fixed) == len(text)
    fixed.encode("utf-8")  # never raises: nothing left that cannot be sent
    if text_problem(text) is None:
        assert fixed == text


def test_mend_reaches_keys_and_nested_strings():
    assert mend({"a\x1b": ["x\ud800", 3, {"k": "ok"}]}) == {
        f"a{REPLACEMENT}": [f"x{REPLACEMENT}", 3, {"k": "ok"}]
    }


def _record_file(tmp_path: Path, name: str) -> Path:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["setup"]["seats"][1]["name"] = name
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name", ["B\x1b[2J\x1b[31men", "B\ud800en", "Ben\x07", "Ben\u202enA", "\u2066Ben\u2069"]
)
def test_replay_refuses_a_record_with_bad_text_and_prints_no_control_character(
    tmp_path, capsys, name
):
    code = main(["replay", str(_record_file(tmp_path, name))])

    out, err = capsys.readouterr()
    assert code == 1
    assert err.startswith("setup.seats[1].name: contains ")
    assert not any(ch != "\n" and text_problem(ch) for ch in out + err)


def test_replay_of_a_field_name_with_an_escape_shows_no_escape(tmp_path, capsys):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"][0]["\x1b]0;owned\x07"] = 1
    path = tmp_path / "record.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("action 1: a field name contains a control character")
    assert "\x1b" not in err and "\x07" not in err


def test_replay_of_a_file_that_is_not_utf8_is_refused_with_a_message(tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_bytes(b'{"format": "\xff\xfe"}')

    assert main(["replay", str(path)]) == 2
    assert "is not UTF-8 text" in capsys.readouterr().err


@settings(deadline=None, max_examples=50)
@given(name=ANY)
def test_any_name_in_a_record_is_read_or_refused_naming_the_field(name):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["setup"]["seats"][0]["name"] = name
    try:
        record = record_from_dict(data)
    except RecordError as exc:
        exc.message.encode("utf-8")  # a message that can always be shown
        assert text_problem(exc.message) is None
        if text_problem(name):
            assert exc.message.startswith("setup.seats[0].name: contains ")
        return
    assert record.setup.seats[0].name == name and text_problem(name) is None


BIDI = [
    "\u061c",
    "\u200e",
    "\u200f",
    *map(chr, range(0x202A, 0x202F)),
    *map(chr, range(0x2066, 0x206A)),
]


@pytest.mark.parametrize("ch", BIDI)
def test_characters_that_reorder_text_are_refused_naming_the_field(ch):
    """Issue 30, item 14: a right-to-left override makes "Ana\u202eneB" read as another
    name on every screen and in a terminal."""
    with pytest.raises(InvalidAction) as refused:
        check_text(f"Ana{ch}neB", "the name of player 2")
    message = str(refused.value)
    assert message.startswith("the name of player 2 contains a character that reverses")
    assert f"U+{ord(ch):04X}" in message


@pytest.mark.parametrize("ch", BIDI)
def test_stored_text_with_a_direction_control_is_mended(ch):
    assert mended(f"Ana{ch}neB") == f"Ana{REPLACEMENT}neB"
    assert mend({"seats": [{"name": f"{ch}Ben"}]}) == {"seats": [{"name": f"{REPLACEMENT}Ben"}]}


def test_the_joiners_emoji_and_scripts_need_are_kept():
    for text in ("👩\u200d🔬", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Ana\u00adBen"):
        assert check_text(text, "name") == text and mended(text) == text
