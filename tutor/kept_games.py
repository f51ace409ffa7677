"""Sandbox games kept by the server for their learner, so a reload or another tab goes on with them.

A session's sandbox game lives in the session; a reload starts a new session. The server keeps each
learner's game here (by learner code, in this process only, the most recent :data:`KEPT_MAX`), and
a new session of that learner takes it up once the browser has said its code (``ui.state``). Nothing
is written to the database: a game in progress is gone when the server stops, as before.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

KEPT_MAX = 1000
"""Games kept at most: past that, the game used longest ago is let go."""

G = TypeVar("G")


class KeptGames(Generic[G]):
    """Learner code -> that learner's game, the most recent ``limit`` of them; safe across threads."""

    def __init__(self, limit: int = KEPT_MAX) -> None:
        self._games: OrderedDict[str, G] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def keep(self, learner: str, game: G) -> None:
        """Keep ``game`` as ``learner``'s (in place of the one kept before)."""
        with self._lock:
            self._games[learner] = game
            self._games.move_to_end(learner)
            while len(self._games) > self._limit:
                self._games.popitem(last=False)

    def get(self, learner: str) -> G | None:
        """``learner``'s kept game, or ``None``."""
        with self._lock:
            game = self._games.get(learner)
            if game is not None:
                self._games.move_to_end(learner)
            return game

    def __len__(self) -> int:
        return len(self._games)
