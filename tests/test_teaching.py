"""Lessons teach by doing (issue 11): the learner finds the move once a rule has been shown, questions offer real
outcomes with a reason for each wrong one, and no rule shows up on the board before the lesson that teaches it."""

from __future__ import annotations

import re

import pytest

from engine import Turn, play
from lessons.loader import load_lessons
from lessons.models import DoStep, FindStep, GameStep, GoalStep, Lesson, PredictStep, Step

LESSONS = sorted(load_lessons().values(), key=lambda lesson: lesson.number)
CHOOSE = (GoalStep, GameStep)
"""Steps where the learner chooses the move (a FindStep is a GoalStep)."""


def fired(lesson: Lesson, step: Step) -> set[str]:
    """Rule ids the moves a step plays fire (lit pits, the pit in question, the solution)."""
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    out: set[str] = set()
    if isinstance(step, DoStep):
        for pit in step.lit:
            out |= set(play(pos, pit, rules).rules_fired)
    elif isinstance(step, PredictStep):
        out |= set(play(pos, step.pit, rules).rules_fired)
    elif isinstance(step, GoalStep):
        turn = Turn(pos)
        for pit in step.solution:
            turn = turn.then(pit, rules)
        for result in turn.results:
            out |= set(result.rules_fired)
    return out


def test_a_pit_is_lit_only_for_a_rules_first_example() -> None:
    seen: set[str] = set()
    late = []
    for lesson in LESSONS:
        for step in lesson.steps:
            shown = fired(lesson, step) | set(step.cites)
            if isinstance(step, DoStep) and not shown - seen:
                late.append(f"{lesson.id}/{step.id} lights {step.lit}, but shows no rule for the first time")
            seen |= shown
    assert late == []


def test_a_step_where_the_learner_finds_the_move_names_no_pit_of_its_solution() -> None:
    named = []
    for lesson in LESSONS:
        for step in lesson.steps:
            if isinstance(step, GoalStep):
                other = "North" if lesson.step_position(step).to_move == "S" else "South"
                said = re.sub(rf"{other}'s pit \d+", "", " ".join((step.title, step.text)))  # the opponent's pits
                for pit in set(step.solution):
                    if re.search(rf"\bpit {pit}\b", said, re.IGNORECASE):
                        named.append(f"{lesson.id}/{step.id} names pit {pit}")
    assert named == []


def test_no_rule_shows_on_the_board_before_its_lesson() -> None:
    taught: set[str] = set()
    early = []
    for lesson in LESSONS:
        taught |= set(lesson.cited)
        for step in lesson.steps:
            shown = {r for r in fired(lesson, step) if r[0] in "KA"} - taught
            if shown:
                early.append(f"{lesson.id}/{step.id} shows {sorted(shown)} before a lesson teaches it")
    assert early == []


def test_questions_offer_real_outcomes_with_a_reason_for_each_wrong_one() -> None:
    bad = []
    for lesson in LESSONS:
        for step in lesson.steps:
            if not isinstance(step, PredictStep):
                continue
            if {o.lower() for o in step.options} <= {"yes", "no"}:
                bad.append(f"{lesson.id}/{step.id} is a yes/no question")
            for choice in step.choices:
                if choice.answer != step.answer and not choice.why:
                    bad.append(f"{lesson.id}/{step.id}: the wrong choice {choice.answer!r} has no why")
            if not step.choices:
                bad.append(f"{lesson.id}/{step.id}: no choices of its own")
    assert bad == []


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_in_every_lesson_the_learner_chooses_the_move_in_at_least_half_the_steps(lesson: Lesson) -> None:
    choose = sum(isinstance(s, CHOOSE) for s in lesson.steps)
    assert 2 * choose >= len(lesson.steps), f"{choose} of {len(lesson.steps)}"


def test_lesson_1_says_the_aim_of_the_game() -> None:
    text = " ".join(s.text for s in LESSONS[0].steps).lower()
    assert "most seeds" in text and "store" in text
