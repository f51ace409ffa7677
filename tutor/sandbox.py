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
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Literal

from engine import (
    NORTH,
    SOUTH,
    LEVELS,
    Game,
    GameName,
    MoveResult,
    NotationError,
    Outcome,
    Position,
    Rules,
    Side,
    choose_move,
    make_rules,
    options_for,
)

from . import words
from .activity import Activity, Notice
from .progress import GameRecord, ProgressStore

Mode = Literal["two", "computer"]
Chooser = Callable[[Position, Rules, str, random.Random | None, int | None], int]
"""``choose(position, rules, level, rng, time_ms) -> pit``: how the computer picks a move."""

TURN_BUDGET_MS = 3000
"""Thinking time for one whole computer turn (extra turns included), in milliseconds."""
MAX_COMPUTER_MOVES = 200
"""A safety stop for one computer turn; no game needs this many moves in a row."""


def engine_chooser(position: Position, rules: Rules, level: str, rng: random.Random | None, time_ms: int | None) -> int:
    """The engine's choice at ``level`` (``engine.choose_move``), within ``time_ms``."""
    return int(choose_move(position, rules, level, rng=rng, time_ms=time_ms))


class SandboxActivity(Activity):
    """A game and who plays it.

    Attributes:
        game: the ``engine.Game``.
        first: who moved first, ``"S"`` or ``"N"``.
        mode: ``"two"`` (two players on one device) or ``"computer"``.
        computer_side: the side the computer plays.
        level: one of ``engine.LEVELS``.
        editor_error: why the board editor refused the last position, if it did.
        progress: where a finished game is written (``None``: nowhere); ``recorded``: this game was.
    """

    def __init__(self, rules: Rules, start: Position | None = None, *, mode: Mode = "two",
                 computer_side: Side = NORTH, level: str = "easy") -> None:
        super().__init__()
        self.game = Game(rules, start)
        self.first: Side = self.game.start.to_move
        self.mode: Mode = mode
        self.computer_side: Side = computer_side
        self.level = level if level in LEVELS else "easy"
        self.editor_error: str | None = None
        self.progress: ProgressStore | None = None
        self.recorded = False

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
        return self.game.position

    def accepts_presses(self) -> bool:
        return not self.computer_to_move() and not self.game.is_over

    def playable(self) -> tuple[int, ...]:
        return self.game.legal_moves() if not self.computer_to_move() else ()

    def play(self, pit: int) -> MoveResult:
        return self.game.play(pit)

    def press(self, pit: object, seen: str | None = None) -> None:
        """As ``Activity.press``; while the computer is to move a press is refused with a notice."""
        if self.computer_to_move():
            self.notice = Notice("info", words.wait_for_computer())
            return
        super().press(pit, seen)

    def judge(self, before: Position, result: MoveResult) -> None:
        self.notice = None
        self.show(before, [result])
        self._record_end()

    def _record_end(self) -> None:
        """Write a game that just ended to ``progress`` (once per game)."""
        end = self.game.outcome()
        if end is None or self.recorded or self.progress is None:
            return
        self.recorded = True
        vs = self.mode == "computer"
        learner: Side = NORTH if self.computer_side == SOUTH else SOUTH
        self.progress.game_finished(GameRecord(end.result, self.rules.describe(), self.mode,
                                               self.level if vs else None, learner if vs else None))

    def turn_text(self) -> str:
        end = self.game.outcome()
        if end is not None:
            return words.game_over_line(end)
        return words.sandbox_to_move(self.position.to_move, self.mode, self.computer_to_move())

    # -- the computer ---------------------------------------------------------

    def computer_to_move(self) -> bool:
        """True when the computer plays the side to move and the game goes on."""
        return self.mode == "computer" and not self.game.is_over and self.position.to_move == self.computer_side

    def computer_turn(self, choose: Chooser = engine_chooser, clock: Callable[[], float] = time.monotonic,
                      rng: random.Random | None = None, budget_ms: int = TURN_BUDGET_MS) -> int:
        """Let the computer play while it is to move (extra turns included); returns the moves made.

        The whole turn gets ``budget_ms`` (read on ``clock``, in seconds): each
        move is given what is left. The moves are added to the last action's
        sowing, so the board animates the human move and the replies together.
        """
        if not self.computer_to_move():
            return 0
        sowing = self.sowing
        if sowing is not None and sowing.end == self.position:
            start, done = sowing.start, list(sowing.results)
        else:
            start, done = self.position, []
        deadline = clock() + budget_ms / 1000
        made = 0
        while self.computer_to_move() and made < MAX_COMPUTER_MOVES:
            left_ms = max(0, int((deadline - clock()) * 1000))
            pit = choose(self.position, self.rules, self.level, rng, left_ms)
            done.append(self.game.play(pit))
            made += 1
        self.show(start, done)
        self._record_end()
        return made

    def computer_failed(self) -> None:
        """The computer could not choose a move: the game goes on as two players, and the page says so."""
        self.mode = "two"
        self.notice = Notice("error", words.computer_failed())

    def set_players(self, mode: str, computer_side: str = NORTH, level: str = "easy") -> None:
        """Two players on one device (``"two"``) or against the computer at ``level``."""
        self.mode = "computer" if mode == "computer" else "two"
        self.computer_side = SOUTH if computer_side == SOUTH else NORTH
        self.level = level if level in LEVELS else "easy"

    # -- undo and redo --------------------------------------------------------

    def undo_steps(self) -> int:
        """How many moves one Undo takes back: one with two players; against the computer,
        back to the last position where the human is to move (0 = none)."""
        n = len(self.game.results)
        if n == 0:
            return 0
        if self.mode != "computer":
            return 1
        positions = self.game.positions()
        for k in range(1, n + 1):
            if positions[n - k].to_move != self.computer_side:
                return k
        return 0

    def undo(self) -> bool:
        """Take back the last move (against the computer: back to your turn). False if none."""
        steps = self.undo_steps()
        for _ in range(steps):
            self.game.undo()
        if steps:
            self.notice = None
            self.still()
        return steps > 0

    def redo(self) -> bool:
        """Play again the moves taken back (against the computer: up to your turn). False if none."""
        if not self.game.can_redo:
            return False
        before = self.position
        self.game.redo()
        done = [self.game.results[-1]]
        while self.mode == "computer" and self.game.can_redo and self.position.to_move == self.computer_side:
            self.game.redo()
            done.append(self.game.results[-1])
        self.notice = None
        self.show(before, done)
        return True

    def jump_to_before(self, move: int) -> int:
        """Undo back to the position before ``move`` (1-based); returns the moves taken back.

        Against the computer, if that position is the computer's turn, the
        game switches to two players so the learner can try another move there.
        """
        taken = 0
        while len(self.game.results) >= move and self.game.undo():
            taken += 1
        switched = self.mode == "computer" and self.position.to_move == self.computer_side
        if switched:
            self.mode = "two"
        self.still()
        self.notice = Notice("info", words.jumped_back(move, switched))
        return taken

    # -- new games and the editor ---------------------------------------------

    def new_game(self, rules: Rules, first: Side = SOUTH, start: Position | None = None) -> None:
        """Start again with ``rules`` (``first`` moves first), keeping the players."""
        self.game = Game(rules, start if start is not None else rules.initial_position(first))
        self.first = self.game.start.to_move
        self.editor_error = None
        self.recorded = False
        self.still()

    def new_game_from(self, settings: Mapping[str, object]) -> None:
        """New game from a form: ``game``, the option fields of ``engine.options``, ``first``.

        Bad settings change nothing and say why in the notice.
        """
        game: GameName = "oware" if settings.get("game") == "oware" else "kalah"
        values = {o.name: settings[o.name] for o in options_for(game) if o.name in settings}
        try:
            rules = make_rules(game, **values)
        except ValueError as exc:
            self.notice = Notice("error", words.rules_refused(str(exc)))
            return
        first: Side = NORTH if settings.get("first") == NORTH else SOUTH
        self.new_game(rules, first)
        self.notice = Notice("info", words.new_game(rules, first))

    def apply_notation(self, text: str) -> bool:
        """Set the board from notation under the current rules; a refusal (one sentence in
        :attr:`editor_error`) changes nothing."""
        try:
            position = Position.from_notation(str(text), self.rules)
        except NotationError as err:
            return self._refuse(words.notation_problem(err, self.rules))
        self.new_game(self.rules, start=position)
        self.notice = Notice("success", words.board_set())
        return True

    def _refuse(self, problem: str) -> bool:
        """The editor refuses a position: say why, and drop an earlier "board set" (never both)."""
        self.editor_error = words.editor_refused(problem)
        if self.notice is not None and self.notice.kind == "success":
            self.notice = None
        return False

    def apply_fields(self, south: Sequence[object], south_store: object, north: Sequence[object],
                     north_store: object, to_move: str) -> bool:
        """Set the board from the editor's numbers; an empty or negative field is named."""
        named = [(words.place_name((SOUTH, k)), v) for k, v in enumerate(south, 1)]
        named += [(words.place_name((SOUTH, 0)), south_store)]
        named += [(words.place_name((NORTH, k)), v) for k, v in enumerate(north, 1)]
        named += [(words.place_name((NORTH, 0)), north_store)]
        counts = []
        for where, value in named:
            number = _whole(value)
            if number is None:
                return self._refuse(words.field_missing(where))
            if number < 0:
                return self._refuse(words.field_negative(where, number))
            counts.append(number)
        n = len(south)
        text = "/".join((",".join(map(str, counts[:n])), str(counts[n]),
                         ",".join(map(str, counts[n + 1:2 * n + 1])), str(counts[2 * n + 1]),
                         NORTH if to_move == NORTH else SOUTH))
        return self.apply_notation(text)

    # -- what the page shows --------------------------------------------------

    def result(self) -> Outcome | None:
        return self.game.outcome()

    def ended_by(self) -> MoveResult | None:
        """The move that ended the game, if the last move did (not a repetition, A6)."""
        last = self.game.results[-1] if self.game.results else None
        return last if last is not None and last.game_over else None


def _whole(value: object) -> int | None:
    """A form's number as an int (NaN, infinities, text and empty fields give ``None``)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < 10**6:
        return int(value)
    return None


__all__ = ["Chooser", "MAX_COMPUTER_MOVES", "Mode", "SandboxActivity", "TURN_BUDGET_MS", "engine_chooser"]
