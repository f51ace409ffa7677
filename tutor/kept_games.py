"""Each learner's sandbox game, kept by the store so every tab and every server process shows one game.

A learner's game is one record (``tutor.kept_record``) and a version number that grows with every
change. A view of the game (a browser tab) remembers the version it shows; a change made on a view
whose version is no longer the kept one is refused, and that view is brought up to date
(``tutor.kept_play``). :class:`GameKeeper` is the port (``store.games`` keeps the records in the
database); :class:`MemoryKeeper` keeps them in this process only (the tests, and a server whose
database cannot be reached).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Protocol

KEPT_MAX = 1000
"""Games a :class:`MemoryKeeper` holds at most: past that, the game changed longest ago is let go."""


@dataclass(frozen=True)
class Kept:
    """A kept game: its ``version`` (1 for the first write, one more for each) and its JSON ``record``."""

    version: int
    record: str


class GameKeeper(Protocol):
    """Where learners' sandbox games are kept. Both methods may raise ``tutor.school.StoreUnavailable``."""

    def kept_game(self, learner: str) -> Kept | None:
        """``learner``'s kept game, or ``None`` when there is none."""
        ...

    def keep_game(self, learner: str, record: str, seen: int) -> int | None:
        """Keep ``record`` as ``learner``'s game if the kept version is still ``seen`` (0: none kept
        yet). Returns the new version, or ``None`` when another view changed the game first (then
        nothing is written)."""
        ...


class MemoryKeeper:
    """A :class:`GameKeeper` in this process's memory (the most recent ``limit`` learners); thread-safe."""

    def __init__(self, limit: int = KEPT_MAX) -> None:
        self._games: OrderedDict[str, Kept] = OrderedDict()
        self._limit = limit
        self._lock = threading.Lock()

    def kept_game(self, learner: str) -> Kept | None:
        with self._lock:
            return self._games.get(learner)

    def keep_game(self, learner: str, record: str, seen: int) -> int | None:
        with self._lock:
            now = self._games.get(learner)
            if (now.version if now is not None else 0) != seen:
                return None
            self._games[learner] = Kept(seen + 1, record)
            self._games.move_to_end(learner)
            while len(self._games) > self._limit:
                self._games.popitem(last=False)
            return seen + 1

    def __len__(self) -> int:
        return len(self._games)


__all__ = ["GameKeeper", "KEPT_MAX", "Kept", "MemoryKeeper"]
