"""Homework on screen: the pupil's at the top of Home (the teacher's side: ``ui.homework_class``).

What counts and when a homework is late is ``tutor.homework``'s; this module only draws, and imports
nothing Home's first run would not (no table, no puzzle models until a homework asks for puzzles).
Today's date comes from :data:`CLOCK` (UTC), which tests replace: nothing here is judged by a wall
clock a test cannot set.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import streamlit as st

from tutor import words
from tutor.homework import Homework, first_on_home, state, task_words
from ui import frame, state as ui_state, wiring

CLOCK: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)  # noqa: E731 - replaced by tests
"""The time now (UTC): today's date says whether a homework is due today or late."""


def today() -> dt.date:
    """Today's date, UTC (:data:`CLOCK`)."""
    return CLOCK().astimezone(dt.UTC).date()


def lesson_numbers() -> dict[str, int]:
    """Lesson id -> its number in the course (1..), as the pages number them."""
    return {entry.id: n for n, entry in enumerate(frame.catalogue(), 1)}


def lesson_steps() -> dict[str, int]:
    """Lesson id -> how many steps it has."""
    return {entry.id: entry.steps for entry in frame.catalogue()}


def theme_titles() -> dict[str, str]:
    """Puzzle theme id -> its title in the session's language, in the Puzzles page's order."""
    return {tid: theme.title for tid, theme in words.theme_entries().items()}


def puzzles_for(homeworks: list[Homework]) -> dict[str, Any]:
    """The puzzles (for their themes) when a homework asks for puzzles; else none (Home loads no puzzles)."""
    return frame.practice_puzzles() if any(hw.kind == "puzzles" for hw in homeworks) else {}


def pupil_panel() -> None:
    """The pupil's homework, first on Home: one line each, unfinished ones first, soonest due first.
    Nothing when the learner is in no class, or the class set none."""
    sess = ui_state.session()
    me = sess.learner
    if me is None or wiring.school() is None:
        return
    found = wiring.guard(lambda school: _mine(school, me), None)
    if not found:
        return
    homeworks, solves = found
    lessons = {lid: sess.progress.lesson(lid) for hw in homeworks for lid in hw.lessons}
    pairs = first_on_home(homeworks, lessons, solves, lesson_steps(), puzzles_for(homeworks))
    day, numbers = today(), lesson_numbers()
    titles = theme_titles() if any(hw.kind == "puzzles" for hw in homeworks) else {}
    for hw, done in pairs:
        where = state(hw, done, day)
        line = words.homework_line(task_words(hw, numbers, titles), hw.due, words.homework_done(hw.kind, done.done,
                                                                                              done.total), where)
        if where == "done":
            st.success(line, icon=":material/task_alt:")
        elif where == "late":
            st.warning(line, icon=":material/assignment_late:")
        else:
            st.info(line, icon=":material/assignment:")


def _mine(school: Any, me: str) -> tuple[list[Homework], dict[str, dt.datetime]] | None:
    joined = school.class_of(me)
    if joined is None:
        return None
    homeworks = school.homeworks(joined[0])
    return (homeworks, school.solves(me)) if homeworks else None


__all__ = ["CLOCK", "lesson_numbers", "lesson_steps", "pupil_panel", "puzzles_for", "theme_titles", "today"]
