"""`companion replay FILE` for an Urland record: the final state (or the state right after
entry N with what it changed, `--at N`), its events, its JSON, and the legal actions.

The text shows what the file holds: a whole record (exported after the game) names every
hand; a record exported while the game ran holds the hidden tokens masked, and they show as
face-down tokens (`urland.record.public_entries`).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.cli.common import rulebook
from companion.cli.seat import print_seat
from companion.cli.urland_text import board_text, seat_text
from companion.i18n import citation, gettext_for, refusal_text, t
from companion.tracker.errors import ActionError
from companion.tracker.game import URLAND
from companion.tracker.record_errors import RecordError
from companion.tracker.urland import codec, engine
from companion.tracker.urland import record as urecord
from companion.tracker.urland.end import result
from companion.tracker.urland.moment import changes
from companion.tracker.urland.state import player_ref


def cmd_replay_urland(args: argparse.Namespace, data: Any, shown: Any) -> int:
    """Replay an Urland record and print it as `companion replay` does (`shown`: the
    terminal's sanitizer)."""
    lang = args.lang
    _ = gettext_for(lang)
    try:
        setup, entries = urecord.record_from_dict(data)
        urecord.replay_entries(setup, entries)
    except (RecordError, ActionError) as exc:
        print(shown(refusal_text(exc, rulebook(data), lang)), file=sys.stderr)
        return 1
    at = args.at if args.at is not None else len(entries)
    if not 0 <= at <= len(entries):
        message = _("--at takes an entry from 0 to %(last)s") % {"last": len(entries)}
        print(shown(message), file=sys.stderr)
        return 2
    history = URLAND.begin(setup)
    before, events, timeline = history.state, (), []
    for entry in entries[:at]:
        before = history.state
        history, events, _applied = history.add(entry)
        timeline.append(events)
    state = history.state
    if getattr(args, "seat", None):
        return print_seat(URLAND, state, args.seat, lang, args.json, shown, seat_text)
    if args.legal:
        for action in engine.legal_actions(state):
            print(json.dumps(codec.action_to_dict(action)))
        return 0
    if args.json:  # the state, and a finished game's result as data (`end.result`)
        print(json.dumps({**codec.to_dict(state), "result": result(state)}, indent=1))
        return 0
    lines: list[str] = []
    if args.at:
        lines.append(f"{at:>4}. {URLAND.entry_text(entries[at - 1])}")
        lines += [_event_line(e, setup, lang) for e in events]
        lines += [""] + [f"  * {t(line, lang)}" for line in changes(before, state)] + [""]
    elif args.events:
        for index, happened in enumerate(timeline, 1):
            lines += [f"{index:>4}. {_event_line(e, setup, lang).strip()}" for e in happened]
        lines.append("")
    lines.append(board_text(state, lang))
    print(shown("\n".join(lines)))
    return 0


def _event_line(event: Any, setup: Any, lang: str) -> str:
    """An event with its citation; one player's own (a token drawn, a bid) says whose."""
    cited = citation(event.source, setup.rulebook, lang) if event.source else ""
    whose = f"({t(player_ref(setup, event.audience), lang)}) " if event.audience else ""
    return f"      {whose}{t(event, lang)}" + (f"  [{cited}]" if cited else "")
