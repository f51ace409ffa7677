"""The six lessons through AppTest: a learner walks each one to the end.

The board is pressed through its one Python click handler
(``ui.lesson.click_pit``), predictions are answered with the answer buttons,
and wrong pits and wrong answers are explained without changing anything.
"""

from __future__ import annotations

import pytest

from engine import IllegalMoveError, legal_moves, play
from lessons.loader import DoStep, GoalStep, PredictStep, load_lessons
from ui import lesson as runner

LESSONS = load_lessons()


def open_lesson(app, lesson_id: str):
    app.run()
    app.switch_page(runner.LESSON_PAGES[lesson_id]).run()
    assert not app.exception, app.exception
    return app


def run_of(app, lesson_id: str) -> runner.LessonRun:
    return app.session_state[runner.RUNS_KEY][lesson_id]


def notices(app) -> str:
    return "\n".join(e.value for e in [*app.warning, *app.success, *app.info])


def press(app, pit: int, run) -> None:
    """Press a pit the way the drawn board does: the one click handler, then a rerun."""
    runner.click_pit(pit, run)
    app.run()
    assert not app.exception, app.exception


def wrong_pit(lesson, step, run) -> int | None:
    """A pit of the mover that is not lit: an empty or illegal one if there is one, else a legal one."""
    pos, rules = run.position, lesson.step_rules(step)
    others = [p for p in range(1, rules.pits + 1) if p not in step.lit]
    illegal = [p for p in others if p not in legal_moves(pos, rules)]
    return (illegal or others or [None])[0]


def check_wrong_pit(app, lesson, step, run) -> None:
    pit = wrong_pit(lesson, step, run)
    if pit is None:
        return
    before, done_before = run.position, set(run_record(app, lesson.id)["steps_done"])
    press(app, pit, run)
    assert run.position == before and not run.done
    assert run_record(app, lesson.id)["steps_done"] == done_before
    text = "\n".join(w.value for w in app.warning)
    assert f"({illegal_rule(lesson, step, run, pit)})" in text or f"Pit {pit} is a real move" in text
    assert any(f"{r}" in text for r in [*step.cites, "K5", "A4", "A5"])  # explained by rule ids


def illegal_rule(lesson, step, run, pit) -> str | None:
    """The rule the engine says ``pit`` breaks, or None for a legal pit."""
    try:
        play(run.position, pit, lesson.step_rules(step))
    except IllegalMoveError as exc:
        return exc.rule_id
    return None


def run_record(app, lesson_id):
    return app.session_state["progress"]["lessons"][lesson_id]


def walk(app, lesson_id: str, *, try_wrong: bool = True) -> None:
    """Go through every step: wrong pit / wrong answer first (explained, nothing changes), then the right one."""
    lesson = LESSONS[lesson_id]
    run = run_of(app, lesson_id)
    for k, step in enumerate(lesson.steps):
        assert run.index == k
        assert any(f"Step {k + 1} of {len(lesson.steps)}" in str(p.proto.text) for p in app.get("progress"))
        rules, start = lesson.step_rules(step), lesson.step_position(step)
        assert run.position == start
        if isinstance(step, DoStep):
            if try_wrong:
                check_wrong_pit(app, lesson, step, run)
            press(app, step.lit[0], run)
            assert run.done
            assert run.position == play(start, step.lit[0], rules).position
            assert step.done in notices(app)
        elif isinstance(step, PredictStep):
            options = step.options
            if try_wrong:
                wrong = next(c for c in options if c != step.answer)
                app.button(key=f"lesson_{lesson_id}_{step.id}_answer_{options.index(wrong)}").click().run()
                assert not app.exception, app.exception
                assert run.position == start and not run.done
                assert any("Not quite" in w.value for w in app.warning)
            app.button(key=f"lesson_{lesson_id}_{step.id}_answer_{options.index(step.answer)}").click().run()
            assert not app.exception, app.exception
            assert run.done
            assert run.position == play(start, step.pit, rules).position
            assert step.done in notices(app)
        elif isinstance(step, GoalStep):
            for pit in step.solution:
                press(app, pit, run)
            assert run.done, notices(app)
            assert "Goal reached" in notices(app)
        else:
            assert run.done
        app.button(key=f"lesson_{lesson_id}_next").click().run()
        assert not app.exception, app.exception
    assert run.finished


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_learner_walks_each_lesson_to_the_end(app, lesson_id):
    """A learner presses the lit pits and answers every prediction (after one wrong try) to the summary."""
    open_lesson(app, lesson_id)
    walk(app, lesson_id)
    lesson = LESSONS[lesson_id]
    assert any(s.value == "Lesson complete!" for s in app.subheader)
    summary = "\n".join(m.value for m in app.markdown)
    for rule_id in lesson.cited:
        assert f"**{rule_id}**" in summary
    rec = run_record(app, lesson_id)
    assert rec["done"] and rec["steps_done"] == {s.id for s in lesson.steps}


def test_progress_shows_on_home_and_in_the_sidebar(app):
    """After lesson 1, Home and the sidebar count one lesson done."""
    open_lesson(app, "setup")
    walk(app, "setup", try_wrong=False)
    assert any("Lessons done: 1 of 6" in c.value for c in app.sidebar.caption)
    assert any("10 of 10 steps done" in c.value for c in app.sidebar.caption)
    app.switch_page("pages/home.py").run()
    assert not app.exception
    assert any(m.value == "1 of 6" for m in app.metric)
    overview = "\n".join(m.value for m in app.markdown)
    assert "Lesson 1, Setting up: 10 of 10 steps ✓" in overview
    assert "Lesson 2, Sowing: 0 of 9 steps" in overview


def test_k5_an_empty_pit_is_explained_and_changes_nothing(app):
    """In the sowing lesson a learner presses an empty pit: refused with K5, the board stays."""
    open_lesson(app, "sowing")
    run = run_of(app, "sowing")
    lesson = LESSONS["sowing"]
    runner._start_step(run, [s.id for s in lesson.steps].index("empty-pits"))
    app.run()
    before = run.position
    press(app, 1, run)
    assert run.position == before and not run.done
    assert any("(K5)" in w.value for w in app.warning)
    press(app, 4, run)  # a legal pit that is not lit: what it would do, by the rules it uses
    assert run.position == before and not run.done
    assert any("Pit 4 is a real move" in w.value and "North pit 2" in w.value for w in app.warning)


def test_a5_a_move_that_does_not_feed_is_explained(app):
    """In Awari, with North empty, a pit that does not reach North is refused with A5."""
    open_lesson(app, "awari")
    run = run_of(app, "awari")
    runner._start_step(run, [s.id for s in LESSONS["awari"].steps].index("must-feed"))
    app.run()
    before = run.position
    press(app, 1, run)
    assert run.position == before and not run.done
    assert any("(A5)" in w.value for w in app.warning)


def test_a4_a_forbidden_grand_slam_is_explained(app):
    open_lesson(app, "awari")
    run = run_of(app, "awari")
    runner._start_step(run, [s.id for s in LESSONS["awari"].steps].index("grand-slam-forbidden"))
    app.run()
    before = run.position
    press(app, 6, run)
    assert run.position == before and not run.done
    assert any("(A4)" in w.value for w in app.warning)


def test_a_missed_goal_can_be_tried_again_or_shown(app):
    """Three in a row: the wrong order misses the goal; Try again resets; Show me plays the solution."""
    open_lesson(app, "extra-turns")
    run = run_of(app, "extra-turns")
    lesson = LESSONS["extra-turns"]
    step_index = [s.id for s in lesson.steps].index("three-in-a-row")
    runner._start_step(run, step_index)
    app.run()
    start = run.position
    press(app, 3, run)  # pit 3 first: still an extra turn...
    assert not run.failed and not run.done
    press(app, 4, run)  # ...but now pit 4 holds 2: over the store, the turn ends
    assert run.failed and not run.done
    assert any("Not yet" in w.value for w in app.warning)
    assert app.button(key="lesson_extra-turns_next").disabled
    app.button(key="lesson_extra-turns_retry").click().run()
    assert run.position == start and not run.failed
    press(app, 3, run)
    press(app, 4, run)
    app.button(key="lesson_extra-turns_show").click().run()
    assert run.done and run.position.south == (0, 0, 0, 0)
    assert not app.button(key="lesson_extra-turns_next").disabled


def test_back_and_restart(app):
    """Back returns to the previous step fresh; Restart goes to step 1."""
    open_lesson(app, "setup")
    run = run_of(app, "setup")
    app.button(key="lesson_setup_next").click().run()
    assert run.index == 1
    press(app, 1, run)
    assert run.done
    app.button(key="lesson_setup_back").click().run()
    assert run.index == 0
    app.button(key="lesson_setup_next").click().run()
    assert run.index == 1 and not run.done  # the step starts fresh
    app.button(key="lesson_setup_restart").click().run()
    assert run.index == 0
    assert app.button(key="lesson_setup_back").disabled


def test_next_is_closed_until_the_step_is_done(app):
    open_lesson(app, "setup")
    run = run_of(app, "setup")
    app.button(key="lesson_setup_next").click().run()
    assert app.button(key="lesson_setup_next").disabled
    runner.next_step(run)
    assert run.index == 1


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_each_lesson_page_runs_alone(page_app, lesson_id):
    """A deep link to a lesson page (no app.py) still shows step 1."""
    at = page_app(runner.LESSON_PAGES[lesson_id]).run()
    assert not at.exception, at.exception
    assert at.subheader[0].value == LESSONS[lesson_id].steps[0].title


def test_k14_stuck_step_says_the_player_to_move_is_stuck_not_a_row_empty(app):
    """Lesson 5 "Stuck!": under end when stuck the feedback gives the engine's reason (stuck), not "a row is empty"."""
    open_lesson(app, "ending")
    run = run_of(app, "ending")
    index = next(i for i, s in enumerate(LESSONS["ending"].steps) if s.id == "stuck-ends")
    runner._start_step(run, index)
    app.run()
    press(app, 4, run)
    assert run.done
    text = notices(app)
    assert "North, the player to move, has no seeds to sow" in text
    assert "row is empty" not in text.lower() and "a row is empty" not in run.step.done.lower()


def test_every_game_ending_move_of_the_lessons_is_told_by_its_outcome_reason():
    """Each lesson move that ends the game is explained by ``announce.result_text`` from ``outcome.reason``."""
    from ui.announce import end_reason

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
                words = runner.move_words(res)
                assert end_reason(res.outcome, res) in words, (lesson.id, step.id, words)


def test_a_goal_is_reached_the_moment_it_holds_even_mid_chain(app):
    """Lesson 1 "Your turn to find it": pit 1 (an extra turn) reaches the goal at once; no extra move is asked for."""
    open_lesson(app, "setup")
    run = run_of(app, "setup")
    index = next(i for i, s in enumerate(LESSONS["setup"].steps) if s.id == "small-board")
    runner._start_step(run, index)
    app.run()
    press(app, 1, run)
    assert run.done and len(run.results) == 1
    text = notices(app)
    assert "Goal reached!" in text and "Keep going" not in text
    assert "Pit 1 sows 4 seeds" in text  # the message describes the move that reached the goal


def test_a_goal_that_needs_the_whole_chain_waits_for_it(app):
    """Lesson 3 "A long chain": after one extra turn the learner keeps going; the fifth one reaches the goal."""
    open_lesson(app, "extra-turns")
    run = run_of(app, "extra-turns")
    step_index = next(i for i, s in enumerate(LESSONS["extra-turns"].steps) if s.id == "long-chain")
    runner._start_step(run, step_index)
    app.run()
    solution = LESSONS["extra-turns"].steps[step_index].solution
    for k, pit in enumerate(solution):
        press(app, pit, run)
        assert run.done == (k == len(solution) - 1)
    assert "Goal reached!" in notices(app)


def test_the_loader_refuses_a_goal_solution_that_goes_on_after_the_goal():
    from lessons.loader import Goal, goal_reached

    lesson = LESSONS["setup"]
    step = next(s for s in lesson.steps if s.id == "small-board")
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    first = play(pos, 1, rules)
    assert first.extra_turn and goal_reached(step.goal, pos.to_move, [first])
    assert not goal_reached(Goal(extra_turns=1, capture=False), pos.to_move, [first])  # waits for the turn's end


def test_a_wrong_pit_is_explained_in_words_with_codes_only_as_badges(app):
    """A real but unlit pit: the warning names the lit pit and says the step's rules in sentences (rules.toml)."""
    from ui.announce import rule_text

    open_lesson(app, "setup")
    run = run_of(app, "setup")
    lesson = LESSONS["setup"]
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if isinstance(s, DoStep) and "K6" in s.cites)
    runner._start_step(run, index)
    app.run()
    pit = next(p for p in legal_moves(run.position, run.rules) if p not in step.lit)
    press(app, pit, run)
    text = "\n".join(w.value for w in app.warning)
    assert f"press the lit pit {step.lit[0]}" in text
    assert "This step is about K" not in text
    for rule_id in step.cites:
        assert rule_text(rule_id) in text and f":gray-badge[{rule_id}]" in text


def test_a_right_answer_says_right_then_the_explanation_without_echoing_yes_or_no(app):
    """Predict steps: "Right!" and the step's words, not "Right: yes! Yes: ..."."""
    for lesson in LESSONS.values():
        for step in lesson.steps:
            if isinstance(step, PredictStep) and step.answer.lower() in ("yes", "no"):
                assert not step.done.lower().startswith((f"{step.answer.lower()}:", f"{step.answer.lower()}!",
                                                         f"{step.answer.lower()}.")), (lesson.id, step.id)
    open_lesson(app, "setup")
    run = run_of(app, "setup")
    index = next(i for i, s in enumerate(LESSONS["setup"].steps) if s.id == "six-seeds")
    runner._start_step(run, index)
    app.run()
    assert runner.answer("yes", run)
    app.run()
    text = notices(app)
    assert text.startswith("Right! 6 seeds, 6 steps.") and "Right: " not in text


def test_show_me_names_the_pits_in_good_english():
    assert runner.pits_in_order([6]) == "pit 6"
    assert runner.pits_in_order([6, 5, 6]) == "pits 6, 5 and 6"
    assert runner.pits_in_order([3, 6]) == "pits 3 and 6"


def test_a_reload_reopens_the_lesson_at_the_step_in_the_url(app):
    """The URL keeps ?step=k; a new session (F5) with it opens step k, a bad value opens step 1."""
    open_lesson(app, "captures")
    run = run_of(app, "captures")
    runner._start_step(run, 3)
    app.run()
    assert app.query_params["step"] in (["4"], "4")
    from streamlit.testing.v1 import AppTest

    for value, index in (("4", 3), ("99", 0), ("x", 0)):
        fresh = AppTest.from_file(app._script_path, default_timeout=30)
        fresh.query_params["step"] = value
        fresh.run()
        fresh.switch_page(runner.LESSON_PAGES["captures"]).run()
        assert not fresh.exception, fresh.exception
        assert fresh.session_state[runner.RUNS_KEY]["captures"].index == index
