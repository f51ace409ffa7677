"""A lesson page: step k of n with the stars so far, the text, the board with its panel
(answers and feedback, ``ui.lesson_panel``) and navigation.

Behaviour lives in ``tutor.lesson.LessonActivity``; this module draws it and
wires the buttons to its methods. What one kind of step draws of its own (a
prediction's answers, a game's Play again...) is its view in ``ui/steps/``
(``ui.steps.base.view_for``).
"""

from __future__ import annotations

import streamlit as st

from lessons.models import Lesson
from tutor import words
from tutor.activity import Activity, Notice
from tutor.lesson import LessonActivity
from tutor.progress import lessons_to_do
from ui import board, frame, live, state
from ui import lesson_panel as panel
from ui.steps.base import view_for

BOARD_MAX = "60rem"
"""Widest a lesson's board gets, so text, board and Next fit a 1920x1080 screen."""

LESSON_PAGES = frame.LESSON_PAGES
"""Lesson id -> page url path (the order of the lessons; ``ui.frame.LESSON_PAGES``)."""


def content(lesson_id: str) -> Lesson:
    """The checked lesson ``lesson_id`` (cached)."""
    return frame.lessons()[lesson_id]


def _nav(run: LessonActivity, sown: str | None = None) -> None:
    """Back / Next (or Finish) / Restart in one row. Next opens once the step is done; where the step
    asked the learner to find something (a pit, a goal, an answer), only once the board has sown the
    move that did it (``sown``: ``lesson_panel.pending``): a tester saw Next light up while the seeds
    were still going, which told that the move was right before the verdict did. A do step's Next
    opens at once (its move was given; pressing Next skips the rest of the sowing)."""
    key = f"{state.Keys.LESSON}{run.lesson.id}"
    row = st.container(horizontal=True, gap="small", key=f"{key}_nav")
    row.button(words.label("back"), key=f"{key}_back", icon=":material/arrow_back:", on_click=run.back,
               disabled=run.index == 0 and not run.finished)
    if not run.finished:
        label = words.label("finish" if run.index + 1 == len(run.lesson.steps) else "next")

        def next_button(closed: bool, suffix: str = "") -> None:
            st.button(label, key=f"{key}_next{suffix}", icon=":material/arrow_forward:", on_click=run.next_step,
                      disabled=closed, type="primary", help=words.label("finish_first") if closed else None)

        with row:
            if not run.done:
                next_button(True)
            elif not view_for(run.step).next_waits:  # a do step's move was given: nothing to give away
                next_button(False)
            else:
                panel.until_sown(run, "next", sown, lambda: next_button(True, "_wait"), lambda: next_button(False))
    row.button(words.label("restart"), key=f"{key}_restart", icon=":material/restart_alt:", on_click=run.restart)


def _summary(run: LessonActivity) -> None:
    lesson = run.lesson
    st.subheader(words.label("lesson_complete"))
    st.success(lesson.summary)
    st.markdown(words.stars_earned(run.stars_so_far))
    ids = state.session().prefs.rule_ids  # the ids themselves only for a teacher who asked for them
    for heading, items in words.learnt(lesson.cited):  # rules, tips and mistakes apart
        st.markdown(heading)
        st.markdown("\n".join(f"- {said}" + (f" :gray-badge[{rule_id}]" if ids else "") for rule_id, said in items))
    order = list(LESSON_PAGES)
    here = order.index(lesson.id)
    left = lessons_to_do(run.progress, order)
    if here + 1 < len(order):
        frame.link(LESSON_PAGES[order[here + 1]], words.next_lesson(here + 2), ":material/school:")
    elif left:  # the last lesson, but not the last one left: never "All the lessons done"
        first = order.index(left[0])
        frame.link(LESSON_PAGES[left[0]], words.lessons_left(len(left), first + 1), ":material/school:")
    else:
        frame.link("puzzles", words.label("try_puzzles"), ":material/extension:")


def _reset(run: LessonActivity) -> None:
    """Forget this lesson's steps and stars, and start it again from step 1."""
    run.progress.reset_lesson(run.lesson.id)
    run.restart()
    run.notice = Notice("info", words.lesson_reset_done())


def _sidebar(run: LessonActivity, sown: str | None) -> None:
    """This lesson's line (while a move is sown, without the step it may complete) and "Reset this
    lesson" (the teacher's rule ids switch is at the top of the lesson: :func:`teachers`)."""
    lesson = run.lesson
    rec = state.session().progress.lesson(lesson.id)

    with st.sidebar:
        total = len(lesson.steps)
        panel.until_sown(run, "steps", sown if run.done else None,
                         lambda: st.caption(words.lesson_steps_done(len(rec.steps_done - {run.step.id}), total,
                                                                    rec.done)),
                         lambda: st.caption(words.lesson_steps_done(len(rec.steps_done), total, rec.done)))
        if rec.steps_done:
            st.button(words.label("reset_lesson"), key=f"{state.Keys.LEARNER}reset_{lesson.id}",
                      on_click=_reset, args=(run,), icon=":material/restart_alt:")


def teachers(run: LessonActivity) -> None:
    """"For teachers": a small popover at the top of the lesson (beside the stars), where a teacher
    looks, with the switch that shows the rule ids as badges (``ui.state.BoardPrefs.rule_ids``)."""
    prefs = state.session().prefs

    def copy() -> None:
        prefs.rule_ids = bool(st.session_state.get(state.Keys.PREF_RULE_IDS, prefs.rule_ids))

    with st.popover(words.label("for_teachers"), icon=":material/co_present:", type="tertiary",
                    key=f"{state.Keys.LESSON}{run.lesson.id}_teachers"):
        st.toggle(words.lesson_label("rule_ids"), value=prefs.rule_ids, key=state.Keys.PREF_RULE_IDS, on_change=copy,
                  help=words.lesson_label("rule_ids_help"))


def _counter(run: LessonActivity, sown: str | None) -> None:
    """Step k of n as a bar (the steps before this one), beside it the stars the run would
    earn now (while a move is being sown, the stars from before it: they would tell a miss),
    then "For teachers" (:func:`teachers`)."""
    total = len(run.lesson.steps)
    row = st.container(horizontal=True, vertical_alignment="bottom", gap="medium")
    with row:
        st.progress(run.index / total, text=words.step_counter(run.index + 1, total), width="stretch")

        def badge(earned: int) -> None:
            st.badge(words.stars_so_far(earned), color="orange", help=words.stars_so_far_help(earned))

        changed = sown if run.stars_before != run.stars_so_far else None
        panel.until_sown(run, "stars", changed, lambda: badge(run.stars_before), lambda: badge(run.stars_so_far))
        teachers(run)


def render(lesson_id: str) -> None:
    """Draw the lesson page below its title: step k of n and the stars so far, the text, then
    the board with the panel beside it (above it on a phone): answers and feedback; then
    Back / Next / Restart."""
    run = state.lesson(content(lesson_id))
    state.follow_step_link(run)
    lesson = run.lesson
    total = len(lesson.steps)
    board_key = f"{state.Keys.LESSON_BOARD}{lesson_id}"
    # On a wide screen (a 1920x1080 projector) the board would grow to its largest size
    # and push Next below the fold: lesson boards stay at most BOARD_MAX wide.
    sown = panel.pending(run, board_key)
    view = view_for(run.step)  # what the step's kind draws of its own (ui/steps/)
    st.html(panel.style(lesson_id, board_key, BOARD_MAX, sown, view.style(run, sown) if not run.finished else "",
                        panel.room(run, sown)))
    _sidebar(run, sown)
    if run.index == 0 or run.finished:  # the lesson's intro on its first step; later steps keep the room for the board
        st.caption(lesson.intro)
    if run.finished:
        with st.container(horizontal=True, vertical_alignment="bottom", gap="medium"):
            st.progress(1.0, text=words.all_steps_done(total), width="stretch")
            teachers(run)
        _summary(run)
        _nav(run, sown)
        return
    step = run.step
    state.write_step_link(run)  # a reload (F5) opens the same step; the browser's Back the one before
    _counter(run, sown)
    if run.link_note:
        st.info(run.link_note, icon=":material/info:")
    st.subheader(step.title)
    st.markdown(step.text)
    if state.session().prefs.rule_ids:
        panel.badges(step.cites)
    # The board and the panel beside it; the panel's feedback slot keeps its height, so a
    # press never moves the board (on a phone the panel stands above the board).
    row = st.container(horizontal=True, gap="medium", key=f"{state.Keys.LESSON}{lesson_id}_row")
    with row.container(key=f"{state.Keys.LESSON}{lesson_id}_row_board"):
        board.draw(shown(run), board_key)
        thinking = st.empty()  # the computer's spinner in a game step, below the board
        view.below_board(run)
        live.ask_button(lesson.step_rules(step), lesson.step_position(step), "lesson")
        if step.caption:
            st.caption(step.caption)
    with row.container(key=f"{state.Keys.LESSON}{lesson_id}_row_panel"):
        view.panel(run, board_key)
    _nav(run, sown)
    view.after_page(run, thinking)


def shown(run: LessonActivity) -> Activity:
    """What the board draws and the notices come from: the step's own activity (a game step's game),
    or the lesson itself."""
    return run.game if run.game is not None else run
