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

Stars (``tutor.progress.stars``) count the slips of the whole lesson run,
not an average per step: a slip is a wrong press in a find or goal step, a
wrong answer or a "Show me"; 0 slips earn 3 stars, 1 to ``FEW_SLIPS`` (3)
earn 2, more earn 1. The slips live in the learner's progress
(``tutor.progress.ProgressStore.step_slipped``, saved the moment they happen,
``LessonProgress.slips``), not in the run: a reload (a new run at the same
step) neither gives a star back nor takes one; going back to a step adds to its slips; only Restart
(every step to be done again) and "Reset this lesson" clear them. A link may open any step: a lesson
is finished only when every step is done, so skipping earns nothing.
:attr:`LessonActivity.stars_so_far` is what the run would earn now.
"""

from __future__ import annotations

from collections.abc import Callable

from engine import IllegalMoveError, MoveResult, Place, Position, Rules, Turn, misses, play, reached
from lessons.models import DoStep, FindStep, GoalStep, Lesson, PredictStep, ReadStep, Step

from . import words
from .activity import Activity, Feedback, Sowing
from .lesson_game import StepGame, step_game
from .links import step_from_link
from .progress import ProgressStore, stars


class LessonActivity(Activity):
    """One learner's run through ``lesson``.

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
        game: a ``game`` step's game (``tutor.lesson_game.StepGame``, drawn instead of the lesson), else ``None``.
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
        self.start_step(index if 0 <= index < len(lesson.steps) else 0)

    @classmethod
    def from_link(cls, lesson: Lesson, progress: ProgressStore, value: str | None) -> LessonActivity:
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
        self.link, self.link_note = value, (self.link_note if note is None else
                                            words.step_link_note(note == "last", len(self.lesson.steps)))

    def rebind(self, progress: ProgressStore) -> None:
        """Write to ``progress`` from now on (the learner became known after the first run); this step's
        slips are read from it (a reload's first run read none, and its next save gave stars back)."""
        self.progress = progress
        self.base = self._stored()

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

    @property
    def waiting(self) -> bool:
        """The board shows a missed try or a solution shown: only "Try again" goes on."""
        return self.failed or self.showing

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

    def show(self, start: Position, results: list[MoveResult], extends: Sowing | None = None) -> None:
        """``Activity.show``, remembering :attr:`stars_before` (the stars before this action)."""
        self.stars_before = self.stars_so_far
        super().show(start, results, extends)

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        """A pit that is no move (K5): why, and what to do; never a wrong try (a refused press changes nothing)."""
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
            self._complete()
            self.notice = Feedback("success", self._done_first, self._told((result,), self._done_rest), ids)
            return
        assert isinstance(step, GoalStep)
        self.turn = Turn(self.turn.start, self.turn.results + (result,))
        self.show(before, [result])
        turn = self.turn
        if reached(step.goal, turn, rules):
            self._complete()
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

    def start_step(self, index: int) -> None:
        """Show step ``index`` (0-based) fresh from its position; a ``read`` step is done at once."""
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
        self.game: StepGame | None = step_game(self)
        if isinstance(self.step, ReadStep):
            self._complete()

    def _stored(self) -> tuple[int, int]:
        """This step's saved (wrong tries, solutions shown) in this run of the lesson."""
        return self.progress.lesson(self.lesson.id).tries.get(self.step.id, (0, 0))

    def _slipped(self, wrong: int = 1) -> None:
        """Count ``wrong`` more wrong tries in this step and save them at once."""
        self.wrong += wrong
        self.progress.step_slipped(self.lesson.id, self.step.id, self.base[0] + self.wrong,
                                   self.base[1] + self.shown)

    def _complete(self) -> None:
        self.done = True
        self.progress.step_done(self.lesson.id, self.step.id, self.base[0] + self.wrong, self.base[1] + self.shown)

    @property
    def slips(self) -> dict[str, int]:
        """Step id -> wrong tries plus solutions shown in this run of the lesson (from :attr:`progress`)."""
        return dict(self.progress.lesson(self.lesson.id).slips)

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
        self._complete()
        self.notice = Feedback("success", lambda: words.right(self._done_first()), self._told((result,), self._done_rest),
                               words.account_rules([result], self.rules))
        return True

    def retry(self) -> None:
        """Start the current step again (after a missed try or "Show me"); its slips still count."""
        wrong, shown, base = self.wrong, self.shown, self.base
        self.start_step(self.index)
        self.wrong, self.shown, self.base = wrong, shown, base

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

    @property
    def stars_so_far(self) -> int:
        """The stars this run would earn now (1..3): the slips of the steps done, plus this
        step's wrong tries and "Show me" so far (``tutor.progress.stars``)."""
        return stars(sum(self.slips.values()))

    @property
    def share(self) -> float:
        """How far through the lesson the learner is, 0..1 (for a progress bar)."""
        if self.finished:
            return 1.0
        return (self.index + (1 if self.done else 0)) / len(self.lesson.steps)


__all__ = ["Feedback", "LessonActivity"]
