"""What the lessons and puzzles teach is true (issue 31) and said in a child's words (issue 36).

- No rule id ("(K13)", "(M5, K11)") in a text a learner reads: the ids are the items' ``cites``, shown as
  badges to a teacher who asks for them.
"""

from __future__ import annotations

import re

import pytest

from lessons.loader import load_lessons, load_puzzles, themes
from lessons import claims as C

LANGS = ("en", "el")
RULE_ID = re.compile(r"\b(?:K1[0-8]|K[1-9]|A[1-6]|T[1-3]|M[1-7])\b")


def texts(lang: str) -> dict[str, list[str]]:
    """Every text a learner reads, by item: ``lesson/<id>/<step>`` (and ``lesson/<id>`` for the title, intro and
    summary), ``puzzle/<id>``, ``theme/<id>``."""
    out: dict[str, list[str]] = {}
    for lesson in load_lessons(lang=lang, prove=False).values():
        out[f"lesson/{lesson.id}"] = [lesson.title, lesson.intro, lesson.summary]
        for step in lesson.steps:
            out[f"lesson/{lesson.id}/{step.id}"] = C.step_texts(step)
    for puzzle in load_puzzles(lang=lang, prove=False).values():
        out[f"puzzle/{puzzle.id}"] = C.puzzle_texts(puzzle)
    for key, theme in themes(lang=lang).items():
        out[f"theme/{key}"] = [theme.title, theme.text]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_no_rule_id_in_a_learners_text(lang: str) -> None:
    found = {key: RULE_ID.findall(" ".join(t)) for key, t in texts(lang).items()}
    assert {k: v for k, v in found.items() if v} == {}


def test_no_two_puzzles_share_a_position() -> None:
    """The same seeds on the board under the same game are one puzzle, even with another house rule."""
    seen: dict[tuple, str] = {}
    twice = []
    for p in load_puzzles(prove=False).values():
        key = (p.game_rules.game, p.start.to_notation())
        if key in seen:
            twice.append((seen[key], p.id))
        seen[key] = p.id
    assert twice == []
