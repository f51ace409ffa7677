"""A small lesson for the lesson tests, built here and checked by the loader like a real file, so
the tests of the lesson page do not depend on the lesson content (rewritten separately).

Steps: read; do (lit pit 3, an extra turn); find an extra turn (solution 3, pit 1 has its own
why); find a capture (solution 1; pit 3 lands in an empty pit with nothing opposite); a goal
turn of three extra turns on a small board (4, 3, 4); a predict with choice tables (the M2
mistake); a predict with plain yes/no choices.
"""

from __future__ import annotations

from lessons.loader import check_lesson, known_rule_ids
from lessons.models import Lesson

STEPS = [
    {"id": "hello", "kind": "read", "title": "Hello", "text": "A board.", "cites": ["K1"]},
    {"id": "press-3", "kind": "do", "title": "Press", "text": "Press the lit pit.", "cites": ["K9"],
     "lit": [3], "expect": ["K9"], "done": "In your store!", "hint": "The lit one."},
    {"id": "find-turn", "kind": "find", "title": "Find it", "text": "Find the pit that gives you another turn.",
     "cites": ["K9"], "goal": {"extra_turns": 1}, "solution": [3], "done": "Another turn!",
     "why": {"1": "Pit 1 stops short of your store."}, "hint": "Count the steps."},
    {"id": "find-capture", "kind": "find", "title": "Capture", "text": "Find the capture.", "cites": ["K10"],
     "position": "1,0,1,0,0,2/10/2,2,0,2,3,2/23/S", "goal": {"capture_at_least": 1}, "solution": [1],
     "done": "Four seeds!"},
    {"id": "chain", "kind": "goal", "title": "Chain", "text": "Three in a row.", "cites": ["K9"],
     "rules": {"pits": 4, "seeds": 3}, "position": "0,0,2,1/8/3,3,3,3/1/S",
     "goal": {"extra_turns": 3, "game_over": True}, "solution": [4, 3, 4], "done": "All three!",
     "hint": "Nearest first."},
    {"id": "where", "kind": "predict", "title": "Where", "text": "Pit 1.", "cites": ["K7"], "pit": 1, "ask": "last",
     "question": "Where does the last seed land?", "answer": "South pit 5", "done": "Pit 5.",
     "choices": [{"answer": "South pit 4", "why": "You sowed into pit 1 first.", "mistake": "M2"},
                 {"answer": "South pit 5"},
                 {"answer": "South pit 6", "why": "One seed too far."}]},
    {"id": "again", "kind": "predict", "title": "Again", "text": "Pit 3.", "cites": ["K9"], "pit": 3,
     "ask": "extra_turn", "question": "Another turn?", "answer": "yes", "done": "Yes."},
]


def fixture(steps: list[dict] = STEPS, lesson_id: str = "fixture") -> Lesson:
    """A small lesson checked by the engine like a real file (``lesson_id``: "setup" stands in for lesson 1)."""
    lesson = Lesson.model_validate({"id": lesson_id, "number": 1, "title": "Fixture", "intro": "Intro.",
                                    "summary": "Done.", "steps": steps})
    check_lesson(lesson, known_rule_ids())
    return lesson
