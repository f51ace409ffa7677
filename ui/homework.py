"""Homework on screen: the pupil's at the top of Home (the teacher's side: ``ui.homework_class``).

What counts and when a homework is late is ``tutor.homework``'s; this module only draws, and imports
nothing Home's first run would not (no table, no puzzle models until a homework asks for puzzles).
"Due today" and "late" are judged by the viewer's own day (``tutor.days``): the time now from
:data:`CLOCK`, which tests replace, and the browser's time zone (``st.context.timezone``; without one,
the zone the homework was set in, else UTC). Nothing here is judged by a wall clock a test cannot set.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import streamlit as st

from tutor import words
from tutor.days import Today, known
from tutor.homework import (NO_REVIEWS, Done, FirstDone, Homework, ReviewWork, first_on_home, lesson_to_start,
                            progress_words, state, task_words, to_replay)
from ui import frame, state as ui_state, wiring

CLOCK: Callable[[], dt.datetime] = lambda: dt.datetime.now(dt.UTC)  # noqa: E731 - replaced by tests
"""The time now (UTC): with the viewer's zone, today's date says whether a homework is due today or late."""
K = "hw_"
"""Widget keys of the pupil's homework on Home: + ``replay_<id>``; ``zone``: the zone noted in the store."""


def browser_zone() -> str | None:
    """The IANA time zone of the viewer's browser (``st.context.timezone``), ``None`` when it gave none
    or one ``zoneinfo`` does not know."""
    try:
        name = st.context.timezone
    except Exception:  # noqa: BLE001 - no browser to ask
        return None
    return known(name) or None


def today() -> Today:
    """The time now (:data:`CLOCK`) and the viewer's zone (:func:`browser_zone`): each homework's day."""
    return Today(CLOCK(), browser_zone())


def lesson_numbers() -> dict[str, int]:
    """Lesson id -> its number in the course (1..), as the pages number them."""
    return {entry.id: n for n, entry in enumerate(frame.catalogue(), 1)}


def lesson_steps() -> dict[str, int]:
    """Lesson id -> how many steps it has."""
    return {entry.id: entry.steps for entry in frame.catalogue()}


def theme_titles() -> dict[str, str]:
    """Puzzle theme id -> its title in the session's language, in the Puzzles page's order."""
    return {tid: theme.title for tid, theme in words.theme_entries().items()}


def theme_shorts() -> dict[str, str]:
    """Puzzle theme id -> its short name (a narrow column's heading) in the session's language."""
    return {tid: theme.short for tid, theme in words.theme_entries().items()}


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
    homeworks, solves, work, first = found
    _note_zone(me)
    lessons = {lid: sess.progress.lesson(lid) for hw in homeworks for lid in hw.lessons}
    pairs = first_on_home(homeworks, lessons, solves, lesson_steps(), puzzles_for(homeworks), work, first)
    day, numbers = today(), lesson_numbers()
    titles = theme_titles() if any(hw.kind == "puzzles" for hw in homeworks) else {}
    for hw, done in pairs:
        where = state(hw, done, day)
        line = words.homework_line(task_words(hw, numbers, titles), hw.due, progress_words(hw, done), where)
        if where in ("done", "done_late"):
            st.success(line, icon=":material/task_alt:")
        elif where == "late":
            st.warning(line, icon=":material/assignment_late:")
        else:
            st.info(line, icon=":material/assignment:")
        if where in ("done", "done_late"):
            continue
        if hw.kind == "reviews":
            _where_to_review(hw, done, work)
        elif hw.kind == "lessons":
            _lesson_button(hw, lessons, numbers)
        else:
            _puzzles_button(hw)


def _lesson_button(hw: Homework, lessons: dict[str, Any], numbers: dict[str, int]) -> None:
    """Under a homework of lessons: "Start lesson N" (or "Go on with lesson N"), a link to its first lesson
    not finished (``tutor.homework.lesson_to_start``)."""
    found = lesson_to_start(hw, lessons)
    if found is None or found[0] not in numbers or found[0] not in frame.LESSON_PAGES:
        return
    lesson_id, begun = found
    frame.link(frame.LESSON_PAGES[lesson_id], words.homework_start_lesson(numbers[lesson_id], begun),
               ":material/school:")


def _puzzles_button(hw: Homework) -> None:
    """Under a homework of puzzles: "Open these puzzles", a link to My practice with the homework's theme
    chosen (``?game=&theme=``, read by ``ui.practice``): its solves count for the homework, as the Puzzles
    page's do. The game is the first (Kalah, then Awari) that has puzzles of the theme; none: no link."""
    from tutor.practice import themes_of
    from tutor.ratings import VARIANTS

    pool = frame.practice_puzzles()
    game = next((g for g in VARIANTS if hw.theme in themes_of(pool, g)), None)
    if game is None:
        return
    st.page_link(frame.page_file("practice"), label=words.homework_label("go_puzzles"), icon=":material/extension:",
                 query_params={"game": game, "theme": hw.theme})


def _note_zone(me: str) -> None:
    """Keep the pupil's browser's zone in the store, once a session (and again when it changes): the
    teacher's table judges their homework by the same day as this Home (``tutor.homework_table.pupil_day``)."""
    zone = browser_zone()
    if zone is not None and st.session_state.get(f"{K}zone") != (me, zone):
        st.session_state[f"{K}zone"] = (me, zone)
        wiring.guard(lambda school: school.note_zone(me, zone), False)


def _where_to_review(hw: Homework, done: Done, work: ReviewWork) -> None:
    """Under a homework of reviewing games: where to play one and review it, and, when mistakes of the games
    reviewed wait to be played again, a button that opens them on the Mistakes page."""
    cards = to_replay(hw, work)
    row = st.container(horizontal=True, vertical_alignment="center")
    if done.done < done.total:
        with row:
            frame.link("sandbox", words.homework_label("go_play"), ":material/sports_esports:")
    if cards and row.button(words.homework_label("go_replay"), key=f"{K}replay_{hw.id}", type="primary",
                            icon=":material/fitness_center:"):
        from ui import mistakes  # here: Home's first run needs neither the cards nor the board's replay

        found = mistakes.cards_by_id(cards)
        if found:
            mistakes.go_practise(found)
    if done.done < done.total:
        st.caption(words.homework_how_to_review())


def _mine(school: Any, me: str) -> tuple[list[Homework], dict[str, dt.datetime], ReviewWork, FirstDone] | None:
    joined = school.class_of(me)
    if joined is None:
        return None
    homeworks = school.homeworks(joined[0])
    if not homeworks:
        return None
    work = school.review_work(me) if any(hw.kind == "reviews" for hw in homeworks) else NO_REVIEWS
    return homeworks, school.solves(me), work, school.first_done(me)


__all__ = ["CLOCK", "K", "browser_zone", "lesson_numbers", "lesson_steps", "pupil_panel", "puzzles_for", "theme_shorts",
           "theme_titles", "today"]
