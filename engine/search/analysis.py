"""What every pit leads to: ``analyse`` (the public face), ``prove_all`` and ``prove_result``.

Values are final store differences in seeds from the mover's view with best
play by both sides (K16; Awari A6). Budgets: ``time_ms`` milliseconds
(``None``: no time limit) and ``max_nodes`` nodes (``None``: no node limit);
running out of either is the same thing (the search stops and says what it
has). With ``time_ms=None`` the results never depend on the machine's speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..moves import legal_moves
from ..kernel import Moves
from ..position import NORTH, Position
from ..rules import Rules
from .book import line, lookup
from .oware_table import position_bounds
from .oware_proven import proven_values
from .budget import OutOfBudget, check_budget
from .searcher import FULL, Searcher
from .tables import GameTables, tables_for


@dataclass(frozen=True)
class MoveValue:
    """What one legal pit leads to.

    Attributes:
        pit: the pit, 1..n in the mover's own numbering.
        value: the final store difference in seeds (mover minus opponent,
            after the final sweep, K15/K16, A6) with best play by both sides;
            when ``exact`` is False, the search's estimate of it.
        exact: True when the value is proven to the end of the game.
        depth: plies looked ahead (every move is a ply, extra turns too, K9);
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


def result_word(value: int) -> str:
    """``"win"``, ``"draw"`` or ``"loss"`` for a final store difference ``value`` (K16)."""
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def _pv(game: GameTables, searcher: Searcher | None, f: Any, x2: int, ms2: Moves, limit: int = 40) -> tuple[int, ...]:
    """Follow the best moves stored in the tables from after the root move ``f`` (at most ``limit`` pits)."""
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


def _proof_share(seeds: int, max_depth: int | None) -> float:
    """The share of the budget ``analyse`` spends on proofs, by seeds in play."""
    if max_depth is not None and max_depth < 8:
        return 0.0
    if seeds <= 20:
        return 0.85
    if seeds <= 28:
        return 0.6
    if seeds <= 32:
        return 0.4
    return 0.0


def analyse(
    position: Position,
    rules: Rules,
    *,
    time_ms: int | None = 1000,
    max_depth: int | None = None,
    max_nodes: int | None = None,
    same_depth: bool = False,
) -> tuple[MoveValue, ...]:
    """What every legal pit leads to with best play: one ``MoveValue`` per legal pit, ascending.

    Positions the shipped data covers (``engine.search.book``: the Kalah 6x3
    and 6x4 opening books, the endgame table of 6-pit boards with few seeds;
    ``engine.search.oware_proven``: the Awari positions the lessons teach) are
    answered from it at once, exact, each ``pv`` followed in the data (not
    when ``max_depth`` is given: then the search runs as asked). Otherwise it
    first tries to prove every move's exact value (MTD(f) on the proven
    table) within part of the budget (by seeds in play: 85% up to 20 seeds,
    60% up to 28, 40% up to 32, none above); what is not proven is estimated
    by iterative deepening with the rest. ``max_depth`` limits the estimate to
    that many plies (and skips the proof attempt when under 8). ``time_ms``
    is the budget in milliseconds (``None``: no time limit) and ``max_nodes``
    in nodes (``None``: no limit); both are shared the same way. Values are
    final store differences from the mover's view (K16, A6). Returns ``()``
    when the game is over.

    ``same_depth``: when the budget runs out part-way through a depth, the
    estimates (and lines) of the last depth every pit completed are given
    instead of a mix of depths, so estimates compare fairly (values proven
    on the way are kept). Without it each pit keeps its deepest estimate.

    Raises ``ValueError`` when the position does not fit the rules (as
    ``engine.legal_moves`` does) or a budget is out of range (``engine.search.budget``:
    ``time_ms`` a finite 0..60000, ``max_nodes`` a whole 0..10**9, ``max_depth`` 1..200).

    >>> from engine import KalahRules, Position
    >>> r = KalahRules(pits=3, seeds=1)
    >>> [(m.pit, m.value, m.exact) for m in analyse(r.initial_position(), r, time_ms=None)]
    [(1, 0, True), (2, -4, True), (3, 0, True)]
    """
    check_budget(time_ms, max_nodes, max_depth)
    legal = legal_moves(position, rules)
    if not legal:
        return ()
    known = (lookup(position, rules) or proven_values(position, rules)) if max_depth is None else None
    if known is not None:
        return tuple(MoveValue(p, known[p], True, FULL, line(position, rules, p), result_word(known[p])) for p in legal)
    budget = None if time_ms is None else max(time_ms, 1)
    game = tables_for(rules)
    x, ms, kids = game.children(position)
    side = position.to_move
    results: dict[int, MoveValue] = {}
    todo = []
    for f, x2, ms2, same in kids:
        v = game.settled(x, x2, ms2, side)
        if v is not None:  # the game ends, or the endgame table knows where the capture leads
            results[f.pit] = MoveValue(f.pit, v, True, FULL, (f.pit,), result_word(v))
        else:
            todo.append((f, x2, ms2, same))
    frac = _proof_share(game.kernel.seeds_in_play(x), max_depth)
    searcher = Searcher(
        game,
        time_ms=None if budget is None else budget * frac,
        max_nodes=None if max_nodes is None else int(max_nodes * frac),
    )
    searcher.on_line((x << 1) | (side == NORTH))  # A6: a line back to this position ends there
    # quick estimates guide the proofs' first guesses and the order
    guesses = {f.pit: game.diff(x2, side) for f, x2, ms2, same in todo}
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
                results[f.pit] = MoveValue(f.pit, v, True, FULL, _pv(game, None, f, x2, ms2), result_word(v))
        except OutOfBudget:
            pass
    todo = [k for k in todo if k[0].pit not in results]
    if todo:
        searcher.limit(budget, max_nodes)
        limit = max_depth if max_depth is not None else 200
        estimates: dict[int, tuple[int, int, bool]] = {}
        # same_depth: each pit's estimate and line at the last depth every pit completed
        completed: dict[int, tuple[tuple[int, int, bool], tuple[int, ...]]] = {}
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
                if same_depth:
                    completed = {f.pit: (estimates[f.pit], _pv(game, searcher, f, x2, ms2)) for f, x2, ms2, _ in todo}
                depth += 1
        except OutOfBudget:
            pass
        for f, x2, ms2, same in todo:
            pv = None
            if f.pit in estimates:
                v, d, proven = estimates[f.pit]
                if same_depth and not proven and f.pit in completed:  # stopped part-way through a depth
                    (v, d, proven), pv = completed[f.pit]
            else:  # no budget for even one ply: the store difference now
                v, d, proven = guesses[f.pit], 1, False
            word = result_word(v) if proven else None
            results[f.pit] = MoveValue(
                f.pit, v, proven, FULL if proven else d, pv or _pv(game, searcher, f, x2, ms2), word
            )
    return tuple(results[p] for p in legal)


def _at_least(searcher: Searcher, x2: int, ms2: Moves, same: bool, gamma: int) -> bool:
    """Is the mover's value of the move leading to ``x2`` at least ``gamma``? (one null window)"""
    cside = ms2[0].side
    if same:
        return bool(searcher.solve(x2, ms2, cside, gamma - 1, gamma) >= gamma)
    return bool(-searcher.solve(x2, ms2, cside, -gamma, -gamma + 1) >= gamma)


def prove_all(
    position: Position,
    rules: Rules,
    *,
    time_ms: int | None = 1000,
    wdl: bool = False,
    max_nodes: int | None = None,
) -> dict[str, Any]:
    """Prove every legal move: its exact value in seeds (K16, A6), or with ``wdl`` only win/draw/loss.

    Returns ``{"proven": bool, "nodes": int, "values": {pit: value or "win"/"draw"/"loss"}}``;
    ``proven`` is False when the budget ran out (``time_ms`` milliseconds,
    ``max_nodes`` nodes; ``None``: no limit), and the values found so far are
    kept; ``nodes`` is the nodes searched (never more than ``max_nodes``).
    An over game gives ``{"proven": True, "nodes": 0, "values": {}}``.
    The benchmark and the tests use it; ``analyse`` is the public face.
    Raises ``ValueError`` when a budget is out of range (``engine.search.budget``).
    """
    check_budget(time_ms, max_nodes)
    game = tables_for(rules)
    x, ms, kids = game.children(position)
    side = position.to_move
    searcher = Searcher(game, time_ms=time_ms, max_nodes=max_nodes)
    searcher.on_line((x << 1) | (side == NORTH))
    values: dict[int, Any] = {}
    try:
        for f, x2, ms2, same in kids:
            known = game.settled(x, x2, ms2, side)
            if known is not None:  # the game ends, or the endgame table knows where the capture leads
                values[f.pit] = result_word(known) if wdl else known
            elif wdl:
                if _at_least(searcher, x2, ms2, same, 1):
                    values[f.pit] = "win"
                elif _at_least(searcher, x2, ms2, same, 0):
                    values[f.pit] = "draw"
                else:
                    values[f.pit] = "loss"
            else:
                g = game.diff(x2, side)
                v = searcher.mtd(x2, ms2, ms2[0].side, g if same else -g)
                values[f.pit] = v if same else -v
        proven = True
    except OutOfBudget:
        proven = False
    return {"proven": proven, "nodes": searcher.nodes, "values": values}


def prove_result(
    position: Position, rules: Rules, *, time_ms: int | None = 1000, max_nodes: int | None = None
) -> str | None:
    """``"win"``, ``"draw"`` or ``"loss"`` for the player to move with best play (K16, A6),
    or ``None`` if the budget ran out (``time_ms`` milliseconds, ``max_nodes`` nodes; ``None``: no limit).

    Two null-window proofs at the root (value >= 1? value >= 0?); Kalah
    and Oware alike. Raises ``ValueError`` when the game is already over or
    a budget is out of range (``engine.search.budget``).
    """
    check_budget(time_ms, max_nodes)
    game = tables_for(rules)
    x, ms = game.kernel.start(position)
    if not ms:
        raise ValueError(f"the game is over in {position.to_notation()}")
    known = position_bounds(position, rules)  # the game from here, no history: Oware's endgame table
    if known is not None:  # its bounds decide the result when both are on one side of 0
        lo, hi = known
        if lo > 0 or hi < 0 or lo == hi:
            return result_word(lo if lo > 0 or lo == hi else hi)
    searcher = Searcher(game, time_ms=time_ms, max_nodes=max_nodes)
    side = position.to_move
    try:
        if searcher.solve(x, ms, side, 0, 1) >= 1:
            return "win"
        return "draw" if searcher.solve(x, ms, side, -1, 0) >= 0 else "loss"
    except OutOfBudget:
        return None
