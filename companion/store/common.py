"""What every part of the store shares: its errors, the clock, new tokens, tap ids."""

from __future__ import annotations

import errno
import re
import secrets
from datetime import UTC, datetime

from companion.tracker.msg import Msg, as_msg


class NotFound(Exception):
    """No such game, or no such token."""


class Conflict(Exception):
    """The write was made against an older revision; `msg` says what changed meanwhile
    (`message`: in English)."""

    def __init__(self, message: Msg | str, revision: int) -> None:
        self.msg = as_msg(message)
        self.message = str(self.msg)
        super().__init__(self.message)
        self.revision = revision


class SaveFailed(Exception):
    """The database could not save; nothing changed. `reason`: disk_full, locked or io."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail

    @classmethod
    def from_error(cls, exc: BaseException) -> SaveFailed:
        """Classify what SQLite or the OS said."""
        name = getattr(exc, "sqlite_errorname", "") or ""
        text = str(exc)
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return cls("disk_full", text)
        if name.startswith("SQLITE_FULL") or "disk is full" in text:
            return cls("disk_full", text)
        if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            return cls("locked", text)
        return cls("io", text)


class TapRecorded(Exception):
    """This tap was already recorded, as entry `seq`; nothing was added."""

    def __init__(self, seq: int) -> None:
        super().__init__(f"already recorded as entry {seq}")
        self.seq = seq


class TapGivenUp(Exception):
    """This tap arrived after the browser gave up waiting for it (settled as not recorded)."""


TAP_RE = re.compile(r"[A-Za-z0-9_-]{8,64}")
BUSY_MS = 500  # how long one write waits for a database locked by another program
LOCKED_RETRIES = (0.2, 0.5)  # pauses before the second and third try of a locked write


def valid_tap(tap: str) -> bool:
    """Whether a tap id is short and URL-safe (the browser sends 16 random bytes, encoded)."""
    return TAP_RE.fullmatch(tap) is not None


def now() -> str:
    """The current time, ISO 8601 in UTC."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def new_token() -> str:
    """A random token of 128 bits and more, URL-safe."""
    return secrets.token_urlsafe(24)
