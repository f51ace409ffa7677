"""A ``game`` step: a whole game against the computer, from the step's position.

A :class:`StepGame` is an :class:`~tutor.activity.Activity` of its own, made by
:class:`GameHandler` when the step opens (``LessonRun.game``: the lesson page
draws it instead of the lesson while a game step is shown):

- the learner plays the side to move in the step's position; the computer
  plays the other side at the step's level (``engine.choose_move``, or an
  injected chooser: tests need no search and no clock);
- a press plays the learner's move; the page then runs
  :meth:`StepGame.computer_turn` after the board is drawn (as the sandbox
  does), and the board animates the learner's move and the replies together;
- an ``engine.Game`` keeps the moves, so every ending counts, also an Awari
  game ended by a repeated position (A6);
- when the game ends the step is done if the learner won (``must_win``), or
  whatever the result (``must_win = false``); a game lost or drawn says so
  kindly and can be played again (:meth:`StepGame.play_again`); an
  ``optional`` step can be skipped (:func:`skip`), which never costs a star.

Losing a game is never a slip: the step's stars count only wrong presses and
answers elsewhere (``tutor.progress.stars``).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

from engine import Game, IllegalMoveError, MoveResult, Outcome, Position, Rules, Side, other
from lessons.steps.game import GameStep

from .. import words
from ..activity import Activity, Notice, writes
from ..computer import ComputerTurns, Step, Turn
from ..game_board import board_position
from ..sandbox import TURN_BUDGET_MS, Chooser, engine_chooser
from ..thinking import Answer, Request
from .base import StepHandler, StepRun, handles


class StepGame(ComputerTurns, Activity):
    """One game of a game step: the learner against the computer.

    Attributes:
        step: the ``GameStep`` (its level, ``must_win``, ``optional`` and ``done`` words).
        start: the step's position; ``game``: the ``engine.Game`` played from it.
        learner: the side the learner plays (the side to move at the start); the computer plays the other.
        choose, rng, budget_ms: how the computer picks its moves (``tutor.sandbox.Chooser``; by default the
            engine at the step's level within ``tutor.sandbox.TURN_BUDGET_MS`` a turn, as in the sandbox).
        finished: the step is complete (won, or ended when a win is not asked for).
        games: games played to their end in this step (1 after the first).
        on_done: called once with this game when the step is complete.
        done_text: the step's words for a game that ended for a given reason (``GameStep.done_for``), in the
            language of the moment (the lesson's, when it has one).
    """

    def __init__(self, step: GameStep, start: Position, rules: Rules,
                 on_done: Callable[[StepGame], None] | None = None) -> None:
        super().__init__()
        self.step = step
        self.start = start
        self.game = Game(rules, start)
        self.learner: Side = start.to_move
        self.choose: Chooser = engine_chooser
        self.rng: random.Random | None = None
        self.budget_ms = TURN_BUDGET_MS
        self.clock: Callable[[], float] = time.monotonic
        self.turn: Turn | None = None
        self.finished = False
        self.games = 0
        self.on_done = on_done
        self.done_text: Callable[[str], str] = self.step.done_for

    # -- Activity -------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def position(self) -> Position:
        """The board: the game's position, its rows swept into the stores once a repeated position ended
        it (A6, ``tutor.game_board.board_position``), so the board shows the score the verdict says."""
        return board_position(self.game)

    @property
    def computer(self) -> Side:
        """The side the computer plays."""
        return other(self.learner)

    def result(self) -> Outcome | None:
        """How the game ended (``engine.Game.outcome``: the board, or a repeated Awari position, A6)."""
        return self.game.outcome()

    def over(self) -> bool:
        return self.result() is not None

    def won(self) -> bool:
        """The game is over and the learner has more seeds (K16, A6)."""
        end = self.result()
        return end is not None and end.winner == self.learner

    def computer_to_move(self) -> bool:
        """True when the game goes on and the computer's side is to move."""
        return not self.over() and self.position.to_move == self.computer

    def accepts_presses(self) -> bool:
        return not self.over() and self.position.to_move == self.learner

    def playable(self) -> tuple[int, ...]:
        return self.game.legal_moves() if self.accepts_presses() else ()

    def foreseeable(self, playable: tuple[int, ...]) -> tuple[int, ...]:
        return playable

    def play(self, pit: int) -> MoveResult:
        return self.game.play(pit)

    def refused(self, pit: int, error: IllegalMoveError) -> None:
        """An illegal press in a lesson's game: said without its rule id (a learner's words)."""
        rule_id = error.rule_id
        self.notice = Notice("warning", lambda: words.refusal(rule_id))

    def judge(self, before: Position, result: MoveResult) -> None:
        self.notice = None
        self.show(before, [result])
        self._ended()

    def turn_text(self) -> str:
        end = self.result()
        if end is not None:
            return words.game_over_line(end, self.learner)
        return words.sandbox_to_move(self.position.to_move, "computer", self.computer_to_move())

    # -- the computer ---------------------------------------------------------

    def computer_turn(self, choose: Chooser | None = None, rng: random.Random | None = None) -> int:
        """Let the computer play while it is to move (extra turns included); returns the moves made.

        The whole turn gets :attr:`budget_ms` milliseconds (read on :attr:`clock`, in seconds);
        each move is given what is left. The moves are added to the last action's sowing, so
        the board animates the learner's move and the replies together. The turn holds the
        lock: a press or Play again from another script run waits (``Activity.busy``).
        """
        with self.lock:
            self.thinker = threading.get_ident()
            try:
                return self.play_turn(choose or self.choose, rng if rng is not None else self.rng, self.budget_ms)
            finally:
                self.thinker = None

    def think(self, ask: Callable[[Request], Answer]) -> Step:
        """One step of the computer's turn while the page polls (``ComputerTurns.think_step``): the
        searches run in the process pool (``ask``: ``tutor.thinking.ThinkingService.ask``), never here."""
        with self.lock:
            return self.think_step(ask, self.rng, self.budget_ms)

    # the hooks of ComputerTurns
    def computer_level(self) -> str:
        return self.step.level

    def turn_clock(self) -> Callable[[], float]:
        return self.clock

    def turn_ended(self, turn: Turn) -> None:
        if turn.made:
            self.show(turn.start, turn.done, extends=turn.extends)
        self._ended()

    def computer_failed(self) -> None:
        """The computer could not choose a move: the page says so, and Play again starts afresh."""
        self.notice = Notice("error", words.game_step_computer_failed())

    # -- the end ----------------------------------------------------------------

    def _ended(self) -> None:
        """After a move: if the game is over, say how it went and complete the step when it counts."""
        end = self.result()
        if end is None:
            return
        self.games += 1
        last = self.game.results[-1] if self.game.results else None
        ended_by = last if last is not None and last.game_over else None
        to_move = self.position.to_move

        def said() -> str:
            return words.result_text(end, self.rules, ended_by, to_move, self.learner)

        def done() -> str:  # the step's words for this ending (a repeated position is no "ran out of moves", A6)
            return self.done_text(end.reason)

        if end.winner == self.learner:
            self.notice = Notice("success", lambda: words.game_step_won(done(), said()))
        elif not self.step.must_win:
            self.notice = Notice("success", lambda: words.game_step_ended(done(), said()))
        else:
            self.notice = Notice("warning", lambda: words.game_step_lost(said(), end.winner is None))
            return
        self.finished = True
        if self.on_done is not None:
            self.on_done(self)

    @writes()
    def play_again(self) -> None:
        """Start the game again from the step's position (after a loss, or any time)."""
        self.game = Game(self.rules, self.start)
        self.notice = None
        self.still()


def game_of(run: StepRun) -> StepGame | None:
    """The game ``run`` shows instead of the lesson, if it is a game step's."""
    game = run.game
    return game if isinstance(game, StepGame) else None


@handles(GameStep)
class GameHandler(StepHandler[GameStep]):
    """A game step: its game is made when the step opens (``LessonRun.game``, drawn instead of the lesson);
    the game's end completes the step only while it is still the step shown (a game left behind by Back
    or Next changes nothing)."""

    def started(self, run: StepRun, step: GameStep) -> None:
        def done(game: StepGame) -> None:
            if run.game is game and not run.done:
                run.complete_step()

        game = StepGame(step, run.lesson.step_position(step), run.lesson.step_rules(step), done)
        def done_text(reason: str) -> str:  # the step's words in the lesson's language now
            now = next((s for s in run.lesson.steps if s.id == step.id), step)
            return now.done_for(reason) if isinstance(now, GameStep) else step.done_for(reason)

        game.done_text = done_text
        run.game = game

    def begun(self, run: StepRun, step: GameStep) -> bool:
        """A move has been played or a game has ended (then there is a line after every move)."""
        game = game_of(run)
        if game is None:
            return super().begun(run, step)
        return bool(game.game.results) or game.games > 0 or game.finished or game.notice is not None


def can_skip(run: StepRun) -> bool:
    """``run`` shows an optional game step that is not done yet."""
    step = run.step
    return isinstance(step, GameStep) and step.optional and not run.done and not run.finished


def skip(run: StepRun) -> None:
    """Skip an optional game step: it counts as done without a slip (never a star lost), and the
    lesson moves on to the next step (or its summary). Nothing happens on any other step."""
    if not can_skip(run):
        return
    run.complete_step()  # no wrong tries: a skipped optional game costs nothing
    run.next_step()


__all__ = ["GameHandler", "StepGame", "can_skip", "game_of", "skip"]
