"""Proofs that need the search: a puzzle's answers are exactly the turns that reach its goal.

The loader (``lessons.loader``) checks what is cheap; the tests and the
puzzle miner (``tools/mine_puzzles.py``) run :func:`accepted_turns`, which
works out from scratch, with the engine, every turn that reaches a puzzle's
goal, and assert ``accepted_turns(p, values) == set(p.turns)``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import Position, Rules, Turn, all_turns, misses

from .models import Puzzle
from .models import Turn as Pits

ValuesFn = Callable[[Position, Rules], dict[int, int]]
"""``values(pos, rules) -> {pit: exact final store difference for the mover}`` for every legal pit."""


def turn_extra(turn: Turn) -> int:
    """Moves of ``turn`` that earned another move (``Turn.moves_again``, K9)."""
    return turn.moves_again


def best_turns(puzzle: Puzzle) -> tuple[int, int]:
    """The most extra turns (K9) and the most seeds captured that any turn of the puzzle's position earns."""
    turns = list(all_turns(puzzle.start, puzzle.game_rules))
    return max(turn_extra(t) for t in turns), max(t.captured for t in turns)


def accepted_turns(puzzle: Puzzle, values: ValuesFn | None = None) -> set[Pits]:
    """The turns (as pits) that reach ``puzzle``'s goal, worked out from scratch with the engine.

    ``check = "best"`` needs ``values`` (exact move values, e.g. from
    ``engine.analyse``): a turn is accepted when every one of its moves has
    the best value at its position. Raises ``ValueError`` without them.
    """
    rules, pos = puzzle.game_rules, puzzle.start
    if puzzle.check == "best":
        if values is None:
            raise ValueError("a best-move puzzle needs exact move values")
        out: set[Pits] = set()

        def walk(turn: Turn) -> None:
            vals = values(turn.position, rules)
            top = max(vals.values())
            for pit, v in vals.items():
                if v == top:
                    nxt = turn.then(pit, rules)
                    if nxt.complete:
                        out.add(nxt.pits)
                    else:
                        walk(nxt)

        walk(Turn(pos))
        return out
    turns = list(all_turns(pos, rules))
    if puzzle.check == "most_extra_turns":
        top = max(turn_extra(t) for t in turns)
        return {t.pits for t in turns if turn_extra(t) == top and top > 0}
    if puzzle.check == "biggest_capture":
        top = max(t.captured for t in turns)
        return {t.pits for t in turns if t.captured == top and top > 0}
    assert puzzle.goal is not None
    return {t.pits for t in turns if not misses(puzzle.goal, t, rules)}


def best_value(puzzle: Puzzle, values: ValuesFn) -> int:
    """The exact best final store difference for the puzzle's player."""
    return max(values(puzzle.start, puzzle.game_rules).values())


__all__ = ["ValuesFn", "accepted_turns", "best_turns", "best_value", "turn_extra"]
