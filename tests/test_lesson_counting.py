"""ut46 #6: a lesson step about reaching the store or going all the way round tells a wrong pit by
counting, as the lesson teaches (seeds against steps, K3; seeds against a lap, K8), for every pit; never
a store's total the child was not told ("your store ends with 3 seeds, but you need 4 seeds there")."""

from __future__ import annotations

import pytest

from engine import STORE, Place, Turn, legal_moves, misses, play, reached, steps_to_store
from lessons.loader import load_lessons
from tutor import i18n, words
from tutor.lesson import LessonActivity
from tutor.progress import Progress

SAID = {
    ("setup", "reach-your-store", 4): ("Pit 4 is 3 steps from your store and holds only 1 seed.",
                                       "Το λακκάκι 4 απέχει 3 βήματα από την αποθήκη σου και έχει μόνο 1 σπόρο."),
    ("setup", "reach-your-store", 5): ("Pit 5 is 2 steps from your store and holds only 1 seed.",
                                       "Το λακκάκι 5 απέχει 2 βήματα από την αποθήκη σου και έχει μόνο 1 σπόρο."),
    ("setup", "small-board", 3): ("Pit 3 is 2 steps from your store and holds only 1 seed.",
                                  "Το λακκάκι 3 απέχει 2 βήματα από την αποθήκη σου και έχει μόνο 1 σπόρο."),
    ("sowing", "round-the-board", 2): ("Pit 2 holds only 1 seed, and going all the way round takes 13 seeds.",
                                       "Το λακκάκι 2 έχει μόνο 1 σπόρο, ενώ για ολόκληρο τον γύρο χρειάζονται 13 "
                                       "σπόροι."),
    ("sowing", "round-the-board", 3): ("Pit 3 holds only 2 seeds, and going all the way round takes 13 seeds.",
                                       "Το λακκάκι 3 έχει μόνο 2 σπόρους, ενώ για ολόκληρο τον γύρο χρειάζονται 13 "
                                       "σπόροι."),
}

TOTALS = {"en": ("your store ends with", "your store is still empty"),
          "el": ("η αποθήκη σου έχει", "η αποθήκη σου είναι ακόμα άδεια")}
"""How a store's total reads in the "Not yet" sentence (``tutor.words.miss_words``)."""


def no_total(lang: str, text: str) -> bool:
    return not any(total in text for total in TOTALS[lang])


def press(lesson_id: str, step_id: str, pit: int, lang: str) -> tuple[str, str]:
    lesson = load_lessons(lang=lang)[lesson_id]
    run = LessonActivity(lesson, Progress(), [s.id for s in lesson.steps].index(step_id))
    run.press(pit)
    assert run.failed
    return run.notice.text, run.notice.details


@pytest.mark.parametrize("lang", ["en", "el"])
@pytest.mark.parametrize("key", sorted(SAID))
def test_a_wrong_pit_is_told_by_counting(key, lang):
    i18n.use(lang)
    try:
        text, details = press(*key, lang)
        assert text == SAID[key][lang == "el"]
        assert no_total(lang, details), details
    finally:
        i18n.use(None)


def counting_steps(lang: str):
    for lesson in load_lessons(lang=lang).values():
        for step in lesson.steps:
            goal = getattr(step, "goal", None)
            if step.kind == "find" and goal is not None and (goal.store_at_least or goal.lap):
                yield lesson, step


def test_every_wrong_pit_of_a_store_or_lap_step_is_told_by_counting_and_the_counting_is_true():
    """Each step about reaching the store or a lap, each wrong pit: the sentence is the step's own ``why`` or
    the counting, and the counting's "only" is the engine's fact (the seeds fall short of the store, K3, or
    of a lap, K8); none says a store's total, in the feedback or under "Why?"."""
    told = 0
    for lang in ("en", "el"):
        i18n.use(lang)
        try:
            for lesson, step in counting_steps(lang):
                rules, start = lesson.step_rules(step), lesson.step_position(step)
                for pit in legal_moves(start, rules):
                    if reached(step.goal, Turn(start).then(pit, rules), rules):
                        continue
                    res = play(start, pit, rules)
                    text, details = press(lesson.id, step.id, pit, lang)
                    assert no_total(lang, text + details), (lesson.id, step.id, pit, text, details)
                    if pit in step.why:
                        assert text == step.why[pit]
                        continue
                    assert text == words.counted(res, "lap" if step.goal.lap else "store_at_least", rules)
                    told += 1
                    if step.goal.lap:  # "holds only 1 seed, and going all the way round takes 13 seeds"
                        assert res.laps == 0 and len(res.path) < rules.lap_seeds
                    else:  # "is 3 steps from your store and holds only 1 seed"
                        assert len(res.path) < steps_to_store(pit, rules.pits)
                        assert Place(res.mover, STORE) not in res.path
        finally:
            i18n.use(None)
    assert told == 2 * 11  # L1 step 5 pits 4, 5; step 8 pit 3; L2 step 6 pits 2, 3, 5, 6; step 7 pits 2-5
