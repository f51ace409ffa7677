"""Coverage: the lessons teach every rule, tip and mistake of docs/rules.md by doing.

Each id K1-K18, A1-A6, T1-T3, M1-M7 is cited by at least one step where the
learner acts (``do``, ``predict``, ``find``, ``goal``), and the special cases
the issue names are shown by moves the engine itself confirms: a lit pit, the
pit of a prediction, or a move of a goal's (or find's) proven solution.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine import MoveResult, Position, Rules, Turn, play
from lessons.loader import load_lessons
from lessons.models import DoStep, GoalStep, Lesson, PredictStep

REQUIRED = (
    [f"K{i}" for i in range(1, 19)]
    + [f"A{i}" for i in range(1, 7)]
    + [f"T{i}" for i in range(1, 4)]
    + [f"M{i}" for i in range(1, 8)]
)


def _moves(lesson: Lesson) -> Iterator[tuple[object, Rules, Position, int, MoveResult]]:
    """Every move a do or predict step plays, and every move of a goal or find step's solution (in turn order,
    each from the position it is played in): (step, rules, position, pit, result)."""
    for step in lesson.steps:
        rules, pos = lesson.step_rules(step), lesson.step_position(step)
        if isinstance(step, GoalStep):
            turn = Turn(pos)
            for pit in step.solution:
                here = turn.position
                turn = turn.then(pit, rules)
                yield step, rules, here, pit, turn.results[-1]
            continue
        pits = step.lit if isinstance(step, DoStep) else [step.pit] if isinstance(step, PredictStep) else []
        for pit in pits:
            yield step, rules, pos, pit, play(pos, pit, rules)


@pytest.fixture(scope="module")
def lessons() -> dict[str, Lesson]:
    return load_lessons()


def test_eight_lessons_in_order(lessons: dict[str, Lesson]) -> None:
    assert list(lessons) == ["setup", "sowing", "extra-turns", "captures", "ending", "awari", "strategy",
                             "awari-strategy"]


def test_every_rule_tip_and_mistake_is_cited_by_a_step_where_the_learner_acts(lessons: dict[str, Lesson]) -> None:
    cited = {
        rule
        for lesson in lessons.values()
        for step in lesson.steps
        if isinstance(step, (DoStep, PredictStep, GoalStep))
        for rule in step.cites
    }
    missing = [rule for rule in REQUIRED if rule not in cited]
    assert missing == []


def test_extra_turns_shows_the_opening_extra_turn_for_3_4_5_and_6_seeds(lessons: dict[str, Lesson]) -> None:
    """Lesson 3 lights the opening for 4 seeds a pit, then the learner finds it for 3, 5 and 6."""
    shown = {
        rules.seeds: (pit, step.kind)
        for step, rules, pos, pit, result in _moves(lessons["extra-turns"])
        if result.extra_turn and pos == rules.initial_position() and rules.pits == 6
    }
    assert shown == {3: (4, "find"), 4: (3, "do"), 5: (2, "find"), 6: (1, "find")}


def test_captures_show_empty_opposite_their_side_13_and_14_seeds(lessons: dict[str, Lesson]) -> None:
    moves = list(_moves(lessons["captures"]))
    fired = [set(r.rules_fired) for *_, r in moves]
    assert any("K11" in f and "K10" not in f for f in fired)  # facing pit empty
    assert any("K12" in f for f in fired)  # last seed on North's side
    laps = {pos.row(pos.to_move)[pit - 1]: r.captured for _, _, pos, pit, r in moves if "K8" in r.rules_fired}
    assert laps.get(13, 0) > 0  # an exact lap captures (K13)
    assert any(seeds >= 14 and captured == 0 for seeds, captured in laps.items())
    assert any(r.captured and not r.extra_turn for *_, r in moves)  # no extra turn after a capture (M3)
    assert any("K18" in r.rules_fired for *_, r in moves)


def test_ending_shows_mid_chain_end_sweep_draw_early_decision_and_stuck(lessons: dict[str, Lesson]) -> None:
    moves = list(_moves(lessons["ending"]))
    results = [r for *_, r in moves]
    assert any({"K9", "K14"} <= set(r.rules_fired) for r in results)  # ends in the middle of a chain
    assert any(r.game_over and any(r.swept) for r in results)  # final sweep
    assert any(r.game_over and r.outcome.winner is None for r in results)  # a draw
    assert any("K17" in r.rules_fired and not r.game_over for r in results)  # decided, goes on
    assert any(rules.early_win and "K17" in r.rules_fired and r.game_over for _, rules, _, _, r in moves)
    stuck = [r for _, rules, _, _, r in moves if rules.end_rule == "stuck"]
    assert any(r.game_over and r.outcome.reason == "stuck" for r in stuck)
    assert any(not r.game_over and not any(r.position.row(r.mover)) for r in stuck)


def test_awari_shows_chain_capture_big_lap_feed_and_grand_slam(lessons: dict[str, Lesson]) -> None:
    moves = list(_moves(lessons["awari"]))
    assert all(rules.game == "oware" for _, rules, *_ in moves)
    results = [r for *_, r in moves]
    assert any(r.captured == 2 for r in results)
    assert any(len(r.captured_from) >= 3 and "A3" in r.rules_fired for r in results)  # backward chain
    big = [(pos, pit, r) for _, _, pos, pit, r in moves if "A2" in r.rules_fired]
    assert any(r.position.row(r.mover)[pit - 1] == 0 for pos, pit, r in big)  # origin pit skipped
    assert any("A5" in r.rules_fired for r in results)
    assert any("A4" in r.rules_fired and r.captured == 0 for r in results)
    assert any(r.game_over and r.outcome.winner == "S" for r in results)
