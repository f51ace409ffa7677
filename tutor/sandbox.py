"""The sandbox: a whole game of Kalah or Awari with any rules, two players or against the computer.

A :class:`SandboxActivity` owns an ``engine.Game`` (start, rules, moves,
undo/redo and the repetition rule, A6) and who plays it. A press plays for
the player to move; against the computer its replies follow
(:meth:`SandboxActivity.computer_turn`, run by the page, with an injectable
chooser and clock so tests need no search and no real time). The board
editor sets any position under the same rules.
"""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable, Mapping
from typing import Literal

from engine import (
    LEVELS,
    NORTH,
    SOUTH,
    Game,
    GameName,
    MoveResult,
    Outcome,
    Position,
    Rules,
    Side,
    choose_move,
    make_rules,
    options_for,
    other,
    swept,
)

from . import computer, words
from .activity import Activity, Notice, writes
from .computer import ComputerTurns, Step, Turn
from .editor import BoardEditor
from .fair_play import FairPlay
from .game_board import board_position
from .kept_play import KeptPlay
from .kept_record import GameState
from .progress import GameRecord, ProgressStore
from .take_back import TakeBack
from .thinking import Answer, Request
from .timed import TimedPlay

Mode = Literal["two", "computer"]
Chooser = Callable[[Position, Rules, str, random.Random | None, int | None], int]
"""``choose(position, rules, level, rng, time_ms) -> pit``: how the computer picks a move."""

TURN_BUDGET_MS = 3000
"""Thinking time for one whole computer turn (extra turns included), in milliseconds."""
MAX_COMPUTER_MOVES = computer.MAX_COMPUTER_MOVES
"""A safety stop for one computer turn; no game needs this many moves in a row."""


def engine_chooser(position: Position, rules: Rules, level: str, rng: random.Random | None, time_ms: int | None) -> int:
    """The engine's choice at ``level`` (``engine.choose_move``), within ``time_ms``."""
    return int(choose_move(position, rules, level, rng=rng, time_ms=time_ms))


def new_serial() -> str:
    """A new game's serial: 12 random hex digits (``GameState.serial``)."""
    return secrets.token_hex(6)


class SandboxActivity(KeptPlay, FairPlay, BoardEditor, TimedPlay, TakeBack, ComputerTurns, Activity):
    """A game and who plays it.

    Attributes:
        game: the ``engine.Game``.
        first: who moved first, ``"S"`` or ``"N"``.
        mode: ``"two"`` (two players on one device) or ``"computer"``.
        computer_side: the side the computer plays.
        level: one of ``engine.LEVELS``.
        editor_error: why the board editor refused the last position, if it did.
        progress: where a finished game is written (``None``: nowhere); ``recorded``: this game was.
        serial: which game this is (:func:`new_serial`, new for each game started, kept with the game for
            every tab): a game's review counts once (``tutor.cards.game_id``), two games count twice
            however alike their moves.

    A timed game (K19) adds a ``GameClock`` (``tutor.timed.TimedPlay``): no
    press while the clocks are paused, no Undo, Redo or going back (the clocks
    would no longer be fair), and the game may end on time. Once its learner is known the game
    keeps itself (``tutor.kept_play.KeptPlay``): every tab of the learner shows the one game.
    """

    def __init__(self, rules: Rules, start: Position | None = None, *, mode: Mode = "two",
                 computer_side: Side = NORTH, level: str = "easy") -> None:
        super().__init__()
        self.game = Game(rules, swept(start, rules) if start is not None else None)
        self.first: Side = self.game.start.to_move
        self.mode: Mode = mode
        self.guarded = mode == "computer"  # fair play: see analysis_allowed
        self.computer_side: Side = computer_side
        self.level = level if level in LEVELS else "easy"
        self.editor_error: str | None = None
        self.progress: ProgressStore | None = None
        self.recorded = False
        self.serial = new_serial()
        self.turn: Turn | None = None
        self._turn_now: Callable[[], float] | None = None
        self.init_clock()

    @classmethod
    def from_link(cls, params: Mapping[str, object]) -> SandboxActivity:
        """A sandbox opened by a share link (``tutor.links.read_link``), its problem as the notice."""
        from .links import read_link

        rules, start, error, warning = read_link(params)
        sb = cls(rules, start)
        if error:
            sb.notice = Notice("error", error)
        elif warning:
            sb.notice = Notice("warning", warning)
        return sb

    # -- Activity -------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.game.rules

    @property
    def position(self) -> Position:
        """The board: the game's position, its rows swept into the stores once a repeated position ended
        it (A6, ``tutor.game_board.board_position``), so the board shows the score the result says."""
        return board_position(self.game)

    def you(self) -> Side | None:
        """The side the learner plays against the computer (a finished game says "You won"), else ``None``
        (two players on one device: the result names the sides)."""
        return other(self.computer_side) if self.mode == "computer" else None

    def accepts_presses(self) -> bool:
        return not self.computer_to_move() and not self.over() and not self.paused()

    def under_way(self) -> bool:
        """True while a game the learner has moved in is not over: a new game would throw their moves
        away, so the page asks first (the computer's moves alone are nothing to lose)."""
        you = self.you()
        return not self.over() and any(you is None or r.mover == you for r in self.game.results)

    def over(self) -> bool:
        """True once the game has ended (the board, a repetition, or a clock, K19)."""
        return self.result() is not None

    def playable(self) -> tuple[int, ...]:
        return self.game.legal_moves() if self.accepts_presses() else ()

    def play(self, pit: int) -> MoveResult:
        return self.game.play(pit)

    def foreseeable(self, playable: tuple[int, ...]) -> tuple[int, ...]:
        """Every playable pit, in an untimed game (a timed game's clocks change hands on the server:
        its board waits for the answer)."""
        return playable if self.clock is None else ()

    @writes()
    def press(self, pit: object, seen: str | None = None) -> None:
        """As ``Activity.press``; while the computer is to move, or the clocks are paused, a press
        is refused with a notice; a clock that ran out ends the game first (K19)."""
        if self.check_time():
            return
        if self.paused():
            self.notice = Notice("info", words.clocks_paused_press())
            return
        if self.computer_to_move():
            self.notice = Notice("info", words.wait_for_computer())
            return
        super().press(pit, seen)

    def judge(self, before: Position, result: MoveResult) -> None:
        self.notice = None
        self.show(before, [result])
        self.clock_moved(result.mover, self.sowing)
        self._record_end()

    def _record_end(self) -> None:
        """Write a game that just ended to ``progress`` (once per game)."""
        end = self.result()
        if end is None or self.recorded or self.progress is None:
            return
        self.recorded = True
        vs = self.mode == "computer"
        learner: Side = NORTH if self.computer_side == SOUTH else SOUTH
        self.progress.game_finished(GameRecord(end.result, self.rules.describe(), self.mode,
                                               self.level if vs else None, learner if vs else None))

    def turn_text(self) -> str:
        end = self.result()
        if end is not None:
            return words.game_over_line(end, self.you())
        if self.paused():
            return words.clocks_paused_line(words.sandbox_to_move(self.position.to_move, self.mode, False))
        return words.sandbox_to_move(self.position.to_move, self.mode, self.computer_to_move())

    # -- the computer ---------------------------------------------------------

    def computer_to_move(self) -> bool:
        """True when the computer plays the side to move and the game goes on."""
        return (self.mode == "computer" and not self.over() and not self.paused()
                and self.position.to_move == self.computer_side)

    def computer_turn(self, choose: Chooser = engine_chooser, clock: Callable[[], float] | None = None,
                      rng: random.Random | None = None, budget_ms: int = TURN_BUDGET_MS) -> int:
        """Let the computer play while it is to move (extra turns included); returns the moves made.

        The whole turn gets ``budget_ms`` (read on ``clock``, in seconds; the
        game's ``now`` by default), or less on a clock: a share of its time
        left (``GameClock.think_budget_ms``). Each move is given what is left.
        Its clock runs while it thinks; if it runs out, the move is not made
        and the computer loses on time (K19). The moves are added to the last
        action's sowing, so the board animates the human move and the replies together.

        The turn holds the game's lock: a press, Undo or any change from another
        script run of the session is refused meanwhile (``Activity.busy``).
        """
        with self.lock:
            self.catch_up()  # another tab may have played meanwhile (its turn is then this one's)
            self.thinker = threading.get_ident()
            self._turn_now = clock
            self.writing += 1  # the turn's clock checks are part of it: the game is not taken up midway
            try:
                return self.play_turn(choose, rng, budget_ms)
            finally:
                self.writing -= 1
                self.thinker = None
                self._turn_now = None
                self.written(said=False)

    def think(self, ask: Callable[[Request], Answer], rng: random.Random | None = None,
              budget_ms: int = TURN_BUDGET_MS) -> Step:
        """One step of the computer's turn while the page polls (``ComputerTurns.think_step``): the
        searches run in the process pool (``ask``: ``tutor.thinking.ThinkingService.ask``), never here.
        The clocks run as in :meth:`computer_turn` (from when the turn starts thinking, K19). A turn
        starts on the kept game and looks at it again at every step: when another tab has changed
        the game, the turn under way is dropped (its answer is never played onto that game) and the
        step goes on from the kept game. Its moves are kept when it ends; another tab's reply kept
        first wins, and this view takes it up without a word (no person's change was refused)."""
        with self.lock:
            self.catch_up()  # a game taken up drops the turn under way (take_state)
            self.writing += 1  # the step's clock checks are part of it: the game is not taken up midway
            try:
                step = self.think_step(ask, rng, budget_ms)
            finally:
                self.writing -= 1
            if step != "thinking":
                self.written(said=False)
            return step

    # the hooks of ComputerTurns
    def computer_level(self) -> str:
        return self.level

    def turn_clock(self) -> Callable[[], float]:
        return self._turn_now or self.now

    def turn_budget_ms(self, side: Side, cap_ms: int) -> int:
        return self.think_budget(side, cap_ms)

    def thinking_starts(self, side: Side) -> None:
        self.clock_thinking(side)

    def out_of_time(self) -> bool:
        return self.check_time()

    def computer_moved(self, side: Side) -> None:
        self.clock_moved(side, None)

    def max_moves(self) -> int:
        return MAX_COMPUTER_MOVES

    def turn_ended(self, turn: Turn) -> None:
        self.show(turn.start, turn.done, extends=turn.extends if turn.made else None)
        if turn.made and self.timeout is None and not self.computer_to_move():
            self.clock_moved(turn.side, self.sowing)
        self._record_end()

    def computer_failed(self) -> None:
        """The computer could not choose a move: the game goes on as two players, and the page says so."""
        self.mode = "two"
        self.notice = Notice("error", words.computer_failed())
        self.changed()

    @writes()
    def set_players(self, mode: str, computer_side: str = NORTH, level: str = "easy") -> None:
        """Two players on one device (``"two"``) or against the computer at ``level``."""
        self.mode = "computer" if mode == "computer" else "two"
        self.guarded = getattr(self, "guarded", False) or self.mode == "computer"  # kept until a new game
        self.computer_side = SOUTH if computer_side == SOUTH else NORTH
        self.level = level if level in LEVELS else "easy"
        self.changed()

    # -- new games and the editor ---------------------------------------------

    def new_game(self, rules: Rules, first: Side = SOUTH, start: Position | None = None) -> None:
        """Start again with ``rules`` (``first`` moves first), keeping the players. A ``start`` where
        the game is already over is shown swept (K15, A6): the board and the result agree."""
        older = self.game.start, self.game.position, self.waits_for()
        self.game = Game(rules, swept(start, rules) if start is not None else rules.initial_position(first))
        self.guarded = self.mode == "computer" or (older[2] == "computer" and self.position == older[1])
        self.first = self.game.start.to_move
        self.editor_error = None
        self.recorded = False
        self.serial = new_serial()
        self.restart_clock()
        self.still()

    @writes()
    def new_game_from(self, settings: Mapping[str, object]) -> None:
        """New game from a form: ``game``, the option fields of ``engine.options``, ``first``.

        Bad settings (rules the option table does not allow, a ``first`` that is not ``"S"`` or
        ``"N"``, a clock out of range) change nothing and say why in the notice.
        """
        game: GameName = "oware" if settings.get("game") == "oware" else "kalah"
        values = {o.name: settings[o.name] for o in options_for(game) if o.name in settings}
        try:
            rules = make_rules(game, **values)
        except ValueError:
            self.notice = Notice("error", words.rules_refused(words.settings_problem(game, values)))
            return
        first = settings.get("first", SOUTH)
        if first not in (SOUTH, NORTH):  # a forged form: somebody has to move first
            self.notice = Notice("error", words.first_refused())
            return
        if not self.set_time_control(settings):
            return
        self.new_game(rules, first)
        self.notice = Notice("info", words.new_game(rules, first, self.control))

    # -- kept by the store (tutor.kept_play) -----------------------------------

    def kept_state(self) -> GameState:
        return GameState(self.game, self.mode, self.computer_side, self.level, self.guarded, self.recorded,
                         self.control, self.clock_sides, self.clock, self.timeout, self.serial)

    def take_state(self, state: GameState) -> None:
        """Make ``state`` this game: the view's board, progress and speed stay; a computer turn under way is dropped."""
        self.game, self.first = state.game, state.game.start.to_move
        self.mode, self.computer_side, self.level = state.mode, state.computer_side, state.level
        self.guarded, self.recorded, self.control, self.clock_sides = state.guarded, state.recorded, state.control, state.clock_sides
        self.clock, self.timeout, self.turn, self.editor_error = state.clock, state.timeout, None, None
        self.serial = state.serial

    # -- what the page shows --------------------------------------------------

    def result(self) -> Outcome | None:
        """How the game ended (on the board, or on time, K19), ``None`` while it goes on."""
        return self.timeout or self.game.outcome()

    def ended_by(self) -> MoveResult | None:
        """The move that ended the game, if the last move did (not a repetition, A6, nor a clock, K19)."""
        if self.timeout is not None:
            return None
        last = self.game.results[-1] if self.game.results else None
        return last if last is not None and last.game_over else None


__all__ = ["MAX_COMPUTER_MOVES", "TURN_BUDGET_MS", "Chooser", "Mode", "SandboxActivity", "engine_chooser", "new_serial"]
