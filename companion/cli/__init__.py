"""The `companion` command: serve the table on the LAN, or replay a game record.

Everything it prints goes through the app's catalogs, in the language of `--lang` (es, it,
en), else the terminal's locale (LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.cli.common import shown
from companion.cli.server import cmd_backup, cmd_restore, cmd_serve, loopback_warning
from companion.cli.urland import cmd_replay_urland
from companion.cli.ursuppe import board_text, cmd_replay_ursuppe
from companion.i18n import (
    LANGUAGES,
    gettext_for,
    refusal_text,
    terminal_language,
)
from companion.serving import THREADS
from companion.tracker.citations import Book
from companion.tracker.game import URLAND, URSUPPE, UnknownGame, game_of
from companion.tracker.record_core import parse_record
from companion.tracker.record_errors import RecordError

__all__ = ["board_text", "build_parser", "cmd_replay", "loopback_warning", "main"]

# Each game's `companion replay`, by the record's `game` key (`tracker.game.GAMES`).
REPLAYS: dict[str, Callable[[argparse.Namespace, Any, Callable[[str], str]], int]] = {
    URSUPPE.key: cmd_replay_ursuppe,
    URLAND.key: cmd_replay_urland,
}


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
        print(shown(f"{args.file}: {refusal_text(exc, Book.SPANISH, lang)}"), file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print(shown(_("%(file)s is not UTF-8 text") % {"file": args.file}), file=sys.stderr)
        return 2
    except (json.JSONDecodeError, RecursionError) as exc:
        message = _("%(file)s is not valid JSON: %(error)s") % {"file": args.file, "error": exc}
        print(shown(message), file=sys.stderr)
        return 2
    try:
        game = game_of(data)
    except UnknownGame as exc:
        print(shown(refusal_text(exc, Book.SPANISH, lang)), file=sys.stderr)
        return 1
    return REPLAYS[game.key](args, data, shown)


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
        "--seat",
        metavar="COLOR",
        help=_("print what that seat's phone shows (at the end, or at --at N)"),
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
