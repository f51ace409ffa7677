"""The panel beside a lesson's board: a prediction's answers and the feedback after a press.

The feedback says one short sentence (``tutor.lesson.Feedback.text``); "Why?" opens
the details in a popover (it floats, so opening it moves nothing), and a missed
try offers "Try again" and "Show me". Everything a move's result would give
away waits for the board to finish sowing (``ui.reveal.after_sowing``), in step
mode too: the sentence, "Why?", the buttons, and a right answer's green.
The feedback's slot keeps its height (``FEEDBACK_HEIGHT``), so a press never
moves the board under the pointer; when the panel stands above the board (a
phone) the room is kept only from the step's first verdict on (:func:`room`),
so no empty gap stands between the prompt and the board before it.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from lessons.models import StepModel
from tutor import words
from tutor.lesson import Feedback, LessonActivity
from ui import reveal, state

FEEDBACK_HEIGHT = "11rem"
"""The space kept for the feedback: a sentence of up to three lines on a phone and a row of buttons
(on a phone from the step's first verdict on: :func:`room`)."""
WRAP_WIDTH = "42rem"
"""Below this row width the board's row wraps (board 24rem + panel 16rem + the 2rem gap): the panel
goes above the board and the feedback's height is fixed."""

WRONG_CSS = ("background: #fdecea !important; border-color: #b3261e !important; color: #8c1d18 !important;"
             " opacity: 1 !important;")
RIGHT_CSS = ("background: #e6f4ea !important; border-color: #1e7a34 !important; color: #155724 !important;"
             " opacity: 1 !important;")
"""A wrong answer's red and a right answer's green (text contrast at least 7:1 on each)."""


def answer_key(run: LessonActivity, step: StepModel, i: int) -> str:
    """The stable key of answer ``i`` (0-based, in the step's order) of ``step`` (a prediction: ``ui.steps.predict``)."""
    return f"{state.Keys.LESSON}{run.lesson.id}_{step.id}_answer_{i}"


def pending(run: LessonActivity, board_key: str) -> str | None:
    """The class ``board.js`` gives ``<html>`` once board ``board_key`` has sown the run's last
    action (``ui.board.sown_class``), or ``None`` when nothing waits for a sowing (no sowing,
    animations off). What a move's result would give away is shown only under that class."""
    return reveal.pending(run, board_key)


def until_sown(run: LessonActivity, part: str, sown: str | None, before: Callable[[], object],
               after: Callable[[], object]) -> None:
    """Draw ``after()``; while a sowing may still be under way (``sown`` is not ``None``), draw
    ``before()`` too, and the page's CSS (:func:`style`) shows ``before`` until the seeds are down.
    ``part`` names the pair in the keys (``lesson_<id>_wait_<part>``, ``lesson_<id>_after_<part>``)."""
    prefix = f"{state.Keys.LESSON}{run.lesson.id}"
    reveal.until_sown(prefix, sown, before, after, keys=(f"{prefix}_wait_{part}", f"{prefix}_after_{part}"),
                      width="content")


def feedback(run: LessonActivity, board_key: str, prompt: Callable[[LessonActivity], None] | None = None) -> None:
    """The feedback slot: the notice's sentence, then "Why?" and "Try again"/"Show me" in one row;
    before any press, a quiet line saying what to do (``prompt``, the step's kind's: by default
    :func:`your_move`; nothing once the step is done). Waits for the sowing to end."""
    lesson_id = run.lesson.id
    slot = st.container(key=f"{state.Keys.LESSON}{lesson_id}_feedback")
    with slot, reveal.after_sowing(f"lesson_{lesson_id}_verdict", run, board_key):
        notice = run.notice
        if notice is None:
            if not run.done:
                (prompt or your_move)(run)
            return
        getattr(st, notice.kind)(notice.text)
        row = st.container(horizontal=True, gap="small")
        details = notice.details if isinstance(notice, Feedback) else ""
        if details:
            with row.popover(words.lesson_label("why"), key=f"{state.Keys.LESSON}{lesson_id}_why",
                             icon=":material/help:"):
                st.markdown(details)
                if state.session().prefs.rule_ids and isinstance(notice, Feedback) and notice.rule_ids:
                    badges(notice.rule_ids)
        if run.waiting:  # a missed try or a solution shown stays on the board until "Try again"
            row.button(words.label("try_again"), key=f"{state.Keys.LESSON}{lesson_id}_retry", on_click=run.retry,
                       icon=":material/replay:", type="primary")
            if run.failed and run.handler.has_solution:
                row.button(words.label("show_me"), key=f"{state.Keys.LESSON}{lesson_id}_show", on_click=run.show_me,
                           icon=":material/visibility:")


def your_move(run: LessonActivity) -> None:
    """What to do on a fresh step, when its kind says nothing else: a quiet line while presses count."""
    if run.accepts_presses():  # a step played for North says so (never "your" for the other side)
        st.caption(words.lesson_label("north_move" if run.position.to_move == "N" else "your_move"))


def badges(rule_ids: list[str] | tuple[str, ...]) -> None:
    """Rule ids as small grey badges with their titles (a teacher's view; never in the sentences)."""
    st.markdown(" ".join(f":gray-badge[{rule_id}] {words.rule_title(rule_id)}" for rule_id in rule_ids))


def kept(run: LessonActivity) -> bool:
    """Whether the feedback's room is kept on a phone: once the learner has pressed, answered or asked
    "Show me" in this step (until the next step); in a game step once a move has been played or a
    game has ended (then there is a line after every move), not before (no empty room above the board)."""
    return run.begun()  # the step's kind knows (tutor.steps.base.StepHandler.begun)


def room(run: LessonActivity, sown: str | None) -> str | None:
    """The feedback's room on a phone: ``None`` before the step's first press (none kept); the class
    ``sown`` while the action that opened it is sown (the room opens once its seeds are down, with
    its verdict); else ``""`` (kept, from then on, while the step lasts: later sowings never close it).
    Remembers the opening action per lesson in ``ui.state.Session.rooms``."""
    rooms = state.session().rooms
    if not kept(run):
        rooms.pop(run.lesson.id, None)
        return None
    opened = rooms.setdefault(run.lesson.id, run.sowing.id if run.sowing is not None else -1)
    return sown if sown and run.sowing is not None and run.sowing.id == opened else ""


def style(lesson_id: str, board_key: str, board_max: str, sown: str | None, extra: str = "",
          kept: str | None = "") -> str:
    """The page's CSS for the board row: board and panel side by side, and on a narrow screen the
    panel ABOVE the board (``wrap-reverse``: the second line of the row is drawn first), the
    feedback slot's kept height (on a phone only once ``kept`` is not ``None``, from the verdict of
    the sowing of class ``kept`` when it is one: :func:`room`), the board's widest size; and while the seeds are sown
    (``sown``: :func:`pending`), the ``before`` half of each :func:`until_sown` pair; then ``extra``
    (one ``<style>`` for the whole page: each element drawn takes room in its column)."""
    row = f"{state.Keys.LESSON}{lesson_id}_row"
    feedback = f".st-key-{state.Keys.LESSON}{lesson_id}_feedback"
    wait, after = f"{state.Keys.LESSON}{lesson_id}_wait_", f"{state.Keys.LESSON}{lesson_id}_after_"
    swap = reveal.swap_css(wait, after, sown) if sown else ""
    return (
        f"<style>{swap}"
        f".st-key-{row} {{ flex-wrap: wrap-reverse !important; align-items: flex-end !important; }}"
        f".st-key-{row} > div:has(> .st-key-{row}_board) {{ flex: 2 1 24rem !important; }}"
        f".st-key-{row} > div:has(> .st-key-{row}_panel) {{ flex: 1 1 16rem !important; }}"
        f".st-key-{row} {{ container-type: inline-size; }}"
        # no gap around the hidden "Watch the seeds..." or verdict (ui.reveal): the room is the verdict's
        f".st-key-{state.Keys.LESSON}{lesson_id}_feedback {{ min-height: {FEEDBACK_HEIGHT}; gap: 0; }}"
        # Too narrow for both (24rem + 16rem + the gap): the panel stands above the board. Before the
        # step's first press it takes only its prompt's room (no empty gap above the board); from the
        # first verdict on (once the seeds are down) the feedback keeps exactly its height (a longer
        # text scrolls inside it), so the board moves at most once in a step, never while it sows.
        f"@container (max-width: {WRAP_WIDTH}) {{ {feedback} {{ min-height: 0; }}"
        + (f" {f'html.{kept} ' if kept else ''}{feedback} {{ height: {FEEDBACK_HEIGHT}; min-height: {FEEDBACK_HEIGHT};"
           f" max-height: {FEEDBACK_HEIGHT}; overflow-y: auto; }}" if kept is not None else "") + " }"
        f".st-key-{board_key} {{ max-width: {board_max}; margin-inline: auto; }}"
        f"{extra}</style>"
    )


__all__ = ["FEEDBACK_HEIGHT", "WRAP_WIDTH", "answer_key", "badges", "feedback", "kept", "pending", "room", "style",
           "until_sown", "your_move"]
