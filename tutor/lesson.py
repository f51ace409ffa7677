"""A lesson: steps to read, pits to press, moves to find, predictions to make and goals to reach.

A :class:`LessonActivity` walks one learner through one ``lessons.models.Lesson``. It is the board's
``Activity`` for every kind of step: a press, an answer and "Show me" go to the handler of the step
shown (``tutor.steps``, one module a kind, found by the step's model class), which does what its
kind does:

- a ``do`` step (``tutor/steps/do.py``) lights the pit(s) to press; another pit costs nothing;
- a ``find`` or ``goal`` step (``find.py``, ``goal.py``) plays a wrong try out on the board until
  "Try again", and "Show me" plays the solution;
- a ``predict`` step (``predict.py``) asks a question about one move;
- a ``read`` step (``read.py``) is done when shown;
- a ``game`` step (``game.py``) is a whole game against the computer.

Every notice is a ``tutor.activity.Feedback``: one short sentence (the lesson's own
words first) and details for "Why?" (what the engine says the moves did),
with the rule ids apart (badges a teacher may switch on).

The rest of a run is the same for every kind of step and lives in ``tutor.lesson_run.LessonRun``:
opening a step (Next, Back, Restart, "Try again", a ``?step=`` link), the slips saved in the
learner's progress and the stars they earn.
"""

from __future__ import annotations

from engine import IllegalMoveError, MoveResult, Place, Position

from . import words
from .activity import Feedback
from .lesson_run import LessonRun


class LessonActivity(LessonRun):
    """One learner's run through ``lesson``: a press, an answer and "Show me", passed to the step's kind.

    The step shown and its state (``turn``, ``done``, ``failed``, ``showing``, ``wrong``, ``shown``,
    ``chosen``, ``game``...), the links, the slips and the stars are :class:`~tutor.lesson_run.LessonRun`'s;
    what each kind does with them is its handler's (``tutor.steps.base.StepHandler``).
    """

    presses_illegal = True

    # -- Activity -------------------------------------------------------------

    def accepts_presses(self) -> bool:
        return not self.finished and not self.done and not self.waiting and self.handler.presses

    def foreseeable(self, playable: tuple[int, ...]) -> tuple[int, ...]:
        """While presses count, the pits the step's kind plays as they are (a do step only its lit pits;
        a goal or find step any pit): the step's handler says, whatever ``playable``."""
        return self.handler.foreseeable(self, self.step) if self.accepts_presses() else ()

    def playable(self) -> tuple[int, ...]:
        """Every pit of the learner's row while presses count, so a wrong one can be explained."""
        return tuple(range(1, self.rules.pits + 1)) if self.accepts_presses() else ()

    def lit(self) -> tuple[Place, ...]:
        """The pits the step's kind lights (a ``do`` step's pits to press, a ``predict`` step's pit in
        question), until the step is done."""
        if self.done or self.waiting or self.finished:
            return ()
        side = self.position.to_move
        return tuple(Place(side, p) for p in self.handler.lit(self, self.step))

    def turn_text(self) -> str:
        if self.accepts_presses():
            return words.to_move(self.position.to_move, press=True)
        if self.done and not self.turn.results:
            return words.to_move(self.position.to_move)
        return ""

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        """A pit that is no move (an empty one, K5): why, and what to do (never a wrong try)."""
        self.handler.refused(self, self.step, pit, error)

    def judge(self, before: Position, result: MoveResult) -> None:
        self.handler.judge(self, self.step, before, result)

    # -- the other actions ----------------------------------------------------

    def answer(self, choice: str) -> bool:
        """Answer the step's question (a ``predict`` step); returns whether ``choice`` is right.
        Nothing happens once the step is done, or for a choice already chosen (it counts once)."""
        if self.done or self.finished or choice in self.chosen:
            return False
        right = self.handler.answer(self, self.step, choice)
        self.changed()
        return right

    def show_me(self) -> None:
        """Show the step's solution, when its kind has one to show (a find or goal step)."""
        if self.done or self.finished:
            return
        self.handler.show_me(self, self.step)
        self.changed()

    def begun(self) -> bool:
        """The learner has done something in this step (pressed, answered, asked "Show me", played)."""
        return self.handler.begun(self, self.step)


__all__ = ["Feedback", "LessonActivity"]
