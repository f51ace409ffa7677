"""The rows behind the charts: what every legal pit does and leads to, and the story of a game.

Every number comes from the engine: what a move does now from
``engine.play``'s ``MoveResult``, what it leads to from ``engine.analyse``.
The figures are drawn by ``ui`` from these rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine import Game, MoveValue, Position, Rules, analyse, legal_moves, play

from . import words
from .clock import clock_text

ValuesFn = Callable[[Position, Rules], Sequence[MoveValue]]
"""``values(position, rules)``: the engine's analysis of every legal pit (``engine.analyse``)."""

OUTCOME_KEYS = (
    "pit", "seeds", "into_store", "captured", "handed_to_opponent", "extra_turn", "game_end",
    "value", "result", "exact", "depth", "best_line", "summary",
)
"""The keys of a :func:`move_rows` row, in table order."""


def same_depth_values(position: Position, rules: Rules, time_ms: int | None = 1000,
                      max_nodes: int | None = None) -> tuple[list[MoveValue], int | None]:
    """``engine.analyse`` values made comparable: every estimate at the same depth, in one search.

    ``analyse(..., same_depth=True)`` gives the estimates of the deepest depth
    every pit completed (one that ran out of budget part-way through a depth
    keeps the one before); exact values are kept. Returns the values and the
    common depth of the estimates (``None`` when every value is exact). Raises
    what ``engine.analyse`` raises (``ValueError``: a position or budget out of range).
    """
    values = list(analyse(position, rules, time_ms=time_ms, max_nodes=max_nodes, same_depth=True))
    depths = {m.depth for m in values if not m.exact}
    return values, (min(depths) if depths else None)


def move_rows(position: Position, rules: Rules, values: Sequence[MoveValue]) -> list[dict[str, Any]]:
    """One row per legal pit: what the move does now and what it leads to (keys :data:`OUTCOME_KEYS`).

    ``pit`` (1..n, the mover's numbering), ``seeds`` lifted, ``into_store``
    (seeds sown into the mover's store, K7), ``captured`` (K10/A3),
    ``handed_to_opponent`` (seeds sown into the opponent's row),
    ``extra_turn`` (K9), ``game_end`` (K14/A6), ``value`` (final store
    difference with best play, mover's view, from ``values``), ``result``
    (``"win"``/``"draw"``/``"loss"`` or ``"estimate"``), ``exact``, ``depth``
    (plies; 1000 when exact), ``best_line`` (``"3 6 2"``), ``summary`` (words).
    Empty when the game is over.
    """
    by_pit = {m.pit: m for m in values}
    mover = position.to_move
    rows = []
    for pit in legal_moves(position, rules):
        res = play(position, pit, rules)
        mv = by_pit[pit]
        rows.append({
            "pit": pit,
            "seeds": position.row(mover)[pit - 1],
            "into_store": sum(1 for p in res.path if p.side == mover and p.is_store),
            "captured": res.captured,
            "handed_to_opponent": sum(1 for p in res.path if p.side != mover and not p.is_store),
            "extra_turn": res.extra_turn,
            "game_end": res.game_over,
            "value": mv.value,
            "result": mv.outcome if mv.exact else "estimate",
            "exact": mv.exact,
            "depth": mv.depth,
            "best_line": " ".join(map(str, mv.pv)),
            "summary": words.move_summary(pit, res, mv.value, mv.exact, mv.depth),
        })
    return rows


def best_pits(rows: Sequence[dict[str, Any]]) -> frozenset[int]:
    """The pits of :func:`move_rows` ``rows`` whose value (the mover's view) is the highest; empty for no rows."""
    top = max((r["value"] for r in rows), default=None)
    return frozenset(r["pit"] for r in rows if r["value"] == top)


def story_rows(game: Game, values: ValuesFn, progress: Callable[[float], None] | None = None) -> list[dict[str, Any]]:
    """One row per move of ``game``: both stores after it, the evaluation, and what it threw away.

    Keys: ``move`` (1-based), ``player`` (``"S"``/``"N"``), ``player_name``,
    ``pit``, ``south_store``, ``north_store`` (after the move), ``evaluation``
    (best play after the move, South's view), ``best`` and ``played`` (the
    mover's view before the move), ``lost`` (best - played, >= 0),
    ``best_pit``, ``exact``. ``values`` analyses a position (cached by the caller).
    """
    rules = game.rules
    positions = game.positions()
    total = len(game.results)
    out = []
    for k, res in enumerate(game.results):
        by_pit = {m.pit: m for m in values(positions[k], rules)}
        best = max(by_pit.values(), key=lambda m: m.value)
        played = by_pit[res.pit]
        sign = 1 if res.mover == "S" else -1
        out.append({
            "move": k + 1,
            "player": res.mover,
            "player_name": words.side_name(res.mover),
            "pit": res.pit,
            "south_store": res.position.south_store,
            "north_store": res.position.north_store,
            "evaluation": sign * played.value,
            "best": best.value,
            "played": played.value,
            "lost": best.value - played.value,
            "best_pit": best.pit,
            "exact": played.exact and best.exact,
        })
        if progress is not None:
            progress((k + 1) / max(total, 1))
    return out


def blunders(rows: Sequence[dict[str, Any]], count: int = 3, at_least: int = 2) -> list[dict[str, Any]]:
    """The moves that threw away the most (``lost`` >= ``at_least``), worst first, at most ``count``."""
    bad = [r for r in rows if r["lost"] >= at_least]
    bad.sort(key=lambda r: (-r["lost"], r["move"]))
    return bad[:count]


def move_table(game: Game, marks: Sequence[tuple[float | None, float | None]] | None = None) -> list[dict[str, object]]:
    """The moves of ``game`` as rows for the sandbox's table and CSV.

    Keys (``tutor.words.move_columns`` gives the headers): ``move``
    (1-based), ``player`` (a side's name), ``pit``, ``extra_turn`` ("yes"/"no"),
    ``captured``, ``rules`` (ids joined by spaces), ``before`` and ``after`` (notation).
    A timed game's ``marks`` (``(south_ms, north_ms)`` left after each move,
    ``tutor.clock.GameClock.marks``) add ``south_clock`` and ``north_clock``
    (``tutor.clock.clock_text``; an empty cell for an untimed side).
    """
    out: list[dict[str, object]] = []
    before = game.start
    for k, r in enumerate(game.results, 1):
        times = {}
        if marks is not None and k <= len(marks):
            south, north = marks[k - 1]
            times = {"south_clock": clock_text(south) if south is not None else "",
                     "north_clock": clock_text(north) if north is not None else ""}
        out.append({**times, 
            "move": k,
            "player": words.side_name(r.mover),
            "pit": r.pit,
            "extra_turn": words.yes_no(r.extra_turn),
            "captured": r.captured,
            "rules": " ".join(r.rules_fired),
            "before": before.to_notation(),
            "after": r.position.to_notation(),
        })
        before = r.position
    return out


__all__ = ["OUTCOME_KEYS", "ValuesFn", "best_pits", "blunders", "move_rows", "move_table", "same_depth_values", "story_rows"]
