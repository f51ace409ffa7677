"""A ``game`` step on the page: the board of the game, the computer's turn, Play again and Skip.

Behaviour lives in ``tutor.steps.game``; ``ui.lesson`` draws the game's board
(``LessonRun.game``) and calls :class:`GameView` around it. As on the sandbox
page, the board is drawn before the computer thinks (the learner's move shows
meanwhile, with a spinner below the board); the page then runs again with the
reply, which the board adds to the move.
"""

from __future__ import annotations

import logging
from typing import Any

import streamlit as st

from lessons.steps.game import GameStep
from tutor import words
from tutor.lesson import LessonActivity
from tutor.steps.game import StepGame, can_skip, game_of, skip
from ui import reveal, state, thinking
from ui.steps.base import StepView, draws

_log = logging.getLogger(__name__)


def players(run: LessonActivity) -> None:
    """Under a game step's board: who plays which side."""
    game = game_of(run)
    if game is not None:
        st.caption(words.game_step_players(game.learner, game.step.level))


def after_move(run: LessonActivity) -> None:
    """In the verdict (shown once the board has sown): what the last moves did, and after a finished
    game, Play again."""
    game = game_of(run)
    if game is None:
        return
    if game.sowing is not None:
        ids = state.session().prefs.rule_ids  # rule ids only for a teacher who switched them on
        st.markdown(words.moves_told(list(game.sowing.results), game.rules, ids=ids))
    if game.over():
        st.button(words.game_step_label("play_again"), key=f"{state.Keys.LESSON}{run.lesson.id}_again",
                  on_click=game.play_again, icon=":material/replay:", type="secondary" if game.finished else "primary")


def skip_button(run: LessonActivity) -> None:
    """An optional game step not done yet: Skip (it counts as done, never a star lost)."""
    if can_skip(run):
        st.button(words.game_step_label("skip"), key=f"{state.Keys.LESSON}{run.lesson.id}_skip", on_click=skip,
                  args=(run,), icon=":material/skip_next:", help=words.game_step_label("skip_help"), width="stretch")


def think(run: LessonActivity, slot: Any) -> None:
    """If the computer is to move in the step's game: its turn goes on in the server's pool, a status
    in ``slot`` says it thinks (polled, never blocking the script), then the app reruns."""
    game = game_of(run)
    if game is None or not (game.computer_to_move() or game.turn is not None):
        return
    with slot.container():
        step = computer_step(game)
        if step == "moved":
            st.rerun()
        if step == "thinking":
            thinking.wait(words.thinking(game.computer, game.step.level), lambda: computer_step(game) != "thinking")


def computer_step(game: StepGame) -> str:
    """One step of the computer's turn: ``"thinking"``, ``"moved"`` (the turn ended, or there was none)
    or ``"failed"`` (the notice says so, never a traceback; no rerun, so no loop of failures)."""
    try:
        return "thinking" if game.think(thinking.ask) == "thinking" else "moved"
    except Exception as exc:  # noqa: BLE001 - never show a traceback to a learner
        _log.warning("lesson computer failed on %s: %r", game.position.to_notation(), exc)
        thinking.abandon()
        game.computer_failed()
        return "failed"


@draws(GameStep)
class GameView(StepView):
    """Who plays under the board; the game's notices, Play again and Skip in the panel; the computer's
    turn after the page."""

    def panel(self, run: LessonActivity, board_key: str) -> None:
        """The feedback slot: the game's notice and what the last moves did once the board has sown,
        Play again after the game, and Skip for an optional game."""
        game = game_of(run)
        if game is None:
            super().panel(run, board_key)
            return
        with st.container(key=f"{state.Keys.LESSON}{run.lesson.id}_feedback"):
            with reveal.after_sowing(f"lesson_{run.lesson.id}_verdict", game, board_key):
                reveal.notice(game)
                after_move(run)
            skip_button(run)

    def below_board(self, run: LessonActivity) -> None:
        players(run)

    def after_page(self, run: LessonActivity, slot: Any) -> None:
        think(run, slot)


__all__ = ["GameView", "after_move", "computer_step", "players", "skip_button", "think"]
