"""The class's homework as the teacher sees it: one row per pupil, a column per homework, and its CSV.

Pure, like ``tutor.classroom``: the store gives the pupils (their lessons), their puzzle solves and
their reviewed games by name, the content gives each lesson's number of steps, its number in the course and the puzzles'
themes. Headings and cells are words of the language in use (``tutor.words``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import words
from .classroom import PupilRecord, csv_text
from .days import Today, known
from .homework import NO_FIRSTS, NO_REVIEWS, FirstDone, Homework, PuzzleLike, ReviewWork, progress, state, task_words


def pupil_day(today: dt.date | Today, pupil: PupilRecord) -> dt.date | Today:
    """The day ``pupil``'s homework is judged on, as their Home judges it (``ui.homework``): a date stays
    itself; for a :class:`~tutor.days.Today` (the time now), the pupil's own zone (their browser's, kept
    by the store) in place of the teacher's, and for a pupil whose zone is unknown the zone each homework
    was set in (``tutor.homework.day_of``). So a pupil for whom it is still the due day is on time, the
    teacher's day having moved on or not."""
    if not isinstance(today, Today):
        return today
    return Today(today.now, known(pupil.zone) or None)


@dataclass(frozen=True)
class Heading:
    """A homework's column in the teacher's table: ``full``, its heading in :func:`homework_rows` (the
    column's help on screen); ``short``, what the screen shows (a projector's width holds several:
    ``"HW1 · Capture ×5 · Sat 5 Dec"``); ``narrow``, what it shows when many homeworks share the width
    (``"HW1 · 5 Dec"``); ``legend``, its line under the table (the full task and day)."""

    full: str
    short: str
    legend: str
    narrow: str = ""


def _full(number: int, hw: Homework, numbers: Mapping[str, int], theme_titles: Mapping[str, str]) -> str:
    return words.homework_column(number, task_words(hw, numbers, theme_titles, teacher=True), hw.due)


def homework_headings(homeworks: Sequence[Homework], numbers: Mapping[str, int], theme_titles: Mapping[str, str],
                      theme_shorts: Mapping[str, str]) -> list[Heading]:
    """Each homework's column heading (:class:`Heading`), in the order of ``homeworks``: lessons by their
    number in the course (``numbers``), a theme by its title (``theme_titles``) and, in the short heading,
    its short name (``theme_shorts``; the theme id when neither knows it)."""
    out = []
    for number, hw in enumerate(homeworks, 1):
        short = words.homework_task_short(hw.kind, [numbers[lid] for lid in hw.lessons if lid in numbers],
                                          theme_shorts.get(hw.theme, theme_titles.get(hw.theme, hw.theme)),
                                          hw.count, hw.replay)
        out.append(Heading(_full(number, hw, numbers, theme_titles), words.homework_column_short(number, short, hw.due),
                           words.homework_legend(number, task_words(hw, numbers, theme_titles, teacher=True), hw.due),
                           words.homework_column_narrow(number, hw.due)))
    return out


def homework_rows(homeworks: Sequence[Homework], pupils: Sequence[PupilRecord],
                  solves: Mapping[str, Mapping[str, dt.datetime]], steps: Mapping[str, int],
                  numbers: Mapping[str, int], theme_titles: Mapping[str, str],
                  puzzles: Mapping[str, PuzzleLike], today: dt.date | Today,
                  reviews: Mapping[str, ReviewWork] | None = None,
                  firsts: Mapping[str, FirstDone] | None = None) -> list[dict[str, Any]]:
    """The homework table on screen, one row per pupil: their name, then a cell per homework
    (``"2/3 · late"``, ``"✓"``, ``"✓ late"``, ``"1/2 · 3/5 found"``: ``words.homework_cell``) under a
    heading that says the task and its due day (:attr:`Heading.full`; the screen shows :attr:`Heading.short`).
    ``solves``: pupil name -> puzzle id -> time of its latest solve; ``reviews``: pupil name -> their
    reviewed games; ``firsts``: pupil name -> when they first did each thing (finished late or not);
    ``today``: a date, or the time now (a :class:`~tutor.days.Today`, judged in each pupil's own zone:
    :func:`pupil_day`)."""
    rows: list[dict[str, Any]] = []
    for pupil in pupils:
        day = pupil_day(today, pupil)
        row: dict[str, Any] = {words.homework_label("col_name"): pupil.name}
        for number, hw in enumerate(homeworks, 1):
            done = progress(hw, pupil.lessons, solves.get(pupil.name, {}), steps, puzzles,
                            (reviews or {}).get(pupil.name, NO_REVIEWS), (firsts or {}).get(pupil.name, NO_FIRSTS))
            row[_full(number, hw, numbers, theme_titles)] = words.homework_cell(
                done.done, done.total, state(hw, done, day), done.replayed, done.mistakes)
        rows.append(row)
    return rows


def homework_csv(homeworks: Sequence[Homework], pupils: Sequence[PupilRecord],
                 solves: Mapping[str, Mapping[str, dt.datetime]], steps: Mapping[str, int],
                 numbers: Mapping[str, int], theme_titles: Mapping[str, str],
                 puzzles: Mapping[str, PuzzleLike], today: dt.date | Today,
                 reviews: Mapping[str, ReviewWork] | None = None, firsts: Mapping[str, FirstDone] | None = None) -> str:
    """The homework table for a spreadsheet (``tutor.classroom.csv_text``), one row per pupil: their
    name, then per homework its count done (an ``int``; the heading says the task, its due day and of
    how many), for reviews whose mistakes are played again the mistakes played again and the mistakes
    in the games counted (two ``int``), and its state on the pupil's day (:func:`pupil_day`,
    ``words.homework_state_word``).
    ``""`` for no pupils. The arguments are :func:`homework_rows`'s."""
    rows: list[dict[str, object]] = []
    for pupil in pupils:
        day = pupil_day(today, pupil)
        row: dict[str, object] = {words.homework_label("col_name"): pupil.name}
        for number, hw in enumerate(homeworks, 1):
            done = progress(hw, pupil.lessons, solves.get(pupil.name, {}), steps, puzzles,
                            (reviews or {}).get(pupil.name, NO_REVIEWS), (firsts or {}).get(pupil.name, NO_FIRSTS))
            task = task_words(hw, numbers, theme_titles, teacher=True)
            row[words.homework_csv_done(number, task, hw.due, done.total)] = done.done
            if hw.kind == "reviews" and hw.replay:
                row[words.homework_csv_mistakes(number)] = done.replayed
                row[words.homework_csv_mistakes_all(number)] = done.mistakes
            row[words.homework_csv_state(number)] = words.homework_state_word(state(hw, done, day))
        rows.append(row)
    return csv_text(rows)


__all__ = ["Heading", "homework_csv", "homework_headings", "homework_rows", "pupil_day"]
