"""The computer's levels: ``choose_move`` and the searches it runs (``best_move``, ``solve_best``).

Budgets: ``time_ms`` milliseconds (``None``: no time limit) and ``max_nodes``
nodes (``None``: no node limit); running out of either stops the search as
if time had run out. Tests use depth caps or node limits with
``time_ms=None`` so the computer plays the same moves on every machine.
"""

from __future__ import annotations

import random
from typing import Any

from ..moves import legal_moves, play
from ..position import NORTH, SOUTH, Position
from ..rules import Rules
from .book import lookup
from .budget import OutOfBudget, check_budget
from .searcher import INF, Searcher
from .tables import tables_for

LEVELS = ("beginner", "easy", "medium", "hard", "perfect")
"""The computer's levels, weakest first (``choose_move``):

- ``"beginner"``: a random legal pit.
- ``"easy"``: greedy, one move ahead: the pit that gains the most now
  (store difference after the move; an extra turn breaks ties, K9).
- ``"medium"``: looks about 6 plies ahead.
- ``"hard"``: iterative deepening for 1 second.
- ``"perfect"``: the proven best move when it can prove one in a few
  seconds, else ``"hard"`` with more time (2.5 seconds).

Hard and Perfect first read the shipped data (``engine.search.book``):
both play a best move of the Kalah 6x3 and 6x4 opening books, and Perfect also
reads the endgame table of 6-pit boards with few seeds (ties: the lowest pit).
"""

LEVEL_SETTINGS: dict[str, dict[str, Any]] = {
    "medium": {"max_depth": 6, "time_ms": 1000},
    "hard": {"max_depth": None, "time_ms": 1000},
    "perfect": {"proof_seeds": 30, "proof_ms": 1500, "max_depth": None, "time_ms": 2500},
}
"""Budgets of the searching levels: plies (``None``: as deep as the budget allows) and
milliseconds (``None``: no time limit); Perfect first tries a proof (when at most
``proof_seeds`` seeds are in play) for ``proof_ms`` milliseconds. Tests swap in
depth limits with ``time_ms=None`` so their games are the same on every machine."""

MIN_MOVE_MS = 250
"""The least time a searching level gets for one move when ``choose_move`` is given ``time_ms``."""


def best_move(
    position: Position,
    rules: Rules,
    *,
    time_ms: int | None = 1000,
    max_depth: int | None = None,
    max_nodes: int | None = None,
) -> tuple[int, int, int]:
    """Iterative deepening for the best pit only: ``(pit, value, depth reached)``.

    Cheaper than ``analyse``: after the first move, the others only have to
    be shown to be no better (null windows). ``value`` is the estimated final
    store difference in seeds from the mover's view (K16, A6) at the depth
    reached, in plies (extra turns count, K9); the search stops at
    ``max_depth`` plies, when proven to the end, or when the budget runs out
    (``time_ms`` milliseconds, ``max_nodes`` nodes; ``None``: no limit). With
    a single legal pit it returns ``(pit, 0, 0)`` at once.

    Raises ``ValueError`` when the game is over (no legal move) or
    a budget is out of range (``engine.search.budget``).
    """
    check_budget(time_ms, max_nodes, max_depth)
    legal = legal_moves(position, rules)
    if not legal:
        raise ValueError(f"the game is over, there is no move in {position.to_notation()}")
    game = tables_for(rules)
    x, ms, kids = game.children(position)
    side = position.to_move
    if len(kids) == 1:
        return kids[0][0].pit, 0, 0
    searcher = Searcher(game, time_ms=None if time_ms is None else max(time_ms, 1), max_nodes=max_nodes)
    searcher.on_line((x << 1) | (side == NORTH))  # A6: a line back to this position ends there
    limit = max_depth if max_depth is not None else 200
    order = sorted(kids, key=lambda k: -game.diff(k[1], side) - (30 if k[3] else 0))
    best_pit, best_val, reached = order[0][0].pit, game.diff(order[0][1], side), 0
    depth = 1
    try:
        while depth <= limit:
            hz0 = searcher.hz
            alpha = -INF
            cur_pit, cur_val = None, -INF
            for f, x2, ms2, same in order:
                if not ms2:
                    v = game.diff(x2, side)
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
    except OutOfBudget:
        pass
    return best_pit, best_val, reached


def solve_best(
    position: Position, rules: Rules, *, time_ms: int | None = 3000, max_nodes: int | None = None
) -> tuple[int, int] | None:
    """The proven best pit and its exact value: ``(pit, final store difference in seeds)`` (K16, A6).

    ``None`` when the game is over or nothing is proven within the budget
    (``time_ms`` milliseconds, ``max_nodes`` nodes; ``None``: no limit).
    Raises ``ValueError`` when a budget is out of range (``engine.search.budget``).
    """
    check_budget(time_ms, max_nodes)
    legal = legal_moves(position, rules)
    if not legal:
        return None
    game = tables_for(rules)
    x, ms = game.kernel.start(position)
    side = position.to_move
    searcher = Searcher(game, time_ms=time_ms, max_nodes=max_nodes)
    try:
        v = searcher.mtd(x, ms, side, game.diff(x, side))
    except OutOfBudget:
        return None
    e = game.exact_tt.get((x << 1) | (side == NORTH))
    if e is None or not 0 <= e[2] < len(ms):
        # the root was decided before any child was searched: find a move with that value
        f: Any
        for f in ms:
            x2, ms2 = f(x)
            if not ms2:
                if game.diff(x2, side) == v:
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
    """Easy: the pit whose result is best right now (store difference; extra turn breaks ties, K9)."""
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


def _least(a: int | None, b: int | None) -> int | None:
    """The smaller of two budgets, where ``None`` is no limit."""
    return b if a is None else a if b is None else min(a, b)


def choose_move(
    position: Position,
    rules: Rules,
    level: str,
    *,
    rng: random.Random | None = None,
    time_ms: int | None = None,
    max_nodes: int | None = None,
) -> int:
    """The computer's pit (1..n, the mover's numbering) at ``level`` (one of ``LEVELS``).

    ``rng`` makes Beginner and Easy repeatable (ties are broken at random).
    ``time_ms`` caps the thinking of the searching levels (Medium, Hard,
    Perfect) in milliseconds, below their own budget in ``LEVEL_SETTINGS``
    (never under ``MIN_MOVE_MS``); ``None`` keeps the level's budget, which
    is no time limit when the level's ``time_ms`` is ``None``. Perfect spends
    at most half of a capped budget on its proof attempt. ``max_nodes``
    (``None``: no limit) caps the nodes of the move: Perfect's proof attempt
    gets half of them and its search the rest; the other levels' search all.

    Raises:
        ValueError: an unknown level, the game is over (no legal move), or
            a budget is out of range (``engine.search.budget``).
    """
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    check_budget(time_ms, max_nodes)
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
    if level in ("hard", "perfect"):
        known = lookup(position, rules, endgame=level == "perfect")
        if known is not None:
            top = max(known.values())
            return min(p for p in legal if known[p] == top)
    cfg = LEVEL_SETTINGS[level]
    level_ms: int | None = cfg["time_ms"]
    cap = None if time_ms is None else max(MIN_MOVE_MS, int(time_ms))
    budget = level_ms if cap is None else cap
    nodes = max_nodes
    if level == "perfect" and position.seeds_in_play <= cfg["proof_seeds"]:
        proof_ms: int | None = cfg["proof_ms"] if cap is None else _least(cfg["proof_ms"], cap // 2)
        proof_nodes = None if max_nodes is None else max_nodes // 2
        proven = solve_best(position, rules, time_ms=proof_ms, max_nodes=proof_nodes)
        if proven is not None:
            return proven[0]
        if cap is not None:
            budget = max(MIN_MOVE_MS, cap - (proof_ms or 0))
        if max_nodes is not None:
            nodes = max_nodes - max_nodes // 2
    return best_move(
        position, rules, time_ms=_least(level_ms, budget), max_depth=cfg["max_depth"], max_nodes=nodes
    )[0]
