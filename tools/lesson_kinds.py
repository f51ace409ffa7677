"""Print, per lesson, its steps by kind and the share where the learner chooses the move.

    python -m tools.lesson_kinds

Kinds: every kind registered in ``lessons.steps`` (the course's: read, do (a lit pit to press), predict
(choose among outcomes), find (find the one move), goal (play a whole turn to reach a goal), game (a whole
game against the computer)). The learner chooses the move in the kinds whose model says so
(``StepModel.chooses``: find, goal and game steps).
"""

from __future__ import annotations

from collections import Counter

from lessons.loader import load_lessons
from lessons.models import step_kinds

KINDS = tuple(step_kinds())
CHOOSE = tuple(name for name, model in step_kinds().items() if model.chooses)


def main() -> None:
    lessons = sorted(load_lessons().values(), key=lambda lesson: lesson.number)
    print(f"{'lesson':<28}" + "".join(f"{k:>8}" for k in KINDS) + f"{'steps':>7}{'choose':>8}")
    total: Counter[str] = Counter()
    for lesson in lessons:
        kinds: Counter[str] = Counter(step.kind for step in lesson.steps)
        total.update(kinds)
        choose = sum(kinds[k] for k in CHOOSE)
        print(f"{lesson.number}. {lesson.title:<25}" + "".join(f"{kinds[k]:>8}" for k in KINDS)
              + f"{len(lesson.steps):>7}{choose / len(lesson.steps):>8.0%}")
    steps = sum(total.values())
    choose = sum(total[k] for k in CHOOSE)
    print(f"{'all':<28}" + "".join(f"{total[k]:>8}" for k in KINDS) + f"{steps:>7}{choose / steps:>8.0%}")


if __name__ == "__main__":
    main()
