"""Search budgets: the ranges every entry point checks before it starts (time, nodes,
depth), and the budget-keeping half of a search (:class:`Budgeted`).

A budget that could make a search run for ever (NaN or an infinite
``time_ms``, a node count of 10**30) or that is not a number at all is
refused with a ``ValueError`` that names the parameter and its allowed
range; nothing is searched. The allowed ranges:

- ``time_ms``: ``None`` (no time limit) or a finite number of milliseconds
  from 0 to :data:`MAX_TIME_MS`; 0 means as little as possible (``analyse``
  takes 1 ms, ``choose_move`` ``MIN_MOVE_MS``). Booleans are refused.
- ``max_nodes``: ``None`` (no limit) or a whole number from 0 to :data:`MAX_NODES`.
- ``max_depth``: ``None`` (as deep as the budget allows) or a whole number of
  plies from 1 to :data:`MAX_DEPTH`.

>>> check_budget(time_ms=1500, max_nodes=None, max_depth=6)
>>> check_budget(time_ms=float("nan"))
Traceback (most recent call last):
...
ValueError: time_ms must be a finite number of milliseconds from 0 to 60000, or None, not nan

Budgets: a ``Searcher`` stops with ``OutOfBudget`` when its deadline passes
(checked every 1024 nodes) or when it would search more than ``max_nodes``
nodes in all; either limit may be ``None`` (none). A node limit alone makes
every result independent of the machine's speed. Memory: at every check, and
every 65536 nodes without a deadline, the tables' caps are applied
(``tables.keep_within``; the search's own table is emptied past
:data:`HTT_LIMIT` entries); both are caches, so emptying one never makes a
result wrong, and it happens at node counts, never at times.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable

from ..errors import shown
from .tables import GameTables, keep_within

MAX_TIME_MS = 60_000
"""The longest time budget a search accepts, in milliseconds (one minute)."""
MAX_NODES = 10**9
"""The largest node budget a search accepts (far beyond a minute of searching)."""
MAX_DEPTH = 200
"""The deepest ``max_depth`` a search accepts, in plies (the depth-limited searches stop there anyway)."""


ROW = (1 << 48) - 1
"""South's row in an Oware kernel's packed int (six 8-bit fields; North's is the next six)."""

HTT_LIMIT = 1_000_000
"""Entries a depth-limited search's own table may hold; past it the table is emptied."""

NO_REPEAT = 1 << 30
"""``Budgeted.rep_low`` when no position came back (deeper than any line)."""
_MEMORY_EVERY = 1 << 16  # nodes between checks of the tables' size when there is no deadline


class OutOfBudget(Exception):
    """The time or node budget ran out inside a search (or the line got too deep for Python)."""


def _whole(value: object, name: str, low: int, high: int, unit: str) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number{unit} from {low} to {high}, or None, not {shown(value)}")


def check_budget(time_ms: object = None, max_nodes: object = None, max_depth: object = None) -> None:
    """Raise ``ValueError`` (naming the parameter, the allowed range and the value) unless
    ``time_ms``, ``max_nodes`` and ``max_depth`` are each ``None`` or in range (module docstring)."""
    if time_ms is not None:
        ok = isinstance(time_ms, (int, float)) and not isinstance(time_ms, bool)
        if ok and isinstance(time_ms, int):
            ok = 0 <= time_ms <= MAX_TIME_MS
        elif isinstance(time_ms, float):
            ok = math.isfinite(time_ms) and 0 <= time_ms <= MAX_TIME_MS
        if not ok:
            raise ValueError(f"time_ms must be a finite number of milliseconds from 0 to {MAX_TIME_MS}, "
                             f"or None, not {shown(time_ms)}")
    _whole(max_nodes, "max_nodes", 0, MAX_NODES, "")
    _whole(max_depth, "max_depth", 1, MAX_DEPTH, " of plies")


class Budgeted:
    """The budget-keeping half of a ``Searcher``: its clock, node count and limits.

    Attributes:
        game: the ``GameTables`` searched.
        t0: ``time.perf_counter()`` when the search was made, in seconds.
        nodes: nodes searched so far; ``check_at``: the count at which ``_check`` runs next.
        deadline: ``perf_counter`` seconds after which the search stops (``inf``: none).
        max_nodes: the node limit (``None``: none).
        htt: the depth-limited search's own table (emptied past :data:`HTT_LIMIT`).
        path: the current line's keys, each with its depth on the line (Oware's repetition rule, A6).
        rep_low: the least depth on the line of a position that came back in the subtree being
            searched (:data:`NO_REPEAT`: none); a subtree whose value a position above it decided
            is not kept in a table.
        segs: Oware (A6), one entry a position of the line: ``(stores, least, most)``, its stores' packed
            field and the least and most of South's final store difference were the game to end by a
            repetition at a position of the line since the last capture, up to and including it
            (:meth:`widen`).
    """

    def __init__(self, game: GameTables, time_ms: float | None, max_nodes: int | None) -> None:
        self.game = game
        self.t0 = time.perf_counter()
        self.nodes = 0
        self.deadline = float("inf")
        self.max_nodes: int | None = None
        self.check_at = _MEMORY_EVERY
        self.htt: dict[int, tuple[int, int, int, int]] = {}
        self.path: dict[int, int] = {}
        self.segs: list[tuple[int, int, int]] = []
        self.rep_low = NO_REPEAT
        self.root: int | None = None
        self.limit(time_ms, max_nodes)

    def limit(self, time_ms: float | None, max_nodes: int | None) -> None:
        """Set the budget: until ``time_ms`` milliseconds after the searcher was made,
        and ``max_nodes`` nodes in all since then (``None``: no limit)."""
        self.deadline = float("inf") if time_ms is None else self.t0 + time_ms / 1000.0
        self.max_nodes = max_nodes
        self._schedule()

    def _schedule(self) -> None:
        """The node count at which ``_check`` runs next: every 1024 nodes for the clock (every
        65536 for the tables' size without one), or at the node limit."""
        every = 1 << 10 if self.deadline != float("inf") else _MEMORY_EVERY
        nxt = (self.nodes // every + 1) * every
        if self.max_nodes is not None and self.max_nodes + 1 < nxt:
            nxt = self.max_nodes + 1
        self.check_at = nxt

    def _check(self) -> None:
        """Raise ``OutOfBudget`` past the node limit or the deadline, else keep the tables within
        their caps and schedule the next check."""
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            self.nodes -= 1  # that node is not searched
            raise OutOfBudget
        if time.perf_counter() > self.deadline:
            raise OutOfBudget
        keep_within(self.game)
        if len(self.htt) > HTT_LIMIT:
            self.htt.clear()
        self._schedule()

    def _top_level(self, fn: Callable[..., int]) -> Callable[..., int]:
        """A call from outside the recursion: on any way out by an exception the
        current line (``path``) is forgotten, and a line too deep for Python's
        stack counts as a search that ran out of budget (not proven)."""

        def top(*args: Any) -> int:
            try:
                return fn(*args)
            except RecursionError:
                self._forget_line()
                raise OutOfBudget from None
            except BaseException:
                self._forget_line()
                raise

        return top

    def on_line(self, key: int) -> None:
        """Oware (A6): the analysed position (its table key) starts the line, so a line that comes
        back to it ends there, as in the game; the searches that follow are of its children."""
        self.root = key
        self._forget_line()

    def _forget_line(self) -> None:
        self.path.clear()
        self.segs.clear()
        self.rep_low = NO_REPEAT
        if self.root is not None and self.game.cycles:
            self.path[self.root] = 0
            self.push_seg(self.root >> 1)

    def push_seg(self, x: int) -> None:
        """Oware: ``x`` joins the line (:attr:`segs`; the caller pops it when it leaves)."""
        g = self.game
        stores = x >> g.south_shift
        e = (stores & g.store_mask) - (x >> g.north_shift) + (x & ROW) % 255 - ((x >> 48) & ROW) % 255
        segs = self.segs
        if segs and segs[-1][0] == stores:
            _, lo, hi = segs[-1]
            segs.append((stores, e if e < lo else lo, e if e > hi else hi))
        else:
            segs.append((stores, e, e))

    def widen(self, x: int, north: bool, lo: int, hi: int) -> tuple[int, int]:
        """Oware (A6): a table's bounds ``lo..hi`` of ``x`` (the mover's view, North when ``north``), which hold
        for the game from ``x`` with no history, widened to hold on the current line: the game may come back to
        a position of the line since the last capture, which ends it with each player taking their own row. A
        strategy that makes at least ``lo`` with no history makes at least the least of ``lo`` and those endings
        here, and on any shorter line (so a bound read this way needs no note in ``rep_low``). ``x`` itself is
        not on the line yet."""
        segs = self.segs
        if not segs or segs[-1][0] != x >> self.game.south_shift:
            return lo, hi
        _, least, most = segs[-1]
        if north:
            least, most = -most, -least
        return (least if least < lo else lo), (most if most > hi else hi)



__all__ = ["NO_REPEAT", "Budgeted", "HTT_LIMIT", "MAX_DEPTH", "MAX_NODES", "MAX_TIME_MS", "OutOfBudget", "check_budget"]
