"""The teacher's view of a class, as rows: pupils x lessons, puzzles solved and missed, last active.

Pure: the store gives the pupils (anything with the attributes of
:class:`PupilRecord`), the content gives the lessons and puzzles; the page
draws the rows as a table, a heat map and a CSV file. Column names are
words of the language in use (``tutor.words``), so the CSV headers are too.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from lessons.models import Lesson, Puzzle

from . import words
from .progress import LessonProgress, PuzzleProgress
from .puzzle import display_name, learner_name


class PupilRecord(Protocol):
    """What the class view needs of a pupil (``store.classes.Pupil``)."""

    name: str
    last_active: dt.datetime
    lessons: dict[str, LessonProgress]
    puzzles: dict[str, PuzzleProgress]


def minutes_since(then: dt.datetime, now: dt.datetime) -> int:
    """Whole minutes from ``then`` to ``now`` (a naive ``then`` is read as UTC; never negative)."""
    if then.tzinfo is None:
        then = then.replace(tzinfo=dt.UTC)
    return max(0, int((now - then).total_seconds() // 60))


def class_rows(pupils: Sequence[PupilRecord], lessons: Sequence[Lesson], puzzles: Mapping[str, Puzzle],
               now: dt.datetime) -> list[dict[str, Any]]:
    """One row per pupil: name, a cell per lesson (``"4/9"``, ``"9/9 ★★☆"``), stars, puzzles solved,
    the puzzles missed (tried and not solved, in the puzzles' order: the number the pupil saw, then
    the theme's name for it; "none" when there are none, never a blank a teacher could read as
    unknown), and how long ago they were active."""
    rows = []
    for pupil in pupils:
        row: dict[str, Any] = {words.label("col_name"): pupil.name}
        stars = 0
        for number, lesson in enumerate(lessons, 1):
            rec = pupil.lessons.get(lesson.id, LessonProgress())
            row[words.lesson_column(number)] = words.lesson_cell(len(rec.steps_done), len(lesson.steps),
                                                                 rec.stars, rec.done)
            stars += rec.stars if rec.done else 0
        row[words.label("col_stars")] = stars
        row[words.label("col_puzzles_solved")] = sum(1 for p in pupil.puzzles.values() if p.solved)
        order = list(puzzles)
        missed = sorted((pid for pid, p in pupil.puzzles.items() if p.missed and not p.solved and pid in puzzles),
                        key=order.index)
        row[words.label("col_puzzles_missed")] = (
            words.clause_separator().join(words.class_puzzle(learner_name(puzzles, pid), display_name(puzzles, pid))
                                          for pid in missed)
            or words.label("none_missed"))
        row[words.label("col_last_active")] = words.last_active(minutes_since(pupil.last_active, now))
        rows.append(row)
    return rows


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as text: one starting like a formula gets an apostrophe."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        return "'" + value
    return value


def class_csv(rows: Sequence[Mapping[str, Any]], pupils: Sequence[PupilRecord]) -> str:
    """The class table (``class_rows``, one row per pupil in the same order) as CSV text (fields
    separated as the language's spreadsheets expect, ``words.csv_separator``): the
    last-active column as a UTC time ``YYYY-MM-DD HH:MM`` (a file outlives "5 min ago"), and no
    cell a spreadsheet would run as a formula."""
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n", delimiter=words.csv_separator())
    writer.writeheader()
    when = words.label("col_last_active")
    for row, pupil in zip(rows, pupils, strict=True):
        active = pupil.last_active if pupil.last_active.tzinfo else pupil.last_active.replace(tzinfo=dt.UTC)
        cells = {k: _cell(v) for k, v in row.items()}
        cells[when] = active.astimezone(dt.UTC).strftime("%Y-%m-%d %H:%M")
        writer.writerow(cells)
    return out.getvalue()


def steps_grid(pupils: Sequence[PupilRecord], lessons: Sequence[Lesson]) -> list[list[float]]:
    """Share of each lesson's steps done (0..1), one list per pupil, lessons in order (the heat map)."""
    return [[len(p.lessons.get(les.id, LessonProgress()).steps_done) / len(les.steps) for les in lessons]
            for p in pupils]


__all__ = ["PupilRecord", "class_rows", "minutes_since", "steps_grid"]
