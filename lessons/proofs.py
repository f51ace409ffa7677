"""Proofs that need the search, and the facts a puzzle's difficulty is measured from.

The loader (``lessons.loader``) checks what is cheap; the tests and the
puzzle miner (``tools/mine_puzzles.py``) run :func:`accepted_turns`, which
works out from scratch, with the engine, every turn that reaches a puzzle's
goal, and assert ``accepted_turns(p, values) == set(p.turns)``.

:func:`choices` groups a puzzle's turns into the decisions a learner makes
(a puzzle that cannot be failed or is a coin flip is refused by the tests),
and :func:`difficulty` measures how hard a puzzle is (1..3) from facts of the
position, never from a number written by hand (:class:`Difficulty`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass

from engine import Goal, Position, Rules, Turn, all_turns, legal_moves, misses, outcome, play, play_turn, reached

from .models import MinedPuzzle, Puzzle, rules_of
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


@functools.cache
def _best_counts(position: str, rules: tuple[tuple[str, str | int | bool], ...], answer: Pits) -> tuple[int, int]:
    game_rules = rules_of(dict(rules))
    turn = play_turn(Position.from_notation(position, game_rules), answer, game_rules)
    return turn_extra(turn), turn.captured


def task_done(puzzle: Puzzle, turn: Turn) -> bool:
    """True the moment ``turn`` (the learner's moves so far, from the puzzle's position, maybe
    in the middle of a chain of extra turns, K9) has done the puzzle's task, however the turn
    would go on: the puzzle is solved there.

    - ``goal``: the goal is reached now (``engine.reached``: counts, captures and stores only grow
      during a turn; a goal about the end of the turn, the game's end or the opponent's reply,
      ``Goal.waits_for_the_end``, needs the whole turn);
    - ``most_extra_turns``: the turn has earned as many extra turns as the best turn does
      (K9; no way to go on can earn more, so the moves still to press choose nothing);
    - ``biggest_capture``: the turn has captured as much as the best turn does (K10, A3);
    - ``best``: the whole turn is one of the answers (every move of it keeps the best value:
      its task says "finish your turn" when it needs more than one move).

    And the moves so far start an accepted answer (``Puzzle.leads_to_an_answer``). The tests prove,
    for every puzzle, that every way to finish a turn that is done here is an answer
    (``tests/test_puzzles.py``).
    """
    if not turn.results or not puzzle.leads_to_an_answer(turn.pits):
        return False
    if puzzle.check == "best":
        return turn.complete and turn.pits in puzzle.turns
    if puzzle.check == "goal":
        return puzzle.goal is not None and reached(puzzle.goal, turn, puzzle.game_rules)
    extra, captured = _best_counts(puzzle.position, tuple(sorted(puzzle.rules.items())), puzzle.turns[0])
    if puzzle.check == "most_extra_turns":
        return turn_extra(turn) >= extra
    return turn.captured >= captured


def solving_moves(puzzle: Puzzle, answer: Pits) -> Pits:
    """The moves of the accepted turn ``answer`` up to the one that solves the puzzle (:func:`task_done`):
    ``(4,)`` for ``(4, 1)`` when pit 4's extra turn is the task. Raises ``ValueError`` for a turn
    that is no answer."""
    rules = puzzle.game_rules
    turn = Turn(puzzle.start)
    for pit in answer:
        turn = turn.then(pit, rules)
        if task_done(puzzle, turn):
            return turn.pits
    raise ValueError(f"{answer} does not solve puzzle {puzzle.id!r}")


def best_value(puzzle: Puzzle, values: ValuesFn) -> int:
    """The exact best final store difference for the puzzle's player."""
    return max(values(puzzle.start, puzzle.game_rules).values())


def choices(puzzle: Puzzle) -> dict[Pits, bool]:
    """The learner's decisions in ``puzzle``: ``{pits: accepted}``.

    Every complete turn of the position (``engine.all_turns``) is cut at the
    first move after which the verdict is settled: once every way to finish
    the turn is an answer (or none is), the moves still to press choose
    nothing. ``mistake-every-seed``'s pit 5 earns an extra turn after which
    any pit is fine: one decision ``(5,)``, not three. The answers are the
    puzzle's own (proven equal to :func:`accepted_turns` by the tests).
    """
    return dict(_decisions(puzzle.position, _rule_items(puzzle), tuple(puzzle.turns)))


def _rule_items(puzzle: Puzzle) -> tuple[tuple[str, str | int | bool], ...]:
    return tuple(sorted(puzzle.rules.items()))


@functools.cache
def _decisions(position: str, rules: tuple[tuple[str, str | int | bool], ...],
               answers_: tuple[Pits, ...]) -> dict[Pits, bool]:
    """:func:`choices` from the puzzle's facts (kept: the English and the translated puzzle share them)."""
    game_rules = rules_of(dict(rules))
    answers = set(answers_)
    turns = [t.pits for t in all_turns(Position.from_notation(position, game_rules), game_rules)]
    out: dict[Pits, bool] = {}

    def walk(prefix: Pits) -> None:
        below = [t for t in turns if t[: len(prefix)] == prefix]
        verdicts = {t in answers for t in below}
        if prefix and len(verdicts) == 1:
            out[prefix] = verdicts.pop()
            return
        for pit in sorted({t[len(prefix)] for t in below}):
            walk(prefix + (pit,))

    walk(())
    return dict(out)


LEVEL_2 = 2.5
"""The least :attr:`Difficulty.score` of a 2-level puzzle."""
LEVEL_3 = 3.0
"""The least :attr:`Difficulty.score` of a 3-level puzzle."""


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is, from the decisions a learner makes (issue 31), measured.

    Attributes:
        decisions: the learner's decisions (:func:`choices`: every way to play the turn, cut where its
            verdict is settled; a chain of extra turns after which any pit is fine is one decision).
        right: how many of them are accepted.
        depth: how deep the point lies, in plies: for a ``best`` puzzle, the shallowest look-ahead at
            which a searching learner (a plain alpha-beta search to that depth, store lead at the horizon) ranks only right first
            moves on top (a solver-simulated learner); otherwise the moves of the shortest right
            decision, plus 1 when the goal is about the opponent's reply (their next move must be
            foreseen), plus 1 when one of its moves sows a lap or more (``rules.lap``, K8, A2: a long
            count, as ``mistake-their-store``'s 10 seeds).

    :attr:`score` is ``log2(decisions / right) + depth / 2``: one point for each halving of the
    share of right decisions, one for every two plies to look ahead. :attr:`level` cuts it at
    :data:`LEVEL_2` and :data:`LEVEL_3`.
    """

    decisions: int
    right: int
    depth: int

    @property
    def score(self) -> float:
        return math.log2(self.decisions / self.right) + self.depth / 2

    @property
    def level(self) -> int:
        """1 (easy), 2 or 3 (hard)."""
        return 1 if self.score < LEVEL_2 else 2 if self.score < LEVEL_3 else 3


LOOK_AHEAD = 12
"""The deepest look-ahead the simulated learner of a ``best`` puzzle tries (plies)."""


def _look(pos: Position, rules: Rules, depth: int, alpha: int, beta: int) -> int:
    """Negamax with alpha-beta to ``depth`` plies (an extra turn is a ply, K9): the mover's store lead at the
    horizon, or the final one when the game ends (K15, K16, A6). Its own search, with no table kept between
    calls, so a puzzle's measure never depends on what was searched before."""
    side = pos.to_move
    if side is None or depth == 0 or not legal_moves(pos, rules):
        end = outcome(pos, rules)
        me = side or "S"
        if end is not None:
            return end.score[0] - end.score[1] if me == "S" else end.score[1] - end.score[0]
        return pos.store(me) - pos.store("N" if me == "S" else "S")
    best = -10**6
    for pit in legal_moves(pos, rules):
        nxt = play(pos, pit, rules).position
        same = nxt.to_move == side
        v = _look(nxt, rules, depth - 1, alpha, beta) if same else -_look(nxt, rules, depth - 1, -beta, -alpha)
        if nxt.to_move is None:  # over: the value from the mover's view (the score does not depend on who is next)
            end = outcome(nxt, rules)
            assert end is not None
            v = end.score[0] - end.score[1] if side == "S" else end.score[1] - end.score[0]
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best


def _learner_depth(start: Position, rules: Rules, right: set[int]) -> int:
    """The shallowest look-ahead (plies) at which a learner who searches that deep ranks only pits of
    ``right`` on top (:func:`_look` after each first move); :data:`LOOK_AHEAD` when none does."""
    side = start.to_move
    for depth in range(1, LOOK_AHEAD):
        values = {}
        for pit in legal_moves(start, rules):
            nxt = play(start, pit, rules).position
            if nxt.to_move is None:
                end = outcome(nxt, rules)
                assert end is not None
                values[pit] = end.score[0] - end.score[1] if side == "S" else end.score[1] - end.score[0]
            elif nxt.to_move == side:
                values[pit] = _look(nxt, rules, depth - 1, -10**6, 10**6)
            else:
                values[pit] = -_look(nxt, rules, depth - 1, -10**6, 10**6)
        top = max(values.values())
        if {pit for pit, v in values.items() if v == top} <= right:
            return depth
    return LOOK_AHEAD


@functools.cache
def _measured(position: str, rules: tuple[tuple[str, str | int | bool], ...], answers: tuple[Pits, ...],
              check: str, goal: Goal | None) -> Difficulty:
    game_rules = rules_of(dict(rules))
    start = Position.from_notation(position, game_rules)
    decisions = _decisions(position, rules, answers)
    right = [pits for pits, ok in decisions.items() if ok]
    if check == "best":
        depth = _learner_depth(start, game_rules, {pits[0] for pits in right})
    else:
        shortest = min(right, key=len)
        depth = len(shortest)
        if goal is not None and goal.reply_capture_at_most is not None:
            depth += 1
        pos, biggest = start, 0
        for pit in shortest:
            assert pos.to_move is not None
            biggest = max(biggest, pos.row(pos.to_move)[pit - 1])
            pos = play(pos, pit, game_rules).position
        if biggest >= game_rules.lap:
            depth += 1
    return Difficulty(len(decisions), len(right), depth)


def difficulty(puzzle: Puzzle) -> Difficulty:
    """The measured :class:`Difficulty` of ``puzzle`` (its ``level`` is 1..3).

    Worked out once per puzzle and kept (``functools.cache`` on the puzzle's facts, which the
    English and the translated puzzle share): pages and menus never search again. A mined puzzle
    (``lessons.models.MinedPuzzle``) carries its measure as data, measured when it was mined (the slow test
    of ``tests/test_mined.py`` measures every one again).
    """
    if isinstance(puzzle, MinedPuzzle):
        return Difficulty(*puzzle.measured)
    return _measured(puzzle.position, _rule_items(puzzle), tuple(puzzle.turns), puzzle.check, puzzle.goal)


__all__ = [
    "Difficulty", "LEVEL_2", "LEVEL_3", "LOOK_AHEAD", "ValuesFn", "accepted_turns", "best_turns", "best_value", "choices",
    "difficulty", "solving_moves", "task_done", "turn_extra",
]
