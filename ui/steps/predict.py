"""A ``predict`` step on the page: the question and its answers above the feedback, each answer a
button; a wrong one chosen stays red, the right one turns green once the board has sown its move."""

from __future__ import annotations

import streamlit as st

from lessons.steps.predict import PredictStep
from tutor import words
from tutor.lesson import LessonActivity
from ui import lesson_panel as panel
from ui.steps.base import StepView, draws


def choices(run: LessonActivity, step: PredictStep) -> None:
    """The question and its answers as buttons in a wrapping row (each with a mark, so a mark
    that changes never changes a width). A wrong answer chosen stays red (with a cross) and cannot be
    chosen again; the right one turns green (with a tick) once the board has sown the move
    (at once when animations are off): the colours are :func:`choices_css`, in the page's style."""
    st.markdown(f"**{step.question}**")
    row = st.container(horizontal=True, gap="small")
    for i, choice in enumerate(step.options):
        chosen = choice in run.chosen
        right = chosen and choice == step.answer
        icon = (":material/check:" if right else ":material/close:") if chosen else ":material/radio_button_unchecked:"
        row.button(words.answer_label(choice), key=panel.answer_key(run, step, i), on_click=_answer, args=(run, choice),
                   icon=icon, disabled=run.done or chosen)


def _answer(run: LessonActivity, choice: str) -> None:
    """An answer's button: ``run.answer(choice)`` (whether it was right shows in ``run``, not here)."""
    run.answer(choice)


def choices_css(run: LessonActivity, step: PredictStep, sown: str | None) -> str:
    """The CSS of the chosen answers: red for a wrong one; green for the right one, scoped to the
    class of ``lesson_panel.pending`` (``sown``) so it waits for the seeds, its tick hidden till then."""
    rules = []
    for i, choice in enumerate(step.options):
        if choice not in run.chosen:
            continue
        key = panel.answer_key(run, step, i)
        right = choice == step.answer
        scope = f"html.{sown} " if right and sown else ""
        rules.append(f"{scope}.st-key-{key} button {{ {panel.RIGHT_CSS if right else panel.WRONG_CSS} }}")
        if right and scope:  # until the seeds are down the right answer looks only chosen
            icon = f".st-key-{key} button [data-testid='stIconMaterial']"
            rules.append(f"{icon} {{ visibility: hidden; }} {scope}{icon} {{ visibility: visible; }}")
    return "\n".join(rules)


@draws(PredictStep)
class PredictView(StepView):
    """The answers in the panel, coloured by the page's CSS."""

    def style(self, run: LessonActivity, sown: str | None) -> str:
        return choices_css(run, self.step(run), sown)

    def prompt(self, run: LessonActivity) -> None:
        st.caption(words.lesson_label("choose"))

    def panel(self, run: LessonActivity, board_key: str) -> None:
        choices(run, self.step(run))
        super().panel(run, board_key)

    @staticmethod
    def step(run: LessonActivity) -> PredictStep:
        step = run.step
        assert isinstance(step, PredictStep)
        return step


__all__ = ["PredictView", "choices", "choices_css"]
