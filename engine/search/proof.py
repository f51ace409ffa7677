"""Exact values in Oware by MTD(f) whose lines are cut at a growing horizon (``prove``).

An Oware line can run for hundreds of moves before a capture or a repetition
ends it (A3, A6), so a depth-first proof that follows every line to the end
meets one too deep to follow almost at once. ``prove`` cuts lines at a
horizon instead and stays exact:

- In each null-window test (is the value at least ``beta``?) the exact
  solver (``Searcher.solve``) is run first with every cut node counted as
  the worst it can be for the player ``P`` whose value is proven (its lower
  bound when ``P`` moves there, its upper bound when the opponent does, as
  the search's proven table holds them, else the stores' free bounds). Minimax is
  monotone, so every node's result is then at most its true value from
  ``P``'s view: a test that succeeds (``>= beta``) is proven.
- When it fails and a cut was met, the test is run again with every cut node
  counted as the best it can be for ``P``: a test that fails then is proven
  (``< beta``). When that one succeeds, neither is proven at this horizon:
  it grows (16, 32, ... plies, up to ``MAX_LINE``, then ``OutOfBudget``).
- A node below a cut keeps in the proven table only the bound that holds
  whatever the cut hid (for its mover: the lower bound when cut nodes
  counted as the worst for them, else the upper bound), so the table stays
  sound for every later search (``Searcher._make_solve``).

Kalah has no repetition and short games: ``prove`` is plain MTD(f) there.
"""

from __future__ import annotations

from ..kernel import Moves
from ..position import NORTH
from .budget import MAX_LINE, OutOfBudget
from .searcher import INF, Searcher

FIRST_HORIZON = 16
"""Plies below the first node (or the analysed position) where the first cut is made."""


def prove(searcher: Searcher, x: int, ms: Moves, side: str, guess: int) -> int:
    """The exact value of a non-final node (packed ``x``, ``side`` to move with move functions ``ms``)
    in seeds from ``side``'s view (K16, A6), by MTD(f) from ``guess`` with lines cut at a growing
    horizon (module docstring). Raises ``OutOfBudget`` when the budget runs out or no horizon up to
    ``MAX_LINE`` plies decides a test."""
    if not searcher.game.cycles:
        return searcher.mtd(x, ms, side, guess)
    north = side == NORTH
    base = len(searcher.path)
    reach = FIRST_HORIZON
    lo, hi, g = -INF, INF, guess
    try:
        while lo < hi:
            beta = g + 1 if g == lo else g
            searcher.horizon, searcher.low_north, searcher.tainted = min(MAX_LINE, base + reach), north, False
            v = searcher.solve(x, ms, side, beta - 1, beta)
            if v >= beta:
                lo = g = v
                continue
            if searcher.tainted:
                searcher.low_north, searcher.tainted = not north, False
                v = searcher.solve(x, ms, side, beta - 1, beta)
                if v >= beta:  # neither proven within this horizon
                    if base + reach >= MAX_LINE:
                        raise OutOfBudget
                    reach *= 2
                    continue
            hi = g = v
    finally:
        searcher.horizon, searcher.low_north, searcher.tainted = MAX_LINE, None, False
    return g


__all__ = ["FIRST_HORIZON", "prove"]
