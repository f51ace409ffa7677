"""The Home page: what mancala is, how to use the app, and progress so far."""

from __future__ import annotations

import streamlit as st

from engine import KalahRules
from ui import frame, state
from ui.board import board


def render() -> None:
    """Draw Home: a short welcome, a board at the start, the way round the app, progress."""
    st.markdown(
        "Mancala is a family of very old board games played with seeds and pits. "
        "You pick up all the seeds in one of your pits and drop them one by one "
        "around the board. Land well and you move again or capture seeds. "
        "Here you learn **Kalah** and its West African cousin **Awari (Oware)**."
    )
    rules = KalahRules()
    board(rules.initial_position(), rules, key="home_board",
          turn_text="Kalah at the start: 4 seeds in every pit")
    st.subheader("How to use Mancala Tutor")
    st.markdown(
        "1. **Lessons 1-6** teach the rules one at a time. You learn by pressing the pits.\n"
        "2. **Puzzles** let you practise: find the best move.\n"
        "3. The **Sandbox** is for playing a whole game, with a friend or against the computer, "
        "with any rules you like.\n"
        "4. **Move outcomes** takes every pit the player to move may play and shows, in a chart and "
        "a table, what that move does now and how the game ends from there if both players then play "
        "their best. Try it on your Sandbox game, a lesson position or one you paste.\n\n"
        "Teachers: the board works on a projector, and in *Board settings* (sidebar) you can slow "
        "the sowing down or drop one seed per click."
    )
    frame.link("pages/lesson_1_setup.py", "Start lesson 1", ":material/school:")
    frame.link("pages/sandbox.py", "Play in the Sandbox", ":material/sports_esports:")
    st.subheader("Your progress")
    summary = state.progress_summary()
    cols = st.columns(3)
    cols[0].metric("Lessons done", f"{summary['lessons_done']} of {summary['lessons_total']}")
    cols[1].metric("Puzzles solved", summary["puzzles_solved"])
    cols[2].metric("Puzzles tried", summary["puzzles_attempted"])
    from ui import lesson  # the lesson runner owns the per-lesson step counts

    lesson.progress_overview()
