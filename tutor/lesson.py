"""A lesson: steps to read, pits to press, moves to find, predictions to make and goals to reach.

A :class:`LessonActivity` walks one learner through one ``lessons.models.Lesson``:

- a ``do`` step lights the pit(s) to press; another pit changes nothing
  and costs nothing (a ``do`` step teaches, it does not test): the notice
  says kindly which pit to press (and under "Why?" what that pit would do);
- a ``find`` step (one move reaches the goal) and a ``goal`` step (a whole
  turn, extra turns included) light nothing: a wrong try is PLAYED OUT on the
  board and stays there, said in one sentence (the step's ``why`` for its
  first pit, else :func:`tutor.words.tried` from the engine's results);
  "Try again" (:meth:`LessonActivity.retry`) puts the step's position back.
  While a missed try is on the board no pit can be pressed: the board shows
  the position after the try, and a press there would be played from the
  step's start, which the learner cannot see; "Try again" first is clearer;
- "Show me" (:meth:`LessonActivity.show_me`) plays the solution on the board
  but does not complete the step: after "Try again" the learner plays it
  (then the step is done with the solution shown, one slip);
- a ``predict`` step asks a question about one move; a wrong choice changes
  nothing, says its own ``why`` (and the common mistake it stands for) and
  stays marked (:attr:`LessonActivity.chosen`); the right one plays the move;
- ``read`` steps are done when shown;
- a ``game`` step is a whole game against the computer (``tutor.lesson_game``).

Every notice is a ``tutor.activity.Feedback``: one short sentence (the lesson's own
words first) and details for "Why?" (what the engine says the moves did),
with the rule ids apart (badges a teacher may switch on).

The rest of a run is the same for every kind of step and lives in ``tutor.lesson_run.LessonRun``:
opening a step (Next, Back, Restart, "Try again", a ``?step=`` link), the slips saved in the
learner's progress and the stars they earn.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import IllegalMoveError, MoveResult, Place, Position, Turn, misses, play, reached
from lessons.models import DoStep, FindStep, GoalStep, PredictStep

from . import words
from .activity import Feedback
from .lesson_run import LessonRun


class LessonActivity(LessonRun):
    """One learner's run through ``lesson``: what a press, an answer and "Show me" do in each kind of step.

    The step shown and its state (``turn``, ``done``, ``failed``, ``showing``, ``wrong``, ``shown``,
    ``chosen``, ``game``...), the links, the slips and the stars are :class:`~tutor.lesson_run.LessonRun`'s.
    """

    # -- Activity -------------------------------------------------------------

    def accepts_presses(self) -> bool:
        return (not self.finished and not self.done and not self.waiting
                and isinstance(self.step, (DoStep, GoalStep)))

    def foreseeable(self) -> tuple[int, ...]:
        """A do step plays only its lit pits (another is explained); a goal or find step plays any pit."""
        if isinstance(self.step, DoStep) and self.accepts_presses():
            return tuple(self.step.lit)
        return self.playable()

    def playable(self) -> tuple[int, ...]:
        """Every pit of the learner's row while presses count, so a wrong one can be explained."""
        return tuple(range(1, self.rules.pits + 1)) if self.accepts_presses() else ()

    def lit(self) -> tuple[Place, ...]:
        """A ``do`` step's pits to press, or a ``predict`` step's pit in question (until done)."""
        if self.done or self.waiting or self.finished:
            return ()
        side = self.position.to_move
        if isinstance(self.step, DoStep):
            return tuple(Place(side, p) for p in self.step.lit)
        if isinstance(self.step, PredictStep):
            return (Place(side, self.step.pit),)
        return ()

    def turn_text(self) -> str:
        if self.accepts_presses():
            return words.to_move(self.position.to_move, press=True)
        if self.done and not self.turn.results:
            return words.to_move(self.position.to_move)
        return ""

    def _done_text(self) -> str:
        """The current step's ``done`` words, in the lesson's language now (a notice is made when shown)."""
        return str(getattr(self.step, "done", ""))

    def _hint(self) -> str:
        return str(getattr(self.step, "hint", ""))

    def _done_first(self) -> str:
        """The first sentence of the step's ``done`` words (the rest goes under "Why?")."""
        return words.first_sentence(self._done_text())[0]

    def _done_rest(self) -> str:
        return words.first_sentence(self._done_text())[1]

    def _told(self, results: tuple[MoveResult, ...], lead: Callable[[], str] | None = None) -> Callable[[], str]:
        """Details for "Why?": ``lead()`` (words made when shown), what ``results`` did, then the step's hint."""
        rules = self.rules

        def details() -> str:
            parts = (lead() if lead else "", words.account(results, rules), self._hint())
            return "\n\n".join(part for part in parts if part)

        return details

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        """A pit that is no move (an empty one, K5): why, and what to do; never a wrong try, as a refused
        press changes nothing (a tester lost a star for trying the empty pit a step invited them to try)."""
        rule_id = error.rule_id
        step = self.step
        if isinstance(step, DoStep):  # a do step teaches: why not that pit, then which pit to press
            self.notice = Feedback("info", lambda: words.refusal(rule_id), lambda: words.press_the_lit(step.lit),
                                   (rule_id,))
            return
        self.notice = Feedback("info", lambda: words.refusal(rule_id), self._hint, (rule_id,))

    def judge(self, before: Position, result: MoveResult) -> None:
        step = self.step
        rules = self.rules
        ids = words.account_rules([result], rules)
        if isinstance(step, DoStep):
            if result.pit not in step.lit:  # nothing is played and nothing is lost
                self.notice = Feedback(
                    "info", lambda: words.press_the_lit(step.lit),
                    lambda: "\n\n".join(p for p in (words.would_do(result.pit, words.move_account(result, rules)),
                                                    self._hint()) if p), ids)
                return
            self.turn = Turn(before, (result,))
            self.show(before, [result])
            self.complete_step()
            self.notice = Feedback("success", self._done_first, self._told((result,), self._done_rest), ids)
            return
        assert isinstance(step, GoalStep)
        self.turn = Turn(self.turn.start, self.turn.results + (result,))
        self.show(before, [result])
        turn = self.turn
        if reached(step.goal, turn, rules):
            self.complete_step()
            cheer = words.found if isinstance(step, FindStep) else words.reached_goal
            self.notice = Feedback("success", lambda: cheer(self._done_first()), self._told(turn.results, self._done_rest),
                                   words.account_rules(turn.results, rules))
        elif not turn.complete and not isinstance(step, FindStep):
            self.notice = Feedback("info", words.keep_going_short, lambda: words.move_account(result, rules), ids)
        else:
            # A find step is one move: a first move that misses ends the try even when it earned an extra turn.
            self.failed = True
            self._slipped()
            missed = misses(step.goal, turn, rules)
            first = turn.pits[0]

            def said() -> str:
                why = getattr(self.step, "why", {}).get(first, "")
                return why or words.tried(turn.results, missed)

            self.notice = Feedback("warning", said, self._told(turn.results, lambda: words.not_yet(missed) if missed else ""),
                                   words.account_rules(turn.results, rules))

    # -- the other actions ----------------------------------------------------

    def answer(self, choice: str) -> bool:
        """Answer a ``predict`` step; returns whether ``choice`` is right.

        Right: the step's move is played (and animated) and the step is done.
        Wrong: nothing changes; the choice is kept in :attr:`chosen` (marked on the page) and
        the notice says its ``why`` and the common mistake it stands for. A choice already
        chosen counts once.
        """
        step = self.step
        if not isinstance(step, PredictStep) or self.done or self.finished or choice in self.chosen:
            return False
        self.chosen.append(choice)
        if choice != step.answer:
            self._slipped()

            def said() -> str:
                now = self.step
                assert isinstance(now, PredictStep)
                return words.not_this_answer(words.answer_label(choice, in_sentence=True), now.why(choice), now.mistake(choice))

            self.notice = Feedback("warning", said, self._hint, tuple(filter(None, [step.mistake(choice)])))
            return False
        before = self.position
        result = play(before, step.pit, self.rules)
        self.turn = Turn(before, (result,))
        self.show(before, [result])
        self.complete_step()
        self.notice = Feedback("success", lambda: words.right(self._done_first()), self._told((result,), self._done_rest),
                               words.account_rules([result], self.rules))
        return True

    def show_me(self) -> None:
        """Play a find/goal step's solution (animated) without completing the step: the board
        keeps it until "Try again", then the learner plays it (one slip, see :attr:`shown`)."""
        step = self.step
        if not isinstance(step, GoalStep) or self.done or self.finished:
            return
        self.retry()
        turn = self.turn
        for pit in step.solution:
            turn = turn.then(pit, self.rules)
        self.turn = turn
        self.show(turn.start, list(turn.results))
        self.shown = 1
        self._slipped(0)
        self.showing = True
        self.notice = Feedback("info", lambda: words.shown_try(turn.pits, turn.start.to_move), self._told(turn.results),
                               words.account_rules(turn.results, self.rules))


__all__ = ["Feedback", "LessonActivity"]
