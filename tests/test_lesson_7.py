"""Lesson 7 (Kalah strategy) says what the engine proves, in English and Greek: a pit as good as the taught one
is called so, a capture the taught move makes is said, a pile is named by its pit where there are two, and a
value difference is never said as that many seeds (a value is a final store difference, K16: 12 apart is 6
seeds fewer for you). Exact values by ``lessons.taught`` (a node budget, never the clock)."""

from __future__ import annotations

import re

import pytest

from engine import best_capture, play
from lessons import claims as C
from lessons import taught as T
from lessons.loader import load_lessons, load_puzzles

LESSONS = {lang: load_lessons(lang=lang, prove=False) for lang in ("en", "el")}
AS_GOOD = {"en": "just as good", "el": "εξίσου καλή"}


def _step(lang: str, step_id: str):
    return next(s for s in LESSONS[lang]["strategy"].steps if s.id == step_id)


def _values(step_id: str) -> dict[int, int]:
    lesson = LESSONS["en"]["strategy"]
    step = _step("en", step_id)
    rules = lesson.step_rules(step)
    values = T.move_values(lesson.step_position(step).to_notation(), rules, T.budget(rules))
    assert all(exact for _, _, exact in values), step_id
    return {pit: value for pit, value, _ in values}


@pytest.mark.parametrize("lang", ["en", "el"])
def test_a_pit_as_good_as_the_taught_one_is_called_just_as_good(lang: str) -> None:
    """spoil-the-count: running away (pit 3) and spoiling the count (pit 6) both end 10 behind with best play;
    pit 3's why and the done words say it is just as good, and no sentence prefers the taught move."""
    for step in LESSONS["en"]["strategy"].steps:
        if step.kind != "find":
            continue
        values = _values(step.id)
        top = max(values.values())
        for pit, text in _step(lang, step.id).why.items():
            if values[pit] == top:
                assert AS_GOOD[lang] in text, (step.id, pit, text)
    assert _values("spoil-the-count") == {1: -16, 2: -20, 3: -10, 6: -10}
    done = _step(lang, "spoil-the-count").done
    assert AS_GOOD[lang] in done and "10" in done
    assert "does not work" not in done and "δεν αρκεί" not in done


@pytest.mark.parametrize("lang", ["en", "el"])
def test_keep_the_pile_says_that_pit_2_captures_too(lang: str) -> None:
    """Pit 2's last seed lands in your empty pit 5 and takes North's seed in pit 2: 2 seeds into your store."""
    lesson = LESSONS["en"]["strategy"]
    step = _step("en", "keep-the-pile")
    after = play(lesson.step_position(step), 2, lesson.step_rules(step))
    assert after.captured == 2 and best_capture(after.position, lesson.step_rules(step)) == 0
    done = _step(lang, "keep-the-pile").done
    said = {"en": ("it captures too", "2 seeds into your store"),
            "el": ("αιχμαλωτίζει κιόλας", "2 σπόρους στην αποθήκη σου")}[lang]
    assert all(s in done for s in said), done


@pytest.mark.parametrize("lang", ["en", "el"])
def test_save_your_pile_names_the_pile_where_there_are_two(lang: str) -> None:
    """run-away: your pit 2 holds 10 and your pit 4 holds 9, so each why names pit 4, never "your big pile"."""
    lesson = LESSONS["en"]["strategy"]
    start = lesson.step_position(_step("en", "run-away"))
    assert [start.south[k] for k in (1, 3)] == [10, 9]
    for pit, text in _step(lang, "run-away").why.items():
        assert re.search({"en": r"your pit 4\b", "el": r"δικού σου λακκακιού 4|δικό σου λακκάκι 4"}[lang], text), (pit, text)
        assert not re.search(r"big pile|the pile|μεγάλος σου σωρός|ο σωρός", text), (pit, text)


SEEDS_APART = {"en": re.compile(r"\b\d+ seeds? (?:worse|better|less)\b", re.I),
               "el": re.compile(r"\d+ σπόρ\w* (?:λιγότερ|περισσότερ|χειρότερ|καλύτερ)\w*", re.I)}
"""A value difference said as seeds apart ("12 seeds worse"): a lesson says each result instead."""


@pytest.mark.parametrize("lang", ["en", "el"])
def test_no_lesson_or_puzzle_says_a_value_difference_as_seeds_worse(lang: str) -> None:
    texts = [t for lesson in LESSONS[lang].values() for s in lesson.steps for t in C.step_texts(s)]
    texts += [t for p in load_puzzles(lang=lang, prove=False).values() for t in C.puzzle_texts(p)]
    assert [t for t in texts if SEEDS_APART[lang].search(t)] == []
