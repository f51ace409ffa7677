"""The Home page: what mancala is, how to use the app, and progress so far."""

from __future__ import annotations

import streamlit as st

from engine import KalahRules
from tutor import words
from tutor.activity import Notice
from tutor.progress import next_lesson
from ui import board, frame, homework, learner, state


def render() -> None:
    """Draw Home: a short welcome, a board at the start, the way round the app, progress (in a session's
    first run, once the browser has said who the learner is: ``ui.learner.reporting``). A pupil's homework
    comes first (``ui.homework``)."""
    if not learner.reporting():
        homework.pupil_panel()
    st.markdown(words.home_intro())
    rules = KalahRules()
    board.picture(rules.initial_position(), rules, state.Keys.HOME_BOARD, words.home_board_line())
    st.subheader(words.label("how_to_use"))
    st.markdown(words.home_how_to())
    lesson_link()
    frame.link("sandbox", words.label("play_sandbox"), ":material/sports_esports:")
    st.subheader(words.label("your_progress"))
    if learner.reporting():  # the report's run draws the counts: no zeros before a learner's own
        st.caption(words.progress_coming())
        return
    review_today()
    summary = state.session().progress.summary(len(frame.catalogue()))
    # Two rows of three: six labels in one row were cut short, the two puzzle counts alike ("Puzzles solved…").
    cols = st.columns(3)
    cols[0].metric(words.label("lessons_done"), words.of_total(summary.lessons_done, summary.lessons_total))
    cols[1].metric(words.label("stars_earned"), words.stars_line(summary.stars, summary.lessons_total))
    cols[2].metric(words.label("games_played"), summary.games)
    cols = st.columns(3)
    cols[0].metric(words.label("puzzles_first_try"), summary.puzzles_first_try)
    cols[1].metric(words.label("puzzles_helped"), summary.puzzles_helped)
    cols[2].metric(words.label("puzzles_tried"), summary.puzzles_tried)
    progress_overview()
    with st.popover(words.label("reset_all"), icon=":material/delete_sweep:"):
        st.button(words.label("reset_all_confirm"), key=f"{state.Keys.LEARNER}reset_all_yes", on_click=_reset_all,
                  type="primary")


def lesson_link() -> None:
    """The link into the course: lesson 1 before anything is done, then the first lesson not finished
    ("Go on with lesson 3: Extra turns"), and practice once every lesson is done (``tutor.progress.next_lesson``)."""
    entries = frame.catalogue()
    ids = [e.id for e in entries]
    found = next_lesson(state.session().progress, ids)
    if found is None:
        frame.link("practice", words.home_lesson_link(None), ":material/trending_up:")
        return
    lesson_id, begun = found
    number = ids.index(lesson_id) + 1
    frame.link(frame.LESSON_PAGES[lesson_id], words.home_lesson_link(number, entries[number - 1].title, begun),
               ":material/school:")


def review_today() -> None:
    """"Your review for today: 3 positions" and a button that opens them on the Mistakes page (the
    learner's own mistakes due now, ``tutor.cards``); nothing when none is due."""
    from ui import mistakes  # here: Home's first run needs neither the cards nor the board's replay

    due = mistakes.due_now()
    if not due:
        return
    st.info(words.review_today(len(due)), icon=":material/event_repeat:")
    if st.button(words.review_today_button(), key=state.Keys.HOME_REVIEW, type="primary", icon=":material/play_arrow:"):
        mistakes.go_practise(due)


def progress_overview() -> None:
    """One line per lesson: steps done of all steps, and a tick when finished."""
    progress = state.session().progress
    lines = []
    for number, entry in enumerate(frame.catalogue(), 1):
        rec = progress.lesson(entry.id)
        lines.append("- " + words.lesson_line(number, entry.title, len(rec.steps_done), entry.steps, rec.done,
                                              rec.stars))
    st.markdown("\n".join(lines))


def _reset_all() -> None:
    """Forget every lesson, puzzle and game of this learner, and their ratings; the open lessons start again."""
    sess = state.session()
    sess.progress.reset_all()
    sess.ratings.reset()
    sess.lessons.clear()
    sess.practice, sess.streak = None, None
    state.tell(Notice("info", words.all_reset_done()))
