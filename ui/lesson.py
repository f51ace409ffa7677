"""A lesson page: step k of n, the text, the board, answers, feedback and navigation.

Behaviour lives in ``tutor.lesson.LessonActivity``; this module draws it and
wires the buttons to its methods.
"""

from __future__ import annotations

import streamlit as st

from lessons.models import GoalStep, Lesson, PredictStep
from tutor import words
from tutor.lesson import LessonActivity
from tutor.activity import Notice
from tutor.progress import stars
from ui import board, frame, lesson_game, live, reveal, state

BOARD_MAX = "60rem"
"""Widest a lesson's board gets, so text, board and Next fit a 1920x1080 screen."""

LESSON_PAGES = {
    "setup": "lesson_1_setup",
    "sowing": "lesson_2_sowing",
    "extra-turns": "lesson_3_extra_turns",
    "captures": "lesson_4_captures",
    "ending": "lesson_5_ending",
    "awari": "lesson_6_awari",
    "strategy": "lesson_7_strategy",
    "awari-strategy": "lesson_8_awari_strategy",
}
"""Lesson id -> page url path (the order of the lessons)."""


def content(lesson_id: str) -> Lesson:
    """The checked lesson ``lesson_id`` (cached)."""
    return frame.lessons()[lesson_id]


def _predict_choices(run: LessonActivity, step: PredictStep) -> None:
    st.markdown(f"**{step.question}**")
    cols = st.columns(len(step.options))
    for i, (col, choice) in enumerate(zip(cols, step.options, strict=True)):
        col.button(words.answer_label(choice), key=f"{state.Keys.LESSON}{run.lesson.id}_{step.id}_answer_{i}", on_click=run.answer,
                   args=(choice,), disabled=run.done, width="stretch")


def _nav(run: LessonActivity, stacked: bool = False) -> None:
    """Back / Next (or Finish) / Restart: in a row, or one above the other (Next first) beside the feedback."""
    key = f"{state.Keys.LESSON}{run.lesson.id}"
    if stacked:
        next_slot, back_slot, restart_slot = st.container(), st.container(), st.container()
    else:
        cols = st.columns([1, 1, 1, 2])
        back_slot, next_slot, restart_slot = cols[0], cols[1], cols[2]
    back_slot.button(words.label("back"), key=f"{key}_back", icon=":material/arrow_back:", on_click=run.back,
                     disabled=run.index == 0 and not run.finished, width="stretch")
    if not run.finished:
        last = run.index + 1 == len(run.lesson.steps)
        next_slot.button(words.label("finish" if last else "next"), key=f"{key}_next", icon=":material/arrow_forward:",
                         on_click=run.next_step, disabled=not run.done, type="primary", width="stretch",
                         help=None if run.done else words.label("finish_first"))
    restart_slot.button(words.label("restart"), key=f"{key}_restart", icon=":material/restart_alt:",
                        on_click=run.restart, width="stretch")


def _summary(run: LessonActivity) -> None:
    lesson = run.lesson
    st.subheader(words.label("lesson_complete"))
    st.success(lesson.summary)
    st.markdown(words.stars_earned(stars(sum(run.slips.values()))))
    st.markdown(words.label("rules_learnt"))
    st.markdown("\n".join(f"- **{rule_id}** {words.rule_title(rule_id)}" for rule_id in lesson.cited))
    ids = list(LESSON_PAGES)
    here = ids.index(lesson.id)
    if here + 1 < len(ids):
        frame.link(LESSON_PAGES[ids[here + 1]], words.next_lesson(here + 2), ":material/school:")
    else:
        frame.link("puzzles", words.label("try_puzzles"), ":material/extension:")


def _reset(run: LessonActivity) -> None:
    """Forget this lesson's steps and stars, and start it again from step 1."""
    run.progress.reset_lesson(run.lesson.id)
    run.restart()
    run.notice = Notice("info", words.lesson_reset_done())


def progress_overview() -> None:
    """One line per lesson: steps done of all steps, and a tick when finished (for Home)."""
    progress = state.session().progress
    lines = []
    for number, lesson in enumerate(frame.lessons().values(), 1):
        rec = progress.lesson(lesson.id)
        lines.append("- " + words.lesson_line(number, lesson.title, len(rec.steps_done), len(lesson.steps), rec.done,
                                              rec.stars))
    st.markdown("\n".join(lines))


def render(lesson_id: str) -> None:
    """Draw the lesson page below its title: step k of n, text, board, answers, navigation."""
    run = state.lesson(content(lesson_id))
    lesson = run.lesson
    total = len(lesson.steps)
    board_key = f"{state.Keys.LESSON_BOARD}{lesson_id}"
    # On a wide screen (a 1920x1080 projector) the board would grow to its largest size
    # and push Next below the fold: lesson boards stay at most BOARD_MAX wide.
    st.html(f"<style>.st-key-{board_key} {{ max-width: {BOARD_MAX}; margin-inline: auto; }}</style>")
    rec = state.session().progress.lesson(lesson.id)
    with st.sidebar:
        st.caption(words.lesson_steps_done(len(rec.steps_done), total, rec.done))
        if rec.steps_done:
            st.button(words.label("reset_lesson"), key=f"{state.Keys.LEARNER}reset_{lesson_id}",
                      on_click=_reset, args=(run,), icon=":material/restart_alt:")
    st.caption(lesson.intro)
    if run.finished:
        st.progress(1.0, text=words.all_steps_done(total))
        _summary(run)
        _nav(run)
        return
    step = run.step
    state.set_query("step", str(run.index + 1))  # a reload (F5) opens the same step
    st.progress(run.share, text=words.step_counter(run.index + 1, total))
    st.subheader(step.title)
    st.markdown(step.text)
    st.caption(words.rules_line(step.cites))
    if isinstance(step, PredictStep):
        _predict_choices(run, step)
    board.draw(lesson_game.shown(run), board_key)
    thinking = st.empty()  # the computer's spinner in a game step, below the board
    lesson_game.players(run)
    live.ask_button(lesson.step_rules(step), lesson.step_position(step), "lesson")
    if step.caption:
        st.caption(step.caption)
    # Below the board, so a press never moves the board under the pointer:
    # the feedback (after the sowing animation) beside Next / Back / Restart.
    left, right = st.columns([3, 1], gap="medium")
    with right:
        _nav(run, stacked=True)
        lesson_game.skip_button(run)
    with left, reveal.after_sowing(f"lesson_{lesson_id}_verdict", lesson_game.shown(run), board_key):
        reveal.notice(lesson_game.shown(run))
        lesson_game.after_move(run)
        if isinstance(step, GoalStep) and run.failed:
            row = st.container(horizontal=True)
            row.button(words.label("try_again"), key=f"{state.Keys.LESSON}{lesson_id}_retry", on_click=run.retry,
                       icon=":material/replay:")
            row.button(words.label("show_me"), key=f"{state.Keys.LESSON}{lesson_id}_show", on_click=run.show_me,
                       icon=":material/visibility:")
    lesson_game.think(run, thinking)
