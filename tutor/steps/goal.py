"""A ``goal`` step: a whole turn (extra turns included) to reach the step's goal, with any pits.

Nothing is lit. While the turn goes on after an extra turn (K9) the learner keeps pressing, but only while
some way to finish it still reaches the goal (:func:`reachable`): an extra turn that leads nowhere ends the
try at once (a tester read "Keep going: it is still your turn" where no move could reach the goal), said
after the step's ``why`` for that first pit when it has one (a tester missed the why after such a move).
A try that misses is PLAYED OUT on the board and stays there, said in one sentence
(the step's ``why`` for its first pit, else ``tutor.words.tried`` from the engine's results); "Try
again" (``LessonRun.retry``) puts the step's position back. While a missed try is on the board no pit
can be pressed: the board shows the position after the try, and a press there would be played from
the step's start, which the learner cannot see; "Try again" first is clearer. "Show me" plays the
solution on the board but does not complete the step: after "Try again" the learner plays it (then
the step is done with the solution shown, one slip).
"""

from __future__ import annotations

from engine import Goal, MoveResult, Position, Rules, Turn, all_turns, misses, reached
from lessons.steps.goal import GoalStep

from .. import words
from ..activity import Feedback
from .base import StepHandler, StepRun, handles


def reachable(goal: Goal, turn: Turn, rules: Rules) -> bool:
    """Whether some way to finish ``turn`` (a turn in progress: its last move earned an extra turn, K9)
    reaches ``goal``: a complete turn of the same moves and more with no condition missed (counts only
    grow during a turn, so a goal reached on the way holds at its end too, ``engine.reached``)."""
    return any(not misses(goal, Turn(turn.start, turn.results + rest.results), rules)
               for rest in all_turns(turn.position, rules))


@handles(GoalStep)
class GoalHandler(StepHandler[GoalStep]):
    """Reach the goal in one turn; a ``find`` step (``tutor.steps.find``) is one move of it."""

    presses = True
    has_solution = True
    one_move = False
    """A first move that misses ends the try even when it earned an extra turn (a find step)."""

    def cheer(self, done: str) -> str:
        """The sentence said when the goal is reached (``done``: the first sentence of the step's words)."""
        return words.reached_goal(done)

    def judge(self, run: StepRun, step: GoalStep, before: Position, result: MoveResult) -> None:
        rules = run.rules
        ids = words.account_rules([result], rules)
        run.turn = Turn(run.turn.start, run.turn.results + (result,))
        run.show(before, [result])
        turn = run.turn
        if reached(step.goal, turn, rules):
            run.complete_step()
            run.notice = Feedback("success", lambda: self.cheer(self.done_first(run)),
                                  self.told(run, turn.results, lambda: self.done_rest(run)),
                                  words.account_rules(turn.results, rules))
        elif not turn.complete and not self.one_move and reachable(step.goal, turn, rules):
            mover = turn.mover
            run.notice = Feedback("info", lambda: words.keep_going_short(mover),
                                  lambda: words.move_account(result, rules), ids)
        elif not turn.complete and not self.one_move:  # an extra turn after which no way reaches the goal
            run.failed = True
            run.slip()
            first = turn.pits[0]
            run.notice = Feedback("warning", lambda: words.dead_end_step(self.why(run, first)),
                                  self.told(run, turn.results), words.account_rules(turn.results, rules))
        else:
            run.failed = True
            run.slip()
            missed = misses(step.goal, turn, rules)
            first = turn.pits[0]

            def said() -> str:
                return self.why(run, first) or words.tried(turn.results, missed, rules=rules)

            def lead() -> str:  # under "Why?": every condition missed, unless the sentence above said just that
                rest = [m for m in missed if len(turn.results) > 1 or m.field not in words.COUNTED]  # no store totals
                every = words.not_yet(rest, turn.mover) if rest else ""
                return "" if every == said() else every

            run.notice = Feedback("warning", said, self.told(run, turn.results, lead),
                                  words.account_rules(turn.results, rules))

    @staticmethod
    def why(run: StepRun, first: int) -> str:
        """The step's own ``why`` (in the lesson's language now) for a try that began with pit ``first``,
        or ``""``: what that move does from the step's position, said whenever a try so begun misses."""
        return str(getattr(run.step, "why", {}).get(first, ""))

    def show_me(self, run: StepRun, step: GoalStep) -> None:
        """Play the solution (animated) without completing the step: the board keeps it until "Try
        again", then the learner plays it (one slip, see ``LessonRun.shown``)."""
        run.retry()
        turn = run.turn
        for pit in step.solution:
            turn = turn.then(pit, run.rules)
        run.turn = turn
        run.show(turn.start, list(turn.results))
        run.shown = 1
        run.slip(0)
        run.showing = True
        run.notice = Feedback("info", lambda: words.shown_try(turn.pits, turn.start.to_move),
                              self.told(run, turn.results), words.account_rules(turn.results, run.rules))


__all__ = ["GoalHandler", "reachable"]
