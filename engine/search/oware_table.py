"""The Awari/Oware endgame table (A1-A6): proven bounds on every position with few seeds in play.

Made once by ``tools/oware_table.py`` (the C solver ``tools/oware_solver.c``)
and shipped in ``engine/data/`` as ``oware_<variant>_<N>.egtb.xz`` (lzma),
one file per grand slam variant (A4: ``no_capture``, ``illegal``,
``capture_all``); read lazily, the first time a position needs it, and kept.

What a position is here: the board from the mover's view (the mover's pits
1..6, then the opponent's pits 1..6) with ``n <= N`` seeds in play, and
``a`` = 25 minus the mover's captured seeds (the seeds the mover still needs
to win, 1..n+1; the opponent needs n+2-a, as all 48 seeds are in the pits
or the two piles, A1/A6). Its value is the *future net score* with best
play, in seeds, from the mover's view: seeds captured from now on (A3, A4)
by the mover minus the opponent's, plus the mover's row minus the
opponent's row when the game ends (A6: 25 captured, no legal move (A5), or a
repetition). Add the captured seeds' difference now for the final store
difference (``engine.analyse``'s values, K16/A6).

The value is that of the game *from this position with no history*: the
position itself is the first one a repetition can hit (A6, since the last
capture; a capture changes the piles, so nothing from before one can come
back). That is the value wherever a line first reaches a position with at
most N seeds, since it got there by a capture.

How cycles are resolved: the table stores two bounds, ``lo <= value <=
hi`` (always the same parity as n: the two rows end with n seeds between
them), exact where ``lo == hi``. The solver proves them as follows (its
docstring has the details):

- Retrograde analysis (value iteration from ``[-n, n]``) gives bounds
  every strategy behind which never repeats a position, so they hold
  under A6 whatever the repetitions.
- Positions it leaves undecided can go round a cycle, and under A6 the game
  then ends where the line first comes back, each player taking their own
  row: the value depends on *which* position repeats, not one number for an
  endless game. For each threshold the undecided region is split into
  strongly connected parts; a part in which every repetition goes to the
  same player is theirs (they can stay in it for ever), a part where one
  player can keep the line for ever away from every position whose
  repetition the other wins is theirs too, and the rest is searched with
  the line as history (a node budget a position). What the budget does not
  settle keeps the bounds the rest proved: it is *not* guessed. The share
  of positions left with a gap is printed by ``bench/oware_table.py``.

Every value was checked against the engine's exact search
(``tests/test_oware_table.py``).
"""

from __future__ import annotations

import lzma
import math
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ..position import NORTH, Position
from ..rules import OwareRules, Rules

DATA = Path(__file__).resolve().parent.parent / "data"
WIN_AT = 25
"""Captured seeds that win (A6): more than half of 48."""
PITS = 12
TOTAL = 48
"""All the seeds of the game (A1)."""
ROW = (1 << 48) - 1
"""South's row in the kernel's packed int (six 8-bit fields)."""
NO_LINE = 1 << 30
"""``Leaves.cut``'s depth when it relied on no position of the line (as ``engine.search.budget.NO_REPEAT``)."""
VARIANTS = ("no_capture", "illegal", "capture_all")
"""The grand slam variants (A4), in the solver's numbering 0, 1, 2."""
_LOCK = threading.Lock()
_BIN = [[math.comb(i, j) for j in range(13)] for i in range(64)]

ENABLED = True
"""Whether the search reads the table (tests turn it off to compare it with the search alone; the search's
tables keep what they read, so ``engine.search.clear_tables`` after a change)."""

Board = tuple[int, ...]
"""The mover's pits 1..6 then the opponent's pits 1..6 (12 counts)."""


@dataclass(frozen=True)
class Table:
    """One variant's table: ``seeds`` (N, the most seeds in play it covers), ``lo`` and ``gap`` (one byte a
    position each: the lower bound, signed, and ``hi - lo``), and ``base[n]``, the index of layer n's first
    position (layers hold ``C(n+11, 11) * (n+1)`` positions: rank-major, then a = 1..n+1)."""

    seeds: int
    lo: bytes
    gap: bytes
    base: tuple[int, ...]

    def bounds(self, board: Board, a: int) -> tuple[int, int]:
        """``(lo, hi)``: the future net score's bounds in seeds (module docstring) of ``board`` (mover's
        view, at most ``seeds`` seeds in play) when the mover still needs ``a`` seeds (1..n+1).

        Raises ``IndexError`` for a board with too many seeds and ``ValueError`` for an ``a`` out of range.
        """
        n = sum(board)
        if not 1 <= a <= n + 1:
            raise ValueError(f"the mover needs {a} seeds with {n} in play: the game is over or the total is not 48")
        i = self.base[n] + layer_rank(board) * (n + 1) + a - 1
        lo = self.lo[i]
        lo = lo - 256 if lo > 127 else lo
        return lo, lo + self.gap[i]


def layer_rank(board: Board) -> int:
    """The board's rank among the boards with as many seeds: its stars-and-bars bars
    ``b_j = p_1 + .. + p_(j+1) + j`` in the combinatorial number system (as ``engine.search.book.rank``
    without the boards with fewer seeds)."""
    r = acc = 0
    for j in range(PITS - 1):
        acc += board[j]
        r += _BIN[acc + j][j + 1]
    return r


def layer_sizes(seeds: int) -> list[int]:
    """Positions in layers 0..``seeds``: ``C(n+11, 11) * (n+1)`` each."""
    return [math.comb(n + 11, 11) * (n + 1) for n in range(seeds + 1)]


def variant_of(rules: Rules) -> str | None:
    """The grand slam variant (A4) of Oware ``rules``, or ``None`` for Kalah."""
    return rules.grand_slam if isinstance(rules, OwareRules) else None


def table_path(variant: str) -> Path | None:
    """The shipped file of ``variant`` with the most seeds, or ``None`` when none is shipped."""
    found = sorted(DATA.glob(f"oware_{variant}_*.egtb.xz"), key=lambda p: int(p.name.split("_")[-1].split(".")[0]))
    return found[-1] if found else None


@cache
def _load(variant: str) -> Table | None:
    path = table_path(variant)
    if path is None:
        return None
    seeds = int(path.name.split("_")[-1].split(".")[0])
    data = lzma.decompress(path.read_bytes())
    sizes = layer_sizes(seeds)
    total = sum(sizes)
    if len(data) != 2 * total:
        raise ValueError(f"{path.name} holds {len(data)} bytes, not {2 * total}: rebuild it (python -m tools.oware_table)")
    base = [0]
    for s in sizes[:-1]:
        base.append(base[-1] + s)
    return Table(seeds, data[:total], data[total:], tuple(base))


def table_for(rules: Rules) -> Table | None:
    """The table of ``rules``' grand slam variant (read once), or ``None`` (Kalah, none shipped, or
    :data:`ENABLED` is off)."""
    variant = variant_of(rules)
    if variant is None or not ENABLED:
        return None
    with _LOCK:
        return _load(variant)


def mover_view(position: Position) -> tuple[Board, int, int]:
    """``(board, a, captured now)``: the mover's view of ``position`` (module docstring), ``a`` the seeds the
    mover still needs, and the mover's captured seeds minus the opponent's."""
    me = position.to_move
    them = "S" if me == NORTH else NORTH
    return position.row(me) + position.row(them), WIN_AT - position.store(me), position.store(me) - position.store(them)


def position_bounds(position: Position, rules: Rules) -> tuple[int, int] | None:
    """Bounds on the final store difference (the mover's view, K16/A6) of ``position`` with best play and no
    history, from the table; ``(v, v)`` when proven exact. ``None`` when the table does not cover it (Kalah,
    more seeds in play than the table, the game over, or no table shipped)."""
    table = table_for(rules)
    if table is None:
        return None
    board, a, now = mover_view(position)
    n = sum(board)
    if n > table.seeds or not 1 <= a <= n + 1:
        return None
    lo, hi = table.bounds(board, a)
    return now + lo, now + hi


class Probe:
    """The table as the search reads it, on the kernel's packed ints (``engine.oware_kernel``: 8-bit fields,
    South's pits at fields 0..5, North's at 6..11, captured seeds at 12 and 13).

    ``probe(x, north)`` gives bounds on the *future net score* (seeds, the mover's view) of the position
    ``x`` with North (True) or South to move, or ``None`` when it has more than :attr:`seeds` seeds in play.
    """

    def __init__(self, table: Table) -> None:
        self.table = table
        self.seeds = table.seeds

    def probe(self, x: int, north: bool) -> tuple[int, int] | None:
        f = [(x >> (8 * k)) & 255 for k in range(14)]
        board = (*f[6:12], *f[:6]) if north else tuple(f[:12])
        n = sum(board)
        if n > self.seeds:
            return None
        a = WIN_AT - (f[13] if north else f[12])
        if not 1 <= a <= n + 1:
            return None
        return self.table.bounds(board, a)


class Leaves(Probe):
    """The table as the search reads it (``engine.search.searcher``), on the kernel's layout (the stores'
    shifts and mask). Values are final store differences in seeds from the view of the player named.

    - ``leaf(x, x2, north)``: the value, for the player who moved (North when ``north``), of the move
      from ``x`` to ``x2`` when it captured into a position the table holds exactly; else ``None``. After
      a capture no earlier position can come back (A6), so the table's value is the position's value.
    - ``cut(x, north, alpha, beta, line)``: ``(bound, depth)`` when the table's bound of ``x`` (North to
      move when ``north``) falls outside ``alpha..beta`` and still holds on ``line`` (the search's
      ``{x * 2 + north: depth on the line}``, oldest first); ``depth`` is the least depth of the line's
      positions it relied on (``1 << 30``: none). Else ``None``.

    Why ``cut`` looks at the line: the table's value assumes no history, and the line's positions since
    its last capture could come back. One that did would end the game, each player taking their own row
    (A6). A bound is kept only where every such ending is on its side too: positions that can only end
    the game the way a bound says cannot undo it (a winning strategy still wins: where it used to go on
    through one of them, the game now ends there, in its favour).
    """

    def __init__(self, table: Table, south_shift: int, north_shift: int, mask: int) -> None:
        super().__init__(table)
        self.shifts = (south_shift, north_shift, mask)

    def leaf(self, x: int, x2: int, north: bool) -> int | None:
        ss, ns, mask = self.shifts
        s, t = (x2 >> ss) & mask, x2 >> ns
        if s + t == ((x >> ss) & mask) + (x >> ns):  # no capture: the line since the last one matters
            return None
        b = self.probe(x2, not north)
        if b is None or b[0] != b[1]:
            return None
        return (t - s if north else s - t) - b[0]

    def cut(self, x: int, north: bool, alpha: int, beta: int, line: dict[int, int]) -> tuple[int, int] | None:
        b = self.probe(x, north)
        if b is None:
            return None
        ss, ns, mask = self.shifts
        s, t = (x >> ss) & mask, x >> ns
        now = t - s if north else s - t
        worst, best = now + b[0], now + b[1]
        above = worst >= beta  # a lower bound that fails high; else an upper bound that fails low, or nothing
        if not above and best > alpha:
            return None
        # A repetition of a line position y since the last capture (the same stores) would end the game,
        # each player taking their own row (A6): for the mover here now + (2 * South's row at y - n), the
        # sign turned for North. A row holds at most n <= 10 seeds: the sum of its six byte fields is the
        # row's value mod 255.
        stores, n, oldest = x >> ss, TOTAL - s - t, -1
        for key in reversed(line):
            y = key >> 1
            if y >> ss != stores:  # before the last capture: it cannot come back
                break
            r = 2 * ((y & ROW) % 255) - n
            ended = now - r if north else now + r
            if above:
                if ended < beta:
                    return None
                if ended < worst:
                    worst = ended
            else:
                if ended > alpha:
                    return None
                if ended > best:
                    best = ended
            oldest = key
        return (worst if above else best), (NO_LINE if oldest < 0 else line[oldest])


def leaves(rules: Rules, south_shift: int, north_shift: int, mask: int) -> Leaves | None:
    """:class:`Leaves` of ``rules``' table on the kernel's layout (shifts and mask of the stores), or
    ``None`` when there is no table (see :func:`table_for`)."""
    table = table_for(rules)
    return None if table is None else Leaves(table, south_shift, north_shift, mask)


def clear() -> None:
    """Forget the tables read (tests that swap the data folder use this)."""
    with _LOCK:
        _load.cache_clear()


__all__ = [
    "Board", "DATA", "ENABLED", "Leaves", "Probe", "Table", "VARIANTS", "WIN_AT", "clear", "layer_rank", "layer_sizes",
    "leaves", "mover_view", "position_bounds", "table_for", "table_path", "variant_of",
]
