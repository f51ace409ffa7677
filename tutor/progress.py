"""What a learner has done: lesson steps and stars, puzzles tried, solved and missed, games finished.

The activities write through the :class:`ProgressStore` protocol
(``tutor.lesson``, ``tutor.puzzle``, ``tutor.sandbox``); Home, the sidebar
and the class page read it. Two stores keep the same promises:
:class:`Progress` here (in memory: tests, and the app when no database can
be reached) and ``store.progress.StoredProgress`` (a database, so progress
survives reloads, restarts and other devices). The same test suite runs on
both (``tests/test_store_progress.py``).

Stars (:func:`stars`) are the tutor's teaching rule, judged step by step (see its docstring and
docs/architecture.md, "Stars"): a step is clean, slipped once (one wrong try, then found) or helped
(more wrong tries, or "Show me"); 3 stars with at most one slipped step and none helped, 2 with at
most one helped step, 1 for a lesson done. A slip is a wrong press or answer, or a "Show me".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

StepVerdict = Literal["clean", "slipped", "helped"]

SLIPPED_FOR_THREE = 1
"""Steps slipped once (one wrong try, then found) that still earn 3 stars, when no step was helped."""
HELPED_FOR_TWO = 1
"""Steps helped (two wrong tries or more, or "Show me") that still earn 2 stars."""


def step_verdict(wrong: int, shown: int) -> StepVerdict:
    """How the learner did one step, from its wrong tries and solutions shown (``LessonProgress.tries``):
    ``"clean"`` (none), ``"slipped"`` (one wrong try, no "Show me": the learner found it on the next try),
    ``"helped"`` (two wrong tries or more, or "Show me"). Raises ``ValueError`` for a negative count."""
    if wrong < 0 or shown < 0:
        raise ValueError(f"wrong tries and solutions shown must be 0 or more, not {wrong}, {shown}")
    if shown or wrong >= 2:
        return "helped"
    return "slipped" if wrong else "clean"


def stars(tries: Mapping[str, tuple[int, int]]) -> int:
    """Stars for a lesson run (1..3) from each step's ``(wrong tries, solutions shown)`` (step id -> counts,
    ``LessonProgress.tries``), judged step by step (:func:`step_verdict`):

    - 3 stars: no step helped, and at most :data:`SLIPPED_FOR_THREE` (1) step slipped once;
    - 2 stars: at most :data:`HELPED_FOR_TWO` (1) step helped, however many steps slipped once;
    - 1 star: the lesson done.

    Why (issue 36): the lessons invite a ten-year-old to try, and one wrong try before finding the move
    is how trying goes, not a failure. Counting every slip of the lesson (3 stars with none, 2 with up to
    3, else 1) gave one star to a child who slipped once a step, in every lesson of 8 to 12 steps, the
    same as one who was shown every answer. Judged a step at a time, a slip here and there costs at most
    one star; what costs the second is needing help on more than one step: several wrong tries on it, or
    "Show me". A misclick in a whole lesson costs nothing. Raises ``ValueError`` for a negative count.
    """
    verdicts = [step_verdict(wrong, shown) for wrong, shown in tries.values()]
    helped, slipped = verdicts.count("helped"), verdicts.count("slipped")
    if not helped and slipped <= SLIPPED_FOR_THREE:
        return 3
    return 2 if helped <= HELPED_FOR_TWO else 1


@dataclass
class LessonProgress:
    """One lesson: the ids of the steps done, whether it was finished, its best stars (0..3),
    the wrong tries and solutions shown summed over its steps, and ``tries``: step id -> (wrong
    tries, solutions shown) in the lesson's current run (steps done, and the step under way,
    whose slips are saved as they happen: a reload neither gives back nor takes a star)."""

    steps_done: set[str] = field(default_factory=set)
    done: bool = False
    stars: int = 0
    wrong: int = 0
    hints: int = 0
    tries: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def slips(self) -> dict[str, int]:
        """Step id -> its slips (wrong tries plus solutions shown) in the current run."""
        return {step_id: wrong + hints for step_id, (wrong, hints) in self.tries.items()}


@dataclass
class PuzzleProgress:
    """One puzzle: turns that missed (``wrong``), hints shown, whether it was solved, and whether it was
    solved at the first try (``first_try``: when it was first solved, no turn had missed and no hint had
    been shown; a miss or a hint in a later try never takes that back)."""

    wrong: int = 0
    hints: int = 0
    solved: bool = False
    first_try: bool = False

    @property
    def helped(self) -> bool:
        """Solved with help: after a turn that missed, or with a hint shown first."""
        return self.solved and not self.first_try

    def solving(self) -> None:
        """The puzzle is solved now: the first solve says whether it was at the first try (every store
        decides the same way)."""
        if not self.solved:
            self.first_try = self.wrong == 0 and self.hints == 0
        self.solved = True

    @property
    def missed(self) -> bool:
        """Tried and not solved, or solved only after a wrong turn."""
        return self.wrong > 0


@dataclass(frozen=True)
class GameRecord:
    """A finished sandbox game. ``result``: ``"south"``, ``"north"`` or ``"draw"``;
    ``rules``: the rules in words a developer reads (``Rules.describe()``);
    ``mode``: ``"two"`` or ``"computer"``; ``level``: the computer's level (``None`` for two players);
    ``learner_side``: the side the learner played against the computer (``None`` for two players)."""

    result: str
    rules: str
    mode: str
    level: str | None = None
    learner_side: str | None = None


@dataclass(frozen=True)
class Summary:
    """Counts for display: lessons finished (of ``lessons_total``), stars earned (of 3 per lesson),
    puzzles solved (``puzzles_first_try`` of them at the first try, :attr:`puzzles_helped` with help),
    tried and missed, sandbox games finished."""

    lessons_done: int
    lessons_total: int
    puzzles_solved: int
    puzzles_tried: int
    stars: int = 0
    puzzles_missed: int = 0
    games: int = 0
    puzzles_first_try: int = 0

    @property
    def puzzles_helped(self) -> int:
        """Puzzles solved with help: after a turn that missed, or with a hint shown first."""
        return self.puzzles_solved - self.puzzles_first_try


class ProgressStore(Protocol):
    """Where one learner's progress is written and read back (in memory or in a database)."""

    def step_done(self, lesson_id: str, step_id: str, wrong: int = 0, hints: int = 0) -> None:
        """A lesson step is complete, after ``wrong`` wrong tries and ``hints`` solutions shown."""

    def step_slipped(self, lesson_id: str, step_id: str, wrong: int, hints: int) -> None:
        """A step's slips so far in this run of the lesson (``wrong`` tries, ``hints`` solutions shown),
        saved at once; whether the step is done does not change (0, 0: a Restart counts afresh)."""

    def lesson_done(self, lesson_id: str, stars: int) -> None:
        """A lesson was finished with ``stars`` (1..3); the best stars so far are kept."""

    def puzzle_tried(self, puzzle_id: str) -> None:
        """A pit was pressed in a puzzle."""

    def puzzle_missed(self, puzzle_id: str) -> None:
        """A turn in a puzzle missed its goal."""

    def puzzle_hint(self, puzzle_id: str) -> None:
        """One more hint of a puzzle was shown."""

    def puzzle_solved(self, puzzle_id: str) -> None:
        """A puzzle's task was done. The first solve is at the first try when no turn of the puzzle
        has missed and no hint has been shown before it (``PuzzleProgress.solving``)."""

    def game_finished(self, game: GameRecord) -> None:
        """A sandbox game came to its end."""

    def lesson(self, lesson_id: str) -> LessonProgress:
        """The record of one lesson (an empty one if never started)."""

    def puzzles(self) -> dict[str, PuzzleProgress]:
        """Every puzzle tried: puzzle id -> its record."""

    def games(self) -> list[GameRecord]:
        """Every sandbox game finished, oldest first."""

    def summary(self, lessons_total: int) -> Summary:
        """Counts for Home and the sidebar."""

    def restart_lesson(self, lesson_id: str) -> None:
        """A lesson started again: its steps done and their wrong tries and solutions shown are
        cleared (stars count afresh); whether it was finished and its best stars stay."""

    def reset_lesson(self, lesson_id: str) -> None:
        """Forget one lesson's steps and stars."""

    def reset_all(self) -> None:
        """Forget everything: lessons, puzzles and games."""

    def waiting(self) -> int:
        """How many writes wait for a store that is away (0: everything is saved, or kept in memory)."""


def lessons_to_do(progress: ProgressStore, lesson_ids: Sequence[str]) -> list[str]:
    """The lessons of ``lesson_ids`` (in course order) not finished yet, in that order (``[]``: all done)."""
    return [lesson_id for lesson_id in lesson_ids if not progress.lesson(lesson_id).done]


def next_lesson(progress: ProgressStore, lesson_ids: Sequence[str]) -> tuple[str, bool] | None:
    """Where Home sends the learner: the first lesson of ``lesson_ids`` (in course order) not finished, and
    whether the learner has begun the course (a lesson finished or a step of one done); ``None`` when every
    lesson is finished."""
    left = lessons_to_do(progress, lesson_ids)
    if not left:
        return None
    begun = any(progress.lesson(lesson_id).done or progress.lesson(lesson_id).steps_done for lesson_id in lesson_ids)
    return left[0], begun


def summarise(lessons: list[LessonProgress], puzzles: list[PuzzleProgress], games: int,
              lessons_total: int) -> Summary:
    """The :class:`Summary` of a learner's records (every store counts the same way)."""
    return Summary(
        lessons_done=sum(1 for rec in lessons if rec.done),
        lessons_total=lessons_total,
        puzzles_solved=sum(1 for rec in puzzles if rec.solved),
        puzzles_tried=len(puzzles),
        stars=sum(rec.stars for rec in lessons if rec.done),
        puzzles_missed=sum(1 for rec in puzzles if rec.missed and not rec.solved),
        games=games,
        puzzles_first_try=sum(1 for rec in puzzles if rec.solved and rec.first_try),
    )


@dataclass
class Progress:
    """A learner's progress kept in memory (a :class:`ProgressStore`).

    ``lessons``: lesson id -> :class:`LessonProgress`; ``puzzle_records``:
    puzzle id -> :class:`PuzzleProgress`; ``finished``: games, oldest first.
    """

    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    puzzle_records: dict[str, PuzzleProgress] = field(default_factory=dict)
    finished: list[GameRecord] = field(default_factory=list)
    step_slips: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)

    def lesson(self, lesson_id: str) -> LessonProgress:
        return self.lessons.get(lesson_id, LessonProgress())

    def step_done(self, lesson_id: str, step_id: str, wrong: int = 0, hints: int = 0) -> None:
        self.lessons.setdefault(lesson_id, LessonProgress()).steps_done.add(step_id)
        self.step_slipped(lesson_id, step_id, wrong, hints)

    def step_slipped(self, lesson_id: str, step_id: str, wrong: int, hints: int) -> None:
        rec = self.lessons.setdefault(lesson_id, LessonProgress())
        self.step_slips[(lesson_id, step_id)] = (wrong, hints)
        slips = {sid: v for (lid, sid), v in self.step_slips.items() if lid == lesson_id}
        rec.wrong = sum(w for w, _ in slips.values())
        rec.hints = sum(h for _, h in slips.values())
        rec.tries = dict(slips)

    def lesson_done(self, lesson_id: str, stars: int) -> None:
        rec = self.lessons.setdefault(lesson_id, LessonProgress())
        rec.done = True
        rec.stars = max(rec.stars, stars)

    def _puzzle(self, puzzle_id: str) -> PuzzleProgress:
        return self.puzzle_records.setdefault(puzzle_id, PuzzleProgress())

    def puzzle_tried(self, puzzle_id: str) -> None:
        self._puzzle(puzzle_id)

    def puzzle_missed(self, puzzle_id: str) -> None:
        self._puzzle(puzzle_id).wrong += 1

    def puzzle_hint(self, puzzle_id: str) -> None:
        self._puzzle(puzzle_id).hints += 1

    def puzzle_solved(self, puzzle_id: str) -> None:
        self._puzzle(puzzle_id).solving()

    def game_finished(self, game: GameRecord) -> None:
        self.finished.append(game)

    def puzzles(self) -> dict[str, PuzzleProgress]:
        return dict(self.puzzle_records)

    def games(self) -> list[GameRecord]:
        return list(self.finished)

    def summary(self, lessons_total: int) -> Summary:
        return summarise(list(self.lessons.values()), list(self.puzzle_records.values()), len(self.finished),
                         lessons_total)

    def restart_lesson(self, lesson_id: str) -> None:
        for key in [k for k in self.step_slips if k[0] == lesson_id]:
            del self.step_slips[key]
        rec = self.lessons.get(lesson_id)
        if rec is not None:
            rec.steps_done.clear()
            rec.wrong = rec.hints = 0
            rec.tries = {}

    def reset_lesson(self, lesson_id: str) -> None:
        self.lessons.pop(lesson_id, None)
        for key in [k for k in self.step_slips if k[0] == lesson_id]:
            del self.step_slips[key]

    def reset_all(self) -> None:
        self.lessons.clear()
        self.puzzle_records.clear()
        self.finished.clear()
        self.step_slips.clear()

    def waiting(self) -> int:
        return 0  # kept in memory: nothing waits

    def replay_into(self, store: ProgressStore) -> None:
        """Write everything kept here into ``store``, as if it had been written there all along
        (what a learner did before their code was known, in their first second on the page)."""
        for (lesson_id, step_id), (wrong, hints) in self.step_slips.items():
            if step_id in self.lesson(lesson_id).steps_done:
                store.step_done(lesson_id, step_id, wrong, hints)
            else:
                store.step_slipped(lesson_id, step_id, wrong, hints)
        for lesson_id, rec in self.lessons.items():
            if rec.done:
                store.lesson_done(lesson_id, rec.stars)
        for puzzle_id, puzzle in self.puzzle_records.items():
            store.puzzle_tried(puzzle_id)
            if puzzle.first_try:  # solved before any miss or hint: written in that order
                store.puzzle_solved(puzzle_id)
            for _ in range(puzzle.wrong):
                store.puzzle_missed(puzzle_id)
            for _ in range(puzzle.hints):
                store.puzzle_hint(puzzle_id)
            if puzzle.solved:
                store.puzzle_solved(puzzle_id)
        for game in self.finished:
            store.game_finished(game)


__all__ = ["HELPED_FOR_TWO", "SLIPPED_FOR_THREE", "GameRecord", "LessonProgress", "Progress", "ProgressStore", "PuzzleProgress", "Summary",
           "StepVerdict", "lessons_to_do", "next_lesson", "stars", "step_verdict", "summarise"]
