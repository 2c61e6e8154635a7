"""`companion replay FILE` for an Ursuppe record: the final state (or the state right after
entry N with what it changed, `--at N`), its events, its JSON, and the legal actions."""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from typing import Any

from companion.cli.common import rulebook
from companion.cli.seat import print_seat
from companion.cli.ursuppe_moment import legal_lines, moment, moment_text
from companion.cli.ursuppe_seat import seat_text
from companion.cli.ursuppe_text import render
from companion.gcpause import collector_paused
from companion.i18n import citation, gettext_for, refusal_text, t, translator
from companion.tracker.game import URSUPPE
from companion.tracker.record_errors import RecordError
from companion.tracker.ursuppe.record.codec import to_dict
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record


def board_text(state: Any, lang: str) -> str:
    """The replay's text board in the reader's language: textview renders its messages with
    the catalog's translator (an older textview gave English text, shown as it is)."""
    if len(inspect.signature(render).parameters) > 1:
        return render(state, translator(lang))
    return t(render(state), lang)


def cmd_replay_ursuppe(args: argparse.Namespace, data: Any, shown: Any) -> int:
    """Replay an Ursuppe record and print it (`shown`: the terminal's sanitizer)."""
    lang = args.lang
    _ = gettext_for(lang)
    try:
        record = record_from_dict(data)
        with collector_paused():  # a long record: see gcpause
            state, history = replay_record(record)
    except RecordError as exc:
        print(shown(refusal_text(exc, rulebook(data), lang)), file=sys.stderr)
        return 1
    at = getattr(args, "at", None)
    if at is not None:
        if not 0 <= at <= len(record.entries):
            message = _("--at takes an entry from 0 to %(last)s") % {"last": len(record.entries)}
            print(shown(message), file=sys.stderr)
            return 2
        state = moment(record, at)[1] if at else moment(record, 0)[0]
    if getattr(args, "seat", None):
        return print_seat(URSUPPE, state, args.seat, lang, args.json, shown, seat_text)
    if getattr(args, "legal", False):
        for line in legal_lines(state):
            print(line)
        return 0
    if at and not args.json:
        print(shown(moment_text(record, at, lang, lambda s: board_text(s, lang))))
        return 0
    if args.json:
        print(json.dumps(to_dict(state), indent=1))
    else:
        if args.events:
            book = state.setup.rulebook
            for index, _entry, events in history:
                for event in events:
                    cited = citation(event.source, book, lang) if event.source else ""
                    source = f"  [{cited}]" if cited else ""
                    print(shown(f"{index:>4}. {t(event, lang)}{source}"))
            print()
        print(shown(board_text(state, lang)))
    return 0
