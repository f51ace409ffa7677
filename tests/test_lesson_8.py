"""Lesson 8 (Awari strategy) teaches no move the engine refutes: every find step's accepted pits are the best
moves by exact search, and every game step starts from a position its idea wins (issue 31).

Oware's exact search proves small endings (a few seeds, every line soon over) outright (``engine.analyse``).
The kroo positions hold a pile of 15 or 16 seeds: there the proof is by bounds, with the same exact solver
(``Searcher.solve``, null windows): the taught pit is worth at least ``L`` and every other pit less than
``L``, so the taught pit is the one best move whatever the exact values are. Node budgets, never clocks.
"""

from __future__ import annotations

import pytest

from engine import Turn, analyse, legal_moves, reached
from engine.position import NORTH
from engine.search.analysis import _at_least
from engine.search.searcher import Searcher
from engine.search.tables import tables_for
from lessons import taught as T
from lessons.loader import load_lessons
from lessons.models import FindStep, GameStep

LESSON = load_lessons()["awari-strategy"]
STEPS = {s.id: s for s in LESSON.steps}
NODES = 3_000_000
"""The node budget of one proof (each one here needs far fewer)."""

EXACT = {
    "guard-small-pits": {1: 2, 2: -6, 3: -6},
    "count-the-moves": {1: 2, 2: 8, 4: -2},
}
"""Find steps proven by ``analyse``: every legal pit's exact value (South's final lead in seeds)."""

BOUNDS = {"kroo-count": 24, "kroo-defend": 26}
"""Find steps proven by bounds: the taught pit is worth at least this, every other pit less."""

PROVER = {"feed-safely", "grand-slam-trap", "line-them-up"}
"""Find steps proven by the Awari prover's shipped bounds (``engine/data/oware_proven.json``, made by
``tools/oware_proofs.py`` with the 14-seed endgame table at its leaves; ``lessons.taught``): the taught pit's
proven lower bound reaches every other pit's proven upper bound."""

UNPROVEN: set[str] = set()
"""Find steps the exact search cannot prove yet (each still a goal every other pit misses): none now."""

GAMES = {
    "kroo-build": (5, 16),
    "round-and-round": (1, 2),
}
"""Game steps proven by bounds: a pit of the start position and the least final lead it gives South (a win).
"Outlast North" (``starve``) is proven exactly below."""


def _kids(step_id: str):
    step = STEPS[step_id]
    pos, rules = LESSON.step_position(step), LESSON.step_rules(step)
    game = tables_for(rules)
    x, _, kids = game.children(pos)
    searcher = Searcher(game, max_nodes=NODES)
    searcher.on_line((x << 1) | (pos.to_move == NORTH))  # A6: a line back to the start ends there
    return pos, game, searcher, {f.pit: (x2, ms2, same) for f, x2, ms2, same in kids}


def at_least(step_id: str, pit: int, value: int) -> bool:
    """Is ``pit`` worth at least ``value`` to the player to move in ``step_id``'s position? (exact solver)"""
    pos, game, searcher, kids = _kids(step_id)
    x2, ms2, same = kids[pit]
    if not ms2:  # the move ends the game: its value is the final score
        return game.diff(x2, pos.to_move) >= value
    return _at_least(searcher, x2, ms2, same, value)


def goal_pits(step: FindStep) -> set[int]:
    pos, rules = LESSON.step_position(step), LESSON.step_rules(step)
    return {p for p in legal_moves(pos, rules) if reached(step.goal, Turn(pos).then(p, rules), rules)}


def test_every_find_step_is_proven_or_listed_as_not_yet_proven() -> None:
    finds = {s.id for s in LESSON.steps if isinstance(s, FindStep)}
    assert finds == set(EXACT) | set(BOUNDS) | PROVER | UNPROVEN
    assert {s.id for s in LESSON.steps if isinstance(s, GameStep)} == set(GAMES) | {"starve", "play-awari"}


@pytest.mark.parametrize("step_id", sorted(EXACT))
def test_a_small_ending_find_step_accepts_exactly_the_best_moves(step_id: str) -> None:
    step = STEPS[step_id]
    pos, rules = LESSON.step_position(step), LESSON.step_rules(step)
    values = analyse(pos, rules, time_ms=None, max_nodes=NODES)
    assert all(m.exact for m in values)
    assert {m.pit: m.value for m in values} == EXACT[step_id]
    top = max(EXACT[step_id].values())
    assert goal_pits(step) == {p for p, v in EXACT[step_id].items() if v == top} == {step.solution[0]}


@pytest.mark.parametrize("step_id", sorted(PROVER))
def test_a_find_step_the_prover_proves_teaches_the_one_goal_move_and_it_is_best(step_id: str) -> None:
    step = STEPS[step_id]
    assert goal_pits(step) == {step.solution[0]}
    proof = T.prove_step(LESSON, step)
    assert proof.status == "best", proof.detail


@pytest.mark.parametrize("step_id", sorted(BOUNDS))
def test_a_kroo_find_step_teaches_the_one_best_move_proven_by_bounds(step_id: str) -> None:
    step = STEPS[step_id]
    pos, rules = LESSON.step_position(step), LESSON.step_rules(step)
    low, taught = BOUNDS[step_id], step.solution[0]
    assert goal_pits(step) == {taught}
    assert at_least(step_id, taught, low)
    for pit in legal_moves(pos, rules):
        if pit != taught:
            assert not at_least(step_id, pit, low), f"{step_id}: pit {pit} may be as good as pit {taught}"


def test_the_kroo_wins_at_once_and_its_lead_is_the_proven_bound() -> None:
    """Counting the lap: pit 6's 16 seeds skip pit 6 and end in North's pit 5, taking 10 and the game, 36-12."""
    from engine import play

    step = STEPS["kroo-count"]
    result = play(LESSON.step_position(step), 6, LESSON.step_rules(step))
    assert (result.captured, str(result.last), result.outcome.score) == (10, "North pit 5", (36, 12))
    assert 36 - 12 == BOUNDS["kroo-count"]


@pytest.mark.parametrize("step_id", sorted(GAMES))
def test_a_game_step_starts_from_a_position_its_idea_wins(step_id: str) -> None:
    pit, lead = GAMES[step_id]
    assert at_least(step_id, pit, lead) and lead > 0


def test_the_tempo_and_repetition_games_are_exact_wins_and_the_other_first_moves_are_not() -> None:
    for step_id, values in (("starve", {1: 8, 2: -4, 4: -4}), ("round-and-round", {1: 2, 6: 0})):
        step = STEPS[step_id]
        pos, rules = LESSON.step_position(step), LESSON.step_rules(step)
        found = analyse(pos, rules, time_ms=None, max_nodes=NODES)
        assert all(m.exact for m in found)
        assert {m.pit: m.value for m in found} == values, step_id
