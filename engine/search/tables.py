"""The per-rules state the search keeps between calls: the kernel, its layout, the proven table.

One ``GameTables`` per rules object (``tables_for``), so a second analysis of
the same game starts from everything the first one proved. Memory is bounded
for all rules together: at most :data:`MAX_GAMES` rules objects keep tables
(the least recently used goes first), one proven table holds at most
:data:`TT_LIMIT` entries, and all of them together at most :data:`TOTAL_LIMIT`
(``keep_within``, called when a search starts and every few thousand nodes
while it runs; an entry is about 150 bytes, so ~0.3 GB for everything). The layout of the
packed int (store shifts, field mask, total seeds, whether positions can
repeat) is read from the kernel (``engine.kernel.Kernel``), never guessed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from ..kernel import Kernel, Moves, kernel_for
from .oware_table import leaves
from ..position import NORTH, Position
from ..rules import Rules

TT_LIMIT = 1_000_000
"""Entries one proven table may hold; past it the table is emptied (a cache: nothing proven is wrong)."""
TOTAL_LIMIT = 2_000_000
"""Entries all the proven tables may hold together; past it the least recently used tables go."""
MAX_GAMES = 8
"""Rules objects whose tables are kept at once (the least recently used goes first)."""

Child = tuple[Any, int, Moves, bool]
"""One root move: ``(move function, x after it, next mover's moves, same mover again (K9))``."""


class GameTables:
    """One rules object's kernel, its packed layout, and the proven table kept between calls.

    Attributes:
        rules: the rules.
        kernel: the packed-int kernel (``engine.kernel.kernel_for``).
        south_shift, north_shift: bit shifts of South's and North's store.
        store_mask: the mask of one store field (South's; North's is the top field).
        cycles: True when positions can repeat (Oware, A6 repetition).
        total: all the seeds of the game.
        exact_tt: the proven table, ``{x * 2 + (North to move): (lower, upper, best move index)}``;
            bounds on the final store difference from the mover's view (K16, A6),
            the index into the mover's move functions, -1 when none.
        leaf, cut: Oware's endgame table as the search reads it, ``leaf(x, x2, north)`` and
            ``cut(x, north, alpha, beta, line)`` (``engine.search.oware_table.Leaves``), or ``None``
            (Kalah, or no table); ``cut`` applies where the stores hold at least ``table_floor`` seeds.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.kernel: Kernel = kernel_for(rules)
        self.south_shift = self.kernel.south_store_shift
        self.north_shift = self.kernel.north_store_shift
        self.store_mask = self.kernel.store_mask
        self.cycles = self.kernel.cycles
        self.total = self.kernel.total
        self.exact_tt: dict[int, tuple[int, int, int]] = {}
        table = leaves(rules, self.south_shift, self.north_shift, self.store_mask)
        self.leaf = None if table is None else table.leaf
        self.cut = None if table is None else table.cut
        self.table_floor = self.total + 1 if table is None else self.total - table.seeds

    def trim(self) -> None:
        """Empty the proven table when it holds more than ``TT_LIMIT`` entries."""
        if len(self.exact_tt) > TT_LIMIT:
            self.exact_tt.clear()

    def diff(self, x: int, side: str) -> int:
        """Store difference of packed ``x`` from ``side``'s view (``"S"``/``"N"``), in seeds.

        After the final sweep (an empty move tuple) it is the game's final result (K16, A6).
        """
        s = (x >> self.south_shift) & self.store_mask
        t = x >> self.north_shift
        return t - s if side == NORTH else s - t

    def settled(self, x: int, x2: int, ms2: Moves, side: str) -> int | None:
        """The exact value, for ``side`` who moved from packed ``x`` to ``x2`` (``ms2``: the next mover's
        moves), of that move when the game ends there (K16, A6) or it captured into a position Oware's
        endgame table holds exactly (``leaf``); else ``None``. Seeds, the final store difference."""
        if not ms2:
            return self.diff(x2, side)
        return None if self.leaf is None else self.leaf(x, x2, side == NORTH)

    def children(self, position: Position) -> tuple[int, Moves, list[Child]]:
        """The root: packed ``x``, the mover's move functions, and one ``Child`` per move.

        ``position`` is not checked against the rules; callers check with ``legal_moves``.
        """
        x, ms = self.kernel.start(position)
        kids: list[Child] = []
        f: Any
        for f in ms:
            x2, ms2 = f(x)
            same = bool(ms2) and ms2[0].side == f.side
            kids.append((f, x2, ms2, same))
        return x, ms, kids


_TABLES: OrderedDict[Rules, GameTables] = OrderedDict()
_LOCK = threading.Lock()  # sessions search in threads of their own


def tables_for(rules: Rules) -> GameTables:
    """The ``GameTables`` of ``rules``, made on first use and kept while it is among the
    :data:`MAX_GAMES` most recently used (and until ``clear_tables``); the caps are applied."""
    with _LOCK:
        g = _TABLES.get(rules)
        if g is None:
            g = _TABLES[rules] = GameTables(rules)
        _TABLES.move_to_end(rules)
    keep_within(g)
    return g


def keep_within(game: GameTables) -> None:
    """Apply the caps with ``game`` in use: its table emptied past :data:`TT_LIMIT`; the least
    recently used other tables dropped while more than :data:`MAX_GAMES` are kept or all of
    them hold more than :data:`TOTAL_LIMIT` entries (``game``'s own table is emptied last)."""
    game.trim()
    with _LOCK:
        others = [r for r, g in _TABLES.items() if g is not game]
        total = sum(len(g.exact_tt) for g in _TABLES.values())
        while others and (len(_TABLES) > MAX_GAMES or total > TOTAL_LIMIT):
            dropped = _TABLES.pop(others.pop(0))
            total -= len(dropped.exact_tt)
    if total > TOTAL_LIMIT:
        game.exact_tt.clear()


def table_sizes() -> dict[str, int]:
    """Entries of every kept proven table, by the rules' ``describe()``, least recently used first
    (benchmarks print it)."""
    with _LOCK:
        return {r.describe(): len(g.exact_tt) for r, g in _TABLES.items()}


def clear_tables() -> None:
    """Forget every stored search result, for every rules object (tests and benchmarks use this)."""
    with _LOCK:
        _TABLES.clear()
