"""The lessons' behaviour (tutor/lesson.py) in plain pytest: a learner walks each lesson to the end;
wrong pits and wrong answers are explained without changing anything; goals, Try again, Show me,
Back, Restart; and the words of the feedback."""

from __future__ import annotations

import pytest

from engine import Goal, IllegalMoveError, Turn, legal_moves, play, reached
from lessons.loader import load_lessons
from lessons.models import DoStep, GameStep, GoalStep, PredictStep, ReadStep
from tests.game_support import play_out
from tutor import words
from tutor.lesson import LessonActivity
from tutor.progress import LessonProgress, Progress

LESSONS = load_lessons()


def at_step(lesson_id: str, step_id: str, progress: Progress | None = None) -> LessonActivity:
    """A fresh run of a lesson opened at one step (as ``?step=k`` opens it)."""
    lesson = LESSONS[lesson_id]
    index = [s.id for s in lesson.steps].index(step_id)
    run = LessonActivity(lesson, progress or Progress(), index)
    assert run.index == index
    return run


def wrong_pit(run: LessonActivity, step: DoStep) -> int | None:
    """A pit of the mover that is not lit: an empty or illegal one if there is one, else a legal one."""
    pos, rules = run.position, run.rules
    others = [p for p in range(1, rules.pits + 1) if p not in step.lit]
    illegal = [p for p in others if p not in legal_moves(pos, rules)]
    return (illegal or others or [None])[0]


def illegal_rule(run: LessonActivity, pit: int) -> str | None:
    """The rule the engine says ``pit`` breaks, or None for a legal pit."""
    try:
        play(run.position, pit, run.rules)
    except IllegalMoveError as exc:
        return exc.rule_id
    return None


def check_wrong_pit(run: LessonActivity, step: DoStep) -> None:
    pit = wrong_pit(run, step)
    if pit is None:
        return
    before, done_before = run.position, set(run.progress.lesson(run.lesson.id).steps_done)
    wrong_before = run.wrong
    run.press(pit)
    assert run.position == before and not run.done
    assert run.progress.lesson(run.lesson.id).steps_done == done_before
    assert run.wrong == wrong_before + 1
    assert run.notice is not None and run.notice.kind == "warning"
    text = run.notice.text
    rule = illegal_rule(run, pit)
    assert f"({rule})" in text if rule else f"Pit {pit} is a real move" in text
    assert any(f"{r}" in text for r in [*step.cites, "K5", "A4", "A5"])  # explained by rule ids


def walk(run: LessonActivity, *, try_wrong: bool = True) -> None:
    """Go through every step: wrong pit / wrong answer first (explained, nothing changes), then the right one."""
    lesson = run.lesson
    for k, step in enumerate(lesson.steps):
        assert run.index == k and not run.finished
        rules, start = lesson.step_rules(step), lesson.step_position(step)
        assert run.rules == rules and run.position == start
        if isinstance(step, DoStep):
            assert not run.done
            if try_wrong:
                check_wrong_pit(run, step)
            run.press(step.lit[0])
            assert run.done
            assert run.position == play(start, step.lit[0], rules).position
            assert run.notice.kind == "success" and step.done in run.notice.text
        elif isinstance(step, PredictStep):
            assert not run.done
            if try_wrong:
                wrong = next(c for c in step.options if c != step.answer)
                assert not run.answer(wrong)
                assert run.position == start and not run.done
                assert run.notice.kind == "warning" and "Not quite" in run.notice.text
            assert run.answer(step.answer)
            assert run.done
            assert run.position == play(start, step.pit, rules).position
            assert step.done in run.notice.text
        elif isinstance(step, GoalStep):
            assert not run.done
            for pit in step.solution:
                run.press(pit)
            assert run.done, run.notice
            assert "Goal reached" in run.notice.text
        elif isinstance(step, GameStep):
            finish_game(run, step)
        else:
            assert isinstance(step, ReadStep) and run.done
        assert step.id in run.progress.lesson(lesson.id).steps_done
        run.next_step()
    assert run.finished and run.share == 1.0


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_learner_walks_each_lesson_to_the_end(lesson_id):
    """A learner presses the lit pits and answers every prediction (after one wrong try) to the summary."""
    progress = Progress()
    run = LessonActivity(LESSONS[lesson_id], progress)
    walk(run)
    rec = progress.lesson(lesson_id)
    assert rec.done and rec.steps_done == {s.id for s in LESSONS[lesson_id].steps}
    assert progress.summary(len(LESSONS)).lessons_done == 1


def test_k5_an_empty_pit_is_explained_and_changes_nothing():
    """In the sowing lesson a learner presses an empty pit: refused with K5, the board stays."""
    run = at_step("sowing", "empty-pits")
    before = run.position
    run.press(1)
    assert run.position == before and not run.done
    assert run.notice.kind == "warning" and "(K5)" in run.notice.text
    run.press(4)  # a legal pit that is not lit: what it would do, by the rules it uses
    assert run.position == before and not run.done
    # where pit 4's last seed would land is named (the words now say "North's pit 2", as place_name does
    # everywhere; the old handler printed the engine's str(Place), "North pit 2")
    assert "Pit 4 is a real move" in run.notice.text and "lands in North's pit 2" in run.notice.text


def test_a5_a_move_that_does_not_feed_is_explained():
    """In Awari, with North empty, a pit that does not reach North is refused with A5."""
    run = at_step("awari", "must-feed")
    before = run.position
    run.press(1)
    assert run.position == before and not run.done
    assert "(A5)" in run.notice.text


def test_a4_a_forbidden_grand_slam_is_explained():
    run = at_step("awari", "grand-slam-forbidden")
    before = run.position
    run.press(6)
    assert run.position == before and not run.done
    assert "(A4)" in run.notice.text


def test_a_missed_goal_can_be_tried_again_or_shown():
    """Three in a row: the wrong order misses the goal; Try again resets; Show me plays the solution."""
    run = at_step("extra-turns", "three-in-a-row")
    step = run.step
    start = run.position
    run.press(3)  # pit 3 first: still an extra turn...
    assert not run.failed and not run.done
    assert run.notice.kind == "info" and "Keep going" in run.notice.text
    run.press(4)  # ...but now pit 4 holds 2: over the store, the turn ends
    assert run.failed and not run.done
    assert run.notice.kind == "warning" and "Not yet" in run.notice.text
    assert not run.accepts_presses() and run.playable() == ()
    after = run.position
    run.press(1)  # the board waits for "Try again"
    assert run.position == after
    run.next_step()  # Next is closed
    assert run.index == [s.id for s in run.lesson.steps].index("three-in-a-row")
    run.retry()
    assert run.position == start and not run.failed and run.notice is None
    run.press(3)
    run.press(4)
    run.show_me()
    assert run.done and run.position.south == (0, 0, 0, 0)
    assert run.turn.pits == tuple(step.solution)
    assert run.notice.text == words.shown_solution(step.solution, step.done)
    assert run.sowing is not None and len(run.sowing.results) == len(step.solution)


def test_back_and_restart():
    """Back returns to the previous step fresh; Restart goes to step 1."""
    run = LessonActivity(LESSONS["setup"], Progress())
    run.next_step()
    assert run.index == 1
    run.press(1)
    assert run.done
    run.back()
    assert run.index == 0
    run.next_step()
    assert run.index == 1 and not run.done  # the step starts fresh
    run.restart()
    assert run.index == 0
    run.back()
    assert run.index == 0  # nothing before step 1


def test_back_from_the_summary_returns_to_the_last_step():
    run = at_step("setup", "small-board")
    run.press(1)
    run.next_step()
    assert run.finished
    run.back()
    assert not run.finished and run.index == len(run.lesson.steps) - 1 and not run.done


def test_next_is_closed_until_the_step_is_done():
    run = LessonActivity(LESSONS["setup"], Progress())
    run.next_step()
    assert run.index == 1 and not run.done
    run.next_step()
    assert run.index == 1


def test_a_bad_step_index_opens_step_1():
    for index in (-1, 99):
        assert LessonActivity(LESSONS["captures"], Progress(), index).index == 0
    assert LessonActivity(LESSONS["captures"], Progress(), 3).index == 3


def test_k14_stuck_step_says_the_player_to_move_is_stuck_not_a_row_empty():
    """Lesson 5 "Stuck!": under end when stuck the feedback gives the engine's reason (stuck), not "a row is empty"."""
    run = at_step("ending", "stuck-ends")
    run.press(4)
    assert run.done
    text = run.notice.text
    assert "North, the player to move, has no seeds to sow" in text
    assert "row is empty" not in text.lower() and "a row is empty" not in run.step.done.lower()


def test_every_game_ending_move_of_the_lessons_is_told_by_its_outcome_reason():
    """Each lesson move that ends the game is explained by ``words.end_reason`` from ``outcome.reason``."""
    for lesson in LESSONS.values():
        for step in lesson.steps:
            pits = [step.pit] if isinstance(step, PredictStep) else list(getattr(step, "lit", []) or [])
            pits += list(getattr(step, "solution", []) or [])[:1]
            for pit in pits:
                pos, rules = lesson.step_position(step), lesson.step_rules(step)
                if pit not in legal_moves(pos, rules):
                    continue
                res = play(pos, pit, rules)
                if res.outcome is None:
                    continue
                said = words.move_words(res, rules)
                assert words.end_reason(res.outcome, rules, res) in said, (lesson.id, step.id, said)


def test_a_goal_is_reached_the_moment_it_holds_even_mid_chain():
    """Lesson 1 "Your turn to find it": pit 1 (an extra turn) reaches the goal at once; no extra move is asked for."""
    run = at_step("setup", "small-board")
    run.press(1)
    assert run.done and len(run.turn.results) == 1
    text = run.notice.text
    assert "Goal reached!" in text and "Keep going" not in text
    assert "Pit 1 sows 4 seeds" in text  # the message describes the move that reached the goal


def test_a_goal_that_needs_the_whole_chain_waits_for_it():
    """Lesson 3 "A long chain": after one extra turn the learner keeps going; the last move reaches the goal."""
    run = at_step("extra-turns", "long-chain")
    solution = run.step.solution
    for k, pit in enumerate(solution):
        run.press(pit)
        assert run.done == (k == len(solution) - 1)
    assert "Goal reached!" in run.notice.text


def test_a_goal_waits_for_the_end_of_the_turn_only_when_it_must():
    """The engine's goal check (``engine.reached``) on lesson 1's goal: reached mid-chain; a goal that asks
    for no capture waits for the turn's end."""
    lesson = LESSONS["setup"]
    step = next(s for s in lesson.steps if s.id == "small-board")
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    first = play(pos, 1, rules)
    turn = Turn(pos, (first,))
    assert first.extra_turn and not turn.complete and reached(step.goal, turn, rules)
    assert not reached(Goal(extra_turns=1, capture=False), turn, rules)  # waits for the turn's end


def test_a_wrong_pit_is_explained_in_words_with_codes_only_as_badges():
    """A real but unlit pit: the warning names the lit pit and says the step's rules in sentences (rules.toml)."""
    lesson = LESSONS["setup"]
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if isinstance(s, DoStep) and "K6" in s.cites)
    run = LessonActivity(lesson, Progress(), index)
    pit = next(p for p in legal_moves(run.position, run.rules) if p not in step.lit)
    run.press(pit)
    text = run.notice.text
    assert f"press the lit pit {step.lit[0]}" in text
    assert "This step is about K" not in text
    for rule_id in step.cites:
        assert words.rule_text(rule_id) in text and f":gray-badge[{rule_id}]" in text


def test_a_right_answer_says_right_then_the_explanation_without_echoing_yes_or_no():
    """Predict steps: "Right!" and the step's words, not "Right: yes! Yes: ..."."""
    for lesson in LESSONS.values():
        for step in lesson.steps:
            if isinstance(step, PredictStep) and step.answer.lower() in ("yes", "no"):
                assert not step.done.lower().startswith((f"{step.answer.lower()}:", f"{step.answer.lower()}!",
                                                         f"{step.answer.lower()}.")), (lesson.id, step.id)
    run = at_step("setup", "six-seeds")
    assert run.answer("yes")
    assert run.notice.kind == "success"
    assert run.notice.text.startswith("Right! 6 seeds, 6 steps.") and "Right: " not in run.notice.text


def test_an_answer_on_a_step_that_asks_none_changes_nothing():
    run = at_step("setup", "your-row")
    assert not run.answer("yes")
    assert not run.done and run.notice is None and run.wrong == 0


def test_show_me_names_the_pits_in_good_english():
    assert words.pits_in_order([6]) == "pit 6"
    assert words.pits_in_order([6, 5, 6]) == "pits 6, 5 and 6"
    assert words.pits_in_order([3, 6]) == "pits 3 and 6"


@pytest.mark.parametrize(("wrong_answers", "stars"), [(0, 3), (1, 2), (3, 2), (4, 1)])
def test_stars_count_the_wrong_tries_of_a_run(wrong_answers, stars):
    """3 stars with no slip, 2 with up to three, 1 beyond (tutor.progress.stars); the records keep the counts."""
    lesson = next(les for les in LESSONS.values() if any(isinstance(s, PredictStep) for s in les.steps))
    predict = next(s for s in lesson.steps if isinstance(s, PredictStep))
    progress = Progress()
    run = LessonActivity(lesson, progress)
    for step in lesson.steps:
        if step is predict:
            wrong = next(c for c in step.options if c != step.answer)
            for _ in range(wrong_answers):
                assert not run.answer(wrong)
        finish_step(run, step)
        run.next_step()
    assert run.finished
    rec = progress.lesson(lesson.id)
    assert (rec.done, rec.stars, rec.wrong, rec.hints) == (True, stars, wrong_answers, 0)
    assert progress.summary(len(LESSONS)).stars == stars


def test_show_me_is_a_slip_and_the_best_stars_are_kept():
    """A solution shown costs the third star; a clean run afterwards earns it back, and stars never go down."""
    lesson = next(les for les in LESSONS.values() if any(isinstance(s, GoalStep) for s in les.steps))
    progress = Progress()
    run = LessonActivity(lesson, progress)
    for step in lesson.steps:
        if isinstance(step, GoalStep):
            run.show_me()
        else:
            finish_step(run, step)
        run.next_step()
    shown = sum(isinstance(s, GoalStep) for s in lesson.steps)
    rec = progress.lesson(lesson.id)
    assert (rec.stars, rec.hints) == (2 if shown <= 3 else 1, shown)
    run.restart()
    for step in lesson.steps:
        finish_step(run, step)
        run.next_step()
    assert progress.lesson(lesson.id).stars == 3
    progress.lesson_done(lesson.id, 1)
    assert progress.lesson(lesson.id).stars == 3
    progress.reset_lesson(lesson.id)
    assert progress.lesson(lesson.id) == LessonProgress()


def finish_step(run: LessonActivity, step) -> None:
    """Do one step the right way (no slip)."""
    if isinstance(step, DoStep):
        run.press(step.lit[0])
    elif isinstance(step, PredictStep):
        assert run.answer(step.answer)
    elif isinstance(step, GoalStep):
        for pit in step.solution:
            run.press(pit)
    elif isinstance(step, GameStep):
        finish_game(run, step)
    assert run.done, (step.id, run.notice)


def finish_game(run: LessonActivity, step: GameStep) -> None:
    """A game step, played to a win: a 6-ply learner against the Easy computer with seeded ties
    (tests/game_support.py; skipping an optional game is tested in tests/test_tutor_lesson_game.py)."""
    assert not run.done and run.game is not None and run.game.position == run.lesson.step_position(step)
    end = play_out(run.game)
    assert end.winner == run.game.learner and run.done
    assert step.done in run.game.notice.text
