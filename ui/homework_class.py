"""The teacher's homework on the Class page ("For your screen"): each pupil's progress on each homework as a
table and its CSV, the form to set one, and the list to delete one from.

What counts is ``tutor.homework``'s, the table and CSV ``tutor.homework_table``'s; the time now is
``ui.homework.today`` (a clock tests replace). "Due today" and "late" go by each pupil's own day (the
zone their browser gave on Home, as their Home judges it); a homework is set with the teacher's
browser's zone, the day of pupils whose zone is unknown.
Pupils' names are shown only as table cells.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pandas as pd
import streamlit as st

from tutor import words
from tutor.homework import KINDS, MAX_HOMEWORKS, MAX_PUZZLES, MAX_REVIEWS, AlreadySet, check, task_words
from tutor.homework_table import Heading, homework_csv, homework_headings, homework_rows
from ui import frame, lang, state as ui_state, wiring
from ui.homework import browser_zone, lesson_numbers, lesson_steps, puzzles_for, theme_shorts, theme_titles, today

K = ui_state.Keys.CLASS + "hw_"
"""Widget keys of the teacher's homework: + kind/lessons/theme/count/games/replay/due/set/delete_which/delete/
table/csv."""
WIDE = 3
"""The most homeworks whose headings name their task on screen (``Heading.short``); with more, each heading is
its number and due day (``Heading.narrow``) in a column of :data:`NARROW_PX`, so that six fit a 1366 px laptop's
page (about 870 px for the table, the sidebar open) with no sideways scroll."""
NARROW_PX = 120
"""The width of a homework's column (px) when there are more than :data:`WIDE` ("✓ late", "0/11 · late" and
"Εργ. 6 · 12 Δεκ" fit it; longer cells are cut, the legend says them in full)."""
NAME_PX = 110
"""The width of the pinned name column (px) with narrow homework columns."""
DATE_FORMAT = "DD/MM/YYYY"
"""How the due day's box writes a date: day first, as Greek and British English write it (12/12/2026)."""
MOST = {"count": MAX_PUZZLES, "games": MAX_REVIEWS}
"""The most a homework asks for, by the problem ``tutor.homework.check`` names (else :data:`MAX_HOMEWORKS`)."""


def _set(code: str) -> None:
    kind = st.session_state.get(f"{K}kind", "lessons")
    lessons = [lid for lid in lesson_numbers() if lid in (st.session_state.get(f"{K}lessons") or [])]
    theme = st.session_state.get(f"{K}theme") or ""
    count = int(st.session_state.get(f"{K}games" if kind == "reviews" else f"{K}count") or 0)
    replay = kind == "reviews" and bool(st.session_state.get(f"{K}replay"))
    day = today().date()
    due = st.session_state.get(f"{K}due") or day
    themes = list(theme_titles())
    problem = check(kind, lessons, theme, count, due, day, list(lesson_numbers()), themes)
    if problem is None:
        zone = browser_zone()
        try:
            made = wiring.guard(lambda school: school.set_homework(code, kind, lessons, theme, count, due, replay,
                                                                   zone), None)
        except AlreadySet:  # a second click, or the form sent again after a reload
            st.session_state[f"{K}said"] = ("warning", words.homework_problem("same"))
            return
        if made is None:
            problem = "full"
    if problem is not None:
        st.session_state[f"{K}said"] = ("error", words.homework_problem(problem, MOST.get(problem, MAX_HOMEWORKS)))
        return
    numbers = lesson_numbers()
    task = words.homework_task(kind, [numbers[lid] for lid in lessons], theme_titles().get(theme, ""), count, replay,
                               teacher=True)
    st.session_state[f"{K}said"] = ("success", words.homework_set_notice(task, due))


def _delete(code: str) -> None:
    which = st.session_state.get(f"{K}delete_which")
    if isinstance(which, int) and wiring.guard(lambda school: school.delete_homework(code, which), False):
        st.session_state[f"{K}said"] = ("success", words.homework_deleted())


def table_columns(headings: list[Heading]) -> dict[str, Any]:
    """The homework table's column settings: each homework's short heading on screen (up to :data:`WIDE`
    homeworks; more: narrow columns headed by number and due day), its full words in the column's help
    (the CSV keeps them as headings); the name pinned, in view when the table scrolls sideways (a phone)."""
    narrow = len(headings) > WIDE
    columns: dict[str, Any] = {words.homework_label("col_name"): st.column_config.TextColumn(
        pinned=True, width=NAME_PX if narrow else None)}
    columns.update({h.full: st.column_config.TextColumn(h.narrow if narrow else h.short, help=h.full,
                                                        width=NARROW_PX if narrow else None) for h in headings})
    return columns


def teacher_panel(code: str) -> None:
    """The class's homework for the teacher's own screen: each pupil's progress (a table and its CSV),
    the form to set one, and the list to delete one from."""
    st.subheader(words.homework_label("homework"))
    read = wiring.guard(lambda school: (school.homeworks(code), school.pupils(code), school.class_solves(code),
                                        school.class_review_work(code), school.class_first_done(code)), None)
    if read is None:
        return
    homeworks, pupils, solves, reviews, firsts = read
    numbers, titles, now = lesson_numbers(), theme_titles(), today()
    if not homeworks:
        st.caption(words.homework_label("none_set"))
    elif pupils:
        puzzles = puzzles_for(homeworks)
        rows = homework_rows(homeworks, pupils, solves, lesson_steps(), numbers, titles, puzzles, now, reviews, firsts)
        headings = homework_headings(homeworks, numbers, titles, theme_shorts())
        st.dataframe(pd.DataFrame(rows), hide_index=True, key=f"{K}table", column_config=table_columns(headings))
        st.caption("  \n".join(h.legend for h in headings))  # the full words, read off a projector too
        st.caption(words.homework_label("on_time"))
        text = homework_csv(homeworks, pupils, solves, lesson_steps(), numbers, titles, puzzles, now, reviews, firsts)
        st.download_button(words.homework_label("download"), text.encode("utf-8-sig"),
                           file_name=f"homework-{code}.csv", mime="text/csv", key=f"{K}csv",
                           icon=":material/download:")
    said = st.session_state.pop(f"{K}said", None)
    if said is not None:
        {"success": st.success, "warning": st.warning}.get(said[0], st.error)(said[1])
    _form(code, numbers, titles, now.date())
    if homeworks:
        labels = {hw.id: words.homework_option(n, task_words(hw, numbers, titles, teacher=True), hw.due)
                  for n, hw in enumerate(homeworks, 1)}
        with st.popover(words.homework_label("delete"), icon=":material/delete:"):
            st.selectbox(words.homework_label("delete_which"), list(labels), format_func=labels.__getitem__,
                         key=f"{K}delete_which")
            st.button(words.homework_label("delete_go"), key=f"{K}delete", on_click=_delete, args=(code,),
                      type="primary")


def _form(code: str, numbers: dict[str, int], titles: dict[str, str], day: dt.date) -> None:
    """The form to set a homework: what to do, the lessons or the theme and how many, the due day."""
    entries = {entry.id: entry for entry in frame.catalogue()}
    # Keyed: the table above it grows with the first homework, and an unkeyed expander moved down closed under
    # the teacher's hand (ut48b #1).
    with lang.panel(words.homework_label("set"), f"{K}set_panel", ":material/assignment_add:"):
        kinds = {k: words.homework_label(f"kind_{k}") for k in KINDS}  # made now: in this run's language
        kind = st.radio(words.homework_label("kind"), KINDS, key=f"{K}kind", horizontal=True,
                        format_func=kinds.__getitem__)
        if kind == "lessons":
            st.multiselect(words.homework_label("lessons"), list(numbers), key=f"{K}lessons",
                           format_func=lambda lid: f"{numbers[lid]}. {entries[lid].title}",
                           placeholder=words.homework_label("choose_lessons"))
        elif kind == "reviews":
            # No min or max here (as for the due day): the browser kept its old number when one out of range was
            # typed, said why in English and the homework was set with it (ut49 #1); tutor.homework.check says why.
            st.number_input(words.homework_label("games"), value=2, step=1, key=f"{K}games")
            st.checkbox(words.homework_label("replay"), key=f"{K}replay", help=words.homework_label("replay_help"))
        else:
            st.selectbox(words.homework_label("theme"), list(titles), format_func=titles.__getitem__,
                         key=f"{K}theme")
            st.number_input(words.homework_label("count"), value=3, step=1, key=f"{K}count")
        # No min_value: the browser kept its old day when a past one was typed, said why in English and the
        # homework was set for another day (ut48b #2); a past day is refused by tutor.homework.check, in words.
        st.date_input(words.homework_label("due"), value=day + dt.timedelta(days=7), key=f"{K}due",
                      format=DATE_FORMAT)
        st.button(words.homework_label("set_go"), key=f"{K}set", on_click=_set, args=(code,), type="primary",
                  icon=":material/send:")


__all__ = ["DATE_FORMAT", "K", "NAME_PX", "NARROW_PX", "WIDE", "table_columns", "teacher_panel"]
