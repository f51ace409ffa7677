"""Homework on screen: the pupil's at the top of Home; the teacher's form, table, CSV and delete on the Class page.

What counts and when a homework is late is ``tutor.homework``'s; the table and CSV are
``tutor.homework_table``'s; this module only draws. Today's date comes from :data:`CLOCK` (UTC), which
tests replace: nothing here is judged by a wall clock a test cannot set.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pandas as pd
import streamlit as st

from tutor import words
from tutor.homework import KINDS, MAX_PUZZLES, Homework, check, first_on_home, state
from tutor.homework_table import homework_csv, homework_rows, task_words
from ui import frame, state as ui_state, wiring

K = ui_state.Keys.CLASS + "hw_"
"""Widget keys of the teacher's homework: + kind/lessons/theme/count/due/set/delete_which/delete/table/csv."""
CLOCK: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)  # noqa: E731 - replaced by tests
"""The time now (UTC): today's date says whether a homework is due today or late."""


def today() -> dt.date:
    """Today's date, UTC (:data:`CLOCK`)."""
    return CLOCK().astimezone(dt.UTC).date()


def _numbers() -> dict[str, int]:
    return {entry.id: n for n, entry in enumerate(frame.catalogue(), 1)}


def _steps() -> dict[str, int]:
    return {entry.id: entry.steps for entry in frame.catalogue()}


def _titles() -> dict[str, str]:
    return {tid: theme.title for tid, theme in words.theme_entries().items()}


def _puzzles(homeworks: list[Homework]) -> dict[str, Any]:
    """The puzzles (for their themes) when a homework asks for puzzles; else none (Home loads no puzzles)."""
    return frame.puzzles() if any(hw.kind == "puzzles" for hw in homeworks) else {}


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
    pairs = first_on_home(homeworks, lessons, solves, _steps(), _puzzles(homeworks))
    day, numbers = today(), _numbers()
    titles = _titles() if any(hw.kind == "puzzles" for hw in homeworks) else {}
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


def _set(code: str) -> None:
    kind = st.session_state.get(f"{K}kind", "lessons")
    lessons = [lid for lid in _numbers() if lid in (st.session_state.get(f"{K}lessons") or [])]
    theme = st.session_state.get(f"{K}theme") or ""
    count = int(st.session_state.get(f"{K}count") or 0)
    due = st.session_state.get(f"{K}due") or today()
    themes = list(_titles())
    problem = check(kind, lessons, theme, count, due, today(), list(_numbers()), themes)
    if problem is None:
        made = wiring.guard(lambda school: school.set_homework(code, kind, lessons, theme, count, due), None)
        if made is None:
            problem = "full"
    if problem is not None:
        st.session_state[f"{K}said"] = ("error", words.homework_problem(problem))
        return
    hw = Homework(0, kind, tuple(lessons), theme, count, due, CLOCK())
    st.session_state[f"{K}said"] = ("success", words.homework_set_notice(task_words(hw, _numbers(), _titles()), due))


def _delete(code: str) -> None:
    which = st.session_state.get(f"{K}delete_which")
    if isinstance(which, int) and wiring.guard(lambda school: school.delete_homework(code, which), False):
        st.session_state[f"{K}said"] = ("success", words.homework_deleted())


def teacher_panel(code: str) -> None:
    """The class's homework for the teacher's own screen: each pupil's progress (a table and its CSV),
    the form to set one, and the list to delete one from."""
    st.subheader(words.homework_label("homework"))
    read = wiring.guard(lambda school: (school.homeworks(code), school.pupils(code), school.class_solves(code)),
                        None)
    if read is None:
        return
    homeworks, pupils, solves = read
    numbers, titles, day = _numbers(), _titles(), today()
    if not homeworks:
        st.caption(words.homework_label("none_set"))
    elif pupils:
        puzzles = _puzzles(homeworks)
        rows = homework_rows(homeworks, pupils, solves, _steps(), numbers, titles, puzzles, day)
        st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"{K}table")
        st.download_button(words.homework_label("download"),
                           homework_csv(homeworks, pupils, solves, _steps(), numbers, titles, puzzles, day).encode("utf-8-sig"),
                           file_name=f"homework-{code}.csv", mime="text/csv", key=f"{K}csv",
                           icon=":material/download:")
    said = st.session_state.pop(f"{K}said", None)
    if said is not None:
        (st.success if said[0] == "success" else st.error)(said[1])
    _form(code, numbers, titles, day)
    if homeworks:
        labels = {hw.id: words.homework_option(n, task_words(hw, numbers, titles), hw.due)
                  for n, hw in enumerate(homeworks, 1)}
        with st.popover(words.homework_label("delete"), icon=":material/delete:"):
            st.selectbox(words.homework_label("delete_which"), list(labels), format_func=labels.__getitem__,
                         key=f"{K}delete_which")
            st.button(words.homework_label("delete_go"), key=f"{K}delete", on_click=_delete, args=(code,),
                      type="primary")


def _form(code: str, numbers: dict[str, int], titles: dict[str, str], day: dt.date) -> None:
    """The form to set a homework: what to do, the lessons or the theme and how many, the due day."""
    entries = {entry.id: entry for entry in frame.catalogue()}
    with st.expander(words.homework_label("set"), icon=":material/assignment_add:"):
        kinds = {k: words.homework_label(f"kind_{k}") for k in KINDS}  # made now: in this run's language
        kind = st.radio(words.homework_label("kind"), KINDS, key=f"{K}kind", horizontal=True,
                        format_func=kinds.__getitem__)
        if kind == "lessons":
            st.multiselect(words.homework_label("lessons"), list(numbers), key=f"{K}lessons",
                           format_func=lambda lid: f"{numbers[lid]}. {entries[lid].title}")
        else:
            st.selectbox(words.homework_label("theme"), list(titles), format_func=titles.__getitem__,
                         key=f"{K}theme")
            st.number_input(words.homework_label("count"), min_value=1, max_value=MAX_PUZZLES, value=3, step=1,
                            key=f"{K}count")
        st.date_input(words.homework_label("due"), value=day + dt.timedelta(days=7), min_value=day, key=f"{K}due")
        st.caption(words.homework_label("reviews_later"))
        st.button(words.homework_label("set_go"), key=f"{K}set", on_click=_set, args=(code,), type="primary",
                  icon=":material/send:")


__all__ = ["CLOCK", "K", "pupil_panel", "teacher_panel", "today"]
