"""The lesson files: every one loads and is proved by the engine; the loader names bad steps."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import Turn, all_turns, legal_moves, misses, play
from lessons.loader import (
    CONTENT_DIR,
    ContentError,
    answer_of,
    known_rule_ids,
    lesson_files,
    load_lesson,
    load_lessons,
)
from lessons.models import DoStep, FindStep, GameStep, GoalStep, PredictStep

LESSON_PAGES = {
    1: "lesson_1_setup",
    2: "lesson_2_sowing",
    3: "lesson_3_extra_turns",
    4: "lesson_4_captures",
    5: "lesson_5_ending",
    6: "lesson_6_awari",
    7: "lesson_7_strategy",
    8: "lesson_8_awari_strategy",
}


@pytest.mark.parametrize("path", lesson_files(), ids=lambda p: p.stem)
def test_every_lesson_file_loads_and_is_proved_by_the_engine(path: Path) -> None:
    lesson = load_lesson(path)
    assert 6 <= len(lesson.steps) <= 12
    assert path.stem == LESSON_PAGES[lesson.number]
    for step in lesson.steps:
        rules = lesson.step_rules(step)
        pos = lesson.step_position(step)
        if isinstance(step, PredictStep):
            result = play(pos, step.pit, rules)
            assert answer_of(step.ask, result, step.side) == step.answer
        elif isinstance(step, GoalStep):
            turn = Turn(pos)
            for pit in step.solution:
                turn = turn.then(pit, rules)
            assert misses(step.goal, turn, rules) == ()


def test_load_lessons_gives_the_lessons_in_order() -> None:
    lessons = load_lessons()
    assert [lesson.number for lesson in lessons.values()] == sorted(lesson.number for lesson in lessons.values())
    assert all(lesson.steps for lesson in lessons.values())


def test_every_cited_id_is_explained_in_rules_toml() -> None:
    known = known_rule_ids()
    for lesson in load_lessons().values():
        for step in lesson.steps:
            assert set(step.cites) <= known, (lesson.id, step.id)


# ------------------------------------------------------------- bad files


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    src = (CONTENT_DIR / "lesson_1_setup.toml").read_text()
    assert old in src
    path = tmp_path / "lesson_1_setup.toml"
    path.write_text(src.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('ask = "last"\nanswer = "North pit 1"', 'ask = "last"\nanswer = "North pit 2"',
         ["step 'lift-them-all'", "engine says 'North pit 1'"]),
        ("lit = [1]", "lit = [0]", ["step 'your-row'", "lit pit 0 is not a legal move"]),
        ("lit = [1]\n", 'lit = [1]\nexpect = ["K9"]\n', ["step 'your-row'", "does not fire ['K9']"]),
        ('cites = ["K16"]', 'cites = ["K16", "Q1"]', ["step 'aim'", "cites"]),
        ('id = "reach-your-store"\n', "", ["step 5 (no id)", "id", "Field required"]),
        ('id = "reach-your-store"', 'id = "your-row"', ["repeated: your-row"]),
        ("3,6,4,4,4,3/0/", "3,6,4,4,4,4/0/", ["step 'lift-them-all'", "seeds add up to 49"]),
        ('kind = "read"', 'kind = "watch"', ["step 'welcome'", "kind"]),
        ("solution = [4]", "solution = [2]", ["step 'north-side'", "misses the goal"]),
        ("solution = [4]", "solution = [4, 3]", ["step 'north-side'", "goes on after the turn ended"]),
        ("solution = [6]", "solution = [5]", ["step 'reach-your-store'", "misses the goal"]),
    ],
)
def test_a_bad_lesson_file_is_refused_naming_file_step_and_problem(
    tmp_path: Path, old: str, new: str, words: list[str]
) -> None:
    path = _broken(tmp_path, old, new)
    with pytest.raises(ContentError) as info:
        load_lesson(path)
    message = str(info.value)
    assert message.startswith("lesson_1_setup.toml: ")
    for word in words:
        assert word in message


def test_a_cited_id_missing_from_rules_toml_is_refused(tmp_path: Path) -> None:
    path = _broken(tmp_path, 'cites = ["K16"]', 'cites = ["K16", "K19"]')
    with pytest.raises(ContentError, match=r"step 'aim': cites unknown rule ids \['K19'\]"):
        load_lesson(path, known_ids=known_rule_ids() - {"K19"})


def test_a_solution_that_goes_on_after_its_goal_is_refused(tmp_path: Path) -> None:
    """Lesson 3 "Seeds = steps": pit 5 already gives the extra turn asked for, so a solution [5, 6] is refused."""
    src = (CONTENT_DIR / "lesson_3_extra_turns.toml").read_text()
    assert "solution = [5]\n" in src
    path = tmp_path / "lesson_3_extra_turns.toml"
    path.write_text(src.replace("solution = [5]\n", "solution = [5, 6]\n", 1))
    with pytest.raises(ContentError, match=r"step 'seeds-equal-steps': solution \[5, 6\] goes on after the goal was reached"):
        load_lesson(path)


def test_an_unreadable_toml_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "lesson_9_bad.toml"
    path.write_text("id = [")
    with pytest.raises(ContentError, match="lesson_9_bad.toml: cannot read"):
        load_lesson(path)


def test_do_step_lit_pits_are_legal_and_fire_what_they_expect() -> None:
    for lesson in load_lessons().values():
        for step in lesson.steps:
            if isinstance(step, DoStep):
                pos, rules = lesson.step_position(step), lesson.step_rules(step)
                for pit in step.lit:
                    assert set(step.expect) <= set(play(pos, pit, rules).rules_fired)


# ------------------------------------------------------------- the strategy lessons (7 and 8)


CHOOSES = (FindStep, GoalStep, GameStep)
"""Steps where the learner chooses the move (a find step is a goal step)."""


@pytest.mark.parametrize("lesson_id", ["strategy", "awari-strategy"])
def test_in_the_strategy_lessons_the_learner_chooses_the_moves(lesson_id: str) -> None:
    """Lessons 7 and 8 light no pit: at least half of their steps are find, goal or game steps, and every
    find or goal step has a pit that misses (it can be failed)."""
    lesson = load_lessons()[lesson_id]
    steps = lesson.steps
    assert not any(isinstance(s, DoStep) for s in steps)
    assert sum(isinstance(s, CHOOSES) for s in steps) * 2 >= len(steps)
    for step in steps:
        if isinstance(step, GoalStep):
            pos, rules = lesson.step_position(step), lesson.step_rules(step)
            winning = {t.pits[0] for t in all_turns(pos, rules) if not misses(step.goal, t, rules)}
            assert step.solution[0] in winning, step.id
            assert set(legal_moves(pos, rules)) - winning, f"{step.id}: every first pit can reach the goal"


def test_lesson_7_ends_with_games_against_easy_then_an_optional_medium() -> None:
    steps = load_lessons()["strategy"].steps
    games = [(s.id, s.level, s.must_win, s.optional) for s in steps if isinstance(s, GameStep)]
    assert games == [("beat-easy", "easy", True, False), ("beat-medium", "medium", True, True)]
    assert steps[-2].id == "beat-easy" and steps[-1].id == "beat-medium"


def test_lesson_8_plays_both_awari_endings_on_the_board() -> None:
    """"Outlast North" ends when no move can feed North; "Round and round" when a position comes back (A6):
    both are game steps, since only a game (``engine.Game``) keeps the history a repetition needs, and both
    must be won (the learner decides: a wrong waiting move, or sowing the seed North needs, loses the win)."""
    steps = {s.id: s for s in load_lessons()["awari-strategy"].steps}
    assert isinstance(steps["starve"], GameStep) and steps["starve"].must_win
    assert isinstance(steps["round-and-round"], GameStep) and steps["round-and-round"].must_win
    assert "A6" in steps["starve"].cites and "A6" in steps["round-and-round"].cites


@pytest.mark.parametrize("lang", ["en", "el"])
def test_no_done_text_opens_with_a_bare_list_of_pits_bug(lang: str) -> None:
    """Tester (issue 36): lesson 7 step 1 said "6, 5, 6, 3, 6: five extra turns", a list a child could not
    follow. Every done text says pits as pits ("You played pit 6, then pit 5 ..."), never as bare numbers."""
    import re

    bare = re.compile(r"^\s*\d+(?:\s*,\s*\d+){2,}")
    for lesson in load_lessons(lang=lang).values():
        for step in lesson.steps:
            for text in [getattr(step, "done", "") or "", *getattr(step, "done_by", {}).values()]:
                assert not bare.match(text), (lesson.id, step.id, text)
    step = load_lessons(lang=lang)["strategy"].steps[0]
    assert step.id == "nearest-first"
    assert step.done.count("6") == 5 and ("pit 3" in step.done or "λακκάκι 3" in step.done)
