"""A ``do`` step: the lit pit(s) to press. Another pit changes nothing and costs nothing (a ``do``
step teaches, it does not test): the notice says kindly which pit to press, and under "Why?" what
that pit would do."""

from __future__ import annotations

from engine import IllegalMoveError, MoveResult, Position, Turn
from lessons.steps.do import DoStep

from .. import words
from ..activity import Feedback
from .base import StepHandler, StepRun, handles


@handles(DoStep)
class DoHandler(StepHandler[DoStep]):
    """Press a lit pit: the lit pits are the only ones played; the step is done with the first."""

    presses = True

    def foreseeable(self, run: StepRun, step: DoStep) -> tuple[int, ...]:
        """Only the lit pits are played (another is explained)."""
        return tuple(step.lit)

    def lit(self, run: StepRun, step: DoStep) -> tuple[int, ...]:
        return tuple(step.lit)

    def refused(self, run: StepRun, step: DoStep, pit: int, error: IllegalMoveError) -> None:
        """Why not that pit, then which pit to press."""
        rule_id = error.rule_id
        run.notice = Feedback("info", lambda: words.refusal(rule_id), lambda: words.press_the_lit(step.lit), (rule_id,))

    def judge(self, run: StepRun, step: DoStep, before: Position, result: MoveResult) -> None:
        rules = run.rules
        ids = words.account_rules([result], rules)
        if result.pit not in step.lit:  # nothing is played and nothing is lost
            run.notice = Feedback(
                "info", lambda: words.press_the_lit(step.lit),
                lambda: "\n\n".join(p for p in (words.would_do(result.pit, words.move_account(result, rules)),
                                                self.hint(run)) if p), ids)
            return
        run.turn = Turn(before, (result,))
        run.show(before, [result])
        run.complete_step()
        run.notice = Feedback("success", lambda: self.done_first(run),
                              self.told(run, (result,), lambda: self.done_rest(run)), ids)


__all__ = ["DoHandler"]
