"""A lesson: steps to read, pits to press, predictions to make and goals to reach.

A :class:`LessonActivity` walks one learner through one ``lessons.models.Lesson``:

- a ``do`` step lights the pit(s) to press; another legal pit changes
  nothing and is explained (what it would do, what the step is about);
- a ``predict`` step asks a question about one move; the right answer plays
  it, a wrong one changes nothing;
- a ``goal`` step lets the learner play a whole turn; the goal is checked
  after every move (``engine.reached``, also in the middle of a chain of
  extra turns), a missed goal can be tried again or shown;
- ``read`` steps are done when shown;
- a ``game`` step is a whole game against the computer (``tutor.lesson_game``).

Progress (each step done with its wrong tries and solutions shown; the lesson
finished with its stars, ``tutor.progress.stars``) goes to a
``tutor.progress.ProgressStore``.
"""

from __future__ import annotations

from engine import IllegalMoveError, MoveResult, Place, Position, Rules, Turn, misses, play, reached
from lessons.models import DoStep, GoalStep, Lesson, PredictStep, ReadStep, Step

from . import words
from .activity import Activity, Notice
from .lesson_game import StepGame, step_game
from .progress import ProgressStore, stars


class LessonActivity(Activity):
    """One learner's run through ``lesson``.

    Attributes:
        lesson: the lesson (checked content).
        index: the step shown, 0-based.
        finished: the summary is shown (after the last step).
        turn: the learner's moves in this step (a ``do``/``predict`` step's one move,
            a ``goal`` step's turn so far), from the step's position.
        done: the step is complete: Next is open.
        failed: a goal try missed; the board stays as it ended until "Try again".
        wrong: wrong presses and answers in this step (counted from the step's start).
        shown: 1 when "Show me" played this step's solution, else 0.
        slips: step id -> wrong tries plus solutions shown, for the steps done in this run
            (their sum gives the lesson's stars).
        progress: where steps done and the finished lesson are recorded.
        game: a ``game`` step's game (``tutor.lesson_game.StepGame``, drawn instead of the lesson), else ``None``.
    """

    def __init__(self, lesson: Lesson, progress: ProgressStore, index: int = 0) -> None:
        super().__init__()
        self.lesson = lesson
        self.progress = progress
        self.index = 0
        self.finished = False
        self.turn = Turn(lesson.step_position(lesson.steps[0]))
        self.done = False
        self.failed = False
        self.wrong = 0
        self.shown = 0
        self.slips: dict[str, int] = {}
        self.start_step(index if 0 <= index < len(lesson.steps) else 0)

    # -- Activity -------------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def rules(self) -> Rules:
        return self.lesson.step_rules(self.step)

    @property
    def position(self) -> Position:
        return self.turn.position

    def accepts_presses(self) -> bool:
        return (not self.finished and not self.done and not self.failed
                and isinstance(self.step, (DoStep, GoalStep)))

    def playable(self) -> tuple[int, ...]:
        """Every pit of the learner's row while presses count, so a wrong one can be explained."""
        return tuple(range(1, self.rules.pits + 1)) if self.accepts_presses() else ()

    def lit(self) -> tuple[Place, ...]:
        """A ``do`` step's pits to press, or a ``predict`` step's pit in question (until done)."""
        if self.done or self.failed or self.finished:
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

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        self.wrong += 1
        rule_id = error.rule_id
        self.notice = Notice("warning", lambda: words.with_hint(words.illegal_text(rule_id), self.step.hint))

    def judge(self, before: Position, result: MoveResult) -> None:
        step = self.step
        if isinstance(step, DoStep):
            if result.pit not in step.lit:
                self.wrong += 1
                self.notice = Notice("warning", lambda: words.with_hint(words.not_this_step(
                    result.pit, step.lit, step.cites, words.move_words(result, self.rules)), self.step.hint))
                return
            self.turn = Turn(before, (result,))
            self.show(before, [result])
            self._complete()
            self.notice = Notice("success", lambda: words.step_done(self._done_text(), words.move_words(result, self.rules)))
            return
        assert isinstance(step, GoalStep)
        self.turn = Turn(self.turn.start, self.turn.results + (result,))
        self.show(before, [result])
        rules = self.rules

        def told() -> str:
            return words.move_words(result, rules)

        if reached(step.goal, self.turn, self.rules):
            self._complete()
            self.notice = Notice("success", lambda: words.goal_reached(self._done_text(), told()))
        elif not self.turn.complete:
            self.notice = Notice("info", lambda: words.keep_going(told()))
        else:
            self.wrong += 1
            self.failed = True
            missed = misses(step.goal, self.turn, self.rules)
            self.notice = Notice("warning", lambda: words.with_hint(words.goal_missed(told(), missed), self.step.hint))

    # -- the other actions ----------------------------------------------------

    def start_step(self, index: int) -> None:
        """Show step ``index`` (0-based) fresh from its position; a ``read`` step is done at once."""
        self.index = index
        self.finished = False
        self.turn = Turn(self.lesson.step_position(self.step))
        self.failed = False
        self.done = False
        self.wrong = 0
        self.shown = 0
        self.notice = None
        self.still()
        self.game: StepGame | None = step_game(self)
        if isinstance(self.step, ReadStep):
            self._complete()

    def _complete(self) -> None:
        self.done = True
        self.slips[self.step.id] = self.wrong + self.shown
        self.progress.step_done(self.lesson.id, self.step.id, self.wrong, self.shown)

    def answer(self, choice: str) -> bool:
        """Answer a ``predict`` step; returns whether ``choice`` is right.

        Right: the step's move is played (and animated) and the step is done.
        Wrong: nothing changes; the notice says so, with the step's hint.
        """
        step = self.step
        if not isinstance(step, PredictStep) or self.done or self.finished:
            return False
        if choice != step.answer:
            self.wrong += 1
            self.notice = Notice("warning", lambda: words.with_hint(words.wrong_answer(words.answer_label(choice)),
                                                                    self.step.hint))
            return False
        before = self.position
        result = play(before, step.pit, self.rules)
        self.turn = Turn(before, (result,))
        self.show(before, [result])
        self._complete()
        self.notice = Notice("success", lambda: words.right_answer(self._done_text(), words.move_words(result, self.rules)))
        return True

    def retry(self) -> None:
        """Start the current step again (after a missed goal); its wrong tries still count."""
        wrong = self.wrong
        self.start_step(self.index)
        self.wrong = wrong

    def show_me(self) -> None:
        """Play a goal step's solution (animated) and finish the step."""
        step = self.step
        if not isinstance(step, GoalStep):
            return
        wrong = self.wrong
        self.start_step(self.index)
        self.wrong, self.shown = wrong, 1
        turn = self.turn
        for pit in step.solution:
            turn = turn.then(pit, self.rules)
        self.turn = turn
        self.show(turn.start, list(turn.results))
        self._complete()
        self.notice = Notice("info", lambda: words.shown_solution(turn.pits, self._done_text()))

    def next_step(self) -> None:
        """Go to the next step (only when this one is done); after the last, show the summary."""
        if self.finished or not self.done:
            return
        if self.index + 1 < len(self.lesson.steps):
            self.start_step(self.index + 1)
        else:
            self.finished = True
            self.notice = None
            self.progress.lesson_done(self.lesson.id, stars(sum(self.slips.values())))

    def back(self) -> None:
        """Go back one step (it starts fresh); from the summary, back to the last step."""
        if self.finished:
            self.start_step(self.index)
        elif self.index > 0:
            self.start_step(self.index - 1)

    def restart(self) -> None:
        """Start the lesson again from step 1 (progress already made is kept; stars count afresh)."""
        self.slips = {}
        self.start_step(0)

    @property
    def share(self) -> float:
        """How far through the lesson the learner is, 0..1 (for a progress bar)."""
        if self.finished:
            return 1.0
        return (self.index + (1 if self.done else 0)) / len(self.lesson.steps)


__all__ = ["LessonActivity"]
