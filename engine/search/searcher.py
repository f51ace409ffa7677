"""The search proper: the exact solver (``Searcher.solve``) and the depth-limited search.

Both are negamax with alpha-beta (fail-soft) over packed ints from a kernel
(``engine.kernel``); values are final store differences from the view of the
side to move at the node, in seeds. A transposition table keyed by
``x * 2 + (North to move)`` stores lower and upper bounds. Game facts used:

- An extra turn (K9) is the same player moving again: no sign flip.
- Stores only grow (K7-K18, A3), so with ``my`` and ``opp`` in the stores the
  final difference lies in ``[2*my - total, total - 2*opp]``: the free
  bounds, checked at every node before any move is made (more than half of
  the seeds in one store decides the game, K17/A6).
- Move ordering: the table's best move first, then extra turns, then moves
  that gain the most seeds now (captures).
- Enhanced transposition cutoffs (exact solver): the table entries of the
  children are looked at before any child is searched.
- Oware's endgame table (``engine.search.oware_table``): a move that
  captures into a position with few seeds in play, whose value the table
  proves, is a leaf of that value (``leaf``: no position before a capture
  can come back, A6, as the table's values assume); at any node with few
  seeds its bounds cut where the line's possible repetitions agree (``cut``;
  not at a search's first node when no line is set, so ``solve_best`` still
  finds a move there). A bound the table does not prove exact is only ever
  used as a bound.
- Oware (A6): a position that comes back on the current line ends the game,
  each player taking the seeds in their own row (``path`` holds the line,
  each key with its depth on it, the analysed position at 0: ``on_line``).
  A value decided by a position coming back from *above* a node depends on
  the line that reached it, so it is not kept in a table (graph history).

Budgets and memory: ``engine.search.budget`` (node counts, never times, decide every result).
"""

from __future__ import annotations

from typing import Any, Callable

from ..kernel import Moves
from ..position import NORTH, SOUTH
from .budget import NO_REPEAT, Budgeted, OutOfBudget
from .tables import GameTables

INF = 10_000
"""Larger than any store difference: the open window's bounds."""

FULL = 1_000
"""A depth that means "to the end of the game" (``MoveValue.depth`` of an exact value)."""

MAX_LINE = 250
"""Oware: the longest line the exact solver follows before it gives up on a proof."""

class Searcher(Budgeted):
    """One search: exact proofs (``solve``, ``mtd``) and depth-limited estimates (``search``, ``mtd_depth``).

    ``solve(x, moves, side, alpha, beta)`` and ``search(x, moves, side, depth,
    alpha, beta)`` return the value of a non-final node from the view of
    ``side`` (``"S"``/``"N"``, the player to move; ``moves`` are their move
    functions); ``depth`` is in plies (every move is a ply, extra turns too).
    Both raise ``OutOfBudget`` when the budget runs out. ``nodes`` counts the
    nodes searched; ``hz`` grows whenever a depth-limited search uses an
    estimate (a horizon node), so an unchanged ``hz`` means proven.
    """

    def __init__(self, game: GameTables, *, time_ms: float | None = None, max_nodes: int | None = None) -> None:
        """A search on ``game``'s tables that may run ``time_ms`` milliseconds from now
        and ``max_nodes`` nodes (``None``: no limit)."""
        super().__init__(game, time_ms, max_nodes)
        self.tt = game.exact_tt
        self.hz = 0
        self.solve = self._top_level(self._make_solve())
        self.search = self._top_level(self._make_search())

    def _swept(self, x: int, north: bool) -> int:
        """Oware, A6 by repetition: each player takes their own row; the difference for the mover."""
        return self.game.diff(self.game.kernel.sweep(x), NORTH if north else SOUTH)

    # --------------------------------------------------------- exact solver

    def _make_solve(self) -> Callable[..., int]:
        g = self.game
        SS, NS, total, cyc, M = g.south_shift, g.north_shift, g.total, g.cycles, g.store_mask
        swept = self._swept
        tt = self.tt
        tt_get = tt.get
        path = self.path
        leaf, cut, floor = g.leaf, g.cut, g.table_floor
        widen, push_seg = self.widen, self.push_seg
        me = self

        def solve(x: int, ms: Moves, side: str, alpha: int, beta: int) -> int:
            me.nodes += 1
            if me.nodes >= me.check_at:
                me._check()
            north = side == NORTH
            key = (x << 1) | north
            if cut is not None and path and ((x >> SS) & M) + (x >> NS) >= floor:  # Oware's endgame table
                c = cut(x, north, alpha, beta, path)
                if c is not None:
                    if c[1] < me.rep_low:  # it relied on the line above: not kept in a table
                        me.rep_low = c[1]
                    return c[0]
            e = tt_get(key)
            if e is not None:
                lo, hi, bi = e
                wl, wh = widen(x, north, lo, hi) if cyc else (lo, hi)  # A6: the line's positions could come back
                if wl >= beta:
                    return wl
                if wh <= alpha:
                    return wh
            else:
                s = (x >> SS) & M
                t = x >> NS
                if north:
                    lo, hi = t + t - total, total - s - s
                else:
                    lo, hi = s + s - total, total - t - t
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                bi = -1
            here = low0 = 0
            if cyc:
                here = len(path)
                path[key] = here
                push_seg(x)
                low0, me.rep_low = me.rep_low, NO_REPEAT
                if here >= MAX_LINE:  # an Oware line this long is not proven here
                    raise OutOfBudget
            kids = []
            x2: int
            i = 0
            for f in ms:
                x2, ms2 = f(x)
                s = (x2 >> SS) & M
                t = x2 >> NS
                d = t - s if north else s - t
                if not ms2:
                    if d >= beta:
                        keep(key, (d if d > lo else lo, hi, i), here, low0)
                        return d
                    kids.append((d + 100, i, x2, ms2, 0, d))
                else:
                    same = ms2[0].side == side
                    k2 = (x2 << 1) | (north if same else not north)
                    v = None
                    if cyc and k2 in path:  # A6: the position came back
                        if path[k2] < me.rep_low:
                            me.rep_low = path[k2]
                        v = swept(x2, north)
                    elif leaf is not None:  # Oware's endgame table, after a capture
                        v = leaf(x, x2, north)
                    if v is not None:
                        if v >= beta:
                            keep(key, (v if v > lo else lo, hi, i), here, low0)
                            return v
                        kids.append((v + 100, i, x2, (), 0, v))
                        i += 1
                        continue
                    e2 = tt_get(k2)
                    if e2 is not None:
                        cn = north if same else not north
                        l2, h2 = widen(x2, cn, e2[0], e2[1]) if cyc else (e2[0], e2[1])
                        if same:
                            if l2 >= beta:
                                keep(key, (l2 if l2 > lo else lo, hi, i), here, low0)
                                return l2
                        elif -h2 >= beta:
                            keep(key, (-h2 if -h2 > lo else lo, hi, i), here, low0)
                            return -h2
                    order = d + (30 if same else 0)
                    if i == bi:
                        order += 1000
                    kids.append((order, i, x2, ms2, 1 if same else 2, d))
                i += 1
            kids.sort(reverse=True)
            best = -INF
            bi = -1
            a = alpha
            for _, i, x2, ms2, kind, d in kids:
                if kind == 0:
                    v = d
                elif kind == 1:
                    v = solve(x2, ms2, side, a, beta)
                else:
                    v = -solve(x2, ms2, SOUTH if north else NORTH, -beta, -a)
                if v > best:
                    best = v
                    bi = i
                    if v > a:
                        a = v
                        if v >= beta:
                            break
            if best <= alpha:
                if best < hi:
                    hi = best
            elif best >= beta:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            keep(key, (lo, hi, bi), here, low0)
            return best

        def keep(key: int, entry: tuple[int, int, int], here: int, low0: int) -> None:
            """Leave a node: store its bounds unless they depend on the line above it (Oware)."""
            if not cyc:
                tt[key] = entry
                return
            del path[key]
            me.segs.pop()
            if me.rep_low >= here:  # no repetition of a position above this one decided it
                tt[key] = entry
            if low0 < me.rep_low:
                me.rep_low = low0

        return solve

    # ------------------------------------------------- depth-limited search

    def _make_search(self) -> Callable[..., int]:
        g = self.game
        SS, NS, total, cyc, M = g.south_shift, g.north_shift, g.total, g.cycles, g.store_mask
        swept = self._swept
        htt = self.htt
        htt_get = htt.get
        ett_get = self.tt.get
        path = self.path
        leaf, cut, floor = g.leaf, g.cut, g.table_floor
        widen, push_seg = self.widen, self.push_seg
        me = self

        def search(x: int, ms: Moves, side: str, depth: int, alpha: int, beta: int) -> int:
            me.nodes += 1
            if me.nodes >= me.check_at:
                me._check()
            north = side == NORTH
            key = (x << 1) | north
            if cut is not None and path and ((x >> SS) & M) + (x >> NS) >= floor:  # Oware's endgame table
                c = cut(x, north, alpha, beta, path)
                if c is not None:
                    if c[1] < me.rep_low:  # it relied on the line above: not kept in a table
                        me.rep_low = c[1]
                    return c[0]
            e = ett_get(key)
            if e is not None:  # proven bounds from an exact search
                lo, hi, bi = e
                if cyc:  # A6: widened to the line's possible repetitions (Budgeted.widen)
                    lo, hi = widen(x, north, lo, hi)
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
            else:
                s = (x >> SS) & M
                t = x >> NS
                if north:
                    lo, hi = t + t - total, total - s - s
                else:
                    lo, hi = s + s - total, total - t - t
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                bi = -1
            h = htt_get(key)
            if h is not None:
                hlo, hhi, hbi, hd = h
                if hd >= depth:
                    if hlo >= beta:
                        if hd < FULL:
                            me.hz += 1
                        return hlo
                    if hhi <= alpha:
                        if hd < FULL:
                            me.hz += 1
                        return hhi
                bi = hbi
            if depth <= 0:
                me.hz += 1
                s = (x >> SS) & M
                t = x >> NS
                return t - s if north else s - t
            hz0 = me.hz
            here = low0 = 0
            if cyc:
                here = len(path)
                path[key] = here
                push_seg(x)
                low0, me.rep_low = me.rep_low, NO_REPEAT
            kids = []
            x2: int
            i = 0
            for f in ms:
                x2, ms2 = f(x)
                s = (x2 >> SS) & M
                t = x2 >> NS
                d = t - s if north else s - t
                if not ms2:
                    kids.append((d + 100, i, x2, ms2, 0, d))
                else:
                    same = ms2[0].side == side
                    k2 = (x2 << 1) | (north if same else not north)
                    v = None
                    if cyc and k2 in path:  # A6: the position came back
                        if path[k2] < me.rep_low:
                            me.rep_low = path[k2]
                        v = swept(x2, north)
                    elif leaf is not None:  # Oware's endgame table, after a capture
                        v = leaf(x, x2, north)
                    if v is not None:
                        kids.append((v + 100, i, x2, (), 0, v))
                        i += 1
                        continue
                    order = d + (30 if same else 0)
                    if i == bi:
                        order += 1000
                    kids.append((order, i, x2, ms2, 1 if same else 2, d))
                i += 1
            kids.sort(reverse=True)
            best = -INF
            bi = -1
            a = alpha
            d1 = depth - 1
            for _, i, x2, ms2, kind, d in kids:
                if kind == 0:
                    v = d
                elif kind == 1:
                    v = search(x2, ms2, side, d1, a, beta)
                else:
                    v = -search(x2, ms2, SOUTH if north else NORTH, d1, -beta, -a)
                if v > best:
                    best = v
                    bi = i
                    if v > a:
                        a = v
                        if v >= beta:
                            break
            line_free = True
            if cyc:
                del path[key]
                me.segs.pop()
                line_free = me.rep_low >= here  # else the value depends on the line above (not kept)
                if low0 < me.rep_low:
                    me.rep_low = low0
            if best < lo:  # estimates never leave the proven bounds
                best = lo
            elif best > hi:
                best = hi
            if me.hz == hz0:
                d_store = FULL
            else:
                d_store = depth
            if h is not None and h[3] == d_store:
                hlo, hhi = h[0], h[1]
            else:
                hlo, hhi = -INF, INF
            if best <= alpha:
                hhi = best
            elif best >= beta:
                hlo = best
            else:
                hlo = hhi = best
            if line_free and (h is None or h[3] <= d_store):
                htt[key] = (hlo, hhi, bi, d_store)
            return best

        return search

    # ------------------------------------------------------------ drivers

    def mtd(self, x: int, ms: Moves, side: str, guess: int, lo: int = -INF, hi: int = INF) -> int:
        """The exact value of a non-final node by MTD(f): null-window proofs from ``guess``
        until the bounds ``lo``..``hi`` meet (seeds, ``side``'s view). Raises ``OutOfBudget``."""
        g = guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.solve(x, ms, side, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def mtd_depth(self, x: int, ms: Moves, side: str, depth: int, guess: int) -> tuple[int, bool]:
        """``(value, proven)``: the value searched ``depth`` plies deep by MTD(f) from ``guess``,
        and whether it needed no estimate (then it is exact). Raises ``OutOfBudget``."""
        lo, hi = -INF, INF
        g = guess
        hz0 = self.hz
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.search(x, ms, side, depth, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g, self.hz == hz0
