"""Load and check the guided puzzles in ``lessons/puzzles/*.toml``.

A puzzle file holds puzzles of one theme::

    theme = "extra-turns"              # one of THEMES
    [[puzzles]]
    id = "chain-small-1"               # unique over all files
    stars = 1                          # difficulty 1..3
    cites = ["K9", "T1"]               # rule ids practised
    rules = { pits = 4, seeds = 2 }    # rules_from_params fields; game = "kalah" (default) or "oware"
    position = "0,1,2,1/..../S"        # notation, checked against the rules (K2/A1)
    goal = "Chain as many extra turns as you can."
    check = "most_extra_turns"         # how an answer is judged, see CHECKS
    answers = [[4, 3, 4]]              # every accepted turn (a bare pit = a one-move turn)
    line = [2, 1]                      # optional: the play after the answer (replies included)
    value = 3                          # "best" puzzles: final store difference with best play
    hints = ["gentle", "closer", "explicit"]
    explanation = "Shown after solving."
    wrong = { 2 = "Shown after pressing pit 2." }   # optional

A **turn** is the moves the puzzle's player makes until the other player is
to move or the game ends (several moves when the last seed lands in the
store, K9). The learner presses pits; a turn counts when it is one of
``answers``. The loader checks what is cheap: positions parse, every
answer is a legal, complete turn that reaches the goal's conditions, the
line is legal, cited ids are known. The tests prove the hard part with the
search: that ``answers`` is *exactly* the set of turns that reach the goal
(for ``best``: every move of the turn keeps the exact best value,
``engine.analyse``). See :func:`accepted_turns`.

``load_puzzles()`` is pure (no Streamlit). A bad file raises
``PuzzleError`` naming the file, the puzzle id and the problem.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from engine import (
    IllegalMoveError,
    MoveResult,
    NotationError,
    Position,
    Rules,
    legal_moves,
    other,
    play,
    rules_from_params,
)

PUZZLE_DIR = Path(__file__).resolve().parent / "puzzles"
RULES_TOML = Path(__file__).resolve().parent / "rules.toml"

RuleId = Annotated[str, Field(pattern=r"^(K1[0-9]|K[1-9]|A[1-6]|T[1-3]|M[1-7])$")]
PuzzleId = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
Text = Annotated[str, Field(min_length=1)]
RuleParams = dict[str, str | int | bool]
Turn = tuple[int, ...]

THEMES: dict[str, tuple[str, str]] = {
    "extra-turns": ("Chain extra turns", "Find the order of moves that chains the most extra turns (K9)."),
    "capture": ("Biggest capture now", "Find the move that captures the most seeds this turn (K10)."),
    "lap": ("The full lap", "A pit with 2n+1 seeds (13 on a 6-pit board) comes back round to itself (K8, K13)."),
    "threat": ("Stop the threat", "Your opponent threatens a capture: find the move that saves your seeds (T2)."),
    "counting": ("Counting the end", "Count the final sweep before you end the game (K14, K15, T3)."),
    "endgame": ("Win the endgame", "Few seeds left: find the move that does best against best play."),
    "mistakes": ("Avoid a common mistake", "One pit looks right if you make a common mistake (M1-M7)."),
    "awari-chains": ("Awari: chains of 2s and 3s", "Capture a chain of pits holding 2 or 3 (A3)."),
    "awari-grand-slam": ("Awari: the grand slam trap", "Taking every seed at once captures nothing (A4)."),
    "awari-feed": ("Awari: must feed", "When your opponent has no seeds you must give them some (A5)."),
    "awari-lap": ("Awari: the 12-seed lap", "Twelve or more seeds skip the pit they came from (A2)."),
    "house-rules": ("House rules", "The same kind of board under another rule the engine knows: empty capture, capture into pit, grand slam variants, end when stuck."),
}
"""Theme slug -> (title, one-line description), in the order the page lists them."""

CHECKS = {
    "best": "every move of the turn keeps the best final store difference with best play (exact search)",
    "most_extra_turns": "the turn chains as many extra turns as any turn can",
    "biggest_capture": "the turn captures as many seeds as any turn can",
    "goal": "the turn meets every condition of the puzzle's [conditions]",
}


class PuzzleError(ValueError):
    """A puzzle file that cannot be used; the message names the file, the puzzle and the problem."""


def known_rule_ids(path: Path = RULES_TOML) -> frozenset[str]:
    """The rule ids that ``lessons/rules.toml`` explains."""
    with path.open("rb") as fh:
        return frozenset(tomllib.load(fh))


# ------------------------------------------------------------------ turns


def play_turn(pos: Position, turn: Sequence[int], rules: Rules) -> list[MoveResult]:
    """Play the pits of ``turn`` from ``pos``; one ``MoveResult`` per pit.

    Raises ``IllegalMoveError`` for an illegal pit and ``ValueError`` when
    the turn goes on after it ended or stops while the mover is still to move.
    """
    results: list[MoveResult] = []
    for pit in turn:
        if results and not results[-1].extra_turn:
            raise ValueError(f"turn {list(turn)} goes on after the turn ended")
        results.append(play(results[-1].position if results else pos, pit, rules))
    if not results or results[-1].extra_turn:
        raise ValueError(f"turn {list(turn)} stops while the same player is still to move")
    return results


def all_turns(pos: Position, rules: Rules, limit: int = 20000) -> Iterator[tuple[Turn, list[MoveResult]]]:
    """Every complete turn from ``pos`` with its results, in pit order (K9 chains followed).

    Raises ``ValueError`` if there are more than ``limit`` turns (a puzzle must stay small).
    """
    count = 0
    stack: list[tuple[Position, Turn, list[MoveResult]]] = [(pos, (), [])]
    out: list[tuple[Turn, list[MoveResult]]] = []
    while stack:
        here, turn, results = stack.pop()
        for pit in legal_moves(here, rules):
            res = play(here, pit, rules)
            if res.extra_turn:
                stack.append((res.position, turn + (pit,), results + [res]))
            else:
                count += 1
                if count > limit:
                    raise ValueError(f"more than {limit} turns from {pos}: too big for a puzzle")
                out.append((turn + (pit,), results + [res]))
    out.sort(key=lambda item: item[0])
    yield from out


def turn_captured(results: Sequence[MoveResult]) -> int:
    """Seeds captured over a turn (K10, A3)."""
    return sum(r.captured for r in results)


def turn_extra(results: Sequence[MoveResult]) -> int:
    """Extra turns earned over a turn (K9)."""
    return sum(r.extra_turn for r in results)


def best_reply_capture(pos: Position, rules: Rules) -> int:
    """The most seeds the player to move in ``pos`` can capture in one turn (0 if the game is over)."""
    return max((turn_captured(res) for _, res in all_turns(pos, rules)), default=0)


# ------------------------------------------------------------------ models


class Conditions(BaseModel):
    """What a ``check = "goal"`` turn must do; every field given must hold."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    extra_turns: int | None = Field(default=None, ge=1)
    """At least this many extra turns (K9) in the turn."""
    capture_at_least: int | None = Field(default=None, ge=1)
    """At least this many seeds captured in the turn (K10, A3)."""
    capture: bool | None = None
    """A capture happens (True) or none does (False)."""
    lap: bool | None = None
    """A move of the turn sows a full lap (K8) or 12+ seeds (A2)."""
    game_over: bool | None = None
    """The turn ends the game (K14, A6)."""
    winner: Literal["S", "N", "draw"] | None = None
    """The turn ends the game with this result (K16, A6)."""
    store_at_least: int | None = Field(default=None, ge=0)
    """The mover's store holds at least this many seeds after the turn (final sweep included)."""
    reply_capture_at_most: int | None = Field(default=None, ge=0)
    """After the turn, the opponent can capture at most this many seeds in their next turn."""

    @model_validator(mode="after")
    def _something(self) -> Conditions:
        if all(v is None for v in self.model_dump().values()):
            raise ValueError("conditions need at least one field")
        return self


def condition_failures(cond: Conditions, mover: str, results: Sequence[MoveResult], rules: Rules) -> list[str]:
    """What a finished turn misses of ``cond``, in words; ``[]`` when every condition holds."""
    out: list[str] = []
    last = results[-1]
    if cond.extra_turns is not None and turn_extra(results) < cond.extra_turns:
        got = turn_extra(results)
        out.append(f"that turn earned {got} extra turn{'s' if got != 1 else ''}, the goal needs {cond.extra_turns}")
    got = turn_captured(results)
    if cond.capture_at_least is not None and got < cond.capture_at_least:
        out.append(f"that turn captured {got} seed{'s' if got != 1 else ''}, the goal needs {cond.capture_at_least}")
    if cond.capture is not None and bool(got) != cond.capture:
        out.append("that turn captured nothing" if cond.capture else "that turn captured seeds")
    if cond.lap is not None:
        lapped = any("K8" in r.rules_fired or "A2" in r.rules_fired for r in results)
        if lapped != cond.lap:
            out.append("no move of that turn went all the way round" if cond.lap else "that turn sowed a full lap")
    if cond.game_over is not None and last.game_over != cond.game_over:
        out.append("the game goes on" if cond.game_over else "that ended the game")
    if cond.winner is not None:
        got_w = None if last.outcome is None else (last.outcome.winner or "draw")
        if got_w != cond.winner:
            if last.outcome is None:
                out.append("the game is not over yet")
            else:
                s, n = last.outcome.score
                out.append(f"the game ends {s}-{n} (South-North), not the result the goal asks for")
    if cond.store_at_least is not None:
        store = last.position.store(mover)
        if store < cond.store_at_least:
            out.append(f"your store ends with {store} seeds, the goal needs {cond.store_at_least}")
    if cond.reply_capture_at_most is not None and not last.game_over:
        threat = best_reply_capture(last.position, rules)
        if threat > cond.reply_capture_at_most:
            out.append(f"after it your opponent can capture {threat} seeds")
    return out


def _turn_list(value: Any) -> Any:
    """``[4, [3, 6]]`` -> ``[[4], [3, 6]]``: a bare pit is a one-move turn."""
    if isinstance(value, list):
        return [[v] if isinstance(v, int) and not isinstance(v, bool) else v for v in value]
    return value


class Puzzle(BaseModel):
    """One puzzle (see the module doc for the file format)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: PuzzleId
    theme: str
    stars: int = Field(ge=1, le=3)
    cites: list[RuleId] = Field(min_length=1)
    rules: RuleParams = Field(default_factory=dict)
    position: Text
    goal: Text
    check: Literal["best", "most_extra_turns", "biggest_capture", "goal"]
    conditions: Conditions | None = None
    answers: list[list[int]] = Field(min_length=1)
    line: list[int] = Field(default_factory=list)
    value: int | None = None
    hints: list[Text] = Field(min_length=2, max_length=3)
    explanation: Text
    wrong: dict[int, Text] = Field(default_factory=dict)
    title: str = ""

    _as_turns = field_validator("answers", mode="before")(_turn_list)

    @property
    def game_rules(self) -> Rules:
        """The puzzle's rules object (``KalahRules`` or ``OwareRules``)."""
        return rules_from_params({k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in self.rules.items()})

    @property
    def start(self) -> Position:
        """The puzzle's position, checked against its rules."""
        return Position.from_notation(self.position, self.game_rules)

    @property
    def turns(self) -> list[Turn]:
        """The accepted turns as tuples."""
        return [tuple(t) for t in self.answers]

    @property
    def first_moves(self) -> list[int]:
        """The pits an accepted turn starts with, ascending."""
        return sorted({t[0] for t in self.answers})

    @property
    def is_awari(self) -> bool:
        return self.game_rules.game == "oware"

    def answer_note(self) -> str:
        """``""`` for one answer, else e.g. ``"2 answers count: pit 3 or pit 5."``"""
        if len(self.answers) == 1:
            return ""
        words = " or ".join(", then ".join(f"pit {p}" for p in t) for t in self.answers)
        return f"{len(self.answers)} answers count: {words}."

    def judge(self, results: Sequence[MoveResult]) -> list[str]:
        """Why a finished turn (its results) does not reach the goal; ``[]`` when it is accepted."""
        turn = tuple(r.pit for r in results)
        if turn in self.turns:
            return []
        if self.check == "goal" and self.conditions is not None:
            missed = condition_failures(self.conditions, results[0].mover, results, self.game_rules)
            if missed:
                return missed
        if self.check == "most_extra_turns":
            best = max(turn_extra(play_turn(self.start, t, self.game_rules)) for t in self.turns)
            got = turn_extra(results)
            return [f"that turn earned {got} extra turn{'s' if got != 1 else ''}; {best} are possible"]
        if self.check == "biggest_capture":
            best = max(turn_captured(play_turn(self.start, t, self.game_rules)) for t in self.turns)
            got = turn_captured(results)
            return [f"that turn captured {got} seed{'s' if got != 1 else ''}; {best} are possible"]
        if self.check == "best":
            return ["another move does better against best play"]
        return ["that is not the answer"]

    @model_validator(mode="after")
    def _check_with_engine(self, info: Any) -> Puzzle:
        ctx = info.context or {}
        known = ctx.get("known_ids")
        if self.theme not in THEMES:
            raise ValueError(f"unknown theme {self.theme!r} (themes: {', '.join(THEMES)})")
        if known is not None:
            unknown = [r for r in self.cites if r not in known]
            if unknown:
                raise ValueError(f"cites unknown rule ids {unknown}")
        if (self.check == "goal") != (self.conditions is not None):
            raise ValueError('[conditions] are needed with check = "goal" and only then')
        if self.check == "best" and self.value is None:
            raise ValueError('check = "best" needs value (the final store difference with best play)')
        rules = self.game_rules
        pos = self.start
        if len(set(self.turns)) != len(self.turns):
            raise ValueError("answers repeat a turn")
        for turn in self.turns:
            results = play_turn(pos, turn, rules)
            if self.conditions is not None:
                missed = condition_failures(self.conditions, pos.to_move, results, rules)
                if missed:
                    raise ValueError(f"answer {list(turn)} misses the goal: {'; '.join(missed)}")
        if self.line:
            here = play_turn(pos, self.turns[0], rules)[-1].position
            for pit in self.line:
                here = play(here, pit, rules).position
        for pit in self.wrong:
            if pit in self.first_moves:
                raise ValueError(f"wrong[{pit}] explains a pit that is an answer")
            if not 1 <= pit <= rules.pits:
                raise ValueError(f"wrong[{pit}]: there is no pit {pit}")
        return self


class PuzzleFile(BaseModel):
    """One file: a theme and its puzzles."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    theme: str
    puzzles: list[dict[str, Any]] = Field(min_length=1)


# ------------------------------------------------------------------ proofs


ValuesFn = Callable[[Position, Rules], dict[int, int]]
"""``values(pos, rules) -> {pit: exact final store difference for the mover}`` for every legal pit."""


def accepted_turns(puzzle: Puzzle, values: ValuesFn | None = None) -> set[Turn]:
    """The turns that reach ``puzzle``'s goal, worked out from scratch with the engine.

    For ``check = "best"`` this needs ``values`` (exact move values, e.g.
    from ``engine.analyse``): a turn is accepted when every one of its moves
    has the best value at its position. The tests assert
    ``accepted_turns(p, values) == set(p.turns)``.
    """
    rules, pos = puzzle.game_rules, puzzle.start
    if puzzle.check == "best":
        if values is None:
            raise ValueError("a best-move puzzle needs exact move values")
        out: set[Turn] = set()

        def walk(here: Position, turn: Turn) -> None:
            vals = values(here, rules)
            top = max(vals.values())
            for pit, v in vals.items():
                if v != top:
                    continue
                res = play(here, pit, rules)
                if res.extra_turn:
                    walk(res.position, turn + (pit,))
                else:
                    out.add(turn + (pit,))

        walk(pos, ())
        return out
    turns = list(all_turns(pos, rules))
    if puzzle.check == "most_extra_turns":
        top = max(turn_extra(r) for _, r in turns)
        return {t for t, r in turns if turn_extra(r) == top and top > 0}
    if puzzle.check == "biggest_capture":
        top = max(turn_captured(r) for _, r in turns)
        return {t for t, r in turns if turn_captured(r) == top and top > 0}
    assert puzzle.conditions is not None
    return {t for t, r in turns if not condition_failures(puzzle.conditions, pos.to_move, r, rules)}


def best_value(puzzle: Puzzle, values: ValuesFn) -> int:
    """The exact best final store difference for the puzzle's player."""
    return max(values(puzzle.start, puzzle.game_rules).values())


# ------------------------------------------------------------------ loading


def _describe(exc: ValidationError, raw: dict[str, Any]) -> list[str]:
    out = []
    for err in exc.errors():
        loc = ".".join(map(str, err["loc"]))
        msg = re.sub(r"^Value error, ", "", err["msg"])
        out.append(f"{loc + ': ' if loc else ''}{msg}")
    return out


def load_puzzle_file(path: Path, known_ids: frozenset[str] | None = None) -> list[Puzzle]:
    """Read and check one puzzle file; raise ``PuzzleError`` naming the file, puzzle and problem."""
    path = Path(path)
    known = known_ids if known_ids is not None else known_rule_ids()
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise PuzzleError(f"{path.name}: cannot read: {exc}") from None
    try:
        pf = PuzzleFile.model_validate(data)
    except ValidationError as exc:
        raise PuzzleError(f"{path.name}: {'; '.join(_describe(exc, data))}") from None
    out = []
    for k, raw in enumerate(pf.puzzles):
        pid = raw.get("id") if isinstance(raw, dict) else None
        where = f"puzzle {pid!r}" if pid else f"puzzle {k + 1} (no id)"
        item = {"theme": pf.theme, **raw}
        if isinstance(item.get("wrong"), dict):
            item["wrong"] = {_int_key(key): v for key, v in item["wrong"].items()}
        try:
            out.append(Puzzle.model_validate(item, context={"known_ids": known}))
        except ValidationError as exc:
            raise PuzzleError(f"{path.name}: {where}: {'; '.join(_describe(exc, raw))}") from None
        except (IllegalMoveError, NotationError, ValueError) as exc:
            raise PuzzleError(f"{path.name}: {where}: {exc}") from None
    return out


def _int_key(key: Any) -> Any:
    try:
        return int(key)
    except (TypeError, ValueError):
        return key


def puzzle_files(folder: Path = PUZZLE_DIR) -> list[Path]:
    """The puzzle files, sorted by name."""
    return sorted(Path(folder).glob("*.toml"))


def load_puzzles(folder: Path = PUZZLE_DIR) -> dict[str, Puzzle]:
    """Every puzzle, checked, keyed by id in file order. Pure: reads files, no Streamlit.

    Raises ``PuzzleError`` on the first bad file or on an id used twice.
    """
    known = known_rule_ids()
    out: dict[str, Puzzle] = {}
    where: dict[str, str] = {}
    for path in puzzle_files(folder):
        for p in load_puzzle_file(path, known):
            if p.id in out:
                raise PuzzleError(f"{path.name}: puzzle {p.id!r}: id already used in {where[p.id]}")
            out[p.id] = p
            where[p.id] = path.name
    return out


def mover_word(pos: Position) -> str:
    return "South" if pos.to_move == "S" else "North"


__all__ = [
    "CHECKS",
    "PUZZLE_DIR",
    "THEMES",
    "Conditions",
    "Puzzle",
    "PuzzleError",
    "accepted_turns",
    "all_turns",
    "best_reply_capture",
    "best_value",
    "condition_failures",
    "load_puzzle_file",
    "load_puzzles",
    "other",
    "play_turn",
    "puzzle_files",
    "turn_captured",
    "turn_extra",
]
