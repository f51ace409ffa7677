"""Homework a teacher sets the class: lessons to finish, or a number of puzzles of a theme, by a due date.

Pure: the store keeps each :class:`Homework` (``store.homework``) and each pupil's puzzle solves with
their times (the latest solve of each puzzle); this module counts a pupil's progress on a homework
and says where it stands on a day. What counts (what a teacher expects):

- lessons: every step done counts, whenever it was done (a pupil who did lesson 4 last week has done
  that homework); the homework is done when every lesson set is finished (``LessonProgress.done``);
- puzzles: a puzzle of the theme counts when it was solved at or after the moment the homework was
  set (on Puzzles or My practice alike: both write the same record), each puzzle once, up to the
  number set.

Days are calendar days (``datetime.date``); "today" is the caller's (the page passes its clock's
date, tests pass a fixed one): nothing here reads the wall clock.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from . import words
from .progress import LessonProgress

Kind = Literal["lessons", "puzzles"]
"""What a homework asks: lessons to finish, or a number of puzzles of a theme solved."""
KINDS: tuple[Kind, ...] = ("lessons", "puzzles")
State = Literal["done", "open", "due_today", "late"]
"""Where a pupil's homework stands on a day: finished, not yet due, due that day, past its due date
and not finished."""
MAX_PUZZLES = 50
"""The most puzzles one homework may ask for."""
MAX_HOMEWORKS = 20
"""The most homeworks a class keeps at once (the teacher deletes old ones)."""


@dataclass(frozen=True)
class Homework:
    """One homework of a class: its ``id`` (the store's), ``kind``, the lesson ids to finish (course
    order; ``()`` for puzzles), the puzzle ``theme`` and ``count`` (``""`` and 0 for lessons), the
    ``due`` day, and when it was ``set_at`` (UTC)."""

    id: int
    kind: Kind
    lessons: tuple[str, ...]
    theme: str
    count: int
    due: dt.date
    set_at: dt.datetime


class PuzzleLike(Protocol):
    """What homework needs of a puzzle (``lessons.models.Puzzle``): its theme."""

    @property
    def theme(self) -> str: ...


@dataclass(frozen=True)
class Done:
    """A pupil's progress on one homework: ``done`` of ``total`` (lesson steps, or puzzles), and
    whether the homework is ``finished``."""

    done: int
    total: int
    finished: bool


def check(kind: str, lessons: Sequence[str], theme: str, count: int, due: dt.date, today: dt.date,
          known_lessons: Sequence[str], known_themes: Sequence[str]) -> str | None:
    """Why a homework cannot be set, or ``None`` when it can: ``"kind"`` (not one of :data:`KINDS`),
    ``"lessons"`` (no lesson picked, or one not in ``known_lessons``), ``"theme"`` (not in
    ``known_themes``), ``"count"`` (not 1 to :data:`MAX_PUZZLES`), ``"due"`` (before ``today``)."""
    if kind not in KINDS:
        return "kind"
    if kind == "lessons" and (not lessons or any(lid not in known_lessons for lid in lessons)):
        return "lessons"
    if kind == "puzzles" and theme not in known_themes:
        return "theme"
    if kind == "puzzles" and not 1 <= count <= MAX_PUZZLES:
        return "count"
    if due < today:
        return "due"
    return None


def _aware(when: dt.datetime) -> dt.datetime:
    return when if when.tzinfo else when.replace(tzinfo=dt.UTC)


def progress(homework: Homework, lessons: Mapping[str, LessonProgress], solves: Mapping[str, dt.datetime],
             steps: Mapping[str, int], puzzles: Mapping[str, PuzzleLike]) -> Done:
    """A pupil's progress on ``homework``, from their lessons (lesson id -> record), their puzzle
    solves (puzzle id -> the time of its latest solve), each lesson's number of ``steps`` (lesson id
    -> steps) and the ``puzzles`` (id -> puzzle, for their themes). See the module for what counts."""
    if homework.kind == "lessons":
        total = sum(steps.get(lid, 0) for lid in homework.lessons)
        done = 0
        finished = True
        for lid in homework.lessons:
            rec = lessons.get(lid, LessonProgress())
            done += steps.get(lid, 0) if rec.done else min(len(rec.steps_done), steps.get(lid, 0))
            finished = finished and rec.done
        return Done(done, total, finished)
    since = _aware(homework.set_at)
    solved = sum(1 for pid, at in solves.items()
                 if pid in puzzles and puzzles[pid].theme == homework.theme and _aware(at) >= since)
    return Done(min(solved, homework.count), homework.count, solved >= homework.count)


def state(homework: Homework, done: Done, today: dt.date) -> State:
    """Where ``done`` stands on ``today``: ``"done"`` once finished (even late), else ``"late"`` after
    the due day, ``"due_today"`` on it, ``"open"`` before it."""
    if done.finished:
        return "done"
    if today > homework.due:
        return "late"
    return "due_today" if today == homework.due else "open"


def task_words(homework: Homework, numbers: Mapping[str, int], theme_titles: Mapping[str, str]) -> str:
    """What ``homework`` asks, in words (``words.homework_task``): lessons by their number in the
    course (``numbers``: lesson id -> number), a theme by its title (``theme_titles``)."""
    return words.homework_task(homework.kind, [numbers[lid] for lid in homework.lessons if lid in numbers],
                               theme_titles.get(homework.theme, homework.theme), homework.count)


def first_on_home(homeworks: Sequence[Homework], lessons: Mapping[str, LessonProgress],
                  solves: Mapping[str, dt.datetime], steps: Mapping[str, int],
                  puzzles: Mapping[str, PuzzleLike]) -> list[tuple[Homework, Done]]:
    """A pupil's homeworks as Home lists them: the unfinished ones first, soonest due first, then the
    finished ones (soonest due first), each with its progress."""
    pairs = [(hw, progress(hw, lessons, solves, steps, puzzles)) for hw in homeworks]
    return sorted(pairs, key=lambda pair: (pair[1].finished, pair[0].due, pair[0].id))


__all__ = ["Done", "Homework", "KINDS", "Kind", "MAX_HOMEWORKS", "MAX_PUZZLES", "PuzzleLike", "State", "check",
           "first_on_home", "progress", "state", "task_words"]
