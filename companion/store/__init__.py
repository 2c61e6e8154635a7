"""The store: the only code that turns log rows into states and back.

A game is its append-only entries, keyed (game_id, seq). Every write names the revision it
was made against (the number of entries it saw); exactly one write per revision succeeds,
the others get a Conflict saying what happened instead. An entry is committed before the
caller is told it was accepted. The latest state of each game is cached in memory, so a
request never replays the whole log.

It knows no game: each game's rules, record codec and log labels come from its entry in
`tracker.game` (by the row's `game` key). The parts: `cache` (reading games: connections,
locks, the cached states), `writing` (appending entries and taps, backups at round ends),
`records` (new and imported games, exports), `admin` (tokens, settings, archive, delete),
`game` (a game in memory and its log), `common` (errors, the clock, tokens).
"""

from __future__ import annotations

from companion.store.admin import Admin
from companion.store.cache import decode_entry
from companion.store.common import (
    BUSY_MS,
    LOCKED_RETRIES,
    Conflict,
    NotFound,
    SaveFailed,
    TapGivenUp,
    TapRecorded,
    new_token,
    now,
    valid_tap,
)
from companion.store.game import APP_DREW, APP_ROLLED, Game, Log, LogItem
from companion.store.records import Records
from companion.store.writing import HeldNotices, Writing

__all__ = [
    "APP_DREW",
    "APP_ROLLED",
    "BUSY_MS",
    "LOCKED_RETRIES",
    "Conflict",
    "Game",
    "HeldNotices",
    "Log",
    "LogItem",
    "NotFound",
    "SaveFailed",
    "Store",
    "TapGivenUp",
    "TapRecorded",
    "decode_entry",
    "new_token",
    "now",
    "valid_tap",
]


class Store(Records, Writing, Admin):
    """Games on disk and in memory.

    Locks: each game has its own, held while it is loaded and while an entry is applied to
    it, so opening a long game never delays another game. The store-wide lock is held only
    for the cache maps and around every database write transaction and backup (short), so
    this process never has two write transactions racing in SQLite.
    """
