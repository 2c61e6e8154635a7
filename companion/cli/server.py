"""The `companion` commands that run the server or touch its instance folder: `serve`,
`backup` and `restore` (their words through the catalogs, in `--lang`)."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import sys
from pathlib import Path

from companion.i18n import gettext_for


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
    from companion import create_app
    from companion.lan import lan_addresses
    from companion.qr import qr_text
    from companion.serving import (
        AlreadyServing,
        app_settings,
        bind,
        hold_instance,
        serve_bound,
        tune_collector,
    )

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
    try:  # listen first: a taken port is said plainly, with no link that leads nowhere
        server = bind(app, args.host, args.port, args.threads)
    except OSError as exc:
        lock.release()
        print(_cannot_listen(exc, args.host, args.port, args.lang), file=sys.stderr)
        return 2
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
    tune_collector()
    try:
        serve_bound(server)
    finally:
        lock.release()
    return 0


def _cannot_listen(exc: OSError, host: str, port: int, lang: str = "en") -> str:
    """Why the server cannot listen, and what to do (a taken port: choose another)."""
    _ = gettext_for(lang)
    if exc.errno == errno.EADDRINUSE:
        return _(
            "Port %(port)s is already taken on this laptop (another program, or another "
            "server, listens on it). Choose another port, for example: companion serve "
            "--port %(other)s"
        ) % {"port": port, "other": 8080 if port != 8080 else 8081}
    return _(
        "Cannot listen on %(host)s port %(port)s: %(error)s. Check --host (an address of this "
        "laptop) and --port (1024 or above needs no administrator)."
    ) % {"host": host, "port": port, "error": exc.strerror or exc}


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
    except ValueError:  # the only refusal restore() makes: not one of this app's databases
        message = _("%(file)s is not a sound Ursuppe Companion database") % {"file": source}
        print(message, file=sys.stderr)
        return 1
    finally:
        lock.release()
    print(_("restored %(backup)s into %(db)s") % {"backup": source, "db": db})
    print(_("the database as it was is saved in %(path)s") % {"path": safety})
    return 0
