"""The teacher's view of a class, as rows: pupils x lessons, puzzles solved and missed, last active;
and per pupil the games they reviewed and their mistakes by kind (:func:`review_rows`).

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
from dataclasses import dataclass, field
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
    zone: str
    """Their browser's IANA time zone (``""``: unknown): homework is judged by their own day."""


def minutes_since(then: dt.datetime, now: dt.datetime) -> int:
    """Whole minutes from ``then`` to ``now`` (a naive ``then`` is read as UTC; never negative)."""
    if then.tzinfo is None:
        then = then.replace(tzinfo=dt.UTC)
    return max(0, int((now - then).total_seconds() // 60))


def _missed(pupil: PupilRecord, puzzles: Mapping[str, Puzzle]) -> list[str]:
    """The puzzles ``pupil`` tried and has not solved, in the puzzles' order."""
    order = list(puzzles)
    return sorted((pid for pid, p in pupil.puzzles.items() if p.missed and not p.solved and pid in puzzles),
                  key=order.index)


def _missed_then_solved(pupil: PupilRecord, puzzles: Mapping[str, Puzzle]) -> list[str]:
    """The puzzles ``pupil`` missed at the first try (a wrong turn) and solved later, in the puzzles' order."""
    order = list(puzzles)
    return sorted((pid for pid, p in pupil.puzzles.items() if p.missed and p.solved and pid in puzzles),
                  key=order.index)


def _missed_names(pupil: PupilRecord, puzzles: Mapping[str, Puzzle], later: bool = False) -> list[str]:
    """The puzzles missed by ``pupil``, each named as the pupil saw it, then by its theme; ``later``: then
    those missed at the first try and solved later, each said so."""
    named = [words.class_puzzle(learner_name(puzzles, pid), display_name(puzzles, pid))
             for pid in _missed(pupil, puzzles)]
    if later:
        named += [words.label("missed_then_solved").format(
            puzzle=words.class_puzzle(learner_name(puzzles, pid), display_name(puzzles, pid)))
            for pid in _missed_then_solved(pupil, puzzles)]
    return named


def _solves(pupil: PupilRecord) -> tuple[int, int]:
    """``(at the first try, with help)``: the puzzles ``pupil`` solved, told apart (``PuzzleProgress.first_try``)."""
    first = sum(1 for p in pupil.puzzles.values() if p.solved and p.first_try)
    return first, sum(1 for p in pupil.puzzles.values() if p.solved) - first


def class_rows(pupils: Sequence[PupilRecord], lessons: Sequence[Lesson], puzzles: Mapping[str, Puzzle],
               now: dt.datetime) -> list[dict[str, Any]]:
    """The table on screen, one row per pupil: name, a cell per lesson (``"4 of 9"``, ``"9 of 9 ★★☆"``),
    stars, puzzles solved at the first try + with help (after a miss or a hint, ``"3 + 1"``), the puzzles missed (tried
    and not solved, in the puzzles' order: the number the pupil saw, then the theme's name for it; then those
    missed at the first try and solved later, said so; "none" only when nothing was missed, never a blank a
    teacher could read as unknown), and how long ago they were active."""
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
        row[words.label("col_puzzles_solved")] = words.solves_cell(*_solves(pupil))
        row[words.label("col_puzzles_missed")] = (words.clause_separator().join(_missed_names(pupil, puzzles, True))
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


def utc_time(when: dt.datetime) -> str:
    """``when`` as an ISO 8601 time in UTC with its zone, to the second: ``"2026-12-01T08:55:00Z"`` (a naive
    ``when`` is read as UTC)."""
    moment = when if when.tzinfo else when.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def csv_rows(pupils: Sequence[PupilRecord], lessons: Sequence[Lesson],
             puzzles: Mapping[str, Puzzle]) -> list[dict[str, object]]:
    """The class table for a spreadsheet, one row per pupil: every count a number (an ``int``), never
    ``"4 of 8"`` or ``"none"``. Columns: name; per lesson its steps done (the heading says of how many) and
    its stars (0 until it is finished); stars; puzzles solved at the first try, with help, missed (a count,
    not solved), missed at the first try and solved later (a count), and which were missed (text, empty for none); last active as a UTC time (:func:`utc_time`)."""
    rows: list[dict[str, object]] = []
    for pupil in pupils:
        row: dict[str, object] = {words.label("col_name"): pupil.name}
        stars = 0
        for number, lesson in enumerate(lessons, 1):
            rec = pupil.lessons.get(lesson.id, LessonProgress())
            row[words.csv_lesson_steps(number, len(lesson.steps))] = len(rec.steps_done)
            row[words.csv_lesson_stars(number)] = rec.stars if rec.done else 0
            stars += rec.stars if rec.done else 0
        row[words.label("col_stars")] = stars
        row[words.label("col_puzzles_first_try")], row[words.label("col_puzzles_helped")] = _solves(pupil)
        row[words.label("col_puzzles_missed")] = len(_missed(pupil, puzzles))
        row[words.label("csv_missed_then_solved")] = len(_missed_then_solved(pupil, puzzles))
        row[words.label("csv_which_missed")] = words.clause_separator().join(_missed_names(pupil, puzzles))
        row[words.label("csv_last_active")] = utc_time(pupil.last_active)
        rows.append(row)
    return rows


def class_csv(pupils: Sequence[PupilRecord], lessons: Sequence[Lesson], puzzles: Mapping[str, Puzzle]) -> str:
    """The class as CSV text (:func:`csv_rows`; fields separated as the language's spreadsheets expect,
    ``words.csv_separator``), with no cell a spreadsheet would run as a formula; ``""`` for no pupils."""
    return csv_text(csv_rows(pupils, lessons, puzzles))


def csv_text(rows: Sequence[Mapping[str, object]]) -> str:
    """``rows`` (one dict a row, the first row's keys the headings) as CSV text, fields separated as the
    language's spreadsheets expect (``words.csv_separator``), no cell a spreadsheet would run as a
    formula; ``""`` for no rows."""
    if not rows:
        return ""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n", delimiter=words.csv_separator())
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _cell(v) for k, v in row.items()})
    return out.getvalue()


CLASS_KINDS = ("capture_missed", "capture_allowed", "extra_turn_missed", "feed_error", "other")
"""The kinds of mistake the class view counts (``tutor.coach_facts.MISTAKES``), each a column and a
colour; the coach's other kinds (an extra turn allowed, a grand slam, the game ended too soon) count as
``"other"``: few colours on a projector."""


@dataclass(frozen=True)
class PupilReviews:
    """One pupil's reviewed games as the teacher sees them (``School.reviews``).

    Attributes:
        name: the pupil's name in the class.
        games: finished games whose review they opened (each game once).
        kinds: kind of mistake (``tutor.coach_facts.MISTAKES``) -> how many of their kept mistakes
            (``tutor.cards.Card``: one per position) are of that kind; kinds with none may be absent.
    """

    name: str
    games: int
    kinds: Mapping[str, int] = field(default_factory=dict)


def class_kind(kind: str) -> str:
    """The column of :data:`CLASS_KINDS` a coach's kind of mistake is counted in.

    >>> [class_kind(k) for k in ("capture_missed", "grand_slam", "extra_turn_allowed", "feed_error")]
    ['capture_missed', 'other', 'other', 'feed_error']
    """
    return kind if kind in CLASS_KINDS else "other"


def kind_counts(pupil: PupilReviews) -> dict[str, int]:
    """``pupil``'s mistakes per kind of :data:`CLASS_KINDS` (every kind present, in that order)."""
    out = dict.fromkeys(CLASS_KINDS, 0)
    for kind, n in pupil.kinds.items():
        out[class_kind(kind)] += n
    return out


def any_reviewed(pupils: Sequence[PupilReviews]) -> bool:
    """Whether any pupil reviewed a game or has a mistake kept."""
    return any(p.games or any(p.kinds.values()) for p in pupils)


def any_lesson_started(pupils: Sequence[PupilRecord]) -> bool:
    """Whether any pupil did a step of a lesson (or finished one): else the heat map would show only 0%."""
    return any(rec.steps_done or rec.done for p in pupils for rec in p.lessons.values())


def review_rows(pupils: Sequence[PupilReviews]) -> list[dict[str, Any]]:
    """The reviews table, one row per pupil: name, games reviewed, a count per kind of
    :data:`CLASS_KINDS` (headed by the coach's plain names, ``words.coach_kind_name``), and all their
    mistakes; every count an ``int``."""
    rows = []
    for pupil in pupils:
        counts = kind_counts(pupil)
        row: dict[str, Any] = {words.label("col_name"): pupil.name, words.class_review_label("games"): pupil.games}
        row.update({words.coach_kind_name(kind): n for kind, n in counts.items()})
        row[words.class_review_label("mistakes")] = sum(counts.values())
        rows.append(row)
    return rows


def reviews_csv(pupils: Sequence[PupilReviews]) -> str:
    """The reviews table (:func:`review_rows`, its headings in the session's language) as CSV text, fields
    separated as the language's spreadsheets expect (``words.csv_separator``); ``""`` for no pupils."""
    return csv_text(review_rows(pupils))


def steps_grid(pupils: Sequence[PupilRecord], lessons: Sequence[Lesson]) -> list[list[float]]:
    """Share of each lesson's steps done (0..1), one list per pupil, lessons in order (the heat map)."""
    return [[len(p.lessons.get(les.id, LessonProgress()).steps_done) / len(les.steps) for les in lessons]
            for p in pupils]


__all__ = [
    "CLASS_KINDS",
    "PupilRecord",
    "PupilReviews",
    "any_lesson_started",
    "any_reviewed",
    "class_csv",
    "class_kind",
    "class_rows",
    "csv_rows",
    "kind_counts",
    "minutes_since",
    "review_rows",
    "reviews_csv",
    "steps_grid",
    "utc_time",
]
