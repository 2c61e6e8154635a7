"""The `companion` command: serve the table on the LAN, or replay a game record.

Everything it prints goes through the app's catalogs, in the language of `--lang` (es, it,
en), else the terminal's locale (LC_ALL, LC_MESSAGES, LANG), else English.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import sys
from pathlib import Path
from typing import Any

from companion.i18n import LANGUAGES, citation, gettext_for, refusal_text, t, terminal_language
from companion.serving import THREADS
from companion.textview import render
from companion.tracker.codec import to_dict
from companion.tracker.record import RecordError, parse_record, record_from_dict, replay_record
from companion.tracker.sources import Book
from companion.tracker.text import mended


def _rulebook(data: Any) -> Book:
    """The rulebook a record's setup names (the Spanish rules when it names none)."""
    setup = data.get("setup") if isinstance(data, dict) else None
    try:
        return Book(setup.get("rulebook", Book.SPANISH.value))
    except (AttributeError, ValueError):
        return Book.SPANISH


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
        state, history = replay_record(record_from_dict(data))
    except RecordError as exc:
        print(_shown(refusal_text(exc, _rulebook(data), lang)), file=sys.stderr)
        return 1
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
        print(_shown(t(render(state), lang)))
    return 0


def _shown(text: str) -> str:
    """Text for the terminal: no control character (an escape sequence) reaches it raw."""
    return "\n".join(mended(line) for line in text.split("\n"))


def loopback_warning(host: str, lang: str = "en") -> str | None:
    """A warning when the server listens on a loopback address, which phones cannot reach."""
    from companion.lan import lan_addresses

    _ = gettext_for(lang)
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return None
    if not loopback:
        return None
    found = lan_addresses()
    if found:
        instead = _("--host %(address)s (this laptop's Wi-Fi address)") % {"address": found[0]}
    else:
        instead = _("the Wi-Fi address")
    return _(
        "Warning: %(host)s is a loopback address: only this laptop can open the app; phones "
        "and the TV cannot reach it. For the table, leave --host out (listen on every network, "
        "0.0.0.0) or use %(instead)s."
    ) % {"host": host, "instead": instead}


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the table on the local network with waitress."""
    from waitress import serve

    from companion import create_app
    from companion.lan import lan_addresses
    from companion.qr import qr_text
    from companion.serving import AlreadyServing, app_settings, hold_instance, waitress_options

    _ = gettext_for(args.lang)
    config = {"DEBUG": False, **app_settings(args.threads)}
    if args.instance:
        config["INSTANCE_PATH"] = args.instance
    addresses = lan_addresses()
    if args.url:
        base = args.url.rstrip("/")
    elif args.host in ("0.0.0.0", "::", "") and addresses:
        base = f"http://{addresses[0]}:{args.port}"
    else:
        host = "127.0.0.1" if args.host in ("0.0.0.0", "::", "") else args.host
        base = f"http://{host}:{args.port}"
    config["PUBLIC_URL"] = base
    folder = _instance(args)
    try:
        lock = hold_instance(folder, base)
    except AlreadyServing as exc:
        print(_already_serving(exc, args.lang), file=sys.stderr)
        return 1
    app = create_app(config)
    referee = f"{base}/referee/{app.config['REFEREE_TOKEN']}"
    print(_("Ursuppe Companion is running.") + "\n")
    print(_("Referee (this laptop): %(link)s") % {"link": referee} + "\n")
    print(qr_text(referee))
    if len(addresses) > 1 and not args.url:
        others = ", ".join(f"http://{a}:{args.port}" for a in addresses[1:])
        print(_("Other addresses of this laptop: %(addresses)s") % {"addresses": others})
    print(_("Players scan their seat's QR code on the referee's console."))
    print(
        _(
            "If a phone cannot connect: is it on the same Wi-Fi (not a guest network, which\n"
            "isolates devices)? Does the laptop's firewall allow incoming connections on port "
            "%(port)s? On odd networks pass the right address with --url."
        )
        % {"port": args.port}
    )
    print(
        _("Game data: %(folder)s. Stop with Ctrl+C; games resume on restart.")
        % {"folder": app.instance_path}
    )
    if warning := loopback_warning(args.host, args.lang):
        print(f"\n{warning}")
    sys.stdout.flush()
    try:
        serve(app, host=args.host, port=args.port, **waitress_options(args.threads))
    finally:
        lock.release()
    return 0


def _already_serving(exc, lang: str = "en") -> str:
    """What to tell someone who starts a second server on a folder that is being served."""
    _ = gettext_for(lang)
    pid = exc.holder.get("pid", _("unknown"))
    url = exc.holder.get("url")
    lines = [
        _("Another Ursuppe Companion server (pid %(pid)s) is already running on %(folder)s.")
        % {"pid": pid, "folder": exc.folder}
    ]
    if url:
        lines.append(_("It serves %(url)s; open that one instead.") % {"url": url})
        token = exc.folder / "referee_token"
        if token.exists():
            link = f"{url}/referee/{token.read_text().strip()}"
            lines.append(_("Referee (this laptop): %(link)s") % {"link": link})
    else:
        lines.append(_("Open the address it printed when it started."))
    lines.append(
        _(
            "To start this one instead, stop the other first (Ctrl+C in its terminal, or kill "
            "%(pid)s)."
        )
        % {"pid": pid}
    )
    return "\n".join(lines)


def _instance(args: argparse.Namespace) -> Path:
    """The instance folder, found as Flask finds it, without building the app."""
    if args.instance:
        return Path(args.instance)
    from flask import Flask

    return Path(Flask("companion", instance_relative_config=True).instance_path)


def cmd_backup(args: argparse.Namespace) -> int:
    """Back the database up now."""
    from companion.backup import make_backup

    _ = gettext_for(args.lang)
    db = _instance(args) / "companion.db"
    if not db.exists():
        print(_("no database at %(path)s") % {"path": db}, file=sys.stderr)
        return 1
    target = make_backup(db, label="manual", dest=args.to)
    print(_("backed up to %(path)s") % {"path": target})
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Put a backup back (stop the server first); the current database is saved first."""
    from companion.backup import backup_dir, backups, restore

    _ = gettext_for(args.lang)
    db = _instance(args) / "companion.db"
    source = Path(args.file) if args.file else None
    if source is None:
        found = backups(backup_dir(db))
        if not found:
            print(_("no backups in %(folder)s") % {"folder": backup_dir(db)}, file=sys.stderr)
            return 1
        for path in found:
            print(path)
        print(_("Name one of these to restore it."))
        return 0
    from companion.serving import AlreadyServing, hold_instance

    try:
        lock = hold_instance(db.parent, "")
    except AlreadyServing as exc:
        print(_already_serving(exc, args.lang), file=sys.stderr)
        print(_("Stop it before restoring a backup."), file=sys.stderr)
        return 1
    try:
        safety = restore(db, source)
    except FileNotFoundError:
        print(_("no such file: %(path)s") % {"path": source}, file=sys.stderr)
        return 1
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    finally:
        lock.release()
    print(_("restored %(backup)s into %(db)s") % {"backup": source, "db": db})
    print(_("the database as it was is saved in %(path)s") % {"path": safety})
    return 0


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
