"""The Home page: what mancala is, how to use the app, and progress so far."""

from __future__ import annotations

import streamlit as st

from engine import KalahRules
from tutor import words
from ui import board, frame, lesson, state


def render() -> None:
    """Draw Home: a short welcome, a board at the start, the way round the app, progress."""
    st.markdown(words.home_intro())
    rules = KalahRules()
    board.picture(rules.initial_position(), rules, state.Keys.HOME_BOARD, words.home_board_line())
    st.subheader(words.label("how_to_use"))
    st.markdown(words.home_how_to())
    frame.link("lesson_1_setup", words.label("start_lesson_1"), ":material/school:")
    frame.link("sandbox", words.label("play_sandbox"), ":material/sports_esports:")
    st.subheader(words.label("your_progress"))
    summary = state.session().progress.summary(len(frame.lessons()))
    cols = st.columns(3)
    cols[0].metric(words.label("lessons_done"), words.of_total(summary.lessons_done, summary.lessons_total))
    cols[1].metric(words.label("puzzles_solved"), summary.puzzles_solved)
    cols[2].metric(words.label("puzzles_tried"), summary.puzzles_tried)
    lesson.progress_overview()
