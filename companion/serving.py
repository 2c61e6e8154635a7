"""How `companion serve` runs: waitress settings that keep the referee free, one server a folder.

Every open live stream (a phone or the TV following the game) holds one of waitress's worker
threads. The limits here keep most threads for short requests, above all the referee's: at
most `STREAMS_PER_TOKEN` streams per link (a new one ends the oldest), at most half the
threads for all viewers together (more viewers poll, as the pages do anyway), idle
connections closed after a few seconds, and room for many more connections than waitress's
default. docs/serving.md ("Serving many phones") explains the numbers.
"""

from __future__ import annotations

import gc
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no advisory file locks
    fcntl = None
try:
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None

THREADS = 48
STREAMS_PER_TOKEN = 3
CONNECTION_LIMIT = 1000
# The connections one address may hold: a phone needs a stream and a request or two, a
# laptop's browser a few pages; well above that, below waitress's CONNECTION_LIMIT.
PER_ADDRESS = 200
CHANNEL_TIMEOUT = 10  # seconds an idle connection is kept (pages poll every 4-5 s)
CLEANUP_INTERVAL = 2  # seconds between sweeps for idle connections
SPARE_FILES = 100  # open files kept free for the database, backups and logs
LOCK_NAME = "server.lock"


def stream_cap(threads: int) -> int:
    """How many viewers' live streams may be open at once: half the worker threads."""
    return max(1, threads // 2)


def app_settings(threads: int = THREADS) -> dict[str, Any]:
    """The app's stream limits for a server with this many threads."""
    return {"SSE_MAX_STREAMS": stream_cap(threads), "SSE_PER_TOKEN": STREAMS_PER_TOKEN}


def open_files_limit() -> int:
    """Raise this process's open-files limit as far as allowed; return it."""
    if resource is None:  # pragma: no cover - Windows
        return 512
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = CONNECTION_LIMIT + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < want:
        target = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):  # pragma: no cover - a locked-down system
            pass
    return want if soft == resource.RLIM_INFINITY else soft


def waitress_options(threads: int = THREADS) -> dict[str, Any]:
    """The keyword arguments of `waitress.serve` for `companion serve --threads N`."""
    return {
        "threads": threads,
        "connection_limit": max(64, min(CONNECTION_LIMIT, open_files_limit() - SPARE_FILES)),
        "channel_timeout": CHANNEL_TIMEOUT,
        "cleanup_interval": CLEANUP_INTERVAL,
        "asyncore_use_poll": True,  # select() cannot watch more than 1024 sockets
        "ident": "ursuppe-companion",
    }


def bind(app: Any, host: str, port: int, threads: int = THREADS) -> Any:
    """The waitress server listening on `host:port` (raises OSError when it cannot: a port
    taken, a host not of this laptop), before anything is printed; no address may hold more
    than PER_ADDRESS of its connections."""
    from waitress.server import BaseWSGIServer, create_server

    server = create_server(app, host=host, port=port, **waitress_options(threads))
    listening = [server] if isinstance(server, BaseWSGIServer) else list(server.map.values())
    for one in listening:
        if isinstance(one, BaseWSGIServer):
            one.channel_class = capped(one.channel_class)
    return server


def capped(channel_class: Any, most: int = PER_ADDRESS) -> Any:
    """A waitress channel maker that closes a new connection at once when its address already
    holds `most` (a guest holding a thousand idle sockets would otherwise fill waitress's
    connection limit, and the referee's console would wait for them to time out)."""

    def open_channel(server: Any, conn: Any, addr: Any, adj: Any, map: Any = None) -> Any:
        host = addr[0] if isinstance(addr, tuple) and addr else None
        if host is not None and map is not None:
            held = sum(
                1
                for ch in list(map.values())
                if isinstance(getattr(ch, "addr", None), tuple) and ch.addr[0] == host
            )
            if held >= most:
                conn.close()
                return None
        return channel_class(server, conn, addr, adj, map=map)

    return open_channel


def serve_bound(server: Any) -> None:
    """Serve until stopped (Ctrl+C)."""
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()


# ----- one server per instance folder ---------------------------------------------------------
class AlreadyServing(Exception):
    """Another live process holds the instance folder; `holder` is what it wrote down."""

    def __init__(self, folder: Path, holder: dict[str, Any]) -> None:
        super().__init__(f"{folder} is served by pid {holder.get('pid', '?')}")
        self.folder = folder
        self.holder = holder


@dataclass
class InstanceLock:
    """An OS lock (flock) on `server.lock` in the instance folder, held while the file is open."""

    path: Path
    file: Any

    def release(self) -> None:
        """Give the folder up (the OS does it too when the process ends, however it ends)."""
        self.file.close()


# A tap allocates tens of thousands of short-lived objects (the answer's HTML, the new
# state); with the collector's default of a young pass every 700 allocations, a tap paid for
# several passes over objects that reference counting frees anyway. Measured in-process:
# -0.15 ms of a 2.9 ms tap. Memory stays bounded: cycles still go, only less often.
YOUNG_THRESHOLD = 10_000


def tune_collector() -> None:
    """The server's garbage collector: what is loaded at start (code, catalogs, templates)
    is moved out of its passes (`gc.freeze`), and young passes run less often."""
    gc.collect()
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)


def hold_instance(folder: str | Path, url: str) -> InstanceLock:
    """Lock the instance folder for this process, or raise AlreadyServing naming the holder.

    The lock is the kernel's: a process that died (even by SIGKILL) holds nothing, so its
    stale lock file is simply taken over.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    file = path.open("a+", encoding="utf-8")
    if fcntl is not None:
        try:
            fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            file.seek(0)
            text = file.read()
            file.close()
            try:
                holder = json.loads(text)
            except ValueError:
                holder = {}
            raise AlreadyServing(folder, holder if isinstance(holder, dict) else {}) from None
    file.seek(0)
    file.truncate()
    file.write(json.dumps({"pid": os.getpid(), "url": url}))
    file.flush()
    return InstanceLock(path, file)
