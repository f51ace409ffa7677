"""A puzzle: find the turn that reaches the goal, with hints and an explanation.

A :class:`PuzzleActivity` holds one learner's try at one
``lessons.models.Puzzle``. A press plays the pit; while the learner's turn
goes on (an extra turn, K9) and can still become an accepted answer, the
board waits for the next pit. A finished turn that is one of the answers
solves the puzzle. Any other move is explained (what it did and why it
misses the goal) and the board goes back to the puzzle's position. An
illegal pit is explained by its rule and changes nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping

from engine import IllegalMoveError, MoveResult, Position, Rules, Turn, all_turns, misses
from lessons.models import Puzzle

from . import words
from .activity import Activity, Notice
from .progress import ProgressStore


def puzzle_of_the_day(pool: Mapping[str, Puzzle], day: dt.date) -> str:
    """The id of the day's puzzle: the same for everybody on a date, the next one the next day."""
    ids = sorted(pool)
    return ids[day.toordinal() % len(ids)]


def number_in_theme(pool: Mapping[str, Puzzle], pid: str) -> tuple[int, int]:
    """``(k, n)``: puzzle ``pid`` is the k-th of the n puzzles of its theme (file order, k from 1)."""
    same = [q for q, p in pool.items() if p.theme == pool[pid].theme]
    return same.index(pid) + 1, len(same)


def display_name(pool: Mapping[str, Puzzle], pid: str) -> str:
    """A puzzle's name for menus, headings and the class table: ``"The full lap · puzzle 3 of 5"``
    (never its id, which may give the answer away)."""

    k, n = number_in_theme(pool, pid)
    return words.puzzle_name(words.theme_entries()[pool[pid].theme].title, k, n, pool[pid].title)


def pick(pool: Mapping[str, Puzzle], theme: str | None, stars: int) -> list[str]:
    """Puzzle ids of a theme (``None``: all) and a difficulty (0: any), in file order."""
    return [p.id for p in pool.values() if (theme is None or p.theme == theme) and (stars == 0 or p.stars == stars)]


def next_in(ids: list[str], pid: str) -> str | None:
    """The puzzle after ``pid`` in ``ids`` (wrapping round); the first when ``pid`` is not in it."""
    if not ids:
        return None
    return ids[(ids.index(pid) + 1) % len(ids)] if pid in ids else ids[0]


class PuzzleActivity(Activity):
    """One learner's try at ``puzzle``.

    Attributes:
        puzzle: the puzzle (checked content).
        turn: the learner's moves so far (from the puzzle's position).
        hints: how many hints are shown (0..len(puzzle.hints)).
        solved: the turn reached the goal.
        tries: wrong turns so far.
        progress: where tried and solved puzzles are recorded.
    """

    def __init__(self, puzzle: Puzzle, progress: ProgressStore) -> None:
        super().__init__()
        self.puzzle = puzzle
        self.progress = progress
        self.turn = Turn(puzzle.start)
        self.hints = 0
        self.solved = False
        self.tries = 0

    @property
    def rules(self) -> Rules:
        return self.puzzle.game_rules

    @property
    def position(self) -> Position:
        return self.turn.position

    def accepts_presses(self) -> bool:
        return not self.solved

    def playable(self) -> tuple[int, ...]:
        """Every pit of the mover that holds seeds (an illegal one is explained, A4/A5)."""
        return self.position.pits_with_seeds() if self.accepts_presses() else ()

    def turn_text(self) -> str:
        if self.solved:
            return words.solved_turn_line()
        return words.to_move(self.position.to_move, press=True)

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        self.progress.puzzle_tried(self.puzzle.id)
        rule_id = error.rule_id
        self.notice = Notice("warning", lambda: words.puzzle_illegal(words.illegal_text(rule_id), pit))

    def judge(self, before: Position, result: MoveResult) -> None:
        puzzle = self.puzzle
        self.progress.puzzle_tried(puzzle.id)
        turn = Turn(self.turn.start, self.turn.results + (result,))
        rules = self.rules

        def told() -> str:
            return words.move_words(result, rules)

        if not turn.complete and puzzle.leads_to_an_answer(turn.pits):
            self.turn = turn
            self.show(before, [result])
            self.notice = Notice("info", lambda: words.still_your_turn(told()))
            return
        if turn.complete and turn.pits in puzzle.turns:
            self.turn = turn
            self.show(before, [result])
            self.solved = True
            self.progress.puzzle_solved(puzzle.id)
            self.notice = Notice("success", lambda: words.solved(told()))
            return
        self.tries += 1
        self.progress.puzzle_missed(puzzle.id)
        first = turn.pits[0] if len(turn.pits) == 1 or turn.complete else None

        def wrong() -> str:
            why = words.dead_end() if not turn.complete else words.not_this_time(self.reasons(turn))
            note = self.puzzle.wrong.get(first, "") if first is not None else ""
            return words.puzzle_wrong(told(), why, note)

        self.notice = Notice("warning", wrong)
        self.turn = Turn(puzzle.start)
        self.still()  # no animation: the board shows the start again

    def reasons(self, turn: Turn) -> list[str]:
        """Why a complete turn is not an answer, in words (the goal's misses, or what the best turns do)."""
        puzzle, rules = self.puzzle, self.rules
        if puzzle.check == "goal" and puzzle.goal is not None:
            missed = misses(puzzle.goal, turn, rules)
            if missed:
                return [words.miss_words(m) for m in missed]
        if puzzle.check == "most_extra_turns":
            best = max(t.moves_again for t in all_turns(puzzle.start, rules))
            return [words.most_extra_turns_missed(turn.moves_again, best)]
        if puzzle.check == "biggest_capture":
            best = max(t.captured for t in all_turns(puzzle.start, rules))
            return [words.biggest_capture_missed(turn.captured, best)]
        if puzzle.check == "best":
            return [words.not_best()]
        return [words.not_the_answer()]

    def show_hint(self) -> None:
        """Show one more hint (gentle first, explicit last)."""
        if self.hints < len(self.puzzle.hints):
            self.hints += 1
            self.progress.puzzle_hint(self.puzzle.id)

    def reset(self) -> None:
        """Back to the puzzle's position (hints stay shown)."""
        self.turn = Turn(self.puzzle.start)
        self.notice = None
        self.solved = False
        self.still()


__all__ = ["PuzzleActivity", "next_in", "number_in_theme", "pick", "puzzle_of_the_day"]
