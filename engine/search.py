"""The search: what every pit leads to with best play, and the computer's levels.

Pure Python, standard library only. Two public functions:

- ``analyse(position, rules, *, time_ms=1000, max_depth=None)`` gives one
  ``MoveValue`` per legal pit: the final store difference from the mover's
  view with best play by both sides (``exact=True``, proven to the end of the
  game), or the search's estimate of it (``exact=False``, with the ``depth``
  in plies the estimate looked ahead).
- ``choose_move(position, rules, level, *, rng=None)`` picks the computer's
  pit for one of ``LEVELS``.

How it works. Positions are packed ints from ``engine.kalah_kernel`` (Kalah) or
``engine.oware_kernel`` (Oware); a move is one call. The search is negamax
with alpha-beta (fail-soft), a transposition table keyed by ``x * 2 + side``
that stores lower and upper bounds, and these game facts:

- An extra turn (K9) is the same player moving again: no sign flip.
- Stores only grow (K7-K18, A3), so with ``my`` and ``opp`` in the stores the
  final difference lies in ``[2*my - total, total - 2*opp]``: the free
  bounds, checked at every node before any move is made (more than half of
  the seeds in one store decides the game, K17/A6).
- Move ordering: the table's best move first, then extra turns, then moves
  that gain the most seeds now (captures).
- Enhanced transposition cutoffs: the table entries of the children are
  looked at before any child is searched.
- Proofs use MTD(f): a series of null-window searches that converge on the
  exact value; win/draw/loss needs only the windows around 0.
- Oware (A6): a position that comes back on the current line ends the game,
  each player taking the seeds in their own row. (A capture changes the
  stores, so a repeat on the line is always a repeat since the last capture.)
  As in every table-driven solver of a game with cycles, a value stored for
  a position may depend on the line that reached it (graph history); the
  values are exact for Kalah, which has no cycles.

Depth-limited searches (``max_depth``, the levels below Perfect) estimate a
position by the difference of the stores; a line that ends the game before
the horizon is counted exactly, and a result found without touching the
horizon is marked exact.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Union

from .core import legal_moves, play
from .kalah_kernel import KalahKernel, kalah_kernel
from .oware_kernel import OwareKernel, oware_kernel
from .position import NORTH, SOUTH, Position
from .rules import KalahRules, OwareRules, Rules

LEVELS = ("beginner", "easy", "medium", "hard", "perfect")
"""The computer's levels, weakest first (``choose_move``):

- ``"beginner"``: a random legal pit.
- ``"easy"``: greedy, one move ahead: the pit that gains the most now
  (store difference after the move; an extra turn breaks ties).
- ``"medium"``: looks about 6 plies ahead.
- ``"hard"``: iterative deepening for 1 second.
- ``"perfect"``: the proven best move when it can prove one in a few
  seconds, else ``"hard"`` with more time (2.5 seconds).
"""

LEVEL_SETTINGS: dict[str, dict[str, Any]] = {
    "medium": {"max_depth": 6, "time_ms": 1000},
    "hard": {"max_depth": None, "time_ms": 1000},
    "perfect": {"proof_seeds": 30, "proof_ms": 1500, "max_depth": None, "time_ms": 2500},
}
"""Budgets of the searching levels: plies (``None``: as deep as time allows) and
milliseconds; Perfect first tries a proof (when at most ``proof_seeds`` seeds are
in play). Tests swap in depth limits so their games are repeatable."""

MIN_MOVE_MS = 250
"""The least time a searching level gets for one move when ``choose_move`` is given ``time_ms``."""

_MAX_LINE = 250
"""Oware: the longest line the exact solver follows before it gives up on a proof."""

INF = 10_000
FULL = 1_000  # a depth that means "to the end of the game"
_TT_LIMIT = 3_000_000  # entries kept per rules object between calls


@dataclass(frozen=True)
class MoveValue:
    """What one legal pit leads to.

    Attributes:
        pit: the pit, 1..n in the mover's own numbering.
        value: the final store difference (mover minus opponent, after the
            final sweep) with best play by both sides; when ``exact`` is
            False, the search's estimate of it.
        exact: True when the value is proven to the end of the game.
        depth: plies looked ahead (every move is a ply, extra turns too);
            ``FULL`` (1000) when exact.
        pv: the principal variation as pit numbers, this pit first; each
            pit is in the numbering of the player who plays it (after an
            extra turn the same player plays again).
        outcome: ``"win"``, ``"draw"`` or ``"loss"`` for the mover when
            proven (always when ``exact``), else ``None``.
    """

    pit: int
    value: int
    exact: bool
    depth: int
    pv: tuple[int, ...]
    outcome: str | None = None


Moves = tuple[Any, ...]
"""Move functions of the player to move (``engine.kalah_kernel`` / ``engine.oware_kernel``)."""


class _Timeout(Exception):
    """The time budget ran out inside a search."""


def _result_word(value: int) -> str:
    return "win" if value > 0 else "loss" if value < 0 else "draw"


# ------------------------------------------------------------------ kernels


class _Game:
    """One rules object's kernel, its shifts, and the tables kept between calls."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.k: Union[OwareKernel, KalahKernel]
        if isinstance(rules, OwareRules):
            self.k = oware_kernel(rules)
            self.ss, self.ns = 8 * 12, 8 * 13
            self.cyc = True
            self.mask = 255
        else:
            self.k = kalah_kernel(rules)
            n = rules.pits
            # the kernel's field width, read from the kernel itself: a store of 1
            empty = (0,) * n
            self.ss = self.k.start(Position(empty, 1, empty, 0, SOUTH))[0].bit_length() - 1
            self.ns = self.k.start(Position(empty, 0, empty, 1, SOUTH))[0].bit_length() - 1
            self.cyc = False
            self.mask = (1 << (self.ns - self.ss) // (n + 1)) - 1
        self.total = rules.total_seeds
        self.exact_tt: dict[int, tuple[int, int, int]] = {}

    def trim(self) -> None:
        if len(self.exact_tt) > _TT_LIMIT:
            self.exact_tt.clear()


_GAMES: dict[Rules, _Game] = {}


def _game(rules: Rules) -> _Game:
    g = _GAMES.get(rules)
    if g is None:
        g = _GAMES[rules] = _Game(rules)
    return g


def clear_tables() -> None:
    """Forget every stored search result (tests and benchmarks use this)."""
    _GAMES.clear()


# ------------------------------------------------------------------ searcher


class _Searcher:
    """One search: exact proofs (``solve``) and depth-limited estimates (``search``).

    Values are from the view of the side to move at the node. ``side`` is
    ``"S"`` or ``"N"``. ``path`` holds the keys of the current line (Oware).
    """

    def __init__(self, game: _Game, deadline: float) -> None:
        self.game = game
        self.deadline = deadline
        self.nodes = 0
        self.etc = True
        self.tt = game.exact_tt
        self.htt: dict[int, tuple[int, int, int, int]] = {}
        self.hz = 0  # grows whenever a depth-limited search uses an estimate
        self.path: set[int] = set()
        self.solve = self._top_level(self._make_solve())
        self.search = self._top_level(self._make_search())

    def _top_level(self, fn: Callable[..., int]) -> Callable[..., int]:
        """A call from outside the recursion: on any way out by an exception the
        current line (``path``) is forgotten, and a line too deep for Python's
        stack counts as a search that ran out of time (not proven)."""
        path = self.path

        def top(*args: Any) -> int:
            try:
                return fn(*args)
            except RecursionError:
                path.clear()
                raise _Timeout from None
            except BaseException:
                path.clear()
                raise

        return top

    # --------------------------------------------------------- exact solver

    def _make_solve(self) -> Callable[..., int]:
        g = self.game
        SS, NS, total, cyc, M = g.ss, g.ns, g.total, g.cyc, g.mask
        tt = self.tt
        tt_get = tt.get
        path = self.path
        perf = time.perf_counter
        me = self

        def solve(x: int, ms: Moves, side: str, alpha: int, beta: int) -> int:
            me.nodes += 1
            if not me.nodes & 1023 and perf() > me.deadline:
                raise _Timeout
            north = side == NORTH
            key = (x << 1) | north
            e = tt_get(key)
            if e is not None:
                lo, hi, bi = e
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
            if cyc:
                path.add(key)
                if len(path) > _MAX_LINE:  # an Oware line this long is not proven here
                    raise _Timeout
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
                        if cyc:
                            path.discard(key)
                        tt[key] = (d if d > lo else lo, hi, i)
                        return d
                    kids.append((d + 100, i, x2, ms2, 0, d))
                else:
                    same = ms2[0].side == side
                    k2 = (x2 << 1) | (north if same else not north)
                    if cyc and k2 in path:  # A6: the position came back
                        d = _swept_diff(x2, SS, NS, north)
                        if d >= beta:
                            path.discard(key)
                            tt[key] = (d if d > lo else lo, hi, i)
                            return d
                        kids.append((d + 100, i, x2, (), 0, d))
                        i += 1
                        continue
                    e2 = tt_get(k2)
                    if e2 is not None:
                        if same:
                            if e2[0] >= beta:
                                if cyc:
                                    path.discard(key)
                                tt[key] = (e2[0] if e2[0] > lo else lo, hi, i)
                                return e2[0]
                        elif -e2[1] >= beta:
                            if cyc:
                                path.discard(key)
                            tt[key] = (-e2[1] if -e2[1] > lo else lo, hi, i)
                            return -e2[1]
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
            if cyc:
                path.discard(key)
            if best <= alpha:
                if best < hi:
                    hi = best
            elif best >= beta:
                if best > lo:
                    lo = best
            else:
                lo = hi = best
            tt[key] = (lo, hi, bi)
            return best

        return solve

    # ------------------------------------------------- depth-limited search

    def _make_search(self) -> Callable[..., int]:
        g = self.game
        SS, NS, total, cyc, M = g.ss, g.ns, g.total, g.cyc, g.mask
        htt = self.htt
        htt_get = htt.get
        ett_get = self.tt.get
        path = self.path
        perf = time.perf_counter
        me = self

        def search(x: int, ms: Moves, side: str, depth: int, alpha: int, beta: int) -> int:
            me.nodes += 1
            if not me.nodes & 1023 and perf() > me.deadline:
                raise _Timeout
            north = side == NORTH
            key = (x << 1) | north
            e = ett_get(key)
            if e is not None:  # proven bounds from an exact search
                lo, hi, bi = e
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
            if cyc:
                path.add(key)
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
                    if cyc and ((x2 << 1) | (not north)) in path:
                        d = _swept_diff(x2, SS, NS, north)
                        kids.append((d + 100, i, x2, (), 0, d))
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
            if cyc:
                path.discard(key)
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
            if h is None or h[3] <= d_store:
                htt[key] = (hlo, hhi, bi, d_store)
            return best

        return search

    # ------------------------------------------------------------ drivers

    def mtd(self, x: int, ms: Moves, side: str, guess: int, lo: int = -INF, hi: int = INF) -> int:
        """The exact value of a non-final node by MTD(f) (raises ``_Timeout``)."""
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
        """The depth-limited value by MTD(f) and whether it needed no estimate."""
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


def _swept_diff(x: int, ss: int, ns: int, north: bool) -> int:
    """Oware, A6 by repetition: each player takes their own row; difference for the mover."""
    s = (x >> ss) & 255
    t = x >> ns
    south_row = sum((x >> (8 * k)) & 255 for k in range(6))
    north_row = sum((x >> (8 * k)) & 255 for k in range(6, 12))
    d = (s + south_row) - (t + north_row)
    return -d if north else d


# ------------------------------------------------------------------ analysis


def _children(game: _Game, pos: Position) -> tuple[int, Moves, list[tuple[Any, int, Moves, bool]]]:
    """The root: packed x, move functions, and per move (f, x2, ms2, same_side)."""
    x, ms = game.k.start(pos)
    kids = []
    f: Any
    for f in ms:
        x2, ms2 = f(x)
        same = bool(ms2) and ms2[0].side == f.side
        kids.append((f, x2, ms2, same))
    return x, ms, kids


def _final_diff(game: _Game, x: int, side: str) -> int:
    s = (x >> game.ss) & game.mask
    t = x >> game.ns
    return t - s if side == NORTH else s - t


def _pv(game: _Game, searcher: _Searcher | None, f: Any, x2: int, ms2: Moves, limit: int = 40) -> tuple[int, ...]:
    """Follow the best moves stored in the tables from after the root move ``f``."""
    pv = [f.pit]
    seen = set()
    while ms2 and len(pv) < limit:
        side = ms2[0].side
        key = (x2 << 1) | (side == NORTH)
        if key in seen:
            break
        seen.add(key)
        bi = -1
        e = game.exact_tt.get(key)
        if e is not None and e[0] == e[1]:
            bi = e[2]
        elif searcher is not None and key in searcher.htt:
            bi = searcher.htt[key][2]
        elif e is not None:
            bi = e[2]
        if not 0 <= bi < len(ms2):
            break
        f2 = ms2[bi]
        pv.append(f2.pit)
        x2, ms2 = f2(x2)
    return tuple(pv)


def analyse(
    position: Position,
    rules: Rules,
    *,
    time_ms: int = 1000,
    max_depth: int | None = None,
) -> tuple[MoveValue, ...]:
    """What every legal pit leads to with best play: one ``MoveValue`` per legal pit, ascending.

    First tries to prove every move's exact value (MTD(f) on the proven
    table) within part of the budget; what is not proven is estimated by
    iterative deepening with the rest. ``max_depth`` limits the estimate to
    that many plies (and skips the proof attempt when under 8). Values are
    final store differences from the mover's view (K16, A6). Returns ``()``
    when the game is over.

    Raises ``ValueError`` when the position does not fit the rules (as
    ``engine.legal_moves`` does).

    >>> from engine import KalahRules, Position
    >>> r = KalahRules(pits=3, seeds=1)
    >>> [(m.pit, m.value, m.exact) for m in analyse(r.initial_position(), r)]
    [(1, 0, True), (2, -4, True), (3, 0, True)]
    """
    legal = legal_moves(position, rules)
    if not legal:
        return ()
    t0 = time.perf_counter()
    budget = max(time_ms, 1) / 1000.0
    game = _game(rules)
    game.trim()
    x, ms, kids = _children(game, position)
    side = position.to_move
    results: dict[int, MoveValue] = {}
    todo = []
    for f, x2, ms2, same in kids:
        if not ms2:
            v = _final_diff(game, x2, side)
            results[f.pit] = MoveValue(f.pit, v, True, FULL, (f.pit,), _result_word(v))
        else:
            todo.append((f, x2, ms2, same))
    seeds = game.k.seeds_in_play(x)
    # the share of the budget spent on proofs
    if max_depth is not None and max_depth < 8:
        frac = 0.0
    elif seeds <= 20:
        frac = 0.85
    elif seeds <= 28:
        frac = 0.6
    elif seeds <= 32:
        frac = 0.4
    else:
        frac = 0.0
    searcher = _Searcher(game, t0 + budget * frac)
    # quick estimates guide the proofs' first guesses and the order
    guesses = {}
    for f, x2, ms2, same in todo:
        s = _final_diff(game, x2, side)
        guesses[f.pit] = s
    if frac > 0:
        try:
            for f, x2, ms2, same in sorted(todo, key=lambda k: -guesses[k[0].pit]):
                cside = ms2[0].side
                e = game.exact_tt.get((x2 << 1) | (cside == NORTH))
                g = guesses[f.pit] if same else -guesses[f.pit]
                if e is not None:
                    g = max(e[0], min(e[1], g))
                v = searcher.mtd(x2, ms2, cside, g)
                if not same:
                    v = -v
                results[f.pit] = MoveValue(f.pit, v, True, FULL, _pv(game, None, f, x2, ms2), _result_word(v))
        except _Timeout:
            pass
    todo = [k for k in todo if k[0].pit not in results]
    if todo:
        searcher.deadline = t0 + budget
        limit = max_depth if max_depth is not None else 200
        estimates: dict[int, tuple[int, int, bool]] = {}
        depth = 1
        try:
            while depth <= limit:
                for f, x2, ms2, same in sorted(todo, key=lambda k: -estimates.get(k[0].pit, (guesses[k[0].pit],))[0]):
                    cside = ms2[0].side
                    prev = estimates.get(f.pit)
                    g = prev[0] if prev else guesses[f.pit]
                    v, proven = searcher.mtd_depth(x2, ms2, cside, depth - 1, g if same else -g)
                    if not same:
                        v = -v
                    estimates[f.pit] = (v, depth, proven)
                if all(p for _, _, p in estimates.values()):
                    break
                depth += 1
        except _Timeout:
            pass
        for f, x2, ms2, same in todo:
            if f.pit in estimates:
                v, d, proven = estimates[f.pit]
            else:  # no time for even one ply: the store difference now
                v, d, proven = guesses[f.pit], 1, False
            word = _result_word(v) if proven else None
            results[f.pit] = MoveValue(
                f.pit, v, proven, FULL if proven else d, _pv(game, searcher, f, x2, ms2), word
            )
    return tuple(results[p] for p in legal)


def _at_least(searcher: _Searcher, x2: int, ms2: Moves, same: bool, gamma: int) -> bool:
    """Is the mover's value of the move leading to ``x2`` at least ``gamma``? (one null window)"""
    cside = ms2[0].side
    if same:
        return bool(searcher.solve(x2, ms2, cside, gamma - 1, gamma) >= gamma)
    return bool(-searcher.solve(x2, ms2, cside, -gamma, -gamma + 1) >= gamma)


def prove_all(position: Position, rules: Rules, *, time_ms: int = 1000, wdl: bool = False) -> dict[str, Any]:
    """Prove every legal move: its exact value, or with ``wdl`` only win/draw/loss.

    Returns ``{"proven": bool, "nodes": int, "values": {pit: value or "win"/"draw"/"loss"}}``;
    ``proven`` is False when the time ran out (the values found so far are kept).
    The benchmark and the tests use it; ``analyse`` is the public face.
    """
    game = _game(rules)
    game.trim()
    x, ms, kids = _children(game, position)
    side = position.to_move
    searcher = _Searcher(game, time.perf_counter() + time_ms / 1000.0)
    values: dict[int, Any] = {}
    try:
        for f, x2, ms2, same in kids:
            if not ms2:
                v = _final_diff(game, x2, side)
                values[f.pit] = _result_word(v) if wdl else v
            elif wdl:
                if _at_least(searcher, x2, ms2, same, 1):
                    values[f.pit] = "win"
                elif _at_least(searcher, x2, ms2, same, 0):
                    values[f.pit] = "draw"
                else:
                    values[f.pit] = "loss"
            else:
                g = _final_diff(game, x2, side)
                v = searcher.mtd(x2, ms2, ms2[0].side, g if same else -g)
                values[f.pit] = v if same else -v
        proven = True
    except _Timeout:
        proven = False
    return {"proven": proven, "nodes": searcher.nodes, "values": values}


def prove_result(position: Position, rules: Rules, *, time_ms: int = 1000) -> str | None:
    """Win, draw or loss for the player to move with best play, or ``None`` if time ran out.

    Two null-window proofs at the root (value >= 1? value >= 0?); Kalah
    and Oware alike. Raises ``ValueError`` when the game is already over.
    """
    game = _game(rules)
    game.trim()
    x, ms = game.k.start(position)
    if not ms:
        raise ValueError(f"the game is over in {position.to_notation()}")
    searcher = _Searcher(game, time.perf_counter() + time_ms / 1000.0)
    side = position.to_move
    try:
        if searcher.solve(x, ms, side, 0, 1) >= 1:
            return "win"
        return "draw" if searcher.solve(x, ms, side, -1, 0) >= 0 else "loss"
    except _Timeout:
        return None


# ------------------------------------------------------------------ levels


def best_move(
    position: Position, rules: Rules, *, time_ms: int = 1000, max_depth: int | None = None
) -> tuple[int, int, int]:
    """Iterative deepening for the best pit only: ``(pit, value, depth reached)``.

    Cheaper than ``analyse``: after the first move, the others only have to
    be shown to be no better (null windows). The depth is in plies.
    """
    legal = legal_moves(position, rules)
    if not legal:
        raise ValueError(f"the game is over, there is no move in {position.to_notation()}")
    t0 = time.perf_counter()
    game = _game(rules)
    game.trim()
    x, ms, kids = _children(game, position)
    side = position.to_move
    if len(kids) == 1:
        return kids[0][0].pit, 0, 0
    searcher = _Searcher(game, t0 + max(time_ms, 1) / 1000.0)
    limit = max_depth if max_depth is not None else 200
    order = sorted(kids, key=lambda k: -_final_diff(game, k[1], side) - (30 if k[3] else 0))
    best_pit, best_val, reached = order[0][0].pit, _final_diff(game, order[0][1], side), 0
    depth = 1
    try:
        while depth <= limit:
            hz0 = searcher.hz
            alpha = -INF
            cur_pit, cur_val = None, -INF
            for f, x2, ms2, same in order:
                if not ms2:
                    v = _final_diff(game, x2, side)
                else:
                    cside = ms2[0].side
                    if cur_pit is None:
                        v = searcher.search(x2, ms2, cside, depth - 1, -INF, INF) if same else -searcher.search(
                            x2, ms2, cside, depth - 1, -INF, INF
                        )
                    else:  # PVS at the root: is this move better at all?
                        if same:
                            v = searcher.search(x2, ms2, cside, depth - 1, alpha, alpha + 1)
                            if v > alpha:
                                v = searcher.search(x2, ms2, cside, depth - 1, v, INF)
                        else:
                            v = -searcher.search(x2, ms2, cside, depth - 1, -alpha - 1, -alpha)
                            if v > alpha:
                                v = -searcher.search(x2, ms2, cside, depth - 1, -INF, -v)
                if v > cur_val:
                    cur_pit, cur_val = f.pit, v
                    alpha = v
            best_pit, best_val, reached = cur_pit, cur_val, depth
            order.sort(key=lambda k: k[0].pit != best_pit)
            if searcher.hz == hz0:  # proven to the end
                break
            depth += 1
    except _Timeout:
        pass
    return best_pit, best_val, reached


def solve_best(position: Position, rules: Rules, *, time_ms: int = 3000) -> tuple[int, int] | None:
    """The proven best pit and its exact value, or ``None`` when not proven in time."""
    legal = legal_moves(position, rules)
    if not legal:
        return None
    game = _game(rules)
    game.trim()
    x, ms = game.k.start(position)
    side = position.to_move
    searcher = _Searcher(game, time.perf_counter() + time_ms / 1000.0)
    try:
        v = searcher.mtd(x, ms, side, _final_diff(game, x, side))
    except _Timeout:
        return None
    e = game.exact_tt.get((x << 1) | (side == NORTH))
    if e is None or not 0 <= e[2] < len(ms):
        # the root was decided before any child was searched: find a move with that value
        f: Any
        for f in ms:
            x2, ms2 = f(x)
            if not ms2:
                if _final_diff(game, x2, side) == v:
                    return f.pit, v
                continue
            e2 = game.exact_tt.get((x2 << 1) | (ms2[0].side == NORTH))
            if e2 is not None:
                c = e2[0] if ms2[0].side == side else -e2[1]
                if c >= v:
                    return f.pit, v
        return None
    best: Any = ms[e[2]]
    return int(best.pit), v


def _greedy(position: Position, rules: Rules, rng: random.Random) -> int:
    """Easy: the pit whose result is best right now (store difference; extra turn breaks ties)."""
    side = position.to_move
    scores = []
    for pit in legal_moves(position, rules):
        res = play(position, pit, rules)
        after = res.position
        d = after.store(side) - after.store(NORTH if side == SOUTH else SOUTH)
        if res.game_over:
            d *= 10  # a finished game counts fully
        scores.append((d, res.extra_turn, pit))
    top = max(s[:2] for s in scores)
    return rng.choice([p for d, e, p in scores if (d, e) == top])


def choose_move(
    position: Position,
    rules: Rules,
    level: str,
    *,
    rng: random.Random | None = None,
    time_ms: int | None = None,
) -> int:
    """The computer's pit (1..n, the mover's numbering) at ``level`` (one of ``LEVELS``).

    ``rng`` makes Beginner and Easy repeatable (ties are broken at random).
    ``time_ms`` caps the thinking of the searching levels (Medium, Hard,
    Perfect) in milliseconds, below their own budget in ``LEVEL_SETTINGS``
    (never under ``MIN_MOVE_MS``); ``None`` keeps the level's budget. Perfect
    spends at most half of a capped budget on its proof attempt.

    Raises:
        ValueError: an unknown level, or the game is over (no legal move).
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    legal = legal_moves(position, rules)
    if not legal:
        raise ValueError(f"the game is over, there is no move in {position.to_notation()}")
    rng = rng if rng is not None else random.Random()
    if len(legal) == 1:
        return legal[0]
    if level == "beginner":
        return rng.choice(legal)
    if level == "easy":
        return _greedy(position, rules, rng)
    cfg = LEVEL_SETTINGS[level]
    budget = cfg["time_ms"] if time_ms is None else max(MIN_MOVE_MS, int(time_ms))
    if level == "perfect" and position.seeds_in_play <= cfg["proof_seeds"]:
        proof_ms = cfg["proof_ms"] if time_ms is None else min(cfg["proof_ms"], budget // 2)
        proven = solve_best(position, rules, time_ms=proof_ms)
        if proven is not None:
            return proven[0]
        if time_ms is not None:
            budget = max(MIN_MOVE_MS, budget - proof_ms)
    return best_move(position, rules, time_ms=min(cfg["time_ms"], budget), max_depth=cfg["max_depth"])[0]


__all__ = [
    "FULL", "LEVELS", "LEVEL_SETTINGS", "MIN_MOVE_MS", "MoveValue", "analyse", "best_move", "choose_move", "clear_tables", "prove_all", "prove_result", "solve_best",
]
