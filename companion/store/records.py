"""Games made whole: a new game from its setup (and its first entries: an imported
record), and a game's record exported."""

from __future__ import annotations

import json
import secrets
from typing import Any

from companion.gcpause import collector_paused
from companion.store.cache import Cache
from companion.store.common import new_token, now
from companion.store.game import Game
from companion.tracker.errors import ActionError
from companion.tracker.game import DEFAULT_GAME, GAMES
from companion.tracker.game import Game as Core
from companion.tracker.record_core import FORMAT, VERSION
from companion.tracker.record_errors import RecordError


class Records(Cache):
    """Creating, importing and exporting games (see `Store`)."""

    def create_game(
        self,
        setup: Any,
        name: str,
        dice_by_app: bool,
        cards_by_app: bool,
        first: list[Any] | None = None,
        core: Core = GAMES[DEFAULT_GAME],
    ) -> Game:
        """Create a game (validating the setup), its seat tokens, and its first entries."""
        history = core.begin(setup)  # InvalidAction: bad setup
        game_id = secrets.token_hex(6)
        stamp = now()
        game = Game(
            game_id, name, setup, dice_by_app, cards_by_app, new_token(), stamp, history, core=core
        )
        # Encoded before taking the store-wide lock: a long import holds it only to insert.
        rows = []
        with collector_paused():  # a long record: see gcpause
            for seq, entry in enumerate(first or [], 1):
                text = core.entry_text(entry)
                try:
                    game.add(entry, text)
                except ActionError as exc:
                    raise RecordError(exc.message, seq, exc.source) from None
                rows.append((game_id, seq, text, stamp))
        with self._lock, self.db.atomic():
            self.db["games"].insert(
                {
                    "id": game_id,
                    "name": name,
                    "created": stamp,
                    "updated": stamp,
                    "setup": json.dumps(core.setup_to_dict(setup)),
                    "dice_by_app": int(dice_by_app),
                    "cards_by_app": int(cards_by_app),
                    "board_token": game.board_token,
                    "over": int(game.over),
                    "game": core.key,
                }
            )
            self.db.conn.executemany(
                "insert into entries (game_id, seq, entry, created) values (?, ?, ?, ?)", rows
            )
            for seat in setup.seats:
                self.db["seats"].insert(
                    {
                        "token": new_token(),
                        "game_id": game_id,
                        "color": seat.color.value,
                        "revoked": 0,
                        "issued": stamp,
                    }
                )
            self._games[game_id] = game
        if game.over:
            self.finished(game)
        return game

    def import_record(self, record: Any, name: str, core: Core = GAMES[DEFAULT_GAME]) -> Game:
        """Create a game from an imported record (already read and replayable)."""
        return self.create_game(
            record.setup,
            name,
            dice_by_app=False,
            cards_by_app=False,
            first=list(record.entries),
            core=core,
        )

    def export(self, game_id: str) -> dict[str, Any]:
        """The game record as JSON data (the whole record: hidden draws and bids included)."""
        game = self.get(game_id)
        data = json.loads(game.core.record_text(game.record()))
        assert data["format"] == FORMAT and data["version"] == VERSION
        return data
