"""Each lesson in a real browser (Debian's Chromium, Playwright).

A learner opens the lesson, goes to its first ``do`` step, presses the lit pit
on the drawn board and sees the seeds move and the step's words. Screenshots
go to ``tests/screenshots/lesson-*.png`` (git-ignored). Every test waits for
states, never for a fixed time.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from engine import play
from lessons.loader import load_lessons
from lessons.models import DoStep, GameStep, GoalStep, PredictStep, ReadStep
from tests.browser_support import TIMEOUT_MS, no_error_box, pit_name, settle, shot, slow_sowing, wait_idle, while_sowing
from tutor import words
from ui.lesson import LESSON_PAGES

pytestmark = pytest.mark.browser

LESSONS = load_lessons()


@pytest.fixture
def page(page, server):
    page.set_default_timeout(TIMEOUT_MS)
    expect.set_options(timeout=TIMEOUT_MS)
    page.set_viewport_size({"width": 1280, "height": 1000})
    return page


def at_step(page, k: int, total: int) -> None:
    page.get_by_text(words.step_counter(k, total), exact=True).wait_for()


def next_step(page, k: int, total: int) -> None:
    """Press Next on step ``k`` (1-based) and wait for step ``k + 1``. The page is let finish its
    run first, so the button pressed is the one drawn last (as a learner sees it)."""
    wait_idle(page)
    nxt = page.get_by_role("button", name="Next")
    expect(nxt).to_be_enabled()
    nxt.click()
    at_step(page, k + 1, total)


WITH_DO = [lid for lid, lesson in LESSONS.items() if any(isinstance(s, DoStep) for s in lesson.steps)]
"""The lessons that light a pit to press (the strategy lessons 7 and 8 have none: the learner finds every move)."""


@pytest.mark.parametrize("lesson_id", WITH_DO)
def test_a_learner_presses_the_lit_pit_of_each_lesson(page, server, lesson_id):
    """Open the lesson, reach its first do step, press the lit pit: the board and the words change."""
    lesson = LESSONS[lesson_id]
    number, total = lesson.number, len(lesson.steps)
    page.goto(f"{server}/{LESSON_PAGES[lesson_id]}")
    at_step(page, 1, total)
    assert no_error_box(page)
    shot(page, f"lesson-{number}-start")
    for k, step in enumerate(lesson.steps):
        if isinstance(step, DoStep):
            break
        if isinstance(step, PredictStep):
            shot(page, f"lesson-{number}-predict-{step.id}")
            page.get_by_role("button", name=step.answer, exact=True).click()
            pos, rules = lesson.step_position(step), lesson.step_rules(step)
            settle(page, play(pos, step.pit, rules).position.to_notation())
        else:
            assert isinstance(step, ReadStep)
        next_step(page, k + 1, total)
    else:
        pytest.fail(f"lesson {lesson_id} has no do step")
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    pit = step.lit[0]
    side = pos.to_move
    button = page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1]))
    expect(button).to_have_class(re.compile(r"\bmt-lit\b"))  # the do step's board has arrived
    button.click()
    after = play(pos, pit, rules).position
    settle(page, after.to_notation())
    page.get_by_role("button", name=pit_name(side, pit, after.row(side)[pit - 1])).wait_for()
    page.get_by_text(step.done[:40]).first.wait_for(state="visible")
    expect(page.get_by_role("button", name="Next")).to_be_enabled()
    assert no_error_box(page)
    shot(page, f"lesson-{number}-after-{step.id}")


def test_a_wrong_pit_is_explained_in_the_browser(page, server):
    """In the sowing lesson a learner presses an empty pit: the warning names K5, the board stays."""
    lesson = LESSONS["sowing"]
    total = len(lesson.steps)
    page.goto(f"{server}/{LESSON_PAGES['sowing']}")
    at_step(page, 1, total)
    for k, step in enumerate(lesson.steps):
        if step.id == "empty-pits":
            break
        pos, rules = lesson.step_position(step), lesson.step_rules(step)
        if isinstance(step, DoStep):
            pit = step.lit[0]
            page.get_by_role("button", name=pit_name(pos.to_move, pit, pos.row(pos.to_move)[pit - 1])).click()
            settle(page, play(pos, pit, rules).position.to_notation())
        elif isinstance(step, PredictStep):
            page.get_by_role("button", name=step.answer, exact=True).click()
            settle(page, play(pos, step.pit, rules).position.to_notation())
        next_step(page, k + 1, total)
    page.get_by_role("button", name="South pit 1, 0 seeds").click()
    page.get_by_text("(K5)").first.wait_for()
    page.get_by_role("button", name="South pit 2, 5 seeds").wait_for()
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    shot(page, "lesson-2-wrong-pit")


def test_on_a_projector_the_board_stays_put_and_next_stays_in_view(page, server):
    """1920x1080: pressing pits never moves the board (feedback goes below it), the verdict
    waits for the sowing, and Next is on screen after the step is done."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    lesson = LESSONS["setup"]
    total = len(lesson.steps)
    page.goto(f"{server}/{LESSON_PAGES['setup']}")
    at_step(page, 1, total)
    slow_sowing(page)
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if isinstance(s, DoStep))
    for k in range(index):
        next_step(page, k + 1, total)
    wait_idle(page)
    board = page.locator("[class*='st-key-lesson_board_setup']").first
    top = board.bounding_box()["y"]
    pos = lesson.step_position(step)
    side = pos.to_move
    wrong = next(p for p in range(1, 7) if p not in step.lit and pos.row(side)[p - 1])
    page.get_by_role("button", name=pit_name(side, wrong, pos.row(side)[wrong - 1])).click()
    page.get_by_text("is a real move, but not this step's").wait_for()
    assert board.bounding_box()["y"] == top
    pit = step.lit[0]
    page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1])).click()
    page.get_by_text("Watch the seeds...").wait_for(state="visible")
    assert while_sowing(page, ["Watch the seeds...", step.done[:40]]) == [True, False]
    page.get_by_text(step.done[:40]).first.wait_for(state="visible")
    box = board.bounding_box()
    assert box["y"] == top
    notice = page.get_by_text(step.done[:40]).first.bounding_box()
    assert notice["y"] > box["y"] + box["height"]  # the feedback is below the board
    nxt = page.get_by_role("button", name="Next").bounding_box()
    assert nxt["y"] + nxt["height"] <= 1080
    shot(page, "lesson-1-projector")


def test_a_lesson_page_loads_no_missing_resource_of_ours(page, server):
    """Opening a lesson by its URL: the only 404s are Streamlit's own probes of
    ``/<page>/_stcore/health`` and ``/<page>/_stcore/host-config`` (streamlit/streamlit#7074,
    made by its frontend on every deep link, then retried at the root); nothing of ours is missing."""
    missing = []
    page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
    page.goto(f"{server}/{LESSON_PAGES['ending']}")
    at_step(page, 1, len(LESSONS["ending"].steps))
    wait_idle(page)
    ours = [u for u in missing if not u.endswith(("/_stcore/health", "/_stcore/host-config"))]
    assert ours == [], ours


@pytest.mark.parametrize("lesson_id", ["strategy", "awari-strategy"])
def test_a_learner_finds_the_first_move_of_a_strategy_lesson(page, server, lesson_id):
    """Lessons 7 and 8 start with a step where nothing is lit: the learner presses the move that works."""
    lesson = LESSONS[lesson_id]
    step = lesson.steps[0]
    assert isinstance(step, GoalStep)
    page.goto(f"{server}/{LESSON_PAGES[lesson_id]}")
    at_step(page, 1, len(lesson.steps))
    assert no_error_box(page)
    pos, rules = lesson.step_position(step), lesson.step_rules(step)
    side = pos.to_move
    for pit in step.solution:
        wait_idle(page)
        page.get_by_role("button", name=pit_name(side, pit, pos.row(side)[pit - 1])).click()
        pos = play(pos, pit, rules).position
        settle(page, pos.to_notation())
    page.get_by_text(step.done[:40]).first.wait_for(state="visible")
    expect(page.get_by_role("button", name="Next")).to_be_enabled()
    shot(page, f"lesson-{lesson.number}-after-{step.id}")


def test_a_game_step_plays_the_computer_after_the_learner(page, server):
    """Lesson 8 "Starve North" (a game step): the learner's move, then the computer's (forced) reply on the
    same board; the game ends because no move can feed North (A6), and the step is won."""
    lesson = LESSONS["awari-strategy"]
    index, step = next((i, s) for i, s in enumerate(lesson.steps) if s.id == "starve")
    assert isinstance(step, GameStep)
    page.goto(f"{server}/{LESSON_PAGES['awari-strategy']}?step={index + 1}")
    at_step(page, index + 1, len(lesson.steps))
    page.get_by_text(words.game_step_players("S", "easy")).wait_for()
    expect(page.get_by_role("button", name="Next")).to_be_disabled()
    wait_idle(page)
    page.get_by_role("button", name=pit_name("S", 1, 2)).click()
    settle(page, "0,0,0,0,0,0/25/0,0,0,0,0,0/23/S")  # North's last seed came to you; your row is yours
    page.get_by_text("You won! South wins 25 to 23.").first.wait_for(state="visible")
    page.get_by_text(step.done[:40]).first.wait_for(state="visible")
    expect(page.get_by_role("button", name="Next")).to_be_enabled()
    assert no_error_box(page)
    shot(page, "lesson-8-game-starve")
