"""A ``predict`` step: a question about one move (its pit lit). A wrong choice changes nothing, says
its own ``why`` (and the common mistake it stands for) and stays marked (``LessonRun.chosen``); the
right one plays the move."""

from __future__ import annotations

from engine import Turn, play
from lessons.steps.predict import PredictStep

from .. import words
from ..activity import Feedback
from .base import StepHandler, StepRun, handles


@handles(PredictStep)
class PredictHandler(StepHandler[PredictStep]):
    """Choose an answer; the right one plays the step's move."""

    def lit(self, run: StepRun, step: PredictStep) -> tuple[int, ...]:
        """The pit in question."""
        return (step.pit,)

    def answer(self, run: StepRun, step: PredictStep, choice: str) -> bool:
        """Right: the step's move is played (and animated) and the step is done. Wrong: nothing changes;
        the choice is kept in ``chosen`` and the notice says its ``why`` and the mistake it stands for."""
        run.chosen.append(choice)
        if choice != step.answer:
            run.slip()

            def said() -> str:
                now = self.now(run)
                return words.not_this_answer(words.answer_label(choice, in_sentence=True), now.why(choice),
                                             now.mistake(choice))

            run.notice = Feedback("warning", said, lambda: self.hint(run), tuple(filter(None, [step.mistake(choice)])))
            return False
        before = run.position
        result = play(before, step.pit, run.rules)
        run.turn = Turn(before, (result,))
        run.show(before, [result])
        run.complete_step()
        run.notice = Feedback("success", lambda: words.right(self.done_first(run)),
                              self.told(run, (result,), lambda: self.done_rest(run)),
                              words.account_rules([result], run.rules))
        return True


__all__ = ["PredictHandler"]
