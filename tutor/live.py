"""A live class question as a pupil answers it: a position to look at and one pit to choose.

The teacher sent a share link's query (``tutor.links``); the pupil's press
is checked by the engine like any other (an illegal pit is explained and
changes nothing), then handed to ``record`` (the store) instead of being
played on: the board keeps the question's position until the teacher shows
the answers. A new press replaces the old answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode

from engine import MoveResult, Place, Position, Rules, play

from . import words
from .activity import Activity, Notice
from .links import link_query, read_link

if TYPE_CHECKING:  # the puzzles' models and their module are imported where a question names a puzzle:
    from lessons.models import Puzzle  # every page's sidebar imports this module (Home's first run too)

PUZZLE_KEY = "puzzle"
"""The question's query parameter naming the puzzle it was asked from (``tutor.puzzle.puzzle_code``)."""


def question_link(rules: Rules, position: Position, puzzle_id: str | None = None) -> str:
    """A question's query: the position's share link, and the code of the puzzle it was asked from."""
    link = link_query(rules, position)
    if puzzle_id is None:
        return link
    from .puzzle import puzzle_code

    return link + "&" + urlencode({PUZZLE_KEY: puzzle_code(puzzle_id)})


def question_puzzle(link: str, pool: Mapping[str, Puzzle]) -> Puzzle | None:
    """The puzzle of ``pool`` a question was asked from (its task goes to the pupils; its answers are
    the right pits), or ``None``: asked from a lesson or the sandbox, or not one of ``pool``'s."""
    token = dict(parse_qsl(link)).get(PUZZLE_KEY)
    if not token:
        return None
    from .puzzle import find_puzzle

    pid = find_puzzle(pool, token)
    return pool[pid] if pid is not None else None


def answer_pits(puzzle: Puzzle) -> frozenset[int]:
    """The pits a pupil may press first to answer ``puzzle``: the first pit of each accepted turn."""
    return frozenset(turn[0] for turn in puzzle.answers)


class QuestionActivity(Activity):
    """One pupil's view of one live question.

    Args:
        link: the question's query (``"pos=...&game=..."``).
        record: stores the chosen pit (1..n); returns ``"kept"`` (or True), ``"revealed"`` when the
            answers were already shown (the pupil's answer stays as it was), anything else when closed.
        chosen: the pit already chosen (a reload), or ``None``.
        revealed: the teacher showed the answers (no more presses).
        puzzle: the puzzle the question was asked from (:func:`question_puzzle`): its task is shown,
            and its answers' first pits are the right ones (not the engine's best moves).
    """

    def __init__(self, link: str, record: Callable[[int], bool | str], chosen: int | None = None,
                 revealed: bool = False, puzzle: Puzzle | None = None) -> None:
        super().__init__()
        self._rules, self._start, error, _ = read_link(dict(parse_qsl(link)))
        self.broken = error is not None
        self.puzzle = puzzle
        self.record = record
        self.chosen = chosen
        self.revealed = revealed
        self.best: frozenset[int] | None = None
        self.sure = True
        if chosen is not None:
            self.notice = Notice("info", words.answered(chosen))
        if revealed:
            self.reveal()

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def position(self) -> Position:
        return self._start

    def accepts_presses(self) -> bool:
        return not self.revealed and not self.broken

    def judge(self, before: Position, result: MoveResult) -> None:
        kept = self.record(result.pit)
        if kept == "revealed":  # the answers were shown before this page heard of it
            self.notice = Notice("info", words.answers_closed())
            return
        if kept not in (True, "kept"):
            self.notice = Notice("info", words.no_question())
            return
        self.chosen = result.pit
        self.notice = Notice("info", words.answered(result.pit))
        self.still()

    def lit(self) -> tuple[Place, ...]:
        return () if self.chosen is None else (Place(self._start.to_move, self.chosen),)

    def turn_text(self) -> str:
        return words.question_prompt(self._start.to_move) if not self.revealed else words.to_move(self._start.to_move)

    def task(self) -> str | None:
        """The puzzle's task, said above the board, or ``None`` (not asked from a puzzle)."""
        return None if self.puzzle is None else self.puzzle.task

    def reveal(self, best: frozenset[int] | None = None, sure: bool = True) -> None:
        """The teacher showed the answers: say what the pupil's pit does (the board stays), and the
        right pits: a puzzle's answers (:func:`answer_pits`) at once, else the ``best`` pits once the
        engine's analysis is known (whether the pupil's is one, or which were; not ``sure``: only
        estimated, said as the computer's best guess)."""
        self.revealed = True
        self.changed()
        if self.puzzle is not None:
            best, sure = answer_pits(self.puzzle), True
        self.best, self.sure = best, sure
        told = ""
        if self.chosen is not None:
            told = words.chosen_move(play(self._start, self.chosen, self._rules), self._rules)
        good = self.chosen is not None and (not best or self.chosen in best)
        self.notice = Notice("success" if good else "info",
                             words.revealed(self.chosen, told, sorted(best) if best else None,
                                            puzzle=self.puzzle is not None, sure=sure))


def answers_table(named: list[tuple[str, int | None]], best: frozenset[int] | None,
                  puzzle: bool = False) -> list[dict[str, str]]:
    """One row per pupil of a revealed question (``named``: ``(name, pit or None)``, ``store.live``):
    name, the pit pressed or "no answer", and once the right pits are known (``best``: the analysis's
    best moves, or with ``puzzle`` the puzzle's answers), a tick for a right one and a cross for
    another (an empty cell read as "not marked yet")."""
    cols = words.live_answer_columns(puzzle)
    out = []
    for name, pit in named:
        row = {cols["name"]: name, cols["pit"]: words.live_no_answer() if pit is None else str(pit)}
        if best is not None:
            row[cols["best"]] = "" if pit is None else "✓" if pit in best else "✗"
        out.append(row)
    return out


__all__ = ["PUZZLE_KEY", "QuestionActivity", "answer_pits", "answers_table", "question_link", "question_puzzle"]
