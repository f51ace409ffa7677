"""A run through a lesson: which step is shown, how the learner got there, and what the run has cost.

A :class:`LessonRun` is the part of a lesson that is the same for every kind of step: it opens a
step (from the start, Next, Back, Restart, "Try again" or a ``?step=`` link), keeps the step's
state fresh, and records in the learner's progress the steps done and the slips made. What differs
between kinds is each kind's handler (``tutor.steps``, found by :attr:`LessonRun.handler`): what
opening a step does (a ``read`` step is done at once, a ``game`` step makes its game) here, what a
press, an answer or "Show me" does in ``tutor.lesson.LessonActivity``, built on it.

Stars (``tutor.progress.stars``) judge the lesson run step by step: a slip is a wrong press in a
find or goal step, a wrong answer or a "Show me"; a step with one wrong try is slipped, one with more
or with "Show me" helped; 3 stars with at most one step slipped and none helped, 2 with at most one
step helped, 1 otherwise (the rule and why: its docstring). The slips live in the learner's progress
(``tutor.progress.ProgressStore.step_slipped``, saved the moment they happen,
``LessonProgress.slips``), not in the run: a reload (a new run at the same
step) neither gives a star back nor takes one; going back to a step adds to
its slips; only Restart (every step to be done again) and "Reset this lesson"
clear them. A link may open any step: a lesson is finished only when every
step is done, so skipping earns nothing. :attr:`LessonRun.stars_so_far` is
what the run would earn now.
"""

from __future__ import annotations

from typing import Any, Self

from engine import MoveResult, Position, Rules, Turn
from lessons.models import Lesson, Step

from . import words
from .activity import Activity, Feedback, Sowing
from .links import step_from_link
from .progress import ProgressStore, stars
from .steps.base import StepHandler, handler_for


class LessonRun(Activity):
    """One learner's run through ``lesson``: the step shown and what it has cost.

    Attributes:
        lesson: the lesson (checked content).
        index: the step shown, 0-based.
        finished: the summary is shown (after the last step).
        turn: the learner's moves in this step (a ``do``/``predict``/``find`` step's one move,
            a ``goal`` step's turn so far, or the solution "Show me" played), from the step's position.
        done: the step is complete: Next is open.
        failed: a find/goal try missed; the board stays as it ended until "Try again".
        showing: "Show me" played the solution; the board stays as it ended until "Try again".
        wrong: wrong presses and answers in this step (counted from the step's start).
        shown: 1 when "Show me" played this step's solution, else 0.
        chosen: the answers chosen in this ``predict`` step, in order (the wrong ones, then the right one).
        slips: step id -> wrong tries plus solutions shown in this run of the lesson, read from
            :attr:`progress` (their sum gives the lesson's stars).
        stars_before: :attr:`stars_so_far` just before the last action the board animates
            (a page shows it until the seeds are down, so the stars give nothing away).
        progress: where steps done and the finished lesson are recorded.
        notice: a :class:`Feedback` (or ``None``).
        game: the activity the step shows on the board instead of the lesson (a ``game`` step's game,
            ``tutor.steps.game.StepGame``, made by its handler when the step opens), else ``None``.
        link: the ``?step=`` value the run was opened by, until a step is started again; else ``None``.
        link_note: a sentence about the link the run was opened by (a step that does not exist), shown
            above the step until a step is started again (Next, Back, Restart, Try again); else ``None``.
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
        self.showing = False
        self.wrong = 0
        self.shown = 0
        self.chosen: list[str] = []
        self.base = (0, 0)
        self.stars_before = 3
        self.link_note: str | None = None
        self.link: str | None = None
        self.game: Activity | None = None
        self.start_step(index if 0 <= index < len(lesson.steps) else 0)

    @classmethod
    def from_link(cls, lesson: Lesson, progress: ProgressStore, value: str | None) -> Self:
        """A run opened by a ``?step=`` link at the step it names (or the nearest real one,
        ``tutor.links.step_from_link``), with :attr:`link_note` saying so (the raw text is never repeated)."""
        index, note = step_from_link(value, len(lesson.steps))
        run = cls(lesson, progress, index)
        run._linked(value, note)
        return run

    def follow_link(self, value: str | None) -> None:
        """Open the step a ``?step=`` link names, as :meth:`from_link` does (the browser's Back or Forward)."""
        index, note = step_from_link(value, len(self.lesson.steps))
        self.start_step(index)
        self._linked(value, note)

    def _linked(self, value: str | None, note: str | None) -> None:
        self.link = value
        if note is not None:
            self.link_note = words.step_link_note(note == "last", len(self.lesson.steps))

    def rebind(self, progress: ProgressStore) -> None:
        """Write to ``progress`` from now on (the learner's code became known after the first run), and
        count this step's slips from what ``progress`` has kept of them: after a reload the first run
        read none (the learner was not known yet), and the step's next save then gave its stars back."""
        self.progress = progress
        self.base = self._stored()

    # -- the step shown -------------------------------------------------------

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def handler(self) -> StepHandler[Any]:
        """What the step shown does, by its kind (``tutor.steps.base.handler_for``)."""
        return handler_for(self.step)

    @property
    def rules(self) -> Rules:
        return self.lesson.step_rules(self.step)

    @property
    def position(self) -> Position:
        return self.turn.position

    @property
    def waiting(self) -> bool:
        """The board shows a missed try or a solution shown: only "Try again" goes on."""
        return self.failed or self.showing

    def show(self, start: Position, results: list[MoveResult], extends: Sowing | None = None) -> None:
        """``Activity.show``, remembering :attr:`stars_before` (the stars before this action)."""
        self.stars_before = self.stars_so_far
        super().show(start, results, extends)

    def start_step(self, index: int) -> None:
        """Show step ``index`` (0-based) fresh from its position, then let its kind start it
        (``StepHandler.started``: a ``read`` step is done at once, a ``game`` step makes its game)."""
        self.link_note = self.link = None  # said once: gone when the learner goes on (any step started afresh)
        self.index = index
        self.finished = False
        self.turn = Turn(self.lesson.step_position(self.step))
        self.failed = False
        self.showing = False
        self.done = False
        self.wrong = 0
        self.shown = 0
        self.chosen = []
        self.notice = None
        self.base = self._stored()  # slips this step already has in this run (before a reload, or Back)
        self.still()
        self.game = None
        self.handler.started(self, self.step)

    # -- what the run has cost ------------------------------------------------

    def _stored(self) -> tuple[int, int]:
        """This step's saved (wrong tries, solutions shown) in this run of the lesson."""
        return self.progress.lesson(self.lesson.id).tries.get(self.step.id, (0, 0))

    def slip(self, wrong: int = 1) -> None:
        """Count ``wrong`` more wrong tries in this step and save them at once."""
        self.wrong += wrong
        self.progress.step_slipped(self.lesson.id, self.step.id, self.base[0] + self.wrong,
                                   self.base[1] + self.shown)

    def complete_step(self) -> None:
        """The step shown is done (Next opens): saved with its slips in this run."""
        self.done = True
        self.changed()
        self.progress.step_done(self.lesson.id, self.step.id, self.base[0] + self.wrong, self.base[1] + self.shown)

    @property
    def slips(self) -> dict[str, int]:
        """Step id -> wrong tries plus solutions shown in this run of the lesson (from :attr:`progress`)."""
        return dict(self.progress.lesson(self.lesson.id).slips)

    @property
    def stars_so_far(self) -> int:
        """The stars this run would earn now (1..3): each step's wrong tries and "Show me" in this run, this
        step's so far included, judged step by step (``tutor.progress.stars``)."""
        return stars(self.progress.lesson(self.lesson.id).tries)

    @property
    def share(self) -> float:
        """How far through the lesson the learner is, 0..1 (for a progress bar)."""
        if self.finished:
            return 1.0
        return (self.index + (1 if self.done else 0)) / len(self.lesson.steps)

    # -- moving on ------------------------------------------------------------

    def retry(self) -> None:
        """Start the current step again (after a missed try or "Show me"); its slips still count."""
        wrong, shown, base = self.wrong, self.shown, self.base
        self.start_step(self.index)
        self.wrong, self.shown, self.base = wrong, shown, base

    def next_step(self) -> None:
        """Go to the next step (only when this one is done); after the last, show the summary.

        A lesson is finished only when every step is done: after the last step, if some step was
        skipped (a link to a later step), the first one left starts, and the notice says how many
        are left."""
        if self.finished or not self.done:
            return
        if self.index + 1 < len(self.lesson.steps):
            self.start_step(self.index + 1)
            return
        done = self.progress.lesson(self.lesson.id).steps_done
        left = [k for k, step in enumerate(self.lesson.steps) if step.id not in done]
        if left:
            self.start_step(left[0])
            self.notice = Feedback("info", lambda: words.steps_left(left[0] + 1, len(left)))
            return
        self.finished = True
        self.changed()
        self.notice = None
        self.progress.lesson_done(self.lesson.id, self.stars_so_far)

    def back(self) -> None:
        """Go back one step (it starts fresh); from the summary, back to the last step."""
        if self.finished:
            self.start_step(self.index)
        elif self.index > 0:
            self.start_step(self.index - 1)

    def restart(self) -> None:
        """Start the lesson again from step 1: its steps done and slips are cleared (stars count afresh,
        every step must be done again); whether it was finished and its best stars stay."""
        self.progress.restart_lesson(self.lesson.id)
        self.start_step(0)


__all__ = ["LessonRun"]
