"""What a learner has done: lesson steps, lessons finished, puzzles tried and solved.

The activities write here (``tutor.lesson``, ``tutor.puzzle``); Home and the
sidebar read :meth:`Progress.summary`. Today a ``Progress`` lives in the
session; a database-backed store can stand in for it with the same methods.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class LessonProgress:
    """One lesson: the ids of the steps done, and whether the lesson was finished."""

    steps_done: set[str] = field(default_factory=set)
    done: bool = False


@dataclass(frozen=True)
class Summary:
    """Counts for display: lessons finished (of ``lessons_total``), puzzles solved and tried."""

    lessons_done: int
    lessons_total: int
    puzzles_solved: int
    puzzles_tried: int


@dataclass
class Progress:
    """A learner's progress. ``lessons``: lesson id -> :class:`LessonProgress`;
    ``puzzles_solved`` and ``puzzles_tried``: puzzle ids."""

    lessons: dict[str, LessonProgress] = field(default_factory=dict)
    puzzles_solved: set[str] = field(default_factory=set)
    puzzles_tried: set[str] = field(default_factory=set)

    def lesson(self, lesson_id: str) -> LessonProgress:
        """The record of one lesson (an empty one if never started)."""
        return self.lessons.get(lesson_id, LessonProgress())

    def step_done(self, lesson_id: str, step_id: str) -> None:
        """A step of a lesson is complete."""
        self.lessons.setdefault(lesson_id, LessonProgress()).steps_done.add(step_id)

    def lesson_done(self, lesson_id: str) -> None:
        """The lesson's last step was passed (its summary shown)."""
        self.lessons.setdefault(lesson_id, LessonProgress()).done = True

    def puzzle_tried(self, puzzle_id: str) -> None:
        """A pit was pressed in a puzzle."""
        self.puzzles_tried.add(puzzle_id)

    def puzzle_solved(self, puzzle_id: str) -> None:
        """A puzzle's goal was reached."""
        self.puzzles_tried.add(puzzle_id)
        self.puzzles_solved.add(puzzle_id)

    def summary(self, lessons_total: int) -> Summary:
        """Counts for Home and the sidebar."""
        return Summary(
            lessons_done=sum(1 for rec in self.lessons.values() if rec.done),
            lessons_total=lessons_total,
            puzzles_solved=len(self.puzzles_solved),
            puzzles_tried=len(self.puzzles_tried),
        )


__all__ = ["LessonProgress", "Progress", "Summary"]
