"""docs/record-format.md documents every entry type and setup key both games write (issue 30,
item 20): an entry type the engine accepts, or a setup key the codec writes, that the
document does not name fails here."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

import companion.tracker.ursuppe  # noqa: F401 - registers the extra genes' entries
from companion.tracker.urland import codec as urland_codec
from companion.tracker.ursuppe.actions import ACTION_TYPES
from companion.tracker.ursuppe.record.codec import setup_to_dict
from companion.tracker.ursuppe.record.document import record_from_dict

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "record-format.md").read_text(encoding="utf-8")
URLAND_PART = DOC.split("## Urland records", 1)[1]


@pytest.mark.parametrize("verb", sorted(ACTION_TYPES))
def test_every_ursuppe_entry_type_is_documented(verb):
    assert f"`{verb}`" in DOC.split("## Urland records", 1)[0], verb


@pytest.mark.parametrize("verb", sorted(urland_codec.ACTIONS))
def test_every_urland_entry_type_is_documented(verb):
    assert f"| `{verb}` |" in URLAND_PART, verb


def test_every_ursuppe_setup_key_is_documented():
    for name in ("three-players-decoy", "five-players-extra-genes"):
        data = json.loads((ROOT / "examples" / f"{name}.json").read_text())
        keys = setup_to_dict(record_from_dict(data).setup)
        missing = [k for k in keys if f"`{k}`" not in DOC]
        assert not missing, missing


def test_every_urland_setup_key_is_documented():
    data = json.loads((ROOT / "examples" / "urland" / "four-players.json").read_text())
    missing = [k for k in data["setup"] if f"`{k}`" not in URLAND_PART]
    missing += [k for k in data["setup"]["options"] if f"`{k}`" not in URLAND_PART]
    missing += [k for k in data["setup"]["board"] if f"`{k}`" not in URLAND_PART]
    setup = replace(urland_codec.setup_from_dict(data["setup"]), take_forced=True, phones=False)
    missing += [k for k in urland_codec.setup_to_dict(setup) if f"`{k}`" not in URLAND_PART]
    assert not missing, missing
