"""A lesson step with a ``capture_at_least`` goal counts its seeds one way in the task, the miss and the
success, in English and Greek: every seed the capture puts into the store, North's seeds and your last
one (K10; docs/rules.md "Words for results and captures": "captures N" is ``MoveResult.captured``). The
numbers are the engine's: a wrong capture's count, the goal's, the solution's."""

from __future__ import annotations

import pytest

from engine import Turn
from lessons.loader import load_lessons
from tutor import i18n
from tutor.lesson import Feedback, LessonActivity
from tutor.progress import Progress

LESSONS = {lang: load_lessons(lang=lang, prove=False) for lang in ("en", "el")}
# lesson, step, a wrong first pit that captures (None: none does), what the task says of the count
CASES = [("captures", "spot-the-capture", 5, None),
         ("strategy", "make-room", None, "8"),
         ("strategy", "spend-the-pile", 1, None)]
MISS = {"en": "Not yet: that turn captured {got} seeds, and the goal asks for {goal} seeds.",
        "el": "Όχι ακόμα: σε αυτόν τον γύρο αιχμαλώτισες {got} σπόρους, ενώ ο στόχος ζητά {goal} σπόρους."}
NOTHING = {"en": "Not yet: that turn captured nothing, and the goal asks for {goal} seeds.",
           "el": "Όχι ακόμα: σε αυτόν τον γύρο δεν αιχμαλώτισες τίποτα, ενώ ο στόχος ζητά {goal} σπόρους."}


def _run(lang: str, lesson_id: str, step_id: str) -> LessonActivity:
    lesson = LESSONS[lang][lesson_id]
    return LessonActivity(lesson, Progress(), [s.id for s in lesson.steps].index(step_id))


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize(("lesson_id", "step_id", "wrong", "told"), CASES)
def test_a_capture_goals_task_miss_and_success_count_the_seeds_the_same_way(lang, lesson_id, step_id, wrong, told):
    i18n.use(lang)
    try:
        run = _run(lang, lesson_id, step_id)
        step = run.step
        goal = step.goal.capture_at_least
        solved = Turn(run.position, ())
        for pit in step.solution:
            solved = solved.then(pit, run.rules)
        assert solved.captured == goal  # the goal is the solution's capture, last seed included
        if told is not None:
            assert told == str(goal) and f" {goal} " in step.text
        first = wrong if wrong is not None else next(p for p in range(1, 7) if p not in step.solution[:1]
                                                      and run.position.row(run.position.to_move)[p - 1])
        run.press(first)
        while not run.failed:  # a goal step's extra turn: play on with the first pit that has seeds
            run.press(next(p for p in range(1, 7) if run.position.row(run.position.to_move)[p - 1]))
        got = run.turn.captured
        note = run.notice
        assert isinstance(note, Feedback) and note.kind == "warning"
        said = (MISS if got else NOTHING)[lang].format(got=got, goal=goal)
        assert said in note.details, note.details
        if wrong is not None:
            assert f" {got}" in note.text and got < goal  # the step's why says the same count
        run.retry()
        for pit in step.solution:
            run.press(pit)
        assert run.done and f"{goal} " in str(run.notice.text) + " " + run.notice.details
    finally:
        i18n.use(None)
