"""The six lesson pages through AppTest: a learner walks each one to the end, and the page shows it.

AppTest cannot click the drawn board (a custom component): a pit is pressed
by calling the session's ``LessonActivity.press`` (what the board's one click
handler calls), then the page is run again. Predictions are answered with the
answer buttons, and Next / Back / Restart / Try again / Show me are clicked.
What a press or an answer does is tested in plain pytest in
``tests/test_tutor_lesson.py``.
"""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from engine import legal_moves
from lessons.loader import load_lessons
from lessons.models import DoStep, GameStep, GoalStep, PredictStep
from tests.conftest import ROOT
from tests.game_support import easy_computer, learner_pit, play_out
from tutor.lesson import LessonActivity
from ui import frame
from ui.lesson import LESSON_PAGES

LESSONS = load_lessons()


def page_file(lesson_id: str) -> str:
    return frame.page_file(LESSON_PAGES[lesson_id])


def open_lesson(page_app, lesson_id: str):
    at = page_app(page_file(lesson_id)).run()
    assert not at.exception, at.exception
    return at


def run_of(at, lesson_id: str) -> LessonActivity:
    return at.session_state["mancala_tutor"].lessons[lesson_id]


def notices(at) -> str:
    return "\n".join(e.value for e in [*at.warning, *at.success, *at.info])


def press(at, pit: int, run) -> None:
    """Press a pit the way the drawn board does (the activity's one ``press``), then rerun."""
    run.press(pit)
    at.run()
    assert not at.exception, at.exception


def go_to(at, run: LessonActivity, step_id: str) -> None:
    run.start_step([s.id for s in run.lesson.steps].index(step_id))
    at.run()
    assert not at.exception, at.exception


def click(at, key: str) -> None:
    at.button(key=key).click().run()
    assert not at.exception, at.exception


def walk(at, lesson_id: str, *, try_wrong: bool = True) -> None:
    """Every step as the page shows it: its counter and title, a wrong try first (explained), then the right one."""
    lesson = LESSONS[lesson_id]
    run = run_of(at, lesson_id)
    for k, step in enumerate(lesson.steps):
        assert run.index == k
        assert any(f"Step {k + 1} of {len(lesson.steps)}" in str(p.proto.text) for p in at.get("progress"))
        assert at.subheader[0].value == step.title
        assert at.query_params["step"] in ([str(k + 1)], str(k + 1))
        start = lesson.step_position(step)
        assert run.position == start
        if isinstance(step, DoStep):
            assert at.button(key=f"lesson_{lesson_id}_next").disabled
            if try_wrong:
                wrong = next((p for p in range(1, run.rules.pits + 1) if p not in step.lit), None)
                if wrong is not None:
                    press(at, wrong, run)
                    assert run.position == start and not run.done
                    assert at.warning and at.warning[0].value == run.notice.text
            press(at, step.lit[0], run)
            assert run.done
            assert step.done in notices(at)
        elif isinstance(step, PredictStep):
            options = step.options
            assert [b.label for b in at.button if b.key.startswith(f"lesson_{lesson_id}_{step.id}_answer_")] == options
            if try_wrong:
                wrong = next(c for c in options if c != step.answer)
                click(at, f"lesson_{lesson_id}_{step.id}_answer_{options.index(wrong)}")
                assert run.position == start and not run.done
                assert any("Not quite" in w.value for w in at.warning)
            click(at, f"lesson_{lesson_id}_{step.id}_answer_{options.index(step.answer)}")
            assert run.done
            assert step.done in notices(at)
            assert at.button(key=f"lesson_{lesson_id}_{step.id}_answer_0").disabled
        elif isinstance(step, GoalStep):
            for pit in step.solution:
                press(at, pit, run)
            assert run.done, notices(at)
            assert "Goal reached" in notices(at)
        elif isinstance(step, GameStep):
            play_game(at, run, step)
        else:
            assert run.done
        assert not at.button(key=f"lesson_{lesson_id}_next").disabled
        assert at.button(key=f"lesson_{lesson_id}_next").label == ("Finish" if k + 1 == len(lesson.steps) else "Next")
        click(at, f"lesson_{lesson_id}_next")
    assert run.finished


def play_game(at, run: LessonActivity, step: GameStep) -> None:
    """A game step on the page: the learner's first move is pressed and the page runs the computer's reply
    (the Easy level with seeded ties, so the game is the same on every machine); the rest is played out."""
    game = run.game
    game.choose = easy_computer()
    assert at.button(key=f"lesson_{run.lesson.id}_next").disabled
    assert f"the computer ({step.level.capitalize()})" in "\n".join(c.value for c in at.caption)
    press(at, learner_pit(game), game)
    assert game.accepts_presses() or game.over()  # the page ran the computer's turn after drawing the board
    assert len(game.game.results) >= 2 or game.over()
    play_out(game, computer=game.choose)
    at.run()
    assert not at.exception, at.exception
    assert run.done and game.won()
    assert step.done in notices(at) and "You won!" in notices(at)


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_a_learner_walks_each_lesson_to_the_end(page_app, lesson_id):
    """A learner presses the lit pits and answers every prediction (after one wrong try) to the summary."""
    at = open_lesson(page_app, lesson_id)
    walk(at, lesson_id)
    lesson = LESSONS[lesson_id]
    assert any(s.value == "Lesson complete!" for s in at.subheader)
    assert lesson.summary in [s.value for s in at.success]
    summary = "\n".join(m.value for m in at.markdown)
    for rule_id in lesson.cited:
        assert f"**{rule_id}**" in summary
    rec = at.session_state["mancala_tutor"].progress.lesson(lesson_id)
    assert rec.done and rec.steps_done == {s.id for s in lesson.steps}


def test_progress_shows_on_home_and_in_the_sidebar(page_app):
    """After lesson 1, Home and the sidebar count one lesson done."""
    at = open_lesson(page_app, "setup")
    walk(at, "setup", try_wrong=False)
    assert any("Lessons done: 1 of 8" in c.value for c in at.sidebar.caption)
    assert any("10 of 10 steps done" in c.value for c in at.sidebar.caption)
    at.switch_page("pages/home.py").run()
    assert not at.exception
    assert any(m.value == "1 of 8" for m in at.metric)
    overview = "\n".join(m.value for m in at.markdown)
    assert "Lesson 1, Setting up: 10 of 10 steps ✓" in overview
    assert "Lesson 2, Sowing: 0 of 9 steps" in overview


def test_a_refused_pit_is_explained_on_the_page(page_app):
    """In the sowing lesson a learner presses an empty pit: the page shows the K5 warning, the board stays."""
    at = open_lesson(page_app, "sowing")
    run = run_of(at, "sowing")
    go_to(at, run, "empty-pits")
    before = run.position
    press(at, 1, run)
    assert run.position == before and not run.done
    assert any("(K5)" in w.value for w in at.warning)


def test_a_missed_goal_can_be_tried_again_or_shown(page_app):
    """Three in a row: the wrong order misses the goal; Try again resets; Show me plays the solution."""
    at = open_lesson(page_app, "extra-turns")
    run = run_of(at, "extra-turns")
    go_to(at, run, "three-in-a-row")
    start = run.position
    keys = {b.key for b in at.button}
    assert "lesson_extra-turns_retry" not in keys and "lesson_extra-turns_show" not in keys
    press(at, 3, run)  # pit 3 first: still an extra turn...
    assert not run.failed and not run.done
    assert any("Keep going" in i.value for i in at.info)
    press(at, 4, run)  # ...but now pit 4 holds 2: over the store, the turn ends
    assert run.failed and not run.done
    assert any("Not yet" in w.value for w in at.warning)
    assert at.button(key="lesson_extra-turns_next").disabled
    click(at, "lesson_extra-turns_retry")
    assert run.position == start and not run.failed
    assert not any("Not yet" in w.value for w in at.warning)
    press(at, 3, run)
    press(at, 4, run)
    click(at, "lesson_extra-turns_show")
    assert run.done and run.position.south == (0, 0, 0, 0)
    assert any(i.value.startswith("Here is one way: pits ") for i in at.info)
    assert not at.button(key="lesson_extra-turns_next").disabled


def test_back_and_restart(page_app):
    """Back returns to the previous step fresh; Restart goes to step 1."""
    at = open_lesson(page_app, "setup")
    run = run_of(at, "setup")
    assert at.button(key="lesson_setup_back").disabled
    click(at, "lesson_setup_next")
    assert run.index == 1
    press(at, 1, run)
    assert run.done
    click(at, "lesson_setup_back")
    assert run.index == 0
    click(at, "lesson_setup_next")
    assert run.index == 1 and not run.done  # the step starts fresh
    assert at.button(key="lesson_setup_next").disabled
    click(at, "lesson_setup_restart")
    assert run.index == 0
    assert at.subheader[0].value == LESSONS["setup"].steps[0].title
    assert at.button(key="lesson_setup_back").disabled


def test_next_is_closed_until_the_step_is_done(page_app):
    at = open_lesson(page_app, "setup")
    run = run_of(at, "setup")
    click(at, "lesson_setup_next")
    assert run.index == 1
    assert at.button(key="lesson_setup_next").disabled
    press(at, run.step.lit[0], run)
    assert not at.button(key="lesson_setup_next").disabled


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_each_lesson_page_runs_alone(page_app, lesson_id):
    """A deep link to a lesson page still shows step 1."""
    at = page_app(page_file(lesson_id)).run()
    assert not at.exception, at.exception
    assert at.subheader[0].value == LESSONS[lesson_id].steps[0].title


def test_a_goal_reached_mid_chain_is_said_on_the_page(page_app):
    """Lesson 1 "Your turn to find it": pit 1 (an extra turn) reaches the goal at once; the page says so."""
    at = open_lesson(page_app, "setup")
    run = run_of(at, "setup")
    go_to(at, run, "small-board")
    assert 1 in legal_moves(run.position, run.rules)
    press(at, 1, run)
    text = notices(at)
    assert "Goal reached!" in text and "Keep going" not in text
    assert "Pit 1 sows 4 seeds" in text


def test_a_reload_reopens_the_lesson_at_the_step_in_the_url(page_app):
    """The URL keeps ?step=k; a new session (F5) with it opens step k, a bad value opens step 1."""
    at = open_lesson(page_app, "captures")
    run = run_of(at, "captures")
    run.start_step(3)
    at.run()
    assert at.query_params["step"] in (["4"], "4")
    for value, index in (("4", 3), ("99", 0), ("x", 0)):
        fresh = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
        fresh.query_params["step"] = value
        fresh.run()
        fresh.switch_page(page_file("captures")).run()
        assert not fresh.exception, fresh.exception
        assert fresh.session_state["mancala_tutor"].lessons["captures"].index == index
        assert fresh.subheader[0].value == LESSONS["captures"].steps[index].title


def test_an_optional_game_can_be_skipped_on_the_page(page_app):
    """Lesson 7's last step, the bonus game against Medium: Skip finishes the lesson with every star."""
    at = open_lesson(page_app, "strategy")
    run = run_of(at, "strategy")
    go_to(at, run, "beat-medium")
    assert "the computer (Medium)" in "\n".join(c.value for c in at.caption)
    assert at.button(key="lesson_strategy_next").disabled
    click(at, "lesson_strategy_skip")
    assert run.finished
    assert any(s.value == "Lesson complete!" for s in at.subheader)
    assert at.session_state["mancala_tutor"].progress.lesson("strategy").steps_done == {"beat-medium"}


def test_a_game_that_must_be_won_has_no_skip_and_a_lost_one_offers_play_again(page_app):
    """Lesson 8 "Starve North": the wrong first move hands North a capture and the game; the page says so
    kindly and offers Play again, which starts the game afresh."""
    at = open_lesson(page_app, "awari-strategy")
    run = run_of(at, "awari-strategy")
    go_to(at, run, "starve")
    keys = {b.key for b in at.button}
    assert "lesson_awari-strategy_skip" not in keys and "lesson_awari-strategy_again" not in keys
    game = run.game
    game.choose = easy_computer()
    press(at, 2, game)
    assert game.over() and not run.done
    assert any("Not this time. North wins 26 to 22." in w.value for w in at.warning)
    click(at, "lesson_awari-strategy_again")
    assert game.position == run.lesson.step_position(run.step) and not game.over()
    press(at, 1, game)
    assert run.done
    assert any("You won! South wins 25 to 23." in s.value for s in at.success)
    assert not at.button(key="lesson_awari-strategy_next").disabled


def test_a_repeated_position_ends_the_game_on_the_page(page_app):
    """Lesson 8 "Round and round": six forced presses, the computer's forced replies, and the cycle ends it (A6)."""
    at = open_lesson(page_app, "awari-strategy")
    run = run_of(at, "awari-strategy")
    go_to(at, run, "round-and-round")
    game = run.game
    for pit in (6, 1, 2, 3, 4, 5):
        press(at, pit, game)
    assert game.over() and run.done and len(game.game.results) == 12
    assert any("the same position came back since the last capture" in s.value for s in at.success)
