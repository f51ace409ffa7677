"""The app frame: page list, sidebar and page setup shared by every page."""

from __future__ import annotations

import streamlit as st

from ui import state

APP_NAME = "Mancala Tutor"

# (file, title, icon, url_path, section); the first page is the default.
# url_path is the file name, as Streamlit's folder-based mode names it (see page_setup).
PAGES = (
    ("pages/home.py", "Home", ":material/home:", "home", "Start"),
    ("pages/sandbox.py", "Sandbox", ":material/sports_esports:", "sandbox", "Start"),
    ("pages/lesson_1_setup.py", "1. Setting up", ":material/looks_one:", "lesson_1_setup", "Lessons"),
    ("pages/lesson_2_sowing.py", "2. Sowing", ":material/looks_two:", "lesson_2_sowing", "Lessons"),
    ("pages/lesson_3_extra_turns.py", "3. Extra turns", ":material/looks_3:", "lesson_3_extra_turns", "Lessons"),
    ("pages/lesson_4_captures.py", "4. Captures", ":material/looks_4:", "lesson_4_captures", "Lessons"),
    ("pages/lesson_5_ending.py", "5. Ending the game", ":material/looks_5:", "lesson_5_ending", "Lessons"),
    ("pages/lesson_6_awari.py", "6. Awari", ":material/looks_6:", "lesson_6_awari", "Lessons"),
    ("pages/puzzles.py", "Puzzles", ":material/extension:", "puzzles", "Practice"),
    ("pages/move_outcomes.py", "Move outcomes", ":material/bar_chart:", "move_outcomes", "Practice"),
)


def navigation() -> st.navigation:
    """Build the ``st.navigation`` object over :data:`PAGES`, grouped in sections."""
    sections: dict[str, list[st.Page]] = {}
    for i, (path, title, icon, url_path, section) in enumerate(PAGES):
        page = st.Page(path, title=title, icon=icon, url_path=url_path, default=(i == 0))
        sections.setdefault(section, []).append(page)
    return st.navigation(sections, position="sidebar")


def sidebar(current_title: str) -> None:
    """The shared sidebar: app name, where the learner is, progress, board settings."""
    with st.sidebar:
        st.markdown(f"### {APP_NAME}")
        st.caption(f"You are on: **{current_title}**")
        summary = state.progress_summary()
        st.caption(
            f"Lessons done: {summary['lessons_done']} of {summary['lessons_total']} · "
            f"Puzzles solved: {summary['puzzles_solved']} of {summary['puzzles_attempted']} tried"
        )
        with st.expander("Board settings", icon=":material/tune:"):
            board_settings()


def board_settings() -> None:
    """Animation switch, speed and step mode (stored in ``ui.state.board_prefs``)."""
    prefs = state.board_prefs()

    def copy(name: str, widget_key: str) -> None:
        state.set_board_pref(name, st.session_state[widget_key])

    st.toggle(
        "Animate sowing", value=prefs["animate"], key="pref_animate",
        on_change=copy, args=("animate", "pref_animate"),
        help="Show the seeds going round one by one.",
    )
    st.select_slider(
        "Speed", options=list(state.SPEEDS), value=prefs["speed"], key="pref_speed",
        on_change=copy, args=("speed", "pref_speed"),
        disabled=not prefs["animate"],
    )
    st.toggle(
        "Step mode (one seed per click)", value=prefs["step"], key="pref_step",
        on_change=copy, args=("step", "pref_step"),
        disabled=not prefs["animate"],
        help="For teaching: press 'Next seed' to drop each seed.",
    )


def link(page_file: str, label: str, icon: str | None = None) -> None:
    """``st.page_link`` that stays quiet when the page runs alone (no navigation)."""
    try:
        st.page_link(page_file, label=label, icon=icon)
    except Exception:  # noqa: BLE001 - a page run alone has no page list to link into
        st.caption(label)


def page_setup() -> None:
    """Call at the top of every page: shared state exists even when the page runs alone.

    Also fixes a deep link opened before any session ran ``app.py``: Streamlit
    then runs the page file alone with its old folder-based page list (see
    shared/STREAMLIT.md). Switching that mode off and rerunning runs the
    frame (``app.py``) instead, which opens the same page (the url paths in
    :data:`PAGES` are the file names, so the page is found again).
    """
    from streamlit.runtime.pages_manager import PagesManager

    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()
    state.init()
