"""The search: what every pit leads to with best play, and the computer's levels.

Pure Python, standard library only. The public faces:

- ``analyse(position, rules, *, time_ms=1000, max_depth=None, max_nodes=None)``
  gives one ``MoveValue`` per legal pit: the final store difference from the
  mover's view with best play by both sides (``exact=True``, proven to the
  end of the game), or the search's estimate of it (``exact=False``, with the
  ``depth`` in plies the estimate looked ahead).
- ``choose_move(position, rules, level, *, rng=None, time_ms=None, max_nodes=None)``
  picks the computer's pit for one of ``LEVELS``.
- ``prove_all``, ``prove_result``, ``best_move``, ``solve_best``: the proofs
  and searches behind them (benchmarks and tests use them directly).

Every entry point takes ``time_ms`` (milliseconds; ``None``: no time limit)
and ``max_nodes`` (nodes; ``None``: no limit); running out of either is the
same thing. With ``time_ms=None`` the results do not depend on the machine's
speed, which is what the tests use. A budget out of range (NaN, infinite,
negative, over a minute or 10**9 nodes, a bool) raises ``ValueError`` before
anything is searched (``budget``).

The parts, one job each:

- ``budget``: the allowed ranges of ``time_ms``, ``max_nodes``, ``max_depth``;
- ``tables``: one rules object's kernel (``engine.kernel``), its packed
  layout, and the proven table kept between calls (``clear_tables``);
- ``searcher``: the exact solver and the depth-limited search (negamax,
  alpha-beta, MTD(f), the Oware repetition rule A6) with their budgets;
- ``analysis``: ``analyse``, ``prove_all``, ``prove_result``, ``MoveValue``;
- ``levels``: ``LEVELS``, ``LEVEL_SETTINGS``, ``choose_move`` and the
  searches it runs, ``best_move`` and ``solve_best``.

Oware has cycles: a value that a position coming back (A6) decided depends on
the line that reached it, so it is never kept in a table (graph history);
the values are exact for Kalah, which has no cycles. Depth-limited searches
(``max_depth``, the levels below Perfect) estimate a position by the
difference of the stores; a line that ends the game before the horizon is
counted exactly, and a result found without touching the horizon is marked
exact.
"""

from __future__ import annotations

from .budget import MAX_DEPTH, MAX_NODES, MAX_TIME_MS, check_budget
from .analysis import MoveValue, analyse, prove_all, prove_result
from .levels import LEVEL_SETTINGS, LEVELS, MIN_MOVE_MS, best_move, choose_move, solve_best
from .searcher import FULL
from .tables import clear_tables

__all__ = [
    "FULL",
    "MAX_DEPTH",
    "MAX_NODES",
    "MAX_TIME_MS",
    "LEVELS",
    "LEVEL_SETTINGS",
    "MIN_MOVE_MS",
    "MoveValue",
    "analyse",
    "check_budget",
    "best_move",
    "choose_move",
    "clear_tables",
    "prove_all",
    "prove_result",
    "solve_best",
]
