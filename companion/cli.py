"""The `companion` command: serve the table on the LAN, or replay a game record."""

from __future__ import annotations

import argparse
import ipaddress
import json
import sys
from pathlib import Path

from companion.serving import THREADS
from companion.textview import render
from companion.tracker.codec import to_dict
from companion.tracker.record import RecordError, parse_record, record_from_dict, replay_record
from companion.tracker.sources import citation_text, cite
from companion.tracker.text import mended


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record file and print the final state."""
    try:
        data = parse_record(Path(args.file).read_text(encoding="utf-8"))
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except RecordError as exc:  # a key given twice
        print(_shown(f"{args.file}: {exc}"), file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print(_shown(f"{args.file} is not UTF-8 text"), file=sys.stderr)
        return 2
    except (json.JSONDecodeError, RecursionError) as exc:
        print(_shown(f"{args.file} is not valid JSON: {exc}"), file=sys.stderr)
        return 2
    try:
        state, history = replay_record(record_from_dict(data))
    except RecordError as exc:
        print(_shown(str(exc)), file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(to_dict(state), indent=1))
    else:
        if args.events:
            book = state.setup.rulebook
            for index, _entry, events in history:
                for event in events:
                    cited = citation_text(cite(event.source, book)) if event.source else ""
                    source = f"  [{cited}]" if cited else ""
                    print(_shown(f"{index:>4}. {event.text}{source}"))
            print()
        print(_shown(render(state)))
    return 0


def _shown(text: str) -> str:
    """Text for the terminal: no control character (an escape sequence) reaches it raw."""
    return "\n".join(mended(line) for line in text.split("\n"))


def loopback_warning(host: str) -> str | None:
    """A warning when the server listens on a loopback address, which phones cannot reach."""
    from companion.lan import lan_addresses

    try:
        loopback = host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return None
    if not loopback:
        return None
    found = lan_addresses()
    instead = f"--host {found[0]} (this laptop's Wi-Fi address)" if found else "the Wi-Fi address"
    return (
        f"Warning: {host} is a loopback address: only this laptop can open the app; phones "
        f"and the TV cannot reach it. For the table, leave --host out (listen on every network, "
        f"0.0.0.0) or use {instead}."
    )


def cmd_serve(args: argparse.Namespace) -> int:
    """Serve the table on the local network with waitress."""
    from waitress import serve

    from companion import create_app
    from companion.lan import lan_addresses
    from companion.qr import qr_text
    from companion.serving import AlreadyServing, app_settings, hold_instance, waitress_options

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
        print(_already_serving(exc), file=sys.stderr)
        return 1
    app = create_app(config)
    referee = f"{base}/referee/{app.config['REFEREE_TOKEN']}"
    print("Ursuppe Companion is running.\n")
    print(f"Referee (this laptop): {referee}\n")
    print(qr_text(referee))
    if len(addresses) > 1 and not args.url:
        print(
            "Other addresses of this laptop: "
            + ", ".join(f"http://{a}:{args.port}" for a in addresses[1:])
        )
    print("Players scan their seat's QR code on the referee's console.")
    print("If a phone cannot connect: is it on the same Wi-Fi (not a guest network, which")
    print(
        "isolates devices)? Does the laptop's firewall allow incoming connections on port "
        f"{args.port}? On odd networks pass the right address with --url."
    )
    print(f"Game data: {app.instance_path}. Stop with Ctrl+C; games resume on restart.")
    if warning := loopback_warning(args.host):
        print(f"\n{warning}")
    sys.stdout.flush()
    try:
        serve(app, host=args.host, port=args.port, **waitress_options(args.threads))
    finally:
        lock.release()
    return 0


def _already_serving(exc) -> str:
    """What to tell someone who starts a second server on a folder that is being served."""
    pid = exc.holder.get("pid", "unknown")
    url = exc.holder.get("url")
    lines = [f"Another Ursuppe Companion server (pid {pid}) is already running on {exc.folder}."]
    if url:
        lines.append(f"It serves {url}; open that one instead.")
        token = exc.folder / "referee_token"
        if token.exists():
            lines.append(f"Referee (this laptop): {url}/referee/{token.read_text().strip()}")
    else:
        lines.append("Open the address it printed when it started.")
    lines.append(
        f"To start this one instead, stop the other first (Ctrl+C in its terminal, or kill {pid})."
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

    db = _instance(args) / "companion.db"
    if not db.exists():
        print(f"no database at {db}", file=sys.stderr)
        return 1
    target = make_backup(db, label="manual", dest=args.to)
    print(f"backed up to {target}")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """Put a backup back (stop the server first); the current database is saved first."""
    from companion.backup import backup_dir, backups, restore

    db = _instance(args) / "companion.db"
    source = Path(args.file) if args.file else None
    if source is None:
        found = backups(backup_dir(db))
        if not found:
            print(f"no backups in {backup_dir(db)}", file=sys.stderr)
            return 1
        for path in found:
            print(path)
        print("Name one of these to restore it.")
        return 0
    from companion.serving import AlreadyServing, hold_instance

    try:
        lock = hold_instance(db.parent, "")
    except AlreadyServing as exc:
        print(_already_serving(exc), file=sys.stderr)
        print("Stop it before restoring a backup.", file=sys.stderr)
        return 1
    try:
        safety = restore(db, source)
    except FileNotFoundError:
        print(f"no such file: {source}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(str(exc), file=sys.stderr)
        return 1
    finally:
        lock.release()
    print(f"restored {source} into {db}")
    print(f"the database as it was is saved in {safety}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the `companion` command."""
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    replay = sub.add_parser("replay", help="replay a game record and print the final state")
    replay.add_argument("file", help="a game record (.json)")
    replay.add_argument("--json", action="store_true", help="print the full state as JSON")
    replay.add_argument(
        "--events", action="store_true", help="print every explained event before the final state"
    )
    replay.set_defaults(func=cmd_replay)
    serve = sub.add_parser("serve", help="serve the referee console and the phones on the LAN")
    serve.add_argument("--host", default="0.0.0.0", help="interface to listen on (all: 0.0.0.0)")
    serve.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve.add_argument("--url", help="the address phones should use, if the guess is wrong")
    serve.add_argument(
        "--threads",
        type=int,
        default=THREADS,
        help="worker threads; live phones may hold at most half of them (default 48)",
    )
    serve.add_argument(
        "--instance", help="folder for the database and secrets (default: instance/)"
    )
    serve.set_defaults(func=cmd_serve)
    backup = sub.add_parser("backup", help="back the database up now (SQLite backup API)")
    backup.add_argument("--instance", help="the instance folder (default: instance/)")
    backup.add_argument("--to", help="folder for the backup (default: instance/backups)")
    backup.set_defaults(func=cmd_backup)
    restore = sub.add_parser("restore", help="put a backup back; stop the server first")
    restore.add_argument("file", nargs="?", help="the backup file (none: list the backups)")
    restore.add_argument("--instance", help="the instance folder (default: instance/)")
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
