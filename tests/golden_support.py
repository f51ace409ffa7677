"""Golden playthroughs: seeded random games written move by move as plain text.

As OpenSpiel does for its games, a few random games of every rule variant are
kept in ``tests/data/golden/<variant>.txt``. ``tests/test_golden.py`` plays
them again with the engine and compares the text exactly, so a rule change
that nobody meant (a capture, an extra turn, an ending, a legal move) fails a
test with the first line that differs.

This module is the pure generator: it uses only the engine's public API and
reads no files. ``tools/golden_playthroughs.py`` writes the files with it
(``python -m tools.golden_playthroughs``) and compares them
(``--check``).

A game: ``random.Random(seed)`` picks ``rng.choice(game.legal_moves())`` on
a ``Game`` (so Oware's repetition rule, A6, applies) until the game is over
or ``MAX_MOVES`` moves have been played.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from engine import Game, KalahRules, MoveResult, Outcome, OwareRules, Position, Rules, legal_moves

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "data" / "golden"
"""Where the golden files live, one per variant."""

MAX_MOVES = 200
"""A game still going after this many moves is cut short, with a note (keeps the files small)."""

REGENERATE = "python -m tools.golden_playthroughs"
"""The command that rewrites the golden files."""


@dataclass(frozen=True)
class Variant:
    """One rule set with its golden games.

    ``name`` is the file's stem (``tests/data/golden/<name>.txt``); ``seeds``
    are the ``random.Random`` seeds of its games, one game per seed.
    ``feature`` says in words what makes the variant differ from the others,
    and ``shows(record)`` is true for a game where that rule makes a
    difference; one of the seeds is chosen so that it does (the other is
    seed 1), otherwise a broken variant rule could pass unnoticed.
    """

    name: str
    rules: Rules
    seeds: tuple[int, ...]
    feature: str
    shows: Callable[[Playthrough], bool]

    @property
    def filename(self) -> str:
        """The golden file's name, ``<name>.txt``."""
        return f"{self.name}.txt"


# ------------------------------------------------------------------ playing


@dataclass(frozen=True)
class Playthrough:
    """One seeded random game: the moves as played, each with the legal moves it was chosen from."""

    rules: Rules
    seed: int
    start: Position
    legal: tuple[tuple[int, ...], ...]
    results: tuple[MoveResult, ...]
    outcome: Outcome | None
    final: Position

    @property
    def cut_short(self) -> bool:
        """The game was stopped at ``MAX_MOVES`` before it ended."""
        return self.outcome is None

    def positions(self) -> list[Position]:
        """Every position from the start, one more than the moves."""
        return [self.start, *(r.position for r in self.results)]


def play_random_game(rules: Rules, seed: int, max_moves: int = MAX_MOVES) -> Playthrough:
    """Play ``rng.choice`` among the legal moves from the start until the game ends or ``max_moves``."""
    rng = random.Random(seed)
    game = Game(rules)
    legal: list[tuple[int, ...]] = []
    while len(game.results) < max_moves:
        moves = game.legal_moves()
        if not moves:
            break
        legal.append(moves)
        game.play(rng.choice(moves))
    return Playthrough(
        rules, seed, game.start, tuple(legal), tuple(game.results), game.outcome(), game.position
    )


# ------------------------------------------- where each variant's own rule shows


def _lap_capture(record: Playthrough) -> bool:
    return any("K13" in r.rules_fired for r in record.results)


def _empty_capture(record: Playthrough) -> bool:
    return any("K11" in r.rules_fired and r.captured == 1 for r in record.results)


def _stuck_and_capture_to_pit(record: Playthrough) -> bool:
    row_empty_play_goes_on = any(
        not (any(r.position.south) and any(r.position.north)) and not r.game_over for r in record.results
    )
    return row_empty_play_goes_on and any("K18" in r.rules_fired for r in record.results)


def _early_win(record: Playthrough) -> bool:
    return record.outcome is not None and record.outcome.reason == "early_win"


def _any_game(record: Playthrough) -> bool:
    return not record.cut_short


def _grand_slam_captures_nothing(record: Playthrough) -> bool:
    return any("A4" in r.rules_fired and r.captured == 0 for r in record.results)


def _grand_slam_captures_all(record: Playthrough) -> bool:
    return any("A4" in r.rules_fired and r.captured > 0 for r in record.results)


def _grand_slam_ruled_out(record: Playthrough) -> bool:
    default = OwareRules()
    return any(
        moves != legal_moves(pos, default) for moves, pos in zip(record.legal, record.positions())
    )


VARIANTS: tuple[Variant, ...] = (
    Variant(
        "kalah-6x4", KalahRules(), (1, 7),
        "standard Kalah; seed 7 has a full lap that captures through its own emptied pit (K8, K13)",
        _lap_capture,
    ),
    Variant(
        "kalah-4x3-empty-capture", KalahRules(pits=4, seeds=3, empty_capture=True), (1, 2),
        "a lone last seed facing an empty pit is banked (K11 variant; seed 1)",
        _empty_capture,
    ),
    Variant(
        "kalah-6x5-stuck-capture-to-pit",
        KalahRules(pits=6, seeds=5, end_rule="stuck", capture_to="pit"), (1, 3),
        "play goes on with a row empty and captures go into the landing pit (K14 variant, K18; seed 3)",
        _stuck_and_capture_to_pit,
    ),
    Variant(
        "kalah-8x10-early-win", KalahRules(pits=8, seeds=10, early_win=True), (1, 2),
        "the game ends when a store holds more than half the seeds (K17 variant; seed 1)",
        _early_win,
    ),
    Variant(
        "kalah-3x1", KalahRules(pits=3, seeds=1), (1, 2),
        "the smallest board: 3 pits, 1 seed each",
        _any_game,
    ),
    Variant(
        "oware-grand-slam-no-capture", OwareRules(grand_slam="no_capture"), (1, 104),
        "a grand slam is played and captures nothing (A4; seed 104, which also ends by repetition, A6)",
        _grand_slam_captures_nothing,
    ),
    Variant(
        "oware-grand-slam-illegal", OwareRules(grand_slam="illegal"), (1, 17),
        "a grand slam is left out of the legal moves (A4; seed 17, which also ends by repetition, A6)",
        _grand_slam_ruled_out,
    ),
    Variant(
        "oware-grand-slam-capture-all", OwareRules(grand_slam="capture_all"), (1, 59),
        "a grand slam captures every seed on the opponent's side (A4; seed 59)",
        _grand_slam_captures_all,
    ),
)
"""Every variant that has a golden file."""


# ------------------------------------------------------------------ writing


def _places(result: MoveResult) -> str:
    return " ".join(f"{p.side}{p.pit}" if p.pit else f"{p.side}-store" for p in result.captured_from)


def move_line(number: int, before: Position, legal: tuple[int, ...], result: MoveResult) -> str:
    """One move: number, mover, pit, legal moves, position before, rules fired, extra turn, captured, after."""
    captured = str(result.captured)
    if result.captured:
        captured += f" from {_places(result)}"
    return " | ".join(
        (
            f"{number:3d}",
            result.mover,
            f"pit {result.pit}",
            "legal " + ",".join(map(str, legal)),
            before.to_notation(),
            "rules " + (" ".join(result.rules_fired) or "-"),
            "extra " + ("yes" if result.extra_turn else "no"),
            "captured " + captured,
            "-> " + result.position.to_notation(),
        )
    )


def outcome_line(record: Playthrough) -> str:
    """The end: winner, score and reason (or a note that the game was cut short), and the last sweep."""
    if record.outcome is None:
        return f"not over: stopped after {len(record.results)} moves (MAX_MOVES keeps the file short)"
    end = record.outcome
    winner = {"S": "South", "N": "North", None: "draw"}[end.winner]
    last = record.results[-1] if record.results else None
    if last is not None and last.game_over:
        swept = last.swept
    else:  # ended by repetition (A6): the seeds left in the pits are counted, not moved
        swept = (sum(record.final.south), sum(record.final.north))
    return (
        f"outcome | winner {winner} | score {end.score[0]}-{end.score[1]} (S-N) | reason {end.reason} "
        f"| final sweep S {swept[0]}, N {swept[1]} | {len(record.results)} moves"
    )


def ascii_board(pos: Position, store_name: str = "store") -> list[str]:
    """A small drawing of ``pos``: North's pits on top right to left, South's below left to right.

    North's store is at the left end, South's at the right end, as the seeds
    go round counter-clockwise.
    """
    n = pos.pits_per_side
    width = max(2, *(len(str(v)) for v in (*pos.south, *pos.north)))
    north_label = f"N {store_name} {pos.north_store}"
    south_label = f"S {store_name} {pos.south_store}"
    pad = " " * (len(north_label) + 1)

    def cells(values: list[str]) -> str:
        return "|" + "|".join(f" {v:>{width}} " for v in values) + "|"

    def labels(values: list[str]) -> str:
        return " " + " ".join(f"{v:>{width + 1}} " for v in values) + " "

    rule = "+" + "+".join("-" * (width + 2) for _ in range(n)) + "+"
    north = [str(pos.north[k]) for k in reversed(range(n))]
    south = [str(v) for v in pos.south]
    return [
        pad + labels([f"N{k}" for k in range(n, 0, -1)]).rstrip(),
        pad + rule,
        pad + cells(north),
        f"{north_label} {rule} {south_label}",
        pad + cells(south),
        pad + rule,
        pad + labels([f"S{k}" for k in range(1, n + 1)]).rstrip(),
        f"{pad}to move: {pos.to_move}",
    ]


def game_text(record: Playthrough, number: int) -> list[str]:
    """The lines of one game: header, one line per move, the outcome and the final board."""
    lines = [f"game {number} | rules {json.dumps(record.rules.to_params())} | seed {record.seed}"]
    before = record.start
    for k, (legal, result) in enumerate(zip(record.legal, record.results), 1):
        lines.append(move_line(k, before, legal, result))
        before = result.position
    lines.append(outcome_line(record))
    store_name = "captured" if isinstance(record.rules, OwareRules) else "store"
    lines.append(f"final position {record.final.to_notation()}:")
    lines.extend(ascii_board(record.final, store_name))
    return lines


def variant_text(variant: Variant) -> str:
    """The whole golden file of ``variant``: a short header, then each seeded game."""
    lines = [
        f"# Golden playthroughs: {variant.name} ({variant.rules.describe()})",
        f"# Its own rule: {variant.feature}.",
        f"# Written by {REGENERATE}; tests/test_golden.py plays every game again and compares.",
        "# Random games: random.Random(seed).choice(legal moves) on engine.Game until the game ends.",
        "# Move lines: number | mover | pit | legal moves | position before | rules fired | extra turn"
        " | captured (from where) | -> position after",
        "# Positions: SOUTH_PITS/SOUTH_STORE/NORTH_PITS/NORTH_STORE/TO_MOVE, pits numbered 1..n by their owner.",
    ]
    for number, seed in enumerate(variant.seeds, 1):
        lines.append("")
        lines.extend(game_text(play_random_game(variant.rules, seed), number))
    return "\n".join(lines) + "\n"


def first_difference(expected: str, actual: str) -> tuple[int, str, str] | None:
    """The first line (1-based number, expected line, actual line) where two texts differ, or ``None``.

    A missing line reads as ``"<end of file>"``.
    """
    old, new = expected.splitlines(), actual.splitlines()
    for k in range(max(len(old), len(new))):
        a = old[k] if k < len(old) else "<end of file>"
        b = new[k] if k < len(new) else "<end of file>"
        if a != b:
            return k + 1, a, b
    if expected != actual:  # only line endings differ
        return max(len(old), 1), "(line endings differ)", "(line endings differ)"
    return None


__all__ = [
    "GOLDEN_DIR",
    "MAX_MOVES",
    "REGENERATE",
    "ROOT",
    "VARIANTS",
    "Playthrough",
    "Variant",
    "ascii_board",
    "first_difference",
    "game_text",
    "move_line",
    "outcome_line",
    "play_random_game",
    "variant_text",
]
