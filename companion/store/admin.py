"""The rest of the group's box: seat and board tokens, remembered settings, and putting
games away or deleting them (backed up first)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.backup import make_backup
from companion.store.cache import Cache
from companion.store.common import NotFound, new_token, now
from companion.tracker.text import mend


class Admin(Cache):
    """Tokens, settings, archive and delete (see `Store`)."""

    # ----- tokens --------------------------------------------------------------------
    def seat_tokens(self, game_id: str) -> dict[str, str]:
        """The live seat token of each color of a game."""
        rows = self.db.query(
            "select color, token from seats where game_id = ? and revoked = 0", [game_id]
        )
        return {r["color"]: r["token"] for r in rows}

    def reissue_seat(self, game_id: str, color: str) -> str:
        """Revoke a seat's link and issue a new one; open streams of the old link end."""
        with self._lock, self.db.atomic():
            old = [
                r["token"]
                for r in self.db.query(
                    "select token from seats where game_id = ? and color = ? and revoked = 0",
                    [game_id, color],
                )
            ]
            self.db.execute(
                "update seats set revoked = 1 where game_id = ? and color = ?", [game_id, color]
            )
            token = new_token()
            self.db["seats"].insert(
                {"token": token, "game_id": game_id, "color": color, "revoked": 0, "issued": now()}
            )
        for revoked in old:
            self.on_revoke(revoked)
        return token

    def find_seat(self, token: str) -> tuple[str, str, bool]:
        """(game_id, color, revoked) of a seat token; raises NotFound."""
        rows = list(
            self.db.query("select game_id, color, revoked from seats where token = ?", [token])
        )
        if not rows:
            raise NotFound(token)
        return rows[0]["game_id"], rows[0]["color"], bool(rows[0]["revoked"])

    def find_board(self, token: str) -> str:
        """The game of a public board token; raises NotFound."""
        rows = list(self.db.query("select id from games where board_token = ?", [token]))
        if not rows:
            raise NotFound(token)
        return rows[0]["id"]

    # ----- the group's box -------------------------------------------------------------
    def setting(self, key: str, default: Any = None) -> Any:
        """A remembered setting (JSON), or the default."""
        rows = list(self.db.query("select value from settings where key = ?", [key]))
        return mend(json.loads(rows[0]["value"])) if rows else default

    def set_setting(self, key: str, value: Any) -> None:
        """Remember a setting."""
        with self._lock:
            self.db["settings"].upsert({"key": key, "value": json.dumps(value)}, pk="key")

    # ----- the group's history ------------------------------------------------------------
    def finished_games(self, archived: bool = True) -> list[dict[str, Any]]:
        """Every finished game (archived ones too unless `archived` is False), oldest first,
        with its number of entries and its stored summary (None: none yet, or an older one)."""
        rows = self.db.query(
            "select g.id, g.name, g.game, g.created, g.archived, "
            "(select count(*) from entries e where e.game_id = g.id) as revision, "
            "s.revision as summarized, s.summary from games g "
            "left join summaries s on s.game_id = g.id where g.over = 1 "
            + ("" if archived else "and g.archived = 0 ")
            + "order by g.created, g.rowid"
        )
        return [
            {
                **row,
                "summary": json.loads(row["summary"])
                if row["summary"] and row["summarized"] == row["revision"]
                else None,
            }
            for row in rows
        ]

    def peek(self, game_id: str) -> Any:
        """A game from the cache, or replayed without being kept there (the history reads
        each finished game once; raises NotFound)."""
        game = self._games.get(game_id)
        return game if game is not None else self._load(game_id)

    def save_summary(self, game_id: str, revision: int, summary: Any) -> None:
        """Keep a finished game's summary, made at `revision` (`finished_games` reads it)."""
        with self._lock:
            self.db["summaries"].upsert(
                {"game_id": game_id, "revision": revision, "summary": json.dumps(summary)},
                pk="game_id",
            )

    # ----- the games list: archive and delete ----------------------------------------------
    def set_archived(self, game_id: str, archived: bool) -> None:
        """Put a game away from the games list, or bring it back; raises NotFound."""
        with self._lock:
            self.get(game_id)
            self.db.execute("update games set archived = ? where id = ?", [int(archived), game_id])

    def delete_game(self, game_id: str) -> Path:
        """Back the database up (labelled with the game), then delete the game with its
        entries and seat tokens; returns the backup, restorable with `companion restore`."""
        with self._game_lock(game_id), self._lock:  # lock order: the game's, then the store's
            game = self.get(game_id)
            backup = make_backup(
                self.path, label=f"deleted-{game_id}-{game.name}", keep=self.keep_backups
            )
            with self.db.atomic():
                # Every table that keys rows by game (entries, seats, and any added later).
                for table in self.db.tables:
                    if table.name != "games" and "game_id" in table.columns_dict:
                        self.db.execute(f"delete from [{table.name}] where game_id = ?", [game_id])
                self.db.execute("delete from games where id = ?", [game_id])
            self._games.pop(game_id, None)
            self._game_locks.pop(game_id, None)
        return backup
