"""The moves the content teaches, proven among the best by exact search (issue 31).

A puzzle teaches its accepted decisions (``lessons.proofs.choices``: a turn cut where its verdict is
settled); a ``find`` or ``goal`` step teaches its solution, a ``do`` step each lit pit. Every move of a
taught line must have the best exact value at its position (the final store difference with best play,
K16, A6: ``engine.analyse``). :func:`prove` says, within a node budget (never the clock: the same
verdict on any machine), one of:

- ``best``: every move of every taught line is proven to have the best exact value (or a proven value no
  move can beat: :func:`ceiling`);
- ``refuted``: some taught move is proven worse than another proven move (the detail names both);
- ``unproven``: the search could not prove it within the budget (the detail says where).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from engine import Position, Rules, Side, analyse, play
from engine.search.oware_proven import proven_bounds

from .models import Lesson, Puzzle
from .proofs import choices
from .steps.base import StepModel

NODES = {"kalah": 400_000, "oware": 60_000}
"""The search's node budget for one position, by game (each about 1 to 3 s of this engine on a laptop:
an Oware node costs about ten times a Kalah node)."""


def budget(rules: Rules) -> int:
    """The node budget for one position under ``rules`` (:data:`NODES`)."""
    return NODES[rules.game]

Status = Literal["best", "refuted", "unproven"]


@dataclass(frozen=True)
class Proof:
    """What the search proved about one item's taught moves: ``status`` and a detail for a person."""

    status: Status
    detail: str = ""


@functools.lru_cache(maxsize=4096)
def move_values(notation: str, rules: Rules, nodes: int) -> tuple[tuple[int, int, bool], ...]:
    """``((pit, value, exact), ...)`` for every legal pit of the position ``notation`` (``engine.analyse``
    with no time limit and ``nodes`` nodes; values from the mover's view, K16, A6)."""
    pos = Position.from_notation(notation, rules)
    return tuple((m.pit, m.value, m.exact) for m in analyse(pos, rules, time_ms=None, max_nodes=nodes))


def ceiling(pos: Position) -> int:
    """The most any move can be worth at ``pos``: stores only grow (K10, K15, A3), so the mover ends at most
    with every seed but the opponent's store, the opponent with at least that store."""
    other: Side = "N" if pos.to_move == "S" else "S"
    return pos.total_seeds - 2 * pos.store(other)


def bounds(pos: Position, rules: Rules, values: tuple[tuple[int, int, bool], ...]) -> dict[int, tuple[int | None, int | None]]:
    """``{pit: (lo, hi)}``: what is proven of each pit's value (``None``: nothing that way): the search's exact
    values, narrowed by the prover's shipped bounds (``engine.search.oware_proven``: the Awari positions taught)."""
    out: dict[int, tuple[int | None, int | None]] = {p: ((v, v) if exact else (None, None)) for p, v, exact in values}
    for p, (lo, hi) in (proven_bounds(pos, rules) or {}).items():
        old = out.get(p, (None, None))
        out[p] = (lo if old[0] is None else old[0] if lo is None else max(lo, old[0]),
                  hi if old[1] is None else old[1] if hi is None else min(hi, old[1]))
    return out


def judge_move(pos: Position, rules: Rules, pit: int, nodes: int | None = None) -> Proof:
    """Is ``pit`` among the moves of best exact value at ``pos``? Proven ``best`` when its proven lower bound
    reaches every other pit's proven upper bound, ``refuted`` when another pit's lower bound beats its upper
    bound (:func:`bounds`)."""
    values = move_values(pos.to_notation(), rules, nodes or budget(rules))
    known = bounds(pos, rules, values)
    low, high = known[pit]
    beaten = [(p, lo) for p, (lo, _) in known.items() if lo is not None and high is not None and lo > high]
    if beaten:
        p, v = max(beaten, key=lambda b: b[1])
        worth = f"{high:+d}" if low == high else f"at most {high:+d}"
        return Proof("refuted", f"at {pos.to_notation()}: pit {pit} is worth {worth}, pit {p} {'' if known[p][0] == known[p][1] else 'at least '}{v:+d}")
    if low is not None and all(hi is not None and hi <= low for p, (_, hi) in known.items() if p != pit):
        return Proof("best")
    mine = next((v, exact) for p, v, exact in values if p == pit)
    if mine[1] and mine[0] >= ceiling(pos):
        return Proof("best")
    shown = ", ".join(f"{p}: {v:+d}{'' if e else '?'}" for p, v, e in values)
    return Proof("unproven", f"at {pos.to_notation()}: {shown} (? = estimated)")


def judge_lines(start: Position, rules: Rules, lines: Iterable[tuple[int, ...]], nodes: int | None = None) -> Proof:
    """Every move of every line (pits played from ``start``, extra turns and replies alike) best at its
    position: ``refuted`` at the first proven worse move, else ``unproven`` at the first unproven one."""
    unproven = None
    for line in lines:
        pos = start
        for pit in line:
            if pos.to_move is None:
                break
            proof = judge_move(pos, rules, pit, nodes)
            if proof.status == "refuted":
                return Proof("refuted", f"line {list(line)}: {proof.detail}")
            if proof.status == "unproven" and unproven is None:
                unproven = Proof("unproven", f"line {list(line)}: {proof.detail}")
            pos = play(pos, pit, rules).position
    return unproven or Proof("best")


def puzzle_lines(puzzle: Puzzle) -> list[tuple[int, ...]]:
    """The decisions a puzzle accepts (``lessons.proofs.choices``), the moves it teaches."""
    return sorted(pits for pits, ok in choices(puzzle).items() if ok)


def step_lines(step: StepModel) -> list[tuple[int, ...]]:
    """The moves a step teaches (its kind's ``taught``: a goal or find step's solution, each lit pit of a
    do step, none for the others)."""
    return step.taught()


def prove_puzzle(puzzle: Puzzle, nodes: int | None = None) -> Proof:
    """The puzzle's accepted decisions, judged (see the module doc)."""
    return judge_lines(puzzle.start, puzzle.game_rules, puzzle_lines(puzzle), nodes)


def prove_step(lesson: Lesson, step: StepModel, nodes: int | None = None) -> Proof:
    """The step's taught moves, judged (see the module doc); ``best`` for a step that teaches no move."""
    return judge_lines(lesson.step_position(step), lesson.step_rules(step), step_lines(step), nodes)


__all__ = ["NODES", "Proof", "bounds", "budget", "ceiling", "Status", "judge_lines", "judge_move", "move_values", "prove_puzzle", "prove_step",
           "puzzle_lines", "step_lines"]
