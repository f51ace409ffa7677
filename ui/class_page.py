"""The Class page: a pupil joins a class and answers live questions; a teacher makes or opens a
class (``ui.teacher``) and sees who did what, as a table, a heat map and a CSV file, and the games
its pupils reviewed with their mistakes by kind (``ui.class_reviews``).

The teacher's page is a projector's: the class code and the live question stand open; the pupils'
names, progress and heat map, and the teacher's settings, are in "For your screen", closed.

Names typed by people are shown only as plain text (table cells, ``st.text``), never as markup.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from tutor import words
from tutor.classroom import any_lesson_started, class_csv, class_rows, steps_grid
from tutor.codes import code_sized, normalise_class
from tutor.names import read_name
from ui import class_reviews, frame, homework_class, lang, learner, live, state, teacher, wiring

K = state.Keys.CLASS


def _value(name: str) -> str:
    value = st.session_state.get(f"{K}{name}", "")
    return value if isinstance(value, str) else ""


def _join() -> None:
    me = state.session().learner
    if me is None:
        state.session().store_lost = True
        return
    name, problem = read_name(_value("name"))
    if problem is not None:  # the one rule for typed names (tutor.names): nothing is written
        st.session_state[f"{K}problem"] = words.join_problem(problem)
        return
    code = normalise_class(_value("code"))
    try:
        if code is None:  # the right size but a letter no code has (Z, O, ...): no such class
            raise LookupError("class" if code_sized(_value("code")) else "code")
        wiring.guard(lambda school: school.join(me, code, name, client=state.client()), None)
    except LookupError as exc:
        st.session_state[f"{K}problem"] = words.join_problem(str(exc.args[0]) if exc.args else "class")
    except ValueError as exc:
        st.session_state[f"{K}problem"] = words.join_problem(str(exc))


def _leave() -> None:
    sess = state.session()
    me = sess.learner
    if me is not None:
        wiring.guard(lambda school: school.leave(me), None)
        sess.question = None
        st.session_state.pop(live.IN_CLASS, None)  # left by their own press: nothing to tell


def pupil() -> None:
    """The pupil's part: the class joined (and its live question), or the form to join one."""
    sess = state.session()
    me = sess.learner
    if wiring.school() is None:
        if not learner.not_saving():  # else said at the page's top already
            st.info(words.not_saved(), icon=":material/cloud_off:")
        return
    if me is None:  # the keeper reports in a moment; its run draws the form (ui.learner.SHOWS_CODE)
        st.caption(words.code_coming())
        return
    joined = wiring.guard(lambda school: school.class_of(me), None)
    if joined is None:
        was = st.session_state.pop(live.IN_CLASS, None)
        if was is not None:  # taken out by the teacher, or the class deleted
            gone = wiring.guard(lambda school: school.class_name(str(was)) is None, False)
            st.info(words.class_gone_pupil() if gone else words.taken_out(), icon=":material/group_off:")
        st.caption(words.pupil_intro())
        with st.form(f"{K}join_form", border=True):
            st.text_input(words.label("class_code"), key=f"{K}code", max_chars=12)
            st.text_input(words.label("your_name"), key=f"{K}name")
            st.form_submit_button(words.label("join_class"), key=f"{K}join", on_click=_join, icon=":material/group_add:")
        problem = st.session_state.pop(f"{K}problem", None)
        if problem:
            st.error(problem, icon=":material/error:")
        return
    st.markdown(words.joined(wiring.guard(lambda school: school.class_name(joined[0]), None) or joined[0]))
    st.markdown(words.joined_as(joined[1]))
    st.session_state[live.IN_CLASS] = joined[0]
    live.pupil_panel()
    with st.popover(words.label("leave_class"), icon=":material/logout:", key=f"{K}leave_ask"):
        st.markdown(words.leave_warning())
        st.button(words.label("leave_confirm"), key=f"{K}leave", on_click=_leave, type="primary")


def heatmap(names: list[str], lesson_titles: list[str], grid: list[list[float]]) -> go.Figure:
    """Pupils x lessons, coloured by the share of steps done, the percentage written in each cell."""
    text = [[f"{round(100 * v)}%" for v in row] for row in grid]
    fig = go.Figure(go.Heatmap(z=grid, x=lesson_titles, y=names, zmin=0, zmax=1, colorscale="Blues", text=text,
                               texttemplate="%{text}", hovertemplate="%{y} · %{x}: %{text}<extra></extra>",
                               showscale=False))
    fig.update_layout(title=words.label("class_heatmap"), height=120 + 36 * len(names),
                      margin={"l": 10, "r": 10, "t": 50, "b": 40},
                      xaxis={"title": words.label("axis_lesson"), "side": "top"},
                      yaxis={"title": words.label("axis_pupil"), "autorange": "reversed"})
    return fig


MISSED_WIDTH = 66
"""Pixels of the puzzles-missed column once a cell of it is longer than a line: its list can be long,
so it wraps (taller rows) instead of widening the table past a laptop's screen (1366 px, sidebar open,
the table inside the "For your screen" panel)."""
MISSED_CHARS_PER_LINE = 10
"""About how many characters of a missed-puzzles cell one line of ``MISSED_WIDTH`` holds."""
LINE_PX, PAD_PX, MAX_LINES = 21, 12, 5
NAME_WIDTH, NAME_CHARS = 110, 14
"""Pixels of the name column once a pupil's name is longer than ``NAME_CHARS`` (a name may have 40
characters: it is cut on screen, whole in the cell's pop-up and the CSV). The column is pinned: where
long names still make the table scroll sideways, each row keeps its name in view."""


def missed_lines(rows: list[dict[str, Any]]) -> int:
    """Lines of ``MISSED_WIDTH`` the longest puzzles-missed cell of ``rows`` needs (0 for no rows)."""
    longest = max((len(str(r.get(words.label("col_puzzles_missed"), ""))) for r in rows), default=0)
    return -(-longest // MISSED_CHARS_PER_LINE)


def table_columns(rows: list[dict[str, Any]], titles: Sequence[str] = ()) -> dict[str, Any]:
    """The class table's column settings: the puzzles-missed column is as wide as its cells while they
    fit a line, else ``MISSED_WIDTH`` (its text wraps in taller rows, :func:`row_height`); the name
    column likewise, else ``NAME_WIDTH``; the two
    puzzle columns and the lessons' (``titles``: each lesson's title, in course order: ``"L4"``) show
    short headings (their full names in the tooltip and the CSV), so the table fits a laptop's screen
    (1366 px) in every language, "Last active" too."""
    missed = MISSED_WIDTH if missed_lines(rows) > 1 else None
    name = words.label("col_name")
    long_name = max((len(str(r.get(name, ""))) for r in rows), default=0) > NAME_CHARS
    solved_name, missed_name = words.label("col_puzzles_solved"), words.label("col_puzzles_missed")
    return {missed_name: st.column_config.TextColumn(words.label("col_missed_short"), help=missed_name, width=missed),
            solved_name: st.column_config.TextColumn(words.label("col_solved_short"), help=solved_name),
            name: st.column_config.TextColumn(width=NAME_WIDTH if long_name else None, pinned=True),
            **{words.lesson_column(n): st.column_config.TextColumn(words.lesson_column_short(n),
                                                                   help=words.lesson_column_help(n, title))
               for n, title in enumerate(titles, 1)}}


def screen_columns(columns: list[str]) -> list[str]:
    """The class table's columns shown on screen: all but the stars' total, which each finished lesson's
    cell already draws (``"8 of 8 ★★☆"``); without it every column fits a 1366 px laptop in Greek too
    (the CSV keeps the total)."""
    return [c for c in columns if c != words.label("col_stars")]


def row_height(rows: list[dict[str, Any]]) -> int | None:
    """Pixels per table row: ``None`` (one line, Streamlit's own) while every puzzles-missed cell fits a
    line, else enough lines for the longest (at least 3: Streamlit wraps text only in rows over 64 px;
    at most ``MAX_LINES``: the whole text is still in the cell's pop-up and the CSV)."""
    lines = missed_lines(rows)
    if lines <= 1:
        return None
    return PAD_PX + LINE_PX * min(max(lines, 3), MAX_LINES)


@st.fragment(run_every=dt.timedelta(seconds=5))  # a timedelta, not "5s" (read with pandas)
def dashboard() -> None:
    """The teacher's class: who did what, refreshed while open."""
    code = state.session().teacher_class
    if code is None:
        return
    read = wiring.guard(lambda school: (school.pupils(code), school.class_name(code) or code), None)
    if read is None:
        return
    pupils, name = read
    st.subheader(words.class_heading(name, len(pupils)))
    if not pupils:
        st.info(words.no_pupils(code), icon=":material/group_add:")
        teacher.settings(code, [])
        return
    lessons = list(frame.lessons().values())
    rows = class_rows(pupils, lessons, frame.puzzles(), dt.datetime.now(dt.UTC))
    table = pd.DataFrame(rows)
    st.dataframe(table, hide_index=True, key=f"{K}table", row_height=row_height(rows),
                 column_config=table_columns(rows, [lesson.title for lesson in lessons]),
                 column_order=screen_columns(list(table.columns)))
    st.caption(words.class_table_legend(len(lessons)))
    st.download_button(words.label("download_csv"), class_csv(pupils, lessons, frame.puzzles()).encode("utf-8-sig"),
                       file_name=f"class-{code}.csv", mime="text/csv", key=f"{K}csv", icon=":material/download:")
    if any_lesson_started(pupils):
        titles = [words.lesson_column(n) for n in range(1, len(lessons) + 1)]
        st.plotly_chart(heatmap([p.name for p in pupils], titles, steps_grid(pupils, lessons)), key=f"{K}heat",
                        width="stretch")
    else:  # a map of 0% only: an empty box on a projector
        st.info(words.class_no_lessons(), icon=":material/school:")
    reviewed = wiring.guard(lambda school: school.reviews(code), None)
    if reviewed is not None:
        class_reviews.render(reviewed, code)
    teacher.settings(code, [p.name for p in pupils])


def render() -> None:
    """The Class page body (below the title)."""
    sess = state.session()
    if wiring.school() is None:
        if not learner.not_saving():  # else said at the page's top already
            st.warning(words.not_saved(), icon=":material/cloud_off:")
        return
    code = sess.teacher_class
    if code is not None and teacher.still_teacher():
        teacher.secrets_notice()
        name = wiring.guard(lambda school: school.class_name(code), None)
        if name:  # which class is open: a teacher may have two (the teacher's own text, made literal)
            st.markdown("## " + words.class_name_line(name))
        st.markdown("## " + words.join_code_line(code))  # large: read off a projector
        live.teacher_panel()  # first: on a projector the live answers are what the class looks at
        # Closed, it builds nothing (opening it reruns): on a projector the class would read who is behind.
        box = lang.panel(words.label("for_your_screen"), f"{K}own_screen", ":material/visibility_off:")
        if box.open:
            with box:
                dashboard()
                homework_class.teacher_panel(code)  # outside the fragment: a form the 5 s refresh would not redraw
                teacher.delete_box(code)  # outside the fragment: a deletion redraws the whole page
        st.button(words.label("close_class"), key=f"{K}close", on_click=teacher.close, icon=":material/lock:")
        return
    why = st.session_state.pop(f"{K}signed_out", None)
    if why:
        st.warning(words.signed_out(why if isinstance(why, str) else None), icon=":material/logout:")
    teacher.gone_notice()
    st.subheader(words.label("my_class"))
    pupil()
    with lang.panel(words.label("teacher"), f"{K}teacher_panel", ":material/school:"):
        teacher.forms()
