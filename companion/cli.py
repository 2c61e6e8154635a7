"""The `companion` command: serve the table on the LAN, or replay a game record.

Everything it prints goes through the app's catalogs, in the language of `--lang` (es, it,
en), else the terminal's locale (LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from pathlib import Path
from typing import Any

from companion.cli_moment import legal_lines, moment, moment_text
from companion.cli_server import cmd_backup, cmd_restore, cmd_serve, loopback_warning
from companion.cli_urland import cmd_replay_urland
from companion.gcpause import collector_paused
from companion.i18n import (
    LANGUAGES,
    citation,
    gettext_for,
    refusal_text,
    t,
    terminal_language,
    translator,
)
from companion.serving import THREADS
from companion.textview import render
from companion.tracker.citations import Book
from companion.tracker.game import URSUPPE, UnknownGame, game_of
from companion.tracker.record_core import parse_record
from companion.tracker.record_errors import RecordError
from companion.tracker.text import mended
from companion.tracker.ursuppe.record.codec import to_dict
from companion.tracker.ursuppe.record.document import record_from_dict, replay_record

__all__ = ["board_text", "build_parser", "cmd_replay", "loopback_warning", "main"]


def _rulebook(data: Any) -> Book:
    """The rulebook a record's setup names (the Spanish rules when it names none)."""
    setup = data.get("setup") if isinstance(data, dict) else None
    try:
        return Book(setup.get("rulebook", Book.SPANISH.value))
    except (AttributeError, ValueError):
        return Book.SPANISH


def board_text(state: Any, lang: str) -> str:
    """The replay's text board in the reader's language: textview renders its messages with
    the catalog's translator (an older textview gave English text, shown as it is)."""
    if len(inspect.signature(render).parameters) > 1:
        return render(state, translator(lang))
    return t(render(state), lang)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record file and print the final state."""
    lang = args.lang
    _ = gettext_for(lang)
    try:
        data = parse_record(Path(args.file).read_text(encoding="utf-8"))
    except OSError as exc:
        message = _("cannot read %(file)s: %(error)s") % {"file": args.file, "error": exc.strerror}
        print(message, file=sys.stderr)
        return 2
    except RecordError as exc:  # a key given twice
        print(_shown(f"{args.file}: {refusal_text(exc, Book.SPANISH, lang)}"), file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print(_shown(_("%(file)s is not UTF-8 text") % {"file": args.file}), file=sys.stderr)
        return 2
    except (json.JSONDecodeError, RecursionError) as exc:
        message = _("%(file)s is not valid JSON: %(error)s") % {"file": args.file, "error": exc}
        print(_shown(message), file=sys.stderr)
        return 2
    try:
        game = game_of(data)
    except UnknownGame as exc:
        print(_shown(refusal_text(exc, Book.SPANISH, lang)), file=sys.stderr)
        return 1
    if game is not URSUPPE:
        return cmd_replay_urland(args, data, _shown)
    try:
        record = record_from_dict(data)
        with collector_paused():  # a long record: see gcpause
            state, history = replay_record(record)
    except RecordError as exc:
        print(_shown(refusal_text(exc, _rulebook(data), lang)), file=sys.stderr)
        return 1
    at = getattr(args, "at", None)
    if at is not None:
        if not 0 <= at <= len(record.entries):
            message = _("--at takes an entry from 0 to %(last)s") % {"last": len(record.entries)}
            print(_shown(message), file=sys.stderr)
            return 2
        state = moment(record, at)[1] if at else moment(record, 0)[0]
    if getattr(args, "legal", False):
        for line in legal_lines(state):
            print(line)
        return 0
    if at and not args.json:
        print(_shown(moment_text(record, at, lang, lambda s: board_text(s, lang))))
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
                    print(_shown(f"{index:>4}. {t(event, lang)}{source}"))
            print()
        print(_shown(board_text(state, lang)))
    return 0


def _shown(text: str) -> str:
    """Text for the terminal: no control character (an escape sequence) reaches it raw."""
    return "\n".join(mended(line) for line in text.split("\n"))


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the `companion` command (its help in `lang`, else the
    terminal's language)."""
    _ = gettext_for(lang or terminal_language())
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=terminal_language(),
        help=_("language of the output: es, it or en (default: the terminal's, else en)"),
    )
    parser = argparse.ArgumentParser(
        prog="companion", description=_("Serve the table on the LAN, or replay a game record.")
    )
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser(
        "replay", parents=[common], help=_("replay a game record and print the final state")
    )
    replay.add_argument("file", help=_("a game record (.json)"))
    replay.add_argument("--json", action="store_true", help=_("print the full state as JSON"))
    replay.add_argument(
        "--events",
        action="store_true",
        help=_("print every explained event before the final state"),
    )
    replay.add_argument(
        "--at",
        type=int,
        metavar="N",
        help=_("show the game right after entry N, with what that entry changed"),
    )
    replay.add_argument(
        "--legal",
        action="store_true",
        help=_("list the legal actions (at the end, or at --at N), one JSON entry per line"),
    )
    replay.set_defaults(func=cmd_replay)
    serve = sub.add_parser(
        "serve", parents=[common], help=_("serve the referee console and the phones on the LAN")
    )
    serve.add_argument("--host", default="0.0.0.0", help=_("interface to listen on (all: 0.0.0.0)"))
    serve.add_argument("--port", type=int, default=8000, help=_("port (default 8000)"))
    serve.add_argument("--url", help=_("the address phones should use, if the guess is wrong"))
    serve.add_argument(
        "--threads",
        type=int,
        default=THREADS,
        help=_("worker threads; live phones may hold at most half of them (default 48)"),
    )
    serve.add_argument(
        "--instance", help=_("folder for the database and secrets (default: instance/)")
    )
    serve.set_defaults(func=cmd_serve)
    backup = sub.add_parser(
        "backup", parents=[common], help=_("back the database up now (SQLite backup API)")
    )
    backup.add_argument("--instance", help=_("the instance folder (default: instance/)"))
    backup.add_argument("--to", help=_("folder for the backup (default: instance/backups)"))
    backup.set_defaults(func=cmd_backup)
    restore = sub.add_parser(
        "restore", parents=[common], help=_("put a backup back; stop the server first")
    )
    restore.add_argument("file", nargs="?", help=_("the backup file (none: list the backups)"))
    restore.add_argument("--instance", help=_("the instance folder (default: instance/)"))
    restore.set_defaults(func=cmd_restore)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `companion` console script."""
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # output piped into `head` and the like
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
